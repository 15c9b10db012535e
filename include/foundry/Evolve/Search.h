//===- Search.h - Evolutionary search over schedules ------------*- C++ -*-===//
//
// The search of foundry-evolve: islands of schedules (genomes), seeded by
// built-in experts and by the experience library, evolved by tournament
// selection, expert mutation and elitism, with ring migration. Candidates
// are judged on the CPU target (the JIT: correctness against the naive
// schedule, then timing) or on the cuda target (compile() for sm_90, then a
// foundry-run child); see docs/evolve.md.
//
//===----------------------------------------------------------------------===//

#ifndef FOUNDRY_EVOLVE_SEARCH_H
#define FOUNDRY_EVOLVE_SEARCH_H

#include "foundry/Evolve/Diagnosis.h"
#include "foundry/Evolve/Genome.h"
#include "foundry/Evolve/IslandExchange.h"
#include "foundry/Evolve/Library.h"
#include "foundry/Target/TargetInfo.h"

#include "mlir/IR/BuiltinOps.h"

#include <functional>
#include <random>
#include <string>
#include <utility>
#include <vector>

namespace mlir::foundry {

/// The loop structure of a kernel's root op: what experts reason about.
/// A reduction of a kernel that foundry-tile-blocks{target=reduction} can
/// tile as a kernel of its own: the static extents of its parallel and of
/// its reduction loops, in loop order (0: dynamic).
struct ReductionPhase {
  std::vector<int64_t> parallel, reduction;
  /// The elements foundry-reduce-threads splits over threads when the
  /// innermost reduction loop is short for them (mergedReductionRow); 0
  /// when unknown.
  int64_t mergedRow = 0;
};

struct KernelShape {
  /// The target the schedules are planned for: its multiprocessors decide
  /// how much parallelism fills it (split-K, long reductions split over
  /// blocks).
  const TargetInfo *target = &TargetInfo::hopper();
  /// Static extent of each loop of the root op, and whether it is parallel.
  std::vector<int64_t> extents;
  std::vector<bool> parallel;
  /// Parallel loops of the root that a producer reduces over (softmax's
  /// column loop, RMSNorm's feature loop): the root reads the reduction's
  /// result broadcast along them. Tiling them over blocks would recompute
  /// the reduction in every block, so experts leave them whole (size 0).
  std::vector<bool> reduced;
  /// For a root with reduction loops: mergedReductionRow of the root; 0
  /// otherwise.
  int64_t mergedRow = 0;
  bool contraction = false;
  /// The kernel is a GEMM with an elementwise epilogue (a contraction whose
  /// result the root reads element for element, nothing reduced over a
  /// root loop): register-tiled and shared-memory GEMM schedules apply.
  bool gemm = false;
  /// Parallel loops of the kernel's first contraction when it is followed
  /// by a reduction over one of its output loops (a GEMM then a row
  /// softmax or sum): such a kernel is best split, the contraction tiled as
  /// a kernel of its own (foundry-tile-blocks{target=contraction}). 0: no.
  int64_t splitContractionLoops = 0;
  /// With splitContractionLoops: how many contractions of that many
  /// parallel loops the kernel chains (two for x @ W1^T, then @ W2^T); each
  /// is tiled as a kernel of its own, in order.
  int64_t splitContractions = 0;
  /// The M, N and K extents (products of the loops of each kind) of the
  /// kernel's first contraction with at least two parallel loops; 0 when
  /// there is none or an extent is not static. Tiles that do not divide
  /// them need foundry-pad first.
  int64_t gemmM = 0, gemmN = 0, gemmK = 0;
  /// Contractions of at least two parallel loops in the kernel (two for a
  /// gated MLP's x Wg^T and x Wu^T): a block tile of the root that fuses
  /// them stages every one's operands.
  int64_t gemmContractions = 0;
  /// Positions, among the root's parallel loops, of the GEMM's output row
  /// loop (M of the mma, rows of its A operand) and column loop (N: the
  /// output's innermost, contiguous loop); GEMM schedules tile these two and
  /// give every other parallel loop tile 1. -1: the two innermost. A root
  /// contraction whose output columns come from its first operand (a
  /// pointwise convolution in NCHW: y[n,f,h,w] = sum_c x[n,c,h,w] w[f,c],
  /// columns w from x, rows f from w) has `gemmSwapped` set, and gemmM /
  /// gemmN are then the extents of those two loops, rows and columns.
  int64_t gemmRowLoop = -1, gemmColLoop = -1;
  bool gemmSwapped = false;
  /// The first contraction's row operand (the mma's A) is stored K-major
  /// (kMajorRowOperand: torch.matmul(A.T, B)); tensor-core schedules copy
  /// it first (foundry-transpose-a) and tile the GEMM as a kernel of its
  /// own.
  bool gemmKMajorA = false;
  /// The first contraction is a 2-D matmul whose operands are both K-major
  /// (A stored MxK, B stored NxK, as nn.Linear stores its weight;
  /// hasWgmmaOperandLayout): what wgmma reads, so tensor-core schedules
  /// may put it on warpgroup tiles.
  bool gemmWgmma = false;
  /// The first contraction's A and B are both f16 or both bf16, into f32:
  /// mma.sync m16n8k16 and wgmma m64nNk16 (k-steps of 16).
  bool halfGemm = false;
  /// The first contraction's column operand (the B) is stored KxN
  /// (kMajorColumnOperand: torch.matmul(A, B)); warpgroup schedules copy it
  /// NxK first (foundry-transpose-b).
  bool gemmKMajorB = false;
  /// The first contraction is a 2-D matmul that foundry-transpose-a and -b
  /// make wgmma's (hasWgmmaOperandLayoutAfterCopies); implied by gemmWgmma.
  bool gemmWgmmaAfterCopies = false;
  /// The kernel's one convolution that foundry-im2col rewrites as a GEMM
  /// (2-D NCHW/FCHW, NHWC/HWCF or NHWC/FHWC, or 1-D NCW/FCW; no contraction
  /// besides it): gemmM/N/K are then that GEMM's (NCHW: F x OH*OW x
  /// C*KH*KW; NHWC: OH*OW x F x KH*KW*C; NCW: F x OW x C*KW), whose
  /// parallel loops are (image, M, N).
  bool im2col = false;
  /// With im2col: the convolution is the kernel's root (no epilogue).
  bool im2colRoot = false;
  /// The kernel pads a tensor that foundry-fold-pad can read through in its
  /// consumers, none of them a convolution or a contraction (the padded
  /// input of a pooling window: im2col keeps the padded convolutions).
  bool foldPad = false;
  /// Extents of the parallel loops (batch, filters, output positions) of the
  /// kernel's one convolution when other ops reduce after it (a softmax,
  /// a norm, pooling: a 3-D convolution then a softmax and max-pools),
  /// outermost first; empty otherwise. No tiling of the root can fuse such
  /// a convolution well (the reductions need many of its outputs), so
  /// proposals compute it first as a kernel of its own
  /// (foundry-tile-blocks{target=contraction}, which takes convolutions).
  std::vector<int64_t> splitConvolution;
  /// The root yields several results that it reduces together (an
  /// argmax's value and index): its reduction cannot be split over threads
  /// (foundry-reduce-threads), which the reduction expert then leaves out.
  bool multiResultRoot = false;
  /// The rewrites every proposal starts with (pipeline text), the rest of
  /// the structure being that of the kernel they make:
  /// "foundry-decompose-arg-reductions" for an argmax (a reduction of value
  /// and index, which no partial reduction takes, becomes two that every
  /// reduction strategy does), "foundry-gather-one-hot-reductions" for a
  /// one-hot sum (an NLL loss's pick of the target: a read of one element
  /// instead of a second pass over the row); "" otherwise.
  std::string rewriteFirst;
  /// The root reduces along an outer axis of its input: the input's
  /// innermost (contiguous) dimension is indexed by a parallel loop (a
  /// column sum of a matrix, a sum over the middle of three dimensions).
  /// Threads splitting one output's reduction would read it with a stride;
  /// block tiles take several consecutive outputs instead.
  bool reducesOuterAxis = false;
  /// A root reducing along an outer axis (reducesOuterAxis) into too few
  /// outputs for one thread each to fill the target (a column sum of a
  /// 65536x1024 matrix: 1024 threads for 270,336 resident), over a long
  /// outermost reduction loop: the parts of that loop that give every
  /// resident thread of the target an (output, part) of at least 16
  /// iterations, and the widths (consecutive outputs per block,
  /// foundry-split-reduction{width}) that divide the loop of the input's
  /// contiguous dimension, 32 to 256. Both 0 otherwise.
  int64_t columnSplitParts = 0;
  std::vector<int64_t> columnSplitWidths;
  /// Elements reduced into each output by a short reduction: the product
  /// of the root's reduction extents, or, for a root without reductions
  /// that reads element for element the result of one with the same
  /// parallel loops (an average pool's division of its window sums), that
  /// op's; 0 when there is none or an extent is dynamic.
  int64_t window = 0;
  /// Some op of the kernel reduces (a softmax, a norm).
  bool hasReduction = false;
  /// The kernel reduces a row maximum of some tensor and then exp of that
  /// tensor minus the maximum (a softmax or log-softmax): proposals may fuse
  /// the maximum and the sum of exp into one pass
  /// (foundry-reduce-threads{online=true}).
  bool softmax = false;
  /// Some op divides by a divisor that is the same along one of its loops
  /// (a softmax's division by the row sum, an RMS norm's by the root mean
  /// square): proposals may multiply by its reciprocal instead
  /// (foundry-invert-divisors).
  bool invertDivisors = false;
  /// The f32 functions foundry-approx-math would approximate ("exp",
  /// "exp,log", or empty): proposals may compute them with the GPU's
  /// approximate instructions (a softmax's exps).
  std::string approxMath;
  /// Some reduction sums squared deviations from a row constant,
  /// `(v - m)^2` with m a mean from an earlier reduction (a variance:
  /// instance, group and layer norms): proposals may compute it in the pass
  /// of the mean's sum (foundry-reduce-threads{welford=true}).
  bool variance = false;
  /// Among the long reductions foundry-split-reduction splits, a variance
  /// and the sum of its mean (a BatchNorm's statistics): proposals may split
  /// both in one pass (foundry-split-reduction{welford=true}).
  bool splitVariance = false;
  /// The root accumulates onto the result of another reduction: its init
  /// is computed (through ops without reductions: a broadcast) from a
  /// reduction, as the last level of a blocked scan adds each block's
  /// offset. Fused into a tile, that reduction (and the ones before it)
  /// would be recomputed for every tile, so block tiles leave it to a
  /// kernel of its own (foundry-tile-blocks{fuse=elementwise}).
  bool initFromReduction = false;
  /// #foundry.precision allows tensor cores.
  bool tensorCores = false;
  /// Proposals may use warp shuffles (foundry-reduce-threads{shuffle=true}),
  /// which only the GPU has: false for a search on the cpu target.
  bool warpShuffles = true;
  /// Loop extents of the kernel's one reduction to a scalar (a generic
  /// whose loops all reduce into a rank-0 tensor: a loss, a global sum),
  /// outermost first; empty when there is none or more than one. Such a
  /// kernel is split over blocks by foundry-split-reduction.
  std::vector<int64_t> scalarReduction;
  /// The largest result (in elements, at most 4096) of a reduction that
  /// reduces more than 2^22 elements into each output (BatchNorm's
  /// per-channel sums), or at least 2^16 into fewer outputs than the target
  /// has multiprocessors (LayerNorm over whole images); 0: none. foundry-split-reduction{outputs=N}
  /// splits such reductions over blocks.
  int64_t longReductionOutputs = 0;
  /// The reductions before the root that are neither contractions nor
  /// convolutions with a filter (a max-pool, a global average), in order.
  std::vector<ReductionPhase> reductionPhases;
  /// A schedule prefix every proposal starts with ("" if none): the
  /// foundry-split-reduction that long reductions need (see
  /// longReductionOutputs and scalarReduction).
  std::string splitFirst;
  /// More parts than splitFirst's (up to four times as many, each part at
  /// least 1024 elements long, dividing the split loop), which
  /// withSplitFirst draws instead one time in two: a row of one long loop
  /// (an argmax over a vocabulary) has few other ways to spread its
  /// blocks. Empty when splitFirst names no parts.
  std::vector<int64_t> splitPartsChoices;
  /// The extent of the loop whose parts splitFirst's `parts` (or one of
  /// splitPartsChoices) count, when every long reduction it splits reduces
  /// that one loop alone (a softmax's or argmax's row over a vocabulary):
  /// each part then reduces splitLoop / parts consecutive elements, which
  /// withSplitFirst sizes the parts' threads for. 0 otherwise.
  int64_t splitLoop = 0;
  int64_t numParallel() const;
  /// The extents of the parallel loops, in order.
  std::vector<int64_t> parallelExtents() const;
};

/// Reads the root op of `kernel` (the producer of its first result), for
/// schedules planned for `target`. Fails when the kernel has no tileable
/// root.
FailureOr<KernelShape>
analyzeKernel(KernelOp kernel, const TargetInfo &target = TargetInfo::hopper());

/// The structural class of a kernel, as the report names it: its op
/// families (the fingerprint's) and what the analysis made of them, e.g.
/// "contraction+elementwise: GEMM with an elementwise epilogue, tensor cores
/// allowed".
std::string describeStructure(const KernelShape &shape,
                              llvm::StringRef family);

/// What an expert is asked: propose a schedule for `shape`, fresh when
/// `parent` is empty, else a mutation of `parent` (the parent genome's
/// schedule: its IR patch, if any, stays with the child unless the expert
/// proposes one of its own), whose diagnosis (when it was evaluated on the
/// GPU) is `diagnosis`.
struct ExpertRequest {
  const KernelShape &shape;
  std::string parent;
  const Diagnosis *diagnosis = nullptr;
  /// The search's state as text (kernel IR, loop analysis, best so far,
  /// recent diagnoses, retrieved experience, the schedule passes), built on
  /// demand: LLM experts send it, built-in ones ignore it.
  std::function<std::string()> context;
  /// The first fresh proposal of the expert that seeds an island (no
  /// parent): built-in experts give their classic configuration, if they
  /// have one, rather than a random draw.
  bool initial = false;
  /// Where an expert may leave the rationale of its proposal.
  std::string *rationale = nullptr;
  /// Seconds left in the search's time budget: 0 none, negative spent.
  double secondsLeft = 0;
  /// True once the search is interrupted (Ctrl-C): slow experts give up.
  std::function<bool()> stop;
};

/// Splits a schedule of a kernel whose contractions are tiled as kernels of
/// their own (`foundry-tile-blocks{target=contraction ...}`, see
/// KernelShape::splitContractionLoops) into those kernels' passes and the
/// rest, from the first other foundry-tile-blocks on (the epilogue's own
/// tiling): "c1,c2,foundry-tile-blocks{sizes=1},r" -> ("c1,c2",
/// "foundry-tile-blocks{sizes=1},r"). Both empty when the schedule does not
/// start with such a contraction tiling or has no epilogue tiling.
std::pair<llvm::StringRef, llvm::StringRef>
splitAtEpilogue(llvm::StringRef schedule);

/// The contraction kernels of schedule `a` (splitAtEpilogue) followed by the
/// epilogue of `b` when `headFromA`, else `b`'s contraction kernels and
/// `a`'s epilogue: how a mutation of a GEMM-then-reduction kernel keeps one
/// side's GEMM whole. Empty when either does not split.
std::string spliceAtEpilogue(llvm::StringRef a, llvm::StringRef b,
                             bool headFromA);

/// Crossover of two schedules: `a`'s first block tiling (its first pass,
/// through the closing brace) with `b`'s rest when `headFromA`, else `b`'s
/// with `a`'s rest. The kernel-level rewrites in front (foundry-fold-pad,
/// foundry-invert-divisors, foundry-approx-math) go with the head; the
/// reductions tiled as kernels of their own before the root stay in front,
/// `a`'s if it has any, else `b`'s. Empty when they do not splice: either
/// has a single pass, starts with foundry-im2col or a transpose, or the
/// pair would mix a contraction kernel with a tiling that forbids one.
std::string spliceSchedules(llvm::StringRef a, llvm::StringRef b,
                            bool headFromA);

/// Whether `schedule` can apply to a kernel of `shape`: its first
/// foundry-tile-blocks of the kernel's root (not `target=contraction`)
/// gives one tile size per parallel loop of the root. A library seed from
/// another kernel (a 2-D GEMM's `sizes={32,64}` for a pointwise
/// convolution's four loops) fails that and would only fail to compile.
/// Schedules that first rewrite the root's loops (foundry-im2col,
/// foundry-split-k, foundry-split-reduction) are not judged: true.
bool fitsKernel(llvm::StringRef schedule, const KernelShape &shape);

/// What a mutation changed, as the library's insights record it: the
/// schedule passes added ("+name") and removed ("-name"), "+patch",
/// "-patch" or "patch" when the genomes' IR patches differ, or "options"
/// when nothing else did.
std::string scheduleChange(llvm::StringRef parentGenome,
                           llvm::StringRef childGenome);

/// An expert: proposes genomes for a kernel (a schedule, optionally with an
/// IR patch, see Genome.h; "" when it has nothing to propose). Built-in
/// experts propose schedules only, deterministically for a given random
/// engine.
struct Expert {
  std::string name;
  std::function<std::string(const ExpertRequest &, std::mt19937 &)> propose;
  /// Its proposals for a parent are mutations already (LLM experts); else
  /// the search splices them with the parent.
  bool mutatesWhole = false;
};

/// The built-in experts: memory, compute, parallelism, reduction.
std::vector<Expert> builtinExperts();

struct Evaluated;

/// Options of one search.
struct SearchOptions {
  int islands = 4;
  int population = 6;
  /// Evaluations (0: no limit; then budgetSeconds must bound the search).
  int budgetEvals = 48;
  double budgetSeconds = 0; // 0: no time limit
  int migrateEvery = 2;
  int migrants = 1;
  /// After this many generations without improvement: stop, or, with a
  /// time budget left and the best far from its roofline, start the
  /// islands over on other strategies.
  int patience = 4;
  unsigned seed = 0;
  /// Timed CPU calls per candidate.
  unsigned timedRuns = 5;
  /// "cpu" (the JIT) or "cuda": each candidate compiled for sm_90 with
  /// compile() and judged by a `runner` (foundry-run) child process against
  /// the naive schedule, with a timeout; files go to `workDirectory`.
  std::string target = "cpu";
  std::string runner;
  std::string workDirectory;
  /// On the cuda target, the executable that compiles each candidate in a
  /// child process (compileInChildProcess, Target/IsolatedCompile.h: a tool
  /// re-executed in worker mode; foundry-evolve passes itself), so a
  /// schedule or patch that crashes or hangs the compiler ends that
  /// candidate at stage `crash` or `timeout`, not the search. Empty:
  /// compile() in this process.
  std::string compileWorker;
  /// Correctness trials and timed runs of each candidate during the
  /// search; the best is verified again at the end with finalTrials and
  /// finalRuns (KernelBench's protocol: 5 and 100).
  unsigned gpuTrials = 3;
  unsigned gpuRuns = 20;
  unsigned finalTrials = 5;
  unsigned finalRuns = 100;
  unsigned timeoutSeconds = 300;
  /// cuda target: a candidate whose first timed runs are slower than
  /// pruneFactor x the best so far is not timed to the end (0: never).
  double pruneFactor = 2.0;
  /// cuda target: what candidates are checked against: "f64" (the kernel
  /// computed in double precision on the GPU, foundry-widen-to-f64
  /// {keep-interface}) or "naive" (the naive schedule in fp32).
  std::string reference = "f64";
  /// cuda target: threads compiling a generation's candidates at once
  /// (0: one per core).
  unsigned compileThreads = 0;
  /// Continue the library's most recent run of the same configuration
  /// (kernel, target, seed, islands, population, budget): the search replays
  /// its trajectory from the library, where everything that run evaluated
  /// is found and counted against the budget, and goes on from where it
  /// was interrupted. Nothing is evaluated twice.
  bool resume = false;
  /// The experts; empty: builtinExperts(). Island i is seeded by expert
  /// i modulo their number.
  std::vector<Expert> experts;
  /// A distributed search (IslandExchange.h): this process is one of
  /// several ranks. Island i belongs to rank i modulo their number; rank 0
  /// proposes the first generation of every island (the single-process
  /// search's), is the only one with a `library` (the others send it their
  /// results) and the only one whose result holds every rank's candidates.
  /// Null, or one rank: the search of one process.
  IslandExchange *exchange = nullptr;
  /// cuda target: the CUDA device ordinal foundry-run uses (-1: its
  /// default).
  int device = -1;
  /// Progress lines (one per evaluation) go here when set.
  std::function<void(const std::string &)> progress;
  /// Called with every evaluated (or cached) candidate, as it completes.
  std::function<void(const Evaluated &)> onEvaluated;
};

/// One evaluated candidate.
struct Evaluated {
  std::string genome;
  std::string hash;
  std::string expert;
  int island = 0;
  int generation = 0;
  /// The rank that evaluated it (a distributed search; 0 otherwise).
  int rank = 0;
  /// "ok", or the stage where it failed ("schedule", "correctness").
  std::string stage;
  bool ok = false;
  double medianMs = 0;
  /// Why it failed, or (GPU) the diagnosis's hint.
  std::string diagnosis;
  /// The expert's reason for the proposal (LLM experts).
  std::string rationale;
  bool cached = false;
  /// Cached from the run that --resume continues.
  bool resumed = false;
  /// Its verdict and time are the library's (an earlier run, or an
  /// import), not measured by this search: they rank it, but it is timed
  /// again before it can be the result's best.
  bool fromLibrary = false;
  /// cuda target: resources, roofline fractions and bottleneck class.
  Diagnosis diag;
  bool diagnosed = false;
  /// Timed only until it was clearly slower than the best (a rough time).
  bool pruned = false;
  /// Seconds from the start of the search to the end of this evaluation.
  double seconds = 0;
};

/// What a search found.
struct SearchResult {
  std::vector<Evaluated> evaluated;
  /// The naive schedule's median time, and the best passing candidate.
  double naiveMs = 0;
  Evaluated best;
  /// cuda target: the best's time during the search (fewer runs), whether
  /// the final verification passed, and its fraction of the roofline.
  double searchMs = 0;
  bool verified = false;
  double fractionOfRoofline = 0;
  /// cuda target: the kernel's FLOPs and minimum bytes, and the ceilings
  /// the runner measured (copy bandwidth; the compute peak of the kernel's
  /// precision, named): the roofline of the report. 0 where not measured.
  struct Roofline {
    double flops = 0, bytes = 0;
    double copyBytesPerSecond = 0, computeFlopsPerSecond = 0;
    std::string computeCeiling;
  } roofline;
  /// Candidates the library could not record (locked, corrupted, full).
  int libraryFailures = 0;
  int generations = 0;
  /// Times the islands started over on other strategies (Search::run: no
  /// improvement, time left, the best far from its roofline).
  int restarts = 0;
  /// describeStructure of the kernel, and the proposers whose candidates
  /// were evaluated (experts, "crossover", "library", "naive"), sorted.
  std::string structuralClass;
  std::vector<std::string> strategiesTried;
  std::string stopReason;
  /// cuda target: the schedule candidates were checked against when it is
  /// not the naive one (see referenceScheduleFor), and why.
  std::string referenceSchedule;
  std::string referenceReason;
  /// The tolerance candidates were checked at: the kernel's
  /// (#foundry.tolerance), or on the cuda target an atol widened to twice
  /// the naive fp32 schedule's largest error against f64 when that is over
  /// the kernel's (referenceReason says so).
  double atol = 0, rtol = 0;
  /// A distributed search, on rank 0: what each rank did, by rank.
  struct RankSummary {
    int rank = 0;
    /// Candidates it evaluated (not found in a cache), and the seconds from
    /// the search's start to its end.
    int evaluations = 0;
    double seconds = 0;
    std::string stopReason;
    /// Not heard from before the end (its process died): its summary is
    /// what rank 0 received of it.
    bool lost = false;
  };
  std::vector<RankSummary> ranks;
  /// cuda target: candidates that passed the search's trials but failed the
  /// final verification (in the order tried, each with its diagnosis); the
  /// best is then the next fastest that passed it.
  std::vector<Evaluated> rejected;
};

/// The schedule whose output every candidate of the cuda target is checked
/// against (before widening to f64, see SearchOptions::reference): the naive
/// schedule (""), except for a kernel reduced to a scalar whose naive
/// schedule would run more than 2^24 reduction iterations on one thread
/// (seconds per launch: a 32768x32768 loss takes about 20 s), which gets
/// "foundry-split-reduction" (one thread per outermost iteration, then one
/// thread combining them; checked against the naive schedule on the CPU in
/// CI). `reason` says why when the result is not "".
std::string referenceScheduleFor(const KernelShape &shape, std::string &reason);

/// `schedule` with the foundry-split-reduction every proposal for `shape`
/// starts with (KernelShape::splitFirst) in front, unless it has one, its
/// parts one time in two another of KernelShape::splitPartsChoices. Where
/// the parts are of one loop (KernelShape::splitLoop), the schedule's
/// foundry-reduce-threads (added right after the split where it has none)
/// is sized for a part: interleaved where its threads' pieces divide the
/// part, for which another of the part counts may be taken. One
/// time in two where the kernel has a split variance
/// (KernelShape::splitVariance), with welford=true, and welford=true on the
/// schedule's first foundry-reduce-threads too (which reads each part once).
/// An empty schedule stays empty.
std::string withSplitFirst(const KernelShape &shape, std::string schedule,
                           std::mt19937 &rng);

/// Searches schedules for kernel `kernelName` of `module` on
/// `options.target`, recording into `library` (may be null). `stop` is polled
/// between evaluations (Ctrl-C). Fails with a diagnostic when the kernel cannot
/// be analyzed or its naive schedule fails.
FailureOr<SearchResult> searchCpu(ModuleOp module, llvm::StringRef kernelName,
                                  const SearchOptions &options,
                                  ExperienceLibrary *library,
                                  const std::function<bool()> &stop);

} // namespace mlir::foundry

#endif // FOUNDRY_EVOLVE_SEARCH_H
