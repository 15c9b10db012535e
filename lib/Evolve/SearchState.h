//===- SearchState.h - The state of one search -----------------*- C++ -*-===//
//
// The class behind searchCpu(): its members are defined in Search.cpp (the
// island loop, proposals, crossover), Evaluate/CpuEvaluator.cpp (the cpu
// target) and Evaluate/CudaEvaluator.cpp (the cuda target). Private to
// lib/Evolve.
//
//===----------------------------------------------------------------------===//

#ifndef FOUNDRY_LIB_EVOLVE_SEARCHSTATE_H
#define FOUNDRY_LIB_EVOLVE_SEARCHSTATE_H

#include "foundry/Evolve/Search.h"

#include "foundry/Fingerprint/Fingerprint.h"
#include "foundry/Target/Compile.h"
#include "foundry/Target/CpuRunner.h"
#include "foundry/Target/IsolatedCompile.h"
#include "foundry/Target/TargetInfo.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/ThreadPool.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <future>
#include <map>
#include <memory>
#include <optional>

namespace mlir::foundry::detail {

/// Median of `values` (not empty).
inline double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  size_t n = values.size();
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

/// An ill-conditioned kernel's candidates are checked against f64 at this
/// many times the naive fp32 schedule's largest error (Search::run).
inline constexpr double kNaiveErrorFactor = 2;
/// A search with time left whose best has not improved for `patience`
/// generations stops only when the best reaches this fraction of its
/// roofline (the larger of its memory and compute fractions); below it,
/// the islands start over on other strategies.
inline constexpr double kNearRoofline = 0.8;
/// At the end of a run's configuration (Search::runSuffix), what its
/// verdicts depend on: verdicts of runs that differ are not reused.
/// "codegen=N" (every target): what genomes compile to, raised with every
/// change that makes a genome string compile to other code (2: an im2col
/// gather is read through tensor.extract, fused into k-loops and shared
/// tiles, issued as cp.async with 32-bit indices; 3: foundry-tile-blocks{
/// target=reduction} takes pooling windows; 4: vector accesses wider than
/// 16 bytes proved aligned become 16-byte ones, shared memory aligned to
/// 16 bytes; 5: cuda candidates compile for sm_90a, and warpgroup tiles go
/// on wgmma; 6: foundry-split-reduction's partial results fuse the
/// elementwise ops that compute their inputs; 7: repeated loads of
/// read-only buffers reuse the first one's value,
/// foundry-reuse-read-only-loads; 8: approximate exps reuse an earlier exp
/// of the same lanes, foundry-reuse-exponentials), so that verdicts and
/// times measured on older code are measured again rather than reused.
inline constexpr llvm::StringLiteral kCodegen = " codegen=8";
/// How the cuda target judges candidates: "naive-error", an
/// ill-conditioned kernel's tolerance from the naive schedule's error
/// (before: a second check against its fp32 output).
inline constexpr llvm::StringLiteral kCheckRule = " check=naive-error";

/// A genome to evaluate, the proposer it came from and the passing parent
/// it mutates, if any (for the library's insights).
struct Proposal {
  std::string genome, expert;
  const Evaluated *parent = nullptr;
};

/// The state of one search.
class Search {
public:
  Search(ModuleOp module, llvm::StringRef kernelName,
         const SearchOptions &options, ExperienceLibrary *library,
         const std::function<bool()> &stop)
      : module_(module), kernelName_(kernelName.str()), options_(options),
        library_(library), stop_(stop), rng_(options.seed),
        target_(TargetInfo::lookup(options.target)
                    ? *TargetInfo::lookup(options.target)
                    : TargetInfo::hostCpu()),
        experts_(options.experts.empty() ? builtinExperts() : options.experts) {
  }
  /// A search that ended early (an error) still stops its compilations, and
  /// in a distributed search tells the other ranks it is over (Ranks.cpp).
  ~Search() {
    stopCompiling();
    abandonRanks();
  }

  FailureOr<SearchResult> run();

private:
  /// The library's verdict on genome `hash` for this kernel, if it can be
  /// reused: only one reached by the same code generation (kCodegen) and,
  /// on the cuda target, against the same reference (its run's
  /// configuration says which; imported verdicts and runs of older code
  /// are evaluated again).
  std::optional<CandidateRecord> cachedVerdict(const std::string &hash) {
    if (!library_)
      return std::nullopt;
    std::optional<CandidateRecord> known =
        library_->findCandidate(fingerprint_.kernelKey(), hash);
    if (!known || known->run == run_)
      return known;
    auto [it, inserted] = trustedRuns_.try_emplace(known->run, false);
    if (inserted) {
      std::optional<std::string> configuration =
          library_->runConfiguration(known->run);
      it->second = configuration &&
                   llvm::StringRef(*configuration).ends_with(runSuffix());
    }
    return it->second ? known : std::nullopt;
  }

  /// What a run's configuration ends with: the reference and check rule on
  /// the cuda target, then the code generation.
  std::string runSuffix() const {
    return (target_.isGpu()
                ? " reference=" + options_.reference + kCheckRule.str()
                : std::string()) +
           kCodegen.str();
  }

  /// Seconds a candidate's ptxas may take: what is left of a time budget
  /// (at least 30 s, at most 300 s), so that one pathological PTX cannot
  /// stall the search past its budget.
  /// compile() of a cuda candidate: in a child process when
  /// options_.compileWorker is set (a crash or hang is then a result at
  /// stage "crash" or "timeout"), else here. The child gets two minutes for
  /// the MLIR pipeline on top of ptxas's own limit.
  CompileResult compileCandidate(llvm::StringRef source,
                                 llvm::StringRef schedule,
                                 const CompileOptions &compileOptions) const {
    if (options_.compileWorker.empty())
      return compile(source, schedule, compileOptions, kernelName_);
    CompileWorker worker;
    worker.program = options_.compileWorker;
    worker.timeoutSeconds = compileOptions.ptxasTimeoutSeconds + 120;
    // compileOptions.cancel, where set, kills the child.
    return compileInChildProcess(source, schedule, compileOptions, kernelName_,
                                 worker);
  }

  unsigned ptxasTimeout() const {
    if (options_.budgetSeconds <= 0)
      return 300;
    return unsigned(std::clamp(secondsLeft() + 10, 30.0, 300.0));
  }

  /// Seconds since the search started.
  double secondsElapsed() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                         start_)
        .count();
  }

  /// Seconds left of --budget-time (negative once spent; meaningful only
  /// when there is a time budget).
  double secondsLeft() const {
    return options_.budgetSeconds - secondsElapsed();
  }

  bool outOfBudget() const {
    // Cached genomes cost nothing but still count a little, so that a
    // search that keeps rediscovering the same schedules ends. (A rank of a
    // distributed search has its share of the evaluations.)
    // A rank but 0 times the naive schedule for itself, outside its share.
    int budget = evaluationBudget();
    int spent = evaluations_ - (rank() != 0 ? ownBaselines_ : 0);
    if (options_.budgetEvals > 0 &&
        (spent >= budget || ownRecords_ >= 4 * std::max(budget, 1)))
      return true;
    // A rank whose rank 0 is gone has no one to record its results.
    if (distributed() && (rankZeroLost() || finishRequested()))
      return true;
    if (options_.budgetSeconds > 0 && secondsLeft() <= 0)
      return true;
    // Without a GPU every candidate would end the same way.
    return noGpu_ || (stop_ && stop_());
  }
  // The distributed search (Ranks.cpp; SearchOptions::exchange).
  bool distributed() const {
    return options_.exchange && options_.exchange->size() > 1;
  }
  int rank() const { return distributed() ? options_.exchange->rank() : 0; }
  bool ownsIsland(int island) const {
    return !distributed() || island % options_.exchange->size() == rank();
  }
  bool rankZeroLost() const {
    return rank() != 0 && options_.exchange->lost(0);
  }
  /// Rank 0 told the others the search is over (it stopped early).
  bool finishRequested() const {
    return rank() != 0 && options_.exchange->finishWord().has_value();
  }
  /// SearchOptions::budgetEvals, or this rank's share of it: the share of
  /// the islands it owns, rounded down, rank 0 taking what rounding leaves
  /// (a share may be 0: that rank then evaluates only its baseline).
  int evaluationBudget() const;
  /// Rank 0: sends every rank the first generation's `seeds` and what the
  /// library gave (retrieved_, expertSuccess_). The other ranks: wait for
  /// them and fill `seeds`, then draw their own random numbers from here
  /// on. False when the search must end instead (rank 0 failed before its
  /// first generation, was lost, or the search was interrupted).
  bool shareSeeds(std::vector<std::vector<Proposal>> &seeds);
  /// A rank but 0: sends rank 0 `record` (a candidate it evaluated) or one
  /// mutation's outcome for the library's insights.
  void shareEvaluation(const Evaluated &record);
  void shareInsight(const std::string &expert, const std::string &change,
                    double speedup);
  /// Handles what other ranks sent, waiting at most `seconds` for the first
  /// message: rank 0 records their candidates (in the library, result_ and
  /// through onEvaluated) and insights, and notes their ends; every rank
  /// keeps the migrants sent to its islands.
  void serveRanks(double seconds = 0);
  /// serveRanks for one message.
  void handleMessage(const ExchangeMessage &message);
  /// Sends `migrants` to the rank that owns `island`.
  void sendMigrants(int island, const std::vector<Evaluated> &migrants);
  /// Adds the migrants that arrived for `island` to `members`.
  void takeMigrants(int island, std::vector<Evaluated> &members);
  /// The end of the island loop: a rank but 0 sends its summary; rank 0
  /// waits for every rank's (or its loss) and fills result_.ranks.
  void finishRanks();
  /// What ~Search sends when the search ended early: rank 0 a start that
  /// says so (the others wait for one), the others their end.
  void abandonRanks();
  /// rank 0: one candidate another rank evaluated.
  void acceptRemote(Evaluated record);

  /// Evaluates (or finds in the cache) `genome`; returns its record.
  Evaluated evaluate(const std::string &genome, const std::string &expert,
                     int island, int generation);
  /// A new genome from `expert` (mutating `parent` when given); its
  /// rationale, if the expert gave one, is left in lastRationale_.
  /// `initial`: ExpertRequest::initial (an island's first fresh seed).
  std::string propose(const Expert &expert, const Evaluated *parent,
                      bool initial = false);
  /// A library seed found at match `level`, fitted to this kernel: where
  /// the kernel tiles its contractions as kernels of their own and the seed
  /// comes from another kernel (an op graph or family match), the seed's
  /// contraction kernels with the reduction expert's epilogue for this one
  /// (another kernel's epilogue tiles other loops); "" for another
  /// kernel's seed that does not fit this one (fitsKernel); else the seed
  /// itself.
  std::string transplant(const std::string &seed, llvm::StringRef level);
  /// The block tile (first pass) of `a` with the rest of `b`'s schedule,
  /// or the reverse; "" when the two are not both passing, tiled schedules
  /// with different genomes.
  std::string crossover(const Evaluated &a, const Evaluated &b);
  /// The search's state for LLM experts (ExpertRequest::context).
  std::string contextText();
  /// The expert that mutates `parent`: chosen by its diagnosis half of the
  /// time (spills or compute-bound: compute; too few blocks or launch-bound:
  /// parallelism; memory-bound below 70%: reduction for kernels that reduce,
  /// else memory), at random otherwise.
  const Expert &chooseExpert(const Evaluated &parent);
  /// `schedule` with the kernel-level rewrites that apply and that it lacks
  /// in front, each one time in two: foundry-fold-pad for a kernel with a
  /// pad to fold (shape_.foldPad), foundry-invert-divisors for one with a
  /// loop-invariant divisor (shape_.invertDivisors).
  std::string withKernelRewrites(std::string schedule);
  /// The cpu target: runs `record.genome` through the JIT on inputs_ in a
  /// child process (runKernelOnCpuIsolated), checks it against naive_ (and
  /// a patched kernel also on otherInputs_) and times it; fills stage, ok,
  /// time and diagnosis.
  void evaluateOnCpu(Evaluated &record);
  /// How the cpu target draws the inputs without a foundry.init: uniform in
  /// [0, 1) (the search's inputs), standard normal, or wide: normal with a
  /// standard deviation of 64, one element in 16 exactly 0 (signs, large
  /// magnitudes and zeros that inputs in [0, 1) never show).
  enum class Draw { Uniform, Normal, Wide };
  /// The wide draw's standard deviation; its outputs are compared with the
  /// absolute tolerance scaled by it too.
  static constexpr double kWideScale = 64;
  /// The cpu target: inputs for the kernel's arguments from rng_, as each
  /// argument's foundry.init says (its domain), else as `draw` says.
  std::vector<std::vector<char>> makeCpuInputs(KernelOp kernel, Draw draw);
  /// Stores `record` as this run's verdict in the library (the results
  /// cache); a failure is counted and reported, the search goes on.
  void recordInLibrary(const Evaluated &record);
  /// The cpu target: the best's time must be measured by this search. A
  /// best whose time is the library's is run again; if it is no longer the
  /// fastest (or fails), the next one is, until the best was timed here.
  void remeasureLibraryBest();
  /// cuda target: starts compiling the genomes not seen yet on a thread
  /// pool, so that evaluate() finds them compiled (or waits for them).
  void precompile(const std::vector<std::string> &genomes);
  /// True unless the genome of normal form `normal` is still being
  /// compiled by precompile().
  bool compiledYet(const std::string &normal);
  /// Of `genomes` not yet `taken`, the first one compiled (in order), once
  /// one is; SIZE_MAX when every one is taken or the budget is spent while
  /// waiting. A candidate whose ptxas takes half a minute no longer holds
  /// up the evaluation of the others compiled with it. The first
  /// `inOrder` genomes are taken in order, each waited for (the tensor-core
  /// seeds of a GEMM, whose ptxas is the slowest, before any other).
  size_t nextCompiled(const std::vector<std::string> &genomes,
                      std::vector<bool> &taken, size_t inOrder = 0);
  /// Ends the compilations still running (their ptxas children are killed)
  /// and waits for the pool's threads.
  void stopCompiling();
  /// The cuda target: compiles `record.genome` for sm_90a and judges it with
  /// a foundry-run child; fills stage, ok, time and diagnosis.
  void evaluateOnGpu(Evaluated &record);
  /// Runs the foundry-run child on `cubin` against `reference` (a cubin)
  /// with `extra` arguments; its result goes to `<stem>.result.json` in the
  /// work directory. Returns the parsed result, or nothing (crash, timeout,
  /// no GPU: see `code`, `message`, `executionFailed`).
  std::optional<llvm::json::Value>
  runRunner(const std::string &cubin, const std::string &reference,
            const std::string &stem, const std::vector<std::string> &extra,
            int &code, std::string &message, bool &executionFailed);
  /// runRunner against referenceCubin_, at the search's tolerance
  /// (widenedAtol_ when set and `widenAtol`; else `extra` may set --atol).
  std::optional<llvm::json::Value>
  runChecked(const std::string &cubin, const std::string &stem,
             const std::vector<std::string> &extra, int &code,
             std::string &message, bool &executionFailed,
             bool widenAtol = true);
  /// cuda target: the best candidate again with the full protocol
  /// (finalTrials, finalRuns; the naive schedule timed before and after
  /// with gpuRuns runs); its time replaces the search's rough one. A best
  /// that fails (more trials than the search gave it: a borderline check
  /// of an ill-conditioned kernel) is recorded as failed, in
  /// SearchResult::rejected and the library, and the next fastest passing
  /// candidate is verified in its place, up to kFinalAttempts of them and
  /// then the naive schedule.
  void verifyBest();
  /// The outcome of verifyFinal.
  enum class FinalVerdict {
    /// `best`'s time is replaced by the final one.
    Passed,
    /// The runner judged it: it failed (its diagnosis says why).
    Failed,
    /// No judgement: the runner crashed, timed out or found no GPU, or the
    /// candidate could not be compiled again (its diagnosis says which).
    NoVerdict
  };
  /// verifyBest for one candidate.
  FinalVerdict verifyFinal(Evaluated &best);
  /// Writes `result`'s cubin, manifest and PTX as `<stem>.{cubin,json,ptx}`
  /// in the work directory; returns the cubin path or "" with `error`.
  std::string writeCandidate(const CompileResult &result,
                             const std::string &stem, std::string &error);
  /// A copy of the module whose kernel has IR patch `patch` applied
  /// (applyPatch); null with `error` when the patch does not apply.
  OwningOpRef<ModuleOp> patchedModule(llvm::StringRef patch,
                                      std::string &error);
  /// The source compile() takes for `genome` (the kernel alone, in a
  /// module): kernelSource_, or the kernel with the genome's IR patch;
  /// "" with `error` when the patch does not apply.
  std::string sourceFor(llvm::StringRef genome, std::string &error);

  ModuleOp module_;
  std::string kernelName_;
  const SearchOptions &options_;
  ExperienceLibrary *library_;
  std::function<bool()> stop_;
  std::mt19937 rng_;
  /// The target candidates are judged on (options_.target).
  const TargetInfo &target_;
  std::vector<Expert> experts_;
  KernelShape shape_;
  KernelFingerprint fingerprint_;
  int64_t run_ = 0;
  /// The library run that --resume continues (0: none).
  int64_t resumedRun_ = 0;
  std::vector<std::vector<char>> inputs_;
  CpuRun naive_;
  /// The cpu target: a candidate's child process is killed after this long
  /// (10 s plus 10 times the naive schedule's compile and run).
  double cpuTimeoutSeconds_ = 0;
  /// The cpu target: more sets of inputs (a normal and a wide draw where
  /// the kernel's foundry.init does not say otherwise) and the naive
  /// schedule's outputs on them by result number; made for the first IR
  /// patch. A patch must pass on every one: a reference whose output is
  /// constant on inputs in [0, 1) would let a patch returning that constant
  /// through, and a patch wrong only for large or negative inputs (a ReLU
  /// that zeroes values above 6) passes on [0, 1) and on most normal draws.
  struct OtherDraw {
    Draw draw;
    std::vector<std::vector<char>> inputs, reference;
  };
  std::vector<OtherDraw> otherDraws_;
  double atol_ = 0, rtol_ = 0;
  std::map<std::string, Evaluated> seen_;
  int evaluations_ = 0;
  bool noGpu_ = false;
  /// The cuda target: the kernel alone as MLIR text, and its naive cubin.
  std::string kernelSource_;
  /// sourceFor()'s patched sources, by patch.
  std::map<std::string, std::string, std::less<>> patchedSources_;
  std::string naiveCubin_;
  /// What candidates are checked against: naiveCubin_, or the reference's
  /// cubin (f64, and/or referenceScheduleFor's schedule).
  std::string referenceCubin_;
  /// When even the naive schedule fails the f64 check (an ill-conditioned
  /// kernel): the absolute tolerance every candidate is checked at instead
  /// of the kernel's (kNaiveErrorFactor x the naive schedule's largest
  /// error against f64). 0: the kernel's.
  double widenedAtol_ = 0;
  /// The naive schedule's largest absolute error against the reference
  /// over its outputs and trials, when it failed the check.
  double naiveMaxAbsError_ = 0;
  /// The naive schedule is too slow to run (referenceScheduleFor).
  bool naiveTooSlow_ = false;
  /// The hash of a genome evaluate() must evaluate again, whatever was
  /// cached (the naive schedule, once the reference changes).
  std::string recheck_;
  /// Library runs whose verdicts cachedVerdict() trusts.
  std::map<int64_t, bool> trustedRuns_;
  /// Compilations started ahead by precompile() on `compilePool_`, by
  /// normalized genome; evaluateOnGpu() takes each when it is done.
  std::map<std::string, std::shared_future<CompileResult>> compiling_;
  /// Set when the search ends: ptxas children still running are killed.
  /// Declared before the pool, whose tasks read it, so that it outlives it.
  std::atomic<bool> cancelCompiles_{false};
  std::unique_ptr<llvm::DefaultThreadPool> compilePool_;
  std::string lastRationale_;
  /// From the library's insights for this op family: per expert, its
  /// mutations' tries and improvements.
  std::map<std::string, std::pair<int64_t, int64_t>> expertSuccess_;
  /// Rationales of proposals, by genome as proposed.
  std::map<std::string, std::string> rationales_;
  std::vector<std::string> retrieved_;
  /// The distributed search: whether rank 0 sent the first generation (or
  /// this rank received it), whether this rank sent its end, the rank 0's
  /// order to stop; migrants that arrived, by island; rank 0: the ranks'
  /// ends, by rank.
  bool seedsShared_ = false, doneSent_ = false;
  std::map<int, std::vector<Evaluated>> arrivedMigrants_;
  /// A rank but 0: rank 0's start of this kernel, if it came before
  /// shareSeeds waited for it.
  std::optional<ExchangeMessage> startMessage_;
  std::map<int, SearchResult::RankSummary> rankEnds_;
  /// Candidates this rank evaluated or found cached (result_.evaluated
  /// holds other ranks' too on rank 0).
  int ownRecords_ = 0;
  /// Of evaluations_, the naive schedule's (evaluated as the baseline).
  int ownBaselines_ = 0;
  SearchResult result_;
  std::chrono::steady_clock::time_point start_ =
      std::chrono::steady_clock::now();
};

} // namespace mlir::foundry::detail

#endif // FOUNDRY_LIB_EVOLVE_SEARCHSTATE_H
