//===- Search.cpp - Multi-island evolutionary search over schedules
//---------===//
//
// This file implements the island loop of foundry-evolve: seeding from the
// experts and the library, tournament selection, expert mutation, crossover,
// migration and the budget; the targets' evaluations are in Evaluate/.
//
//===----------------------------------------------------------------------===//

#include "SearchState.h"

#include "Schedule/Builders.h"

#include "foundry/Evolve/LlmExpert.h"
#include "foundry/Runtime/Compare.h"
#include "foundry/Transforms/Passes.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <numeric>
#include <set>
#include <thread>

using namespace mlir;
using namespace mlir::foundry;
using namespace mlir::foundry::detail;

std::string Search::propose(const Expert &expert, const Evaluated *parent,
                            bool initial) {
  // Experts mutate schedules; a parent's IR patch stays with its children
  // unless the expert proposes one of its own (LLM experts may).
  GenomeParts parentParts =
      parent ? splitGenome(parent->genome) : GenomeParts();
  ExpertRequest request{shape_, parentParts.schedule.str(),
                        parent && parent->diagnosed ? &parent->diag : nullptr};
  request.initial = initial;
  request.context = [this] { return contextText(); };
  request.stop = stop_;
  if (options_.budgetSeconds > 0) {
    double left = secondsLeft();
    request.secondsLeft = left > 0 ? left : -1;
  }
  lastRationale_.clear();
  request.rationale = &lastRationale_;
  std::string proposal = expert.propose(request, rng_);
  if (proposal.empty())
    return proposal;
  GenomeParts proposalParts = splitGenome(proposal);
  std::string fresh = proposalParts.schedule.str();
  std::string patch = proposalParts.patch.empty() ? parentParts.patch.str()
                                                  : proposalParts.patch.str();
  // A GEMM followed by a reduction over its outputs: an expert's tiling of
  // the kernel's root cannot fuse the GEMM (the reduction needs all of its
  // rows), which would stay a naive kernel of its own (a second per launch
  // for a 16384x4096x4096 GEMM before a BatchNorm): the GEMM phases come
  // first. Likewise a convolution that other ops reduce after (a softmax
  // over its channels, then max-pools).
  if ((shape_.splitContractionLoops > 0 || !shape_.splitConvolution.empty()) &&
      !fresh.empty() &&
      !llvm::StringRef(fresh).contains("target=contraction") &&
      !llvm::StringRef(fresh).contains("foundry-im2col"))
    fresh = (shape_.splitContractionLoops > 0
                 ? splitGemmPhases(shape_, request.initial, rng_)
                 : splitConvolutionPrefix(shape_, rng_)) +
            fresh;
  // A root that accumulates onto reductions (a blocked scan's last level):
  // one time in two, those reductions as kernels of their own first.
  if (shape_.initFromReduction && !fresh.empty() &&
      !llvm::StringRef(fresh).contains("target=reduction") &&
      !llvm::StringRef(fresh).contains("foundry-tile-phases") && rng_() % 2)
    fresh = reductionPhasesSchedule(shape_, rng_) + fresh;
  fresh = withSplitFirst(shape_, std::move(fresh), rng_);
  if (!lastRationale_.empty())
    rationales_[joinGenome(fresh, patch)] = lastRationale_;
  // An expert that extends its parent's schedule (appends passes to it)
  // made its whole change: splicing could only drop it.
  if (request.parent.empty() || fresh.empty() || expert.mutatesWhole ||
      (fresh.size() > request.parent.size() &&
       llvm::StringRef(fresh).starts_with(request.parent)))
    return joinGenome(withKernelRewrites(fresh), patch);
  // A kernel whose contractions are kernels of their own (a GEMM or an
  // im2col convolution, then a norm), one time in two: the parent's
  // contraction kernels with the expert's epilogue, or the reverse, so that
  // the reduction expert refines the epilogue of the parent's GEMM instead
  // of drawing both anew (the 60 s searches of a Conv3d before a GroupNorm
  // and a mean, on the H200 on 2026-12-02, never paired its best GEMM with
  // the reduction tiling that took its norm from 0.93 to 0.28 ms).
  if (rng_() % 2) {
    std::string spliced =
        spliceAtEpilogue(request.parent, fresh, /*headFromA=*/rng_() % 2);
    if (!spliced.empty() && fitsKernel(spliced, shape_))
      return joinGenome(withKernelRewrites(spliced), patch);
  }
  // Mutation: keep the parent's block tile, take the rest from the expert,
  // or the reverse (both are valid pipelines of the same passes). Reductions
  // tiled as kernels of their own before the root stay in front: the
  // parent's, else the expert's.
  std::string mutated = spliceSchedules(request.parent, fresh, rng_() % 2);
  return joinGenome(withKernelRewrites(mutated.empty() ? fresh : mutated),
                    patch);
}

std::string Search::withKernelRewrites(std::string schedule) {
  if (schedule.empty())
    return schedule;
  // (By name: a pass the schedule has with other options, or printed
  // with braces around a list, is not added twice.)
  auto add = [&](bool applies, llvm::StringRef pass) {
    llvm::StringRef name = pass.take_until([](char c) { return c == '{'; });
    if (applies && !llvm::StringRef(schedule).contains(name) && rng_() % 2)
      schedule = (pass + "," + schedule).str();
  };
  add(shape_.invertDivisors, "foundry-invert-divisors");
  add(shape_.foldPad, "foundry-fold-pad");
  if (!shape_.approxMath.empty())
    add(true, "foundry-approx-math{functions=" + shape_.approxMath + "}");
  // The rewrites the structure was analyzed after, always and first: those
  // the schedule lacks, in their order.
  llvm::SmallVector<llvm::StringRef> rewrites, missing;
  llvm::StringRef(shape_.rewriteFirst).split(rewrites, ',', -1, false);
  for (llvm::StringRef rewrite : rewrites)
    if (!llvm::StringRef(schedule).contains(rewrite))
      missing.push_back(rewrite);
  if (!missing.empty())
    schedule = llvm::join(missing, ",") + "," + schedule;
  return schedule;
}

std::string Search::transplant(const std::string &seed, llvm::StringRef level) {
  if (level == "exact")
    return seed;
  // Another kernel's IR patch does not apply to this one; its schedule may.
  if (GenomeParts parts = splitGenome(seed); !parts.patch.empty())
    return transplant(parts.schedule.str(), level);
  // A neighbour's tiling of other loops: an expert proposes instead.
  auto fitted = [&](std::string schedule) {
    return fitsKernel(schedule, shape_) ? schedule : std::string();
  };
  if (shape_.splitContractionLoops == 0)
    return fitted(seed);
  auto [head, tail] = splitAtEpilogue(seed);
  if (head.empty() || int64_t(llvm::StringRef(head).count(
                          "target=contraction")) != shape_.splitContractions)
    return fitted(seed);
  auto reduction = llvm::find_if(
      experts_, [](const Expert &e) { return e.name == "reduction"; });
  if (reduction == experts_.end())
    return fitted(seed);
  std::string fresh = propose(*reduction, nullptr);
  auto [freshHead, freshTail] = splitAtEpilogue(fresh);
  if (freshTail.empty())
    return fitted(seed);
  return fitted((head + "," + freshTail).str());
}

std::string Search::crossover(const Evaluated &a, const Evaluated &b) {
  if (!a.ok || !b.ok || a.genome == b.genome)
    return "";
  // The child compiles a's kernel (its IR patch, if any).
  GenomeParts partsA = splitGenome(a.genome), partsB = splitGenome(b.genome);
  std::string child =
      spliceSchedules(partsA.schedule, partsB.schedule, rng_() % 2);
  return child.empty() ? child : joinGenome(child, partsA.patch);
}

const Expert &Search::chooseExpert(const Evaluated &parent) {
  // Without a diagnosis-driven choice, experts are drawn in proportion to
  // how often their mutations improved kernels of this op family before
  // (the library's insights, Laplace-smoothed: (improvements + 1) /
  // (tries + 2)); with no history, uniformly.
  std::vector<double> weights;
  for (const Expert &expert : experts_) {
    auto it = expertSuccess_.find(expert.name);
    weights.push_back(it == expertSuccess_.end()
                          ? 0.5
                          : (it->second.second + 1.0) /
                                (it->second.first + 2.0));
  }
  const Expert &random = experts_[std::discrete_distribution<size_t>(
      weights.begin(), weights.end())(rng_)];
  if (!parent.diagnosed || rng_() % 2)
    return random;
  const Diagnosis &d = parent.diag;
  llvm::StringRef name = random.name;
  if (d.spillBytes > 0 || d.bottleneck == "compute")
    name = "compute";
  else if (d.bottleneck == "latency" || d.bottleneck == "launch")
    name = "parallelism";
  else if (d.bottleneck == "memory" && d.memoryFraction < 0.7)
    name = shape_.hasReduction ? "reduction" : "memory";
  for (const Expert &expert : experts_)
    if (expert.name == name)
      return expert;
  return random;
}

std::string Search::contextText() {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "## Kernel (MLIR; inputs are uniform in [0, 1))\n";
  std::string kernelText;
  if (auto kernel = module_.lookupSymbol<KernelOp>(kernelName_))
    llvm::raw_string_ostream(kernelText) << kernel;
  os << llvm::StringRef(kernelText).take_front(8000) << "\n\n";
  os << "## Loops of the root op (the producer of the result)\n";
  for (size_t i = 0; i < shape_.extents.size(); ++i)
    os << "- loop " << i << ": extent " << shape_.extents[i] << ", "
       << (shape_.parallel[i] ? "parallel" : "reduction")
       << (shape_.reduced[i] ? ", reduced over by a producer (keep whole "
                               "in a block: size 0)"
                             : "")
       << "\n";
  os << "GEMM with elementwise epilogue: " << (shape_.gemm ? "yes" : "no")
     << "; tensor cores allowed by #foundry.precision: "
     << (shape_.tensorCores ? "yes" : "no")
     << "; target: " << target_.description
     << "\n\n## Schedule passes (the only passes allowed)\n";
  for (const std::string &name : schedulePassNames()) {
    os << "- " << name;
    if (const PassInfo *info = PassInfo::lookup(name))
      os << ": " << info->getPassDescription();
    os << "\n";
  }
  os << "\n## Best so far\n";
  if (result_.naiveMs > 0)
    os << "naive schedule: " << llvm::formatv("{0:F4}", result_.naiveMs)
       << " ms\n";
  if (result_.best.ok)
    os << "best: " << llvm::formatv("{0:F4}", result_.best.medianMs)
       << " ms, schedule: " << displayGenome(result_.best.genome)
       << (result_.best.diagnosed ? "; diagnosis: " + result_.best.diag.hint
                                  : std::string())
       << "\n";
  if (llvm::StringRef patch = splitGenome(result_.best.genome).patch;
      result_.best.ok && !patch.empty())
    os << "The best's IR patch (the kernel it compiles instead):\n"
       << patch.take_front(8000) << "\n";
  os << "\n## Recent candidates (schedule | result | diagnosis)\n";
  size_t first =
      result_.evaluated.size() > 12 ? result_.evaluated.size() - 12 : 0;
  for (size_t i = first; i < result_.evaluated.size(); ++i) {
    const Evaluated &e = result_.evaluated[i];
    os << "- " << displayGenome(e.genome) << " | "
       << (e.ok ? llvm::formatv("{0:F4} ms", e.medianMs).str() : e.stage)
       << " | " << llvm::StringRef(e.diagnosis).take_front(240) << "\n";
  }
  if (!retrieved_.empty()) {
    os << "\n## Experience library: best known schedules for this kernel "
          "or similar ones\n";
    for (const std::string &genome : retrieved_)
      os << "- " << displayGenome(genome) << "\n";
  }
  return text;
}

Evaluated Search::evaluate(const std::string &genome, const std::string &expert,
                           int island, int generation) {
  Evaluated record;
  record.expert = expert;
  if (auto it = rationales_.find(genome); it != rationales_.end())
    record.rationale = it->second;
  record.island = island;
  record.generation = generation;
  std::string error;
  FailureOr<std::string> normal =
      normalizeGenome(module_.getContext(), genome, error);
  record.genome = succeeded(normal) ? *normal : genome;
  record.hash = genomeHash(record.genome);
  // Checked again against another reference: no earlier verdict counts.
  bool fresh = record.hash == recheck_;
  if (fresh)
    recheck_.clear();
  if (auto it = seen_.find(record.hash); !fresh && it != seen_.end()) {
    Evaluated cached = it->second;
    cached.cached = true;
    cached.resumed = false; // counted once, when first found
    // Proposed again, here and now.
    cached.expert = expert;
    cached.island = island;
    cached.generation = generation;
    return cached;
  }
  if (library_ && !fresh) {
    if (std::optional<CandidateRecord> known = cachedVerdict(record.hash)) {
      record.stage = known->stage;
      record.ok = known->ok;
      record.medianMs = known->medianMs;
      record.diagnosis = known->diagnosis;
      record.cached = true;
      // Evaluated by the run being resumed: it counts as this run's.
      record.resumed = resumedRun_ && known->run == resumedRun_;
      record.fromLibrary = !record.resumed;
      seen_[record.hash] = record;
      return record;
    }
  }
  if (failed(normal)) {
    record.stage = "parse";
    record.diagnosis = error;
  } else if (target_.isGpu()) {
    evaluateOnGpu(record);
  } else {
    evaluateOnCpu(record);
  }
  seen_[record.hash] = record;
  // "no-gpu", "worker" and "cancelled" say nothing about the candidate:
  // not kept for later runs.
  if (!llvm::is_contained({"no-gpu", "worker", "cancelled"}, record.stage))
    recordInLibrary(record);
  return record;
}

OwningOpRef<ModuleOp> Search::patchedModule(llvm::StringRef patch,
                                            std::string &error) {
  OwningOpRef<ModuleOp> copy(module_.clone());
  auto kernel = copy->lookupSymbol<KernelOp>(kernelName_);
  if (!kernel || failed(applyPatch(kernel, patch, error)))
    return nullptr;
  return copy;
}

std::string Search::sourceFor(llvm::StringRef genome, std::string &error) {
  llvm::StringRef patch = splitGenome(genome).patch;
  if (patch.empty())
    return kernelSource_;
  if (auto it = patchedSources_.find(patch); it != patchedSources_.end())
    return it->second;
  OwningOpRef<ModuleOp> patched = patchedModule(patch, error);
  if (!patched)
    return "";
  std::string source;
  llvm::raw_string_ostream os(source);
  os << "module {\n" << patched->lookupSymbol<KernelOp>(kernelName_) << "\n}\n";
  patchedSources_.emplace(patch.str(), source);
  return source;
}

FailureOr<SearchResult> Search::run() {
  auto kernel = module_.lookupSymbol<KernelOp>(kernelName_);
  if (!kernel)
    return module_.emitError("foundry-evolve: no kernel @") << kernelName_;
  // The cpu target runs the GPU's schedules (blocks and threads in turn, in
  // the JIT): they are planned for the GPU there too, without shuffles.
  FailureOr<KernelShape> shape =
      analyzeKernel(kernel, target_.isGpu() ? target_ : TargetInfo::hopper());
  if (failed(shape))
    return failure();
  shape_ = *shape;
  shape_.warpShuffles = target_.warpShuffles;
  fingerprint_ = fingerprintKernel(kernel, target_.fingerprintTarget);
  ToleranceAttr tolerance = kernel.getEffectiveTolerance();
  atol_ = tolerance.getAtolValue();
  rtol_ = tolerance.getRtolValue();
  result_.atol = atol_;
  result_.rtol = rtol_;
  // cpu target: inputs uniform in [0, 1) (KernelBench's torch.rand), or as
  // an argument's foundry.init says, fixed for the whole search (foundry-run
  // makes its own on the GPU).
  for (Type type : kernel.getArgumentTypes()) {
    auto tensor = cast<RankedTensorType>(type);
    Type element = tensor.getElementType();
    // foundry-run fills and compares f16 and bf16 buffers too; the CPU
    // evaluation compares f32 outputs against an f64 run of f32 inputs.
    if (target_.isGpu()) {
      if (!element.isF32() && !element.isF16() && !element.isBF16())
        return kernel.emitOpError("foundry-evolve: the cuda target takes "
                                  "f32, f16 and bf16 inputs, not ")
               << element;
      continue;
    }
    if (!element.isF32())
      return kernel.emitOpError("foundry-evolve: the cpu target takes f32 "
                                "inputs only, not ")
             << element << " (use --target cuda)";
    // The CPU JIT runs on host memory: refuse what cannot fit instead of
    // aborting out of memory.
    constexpr int64_t maxCpuBytes = int64_t(4) << 30;
    std::optional<int64_t> size = getCheckedBufferBytes(tensor);
    if (!size || *size > maxCpuBytes)
      return kernel.emitOpError("foundry-evolve: the cpu target holds inputs "
                                "in host memory; ")
             << type << " needs "
             << (size ? std::to_string(*size >> 20)
                      : std::string("more than 2^43"))
             << " MiB, more than " << (maxCpuBytes >> 20)
             << " MiB (use --target cuda or a smaller variant)";
  }
  if (!target_.isGpu())
    inputs_ = makeCpuInputs(kernel, Draw::Uniform);
  if (target_.isGpu()) {
    // The kernel alone, as compile() takes it; its naive compilation is the
    // reference of every candidate (foundry-run times it too).
    llvm::raw_string_ostream source(kernelSource_);
    source << "module {\n" << kernel << "\n}\n";
    std::string error;
    if (std::error_code ec =
            llvm::sys::fs::create_directories(options_.workDirectory))
      return kernel.emitOpError("foundry-evolve: ")
             << options_.workDirectory << ": " << ec.message();
    CompileOptions naiveOptions;
    naiveOptions.target = target_.chip;
    CompileResult naive = compileCandidate(kernelSource_, "", naiveOptions);
    if (naive.succeeded)
      naiveCubin_ = writeCandidate(naive, "naive", error);
    if (naiveCubin_.empty())
      return kernel.emitOpError("foundry-evolve: the naive schedule does not "
                                "compile for sm_90a: ")
             << (error.empty() ? naive.diagnostics : error);
    referenceCubin_ = naiveCubin_;
    std::string reason;
    std::string split = referenceScheduleFor(shape_, reason);
    naiveTooSlow_ = !split.empty();
    auto compileReference = [&](const std::string &schedule, bool f64) {
      CompileOptions compileOptions;
      compileOptions.target = target_.chip;
      compileOptions.widenToF64 = f64;
      CompileResult compiled =
          compileCandidate(kernelSource_, schedule, compileOptions);
      std::string written;
      if (compiled.succeeded)
        written = writeCandidate(compiled, "reference", error);
      else
        error = compiled.diagnostics;
      return written;
    };
    // What foundry-opt runs for the same f64 kernel (the report's record).
    std::string f64 =
        "foundry.kernel(foundry-widen-to-f64{keep-interface=true})";
    std::string cubin;
    if (options_.reference == "f64") {
      cubin = compileReference(split, /*f64=*/true);
      if (!cubin.empty()) {
        result_.referenceSchedule = split.empty() ? f64 : f64 + "," + split;
        result_.referenceReason =
            "candidates are checked against the kernel computed in f64" +
            std::string(split.empty() ? "" : " under " + split) +
            (reason.empty() ? std::string() : "; " + reason);
      } else if (options_.progress) {
        // A kernel with no f64 meaning (a bitcast): the fp32 reference.
        options_.progress("note: no f64 reference (" +
                          llvm::StringRef(error).trim().str() +
                          "); candidates are checked against the fp32 "
                          "reference");
      }
    }
    if (cubin.empty() && !split.empty()) {
      cubin = compileReference(split, /*f64=*/false);
      if (cubin.empty())
        return kernel.emitOpError("foundry-evolve: the reference schedule '")
               << split << "' does not compile for sm_90a: " << error;
      result_.referenceSchedule = split;
      result_.referenceReason = reason;
    }
    if (!cubin.empty())
      referenceCubin_ = cubin;
    if (naiveTooSlow_ && options_.progress)
      options_.progress("note: " + reason);
  } else {
    auto start = std::chrono::steady_clock::now();
    FailureOr<CpuRun> naive = runKernelOnCpu(module_, kernelName_, "", inputs_,
                                             false, options_.timedRuns);
    if (failed(naive))
      return kernel.emitOpError("foundry-evolve: the naive schedule fails");
    std::chrono::duration<double> naiveSeconds =
        std::chrono::steady_clock::now() - start;
    cpuTimeoutSeconds_ = 10 + 10 * naiveSeconds.count();
    // Its time is taken from the naive candidate, evaluated first like
    // every other, so that the naive schedule is never faster than itself.
    naive_ = std::move(*naive);
    // Candidates match a NaN or infinity of the reference only with the
    // same value (isClose); a reference that computes them says so here,
    // not only as candidates that "differ".
    if (options_.progress)
      for (auto [spec, data] : llvm::zip(naive_.specs, naive_.data)) {
        if (spec.role != BufferSpec::Role::Output || !spec.elementType.isF32())
          continue;
        const float *values = reinterpret_cast<const float *>(data.data());
        int64_t n = int64_t(data.size() / 4), nans = 0, infinities = 0;
        for (int64_t i = 0; i < n; ++i) {
          nans += std::isnan(values[i]);
          infinities += std::isinf(values[i]);
        }
        if (nans || infinities)
          options_.progress(
              llvm::formatv(
                  "note: naive: reference output #{0} has {1} NaN and {2} "
                  "infinite values of {3}; a candidate matches them only with "
                  "the same value",
                  spec.index, nans, infinities, n)
                  .str());
      }
  }
  if (library_) {
    std::string error;
    (void)library_->addKernel(fingerprint_, kernelName_, error);
    // A run is identified by everything that shapes its trajectory.
    std::string configuration =
        llvm::formatv("kernel={0} target={1} seed={2} islands={3} "
                      "population={4} budget-evals={5} migrate={6}x{7} "
                      "patience={8}{9}",
                      fingerprint_.kernelKey(), options_.target, options_.seed,
                      options_.islands, options_.population,
                      options_.budgetEvals, options_.migrateEvery,
                      options_.migrants, options_.patience, runSuffix())
            .str();
    if (options_.resume) {
      if (std::optional<int64_t> run = library_->findRun(configuration)) {
        run_ = resumedRun_ = *run;
        if (options_.progress)
          options_.progress("resuming run " + std::to_string(run_) +
                            " of the library");
      } else if (options_.progress) {
        options_.progress("foundry-evolve: nothing to resume for @" +
                          kernelName_ +
                          " with these flags (kernel, target, seed, islands, "
                          "population, budget); starting a new run");
      }
    }
    if (!run_)
      run_ = library_->beginRun(options_.seed, configuration, error);
  }

  // Islands: each seeded by one expert, plus what the library knows.
  int islands = std::max(1, options_.islands);
  int population = std::max(2, options_.population);
  std::vector<std::vector<Evaluated>> island(islands);
  // Retrieval sees the library as it was before the run being resumed.
  // One seed per island, taken round-robin over the match levels (this
  // kernel, its op graph at other shapes or inputs, its op family), the
  // fastest first within each: the exact kernel's few best alone would
  // crowd out what worked on its neighbours.
  std::vector<std::string> retrieved, retrievedLevels;
  if (library_) {
    std::map<std::string, std::vector<std::string>> byLevel;
    for (const CandidateRecord &record :
         library_->retrieve(fingerprint_, islands + 64, /*beatNaive=*/true))
      if (!resumedRun_ || record.run != resumedRun_)
        byLevel[record.match].push_back(record.genome);
    for (size_t position = 0; int(retrieved.size()) < islands; ++position) {
      bool any = false;
      for (const char *level : {"exact", "graph", "family"}) {
        const std::vector<std::string> &genomes = byLevel[level];
        if (position < genomes.size() && int(retrieved.size()) < islands) {
          retrieved.push_back(genomes[position]);
          retrievedLevels.push_back(level);
          any = true;
        }
      }
      if (!any)
        break;
    }
  }
  retrieved_ = retrieved;
  if (library_)
    for (const ExperienceLibrary::Insight &insight : library_->insights(
             fingerprint_.familyKey(), resumedRun_ ? resumedRun_ : -1)) {
      auto &[tries, improvements] = expertSuccess_[insight.expert];
      tries += insight.tries;
      improvements += insight.improvements;
    }
  auto better = [](const Evaluated &a, const Evaluated &b) {
    if (a.ok != b.ok)
      return a.ok;
    return a.ok && a.medianMs < b.medianMs;
  };
  auto note = [&](Evaluated &e) {
    // The naive schedule's time, also when the library knew it.
    if (e.genome.empty() && e.ok && result_.naiveMs == 0)
      result_.naiveMs = e.medianMs;
    e.seconds = secondsElapsed();
    e.rank = rank();
    result_.evaluated.push_back(e);
    ++ownRecords_;
    evaluations_ += !e.cached || e.resumed;
    ownBaselines_ += e.genome.empty() && e.expert == "naive" &&
                     (!e.cached || e.resumed);
    if (options_.onEvaluated)
      options_.onEvaluated(e);
    if (e.ok && (!result_.best.ok || e.medianMs < result_.best.medianMs))
      result_.best = e;
    if (distributed()) {
      shareEvaluation(e);
      serveRanks();
    }
    if (options_.progress) {
      std::string line;
      llvm::raw_string_ostream os(line);
      os << "[" << evaluations_
         << (options_.budgetEvals > 0
                 ? "/" + std::to_string(options_.budgetEvals)
                 : std::string())
         << "] island " << e.island << " gen " << e.generation << " "
         << e.expert << ": "
         << (e.ok ? llvm::formatv("{0:F4} ms", e.medianMs).str() : e.stage)
         << (e.pruned ? " (pruned)" : "") << (e.cached ? " (cached)" : "")
         << "  " << displayGenome(e.genome);
      if (e.diagnosed && !e.diag.hint.empty())
        os << "  [" << e.diag.hint << "]";
      options_.progress(line);
    }
  };
  // Each batch of proposals is compiled together (a thread pool on the cuda
  // target), then evaluated one at a time in proposal order.
  // `baseline`: the naive schedule, evaluated whatever the budget says.
  auto evaluateAll = [&](const std::vector<Proposal> &proposals, int i,
                         int generation, std::vector<Evaluated> &into,
                         bool baseline = false) {
    std::vector<std::string> genomes;
    for (const Proposal &p : proposals)
      genomes.push_back(p.genome);
    precompile(genomes);
    std::vector<bool> taken(proposals.size());
    for (size_t k = nextCompiled(genomes, taken); k != SIZE_MAX;
         k = nextCompiled(genomes, taken)) {
      if (!baseline && outOfBudget())
        break;
      const Proposal &p = proposals[k];
      Evaluated e = evaluate(p.genome, p.expert, i, generation);
      note(e);
      if (p.parent && !e.cached) {
        std::string change = scheduleChange(p.parent->genome, e.genome);
        double speedup =
            e.ok && e.medianMs > 0 ? p.parent->medianMs / e.medianMs : 0;
        std::string error;
        if (library_)
          (void)library_->recordInsight(fingerprint_.familyKey(), p.expert,
                                        change, run_, speedup, error);
        else if (distributed())
          shareInsight(p.expert, change, speedup);
      }
      into.push_back(e);
    }
  };
  // The naive schedule is the first candidate of every search: the best is
  // never worse than it, and on the cuda target its run times the baseline
  // and its error against the reference sets the tolerance (below), so it
  // is judged again in every run, whatever the library knew of it (a
  // verdict reached at a widened tolerance, say).
  if (target_.isGpu())
    recheck_ = genomeHash("");
  evaluateAll({{"", "naive"}}, 0, 0, island[0], /*baseline=*/true);
  // An ill-conditioned kernel (a softmax over the outputs of a K = 8192 GEMM
  // of positive inputs, a sum of 8192 GEMM outputs that cancel): even the
  // naive schedule's fp32 rounding is over the tolerance against f64, and
  // any other order of the same sums is off by as much, at other elements.
  // Every candidate is then checked against f64 at kNaiveErrorFactor x the
  // naive schedule's largest error instead of the kernel's atol (the
  // kernel's rtol stays): as accurate as the naive fp32 schedule, give or
  // take the order of its sums. The report gives the tolerance and why.
  if (target_.isGpu() && options_.reference == "f64" && !naiveTooSlow_ &&
      !result_.referenceSchedule.empty() && !island[0].empty() &&
      !island[0].back().ok && island[0].back().stage == "correctness" &&
      naiveMaxAbsError_ > 0 && std::isfinite(naiveMaxAbsError_)) {
    std::string failure = island[0].back().diagnosis;
    recheck_ = island[0].back().hash;
    island[0].pop_back();
    widenedAtol_ = std::max(atol_, kNaiveErrorFactor * naiveMaxAbsError_);
    result_.atol = widenedAtol_;
    result_.referenceReason =
        "the naive fp32 schedule fails the check against f64 (" +
        llvm::StringRef(failure).take_front(160).str() +
        "): the kernel's fp32 rounding is over its tolerance, so every "
        "candidate is checked against f64 with atol " +
        llvm::formatv("{0:e2}", widenedAtol_).str() + " (" +
        std::to_string(int(kNaiveErrorFactor)) +
        "x the naive schedule's largest error) instead of " +
        llvm::formatv("{0:e2}", atol_).str();
    if (options_.progress)
      options_.progress("note: " + result_.referenceReason);
    evaluateAll({{"", "naive"}}, 0, 0, island[0], /*baseline=*/true);
  }
  // The first generation: every island's proposals compiled together, then
  // evaluated round-robin over the islands, so that a time budget is shared
  // by all experts rather than spent on the first island's.
  // In a distributed search rank 0 proposes them all, as the search of one
  // process would, and each rank evaluates those of its islands.
  {
    std::vector<std::vector<Proposal>> seeds(islands);
    std::vector<std::string> genomes;
    for (int i = 0; i < islands && rank() == 0; ++i) {
      const Expert &expert = experts_[i % experts_.size()];
      // The island's first fresh proposal may be its expert's classic
      // configuration (after the library's seed, if there is one).
      int firstFresh = i < int(retrieved.size()) ? 1 : 0;
      for (int p = 0; p < population; ++p) {
        bool fromLibrary = p == 0 && i < int(retrieved.size());
        std::string genome = fromLibrary
                                 ? transplant(retrieved[i], retrievedLevels[i])
                                 : propose(expert, nullptr, p == firstFresh);
        std::string name = fromLibrary ? "library" : expert.name;
        if (genome.empty()) {
          const Expert &other = experts_[p % experts_.size()];
          genome = propose(other, nullptr);
          name = other.name;
        }
        seeds[i].push_back({genome, name});
      }
    }
    if (distributed() && !shareSeeds(seeds))
      islands = 0; // rank 0 failed, was lost, or the search was stopped
    for (int i = 0; i < islands; ++i)
      if (ownsIsland(i))
        for (const Proposal &seed : seeds[i])
          genomes.push_back(seed.genome);
    precompile(genomes);
    // Round-robin over the islands (`order`), each taken as
    // soon as it is compiled.
    // For a GEMM the precision lets on the tensor cores (compute-bound: a
    // SIMT candidate alone can take a quarter of a one-minute budget), the
    // islands whose seed is on the tensor cores go first, waited for.
    std::vector<int> islandOrder;
    for (int i = 0; i < islands; ++i)
      if (ownsIsland(i))
        islandOrder.push_back(i);
    size_t inOrder = 0;
    if (shape_.gemm && shape_.tensorCores)
      inOrder = std::stable_partition(
                    islandOrder.begin(), islandOrder.end(),
                    [&](int i) {
                      return !seeds[i].empty() &&
                             llvm::StringRef(seeds[i].front().genome)
                                 .contains("foundry-mma");
                    }) -
                islandOrder.begin();
    std::vector<std::string> order;
    std::vector<std::pair<int, int>> slots;
    for (int p = 0; p < population; ++p)
      for (int i : islandOrder) {
        if (p >= int(seeds[i].size()))
          continue;
        order.push_back(seeds[i][p].genome);
        slots.push_back({i, p});
      }
    std::vector<bool> taken(order.size());
    for (size_t k = nextCompiled(order, taken, inOrder);
         k != SIZE_MAX && !outOfBudget();
         k = nextCompiled(order, taken, inOrder)) {
      auto [i, p] = slots[k];
      Evaluated e = evaluate(seeds[i][p].genome, seeds[i][p].expert, i, 0);
      note(e);
      island[i].push_back(e);
    }
  }

  // Generations: tournament selection, mutation by an expert (chosen by
  // the parent's diagnosis half of the time), elitism; ring migration every
  // migrateEvery generations.
  double bestSoFar = result_.best.ok ? result_.best.medianMs : INFINITY;
  int stale = 0, idle = 0, evaluationsBefore = evaluations_;
  int generation = 1;
  for (; islands > 0 && !outOfBudget(); ++generation) {
    for (int i = 0; i < islands && !outOfBudget(); ++i) {
      if (!ownsIsland(i))
        continue;
      std::vector<Evaluated> &members = island[i];
      takeMigrants(i, members);
      if (members.empty())
        continue;
      std::sort(members.begin(), members.end(), better);
      std::vector<Evaluated> next(members.begin(),
                                  members.begin() +
                                      std::min<size_t>(2, members.size()));
      std::vector<Proposal> proposals;
      // Parents outlive the proposals: `members` is not touched until the
      // generation is evaluated.
      for (int attempt = 0; int(next.size() + proposals.size()) < population &&
                            attempt < 4 * population;
           ++attempt) {
        std::uniform_int_distribution<size_t> member(0, members.size() - 1);
        const Evaluated &a = members[member(rng_)];
        const Evaluated &b = members[member(rng_)];
        const Evaluated &parent = better(a, b) ? a : b;
        // Crossover, one child in four: a second tournament picks another
        // passing parent; the child takes the block tile of one and the
        // inner schedule of the other.
        if (rng_() % 4 == 0) {
          const Evaluated &c = members[member(rng_)];
          const Evaluated &d = members[member(rng_)];
          const Evaluated &other = better(c, d) ? c : d;
          std::string child = crossover(parent, other);
          if (!child.empty()) {
            proposals.push_back({child, "crossover", &parent});
            continue;
          }
        }
        const Expert &expert = chooseExpert(parent);
        std::string child = propose(expert, parent.ok ? &parent : nullptr);
        if (!child.empty())
          proposals.push_back(
              {child, expert.name, parent.ok ? &parent : nullptr});
      }
      evaluateAll(proposals, i, generation, next);
      members = std::move(next);
    }
    if (options_.migrateEvery > 0 && generation % options_.migrateEvery == 0)
      for (int i = 0; i < islands; ++i) {
        if (!ownsIsland(i))
          continue;
        std::vector<Evaluated> &from = island[i];
        int next = (i + 1) % islands;
        std::sort(from.begin(), from.end(), better);
        std::vector<Evaluated> migrants(
            from.begin(),
            from.begin() + std::min<size_t>(std::max(0, options_.migrants),
                                            from.size()));
        if (ownsIsland(next))
          island[next].insert(island[next].end(), migrants.begin(),
                              migrants.end());
        else
          sendMigrants(next, migrants);
      }
    double now = result_.best.ok ? result_.best.medianMs : INFINITY;
    stale = now < bestSoFar ? 0 : stale + 1;
    bestSoFar = std::min(bestSoFar, now);
    // Generations that evaluated nothing new (every proposal known): an
    // exhausted space ends the search whatever the time left.
    idle = evaluations_ == evaluationsBefore ? idle + 1 : 0;
    evaluationsBefore = evaluations_;
    if (idle >= options_.patience) {
      result_.stopReason = "exhausted (no new candidate in " +
                           std::to_string(options_.patience) + " generations)";
      break;
    }
    if (stale < options_.patience)
      continue;
    // No improvement for `patience` generations. With time left and the
    // best far from its roofline, the islands start over on other
    // strategies (each seeded by the next expert) instead of stopping;
    // the best stays, in island 0.
    double reached = result_.best.diagnosed
                         ? std::max(result_.best.diag.memoryFraction,
                                    result_.best.diag.computeFraction)
                         : 0;
    bool timeLeft = options_.budgetSeconds > 0 && secondsLeft() > 0;
    if (!timeLeft || reached >= kNearRoofline) {
      result_.stopReason =
          "converged (no improvement in " + std::to_string(options_.patience) +
          " generations" +
          (reached >= kNearRoofline
               ? llvm::formatv(", at {0:P0} of the roofline", reached).str()
               : std::string()) +
          ")";
      break;
    }
    ++result_.restarts;
    stale = 0;
    if (options_.progress)
      options_.progress(
          llvm::formatv(
              "restart {0}: no improvement in {1} generations{2}; "
              "the islands start over on other strategies",
              result_.restarts, options_.patience,
              result_.best.diagnosed
                  ? llvm::formatv(" at {0:P0} of the roofline", reached).str()
                  : std::string())
              .str());
    ++generation;
    for (int i = 0; i < islands && !outOfBudget(); ++i) {
      if (!ownsIsland(i))
        continue;
      const Expert &expert = experts_[(i + result_.restarts) % experts_.size()];
      std::vector<Proposal> fresh;
      for (int p = 0; p < population; ++p) {
        std::string genome = propose(expert, nullptr);
        std::string name = expert.name;
        if (genome.empty()) {
          const Expert &other =
              experts_[(p + result_.restarts) % experts_.size()];
          genome = propose(other, nullptr);
          name = other.name;
        }
        if (!genome.empty())
          fresh.push_back({genome, name});
      }
      std::vector<Evaluated> members;
      if (i == 0 && result_.best.ok)
        members.push_back(result_.best);
      evaluateAll(fresh, i, generation, members);
      if (!members.empty())
        island[i] = std::move(members);
    }
  }
  result_.generations = generation;
  if (result_.stopReason.empty() && distributed() && rankZeroLost())
    result_.stopReason = "rank 0 lost";
  if (result_.stopReason.empty() && finishRequested())
    result_.stopReason = "stopped by rank 0";
  finishRanks();
  result_.structuralClass = describeStructure(shape_, fingerprint_.family);
  std::set<std::string> proposers;
  for (const Evaluated &e : result_.evaluated)
    proposers.insert(e.expert);
  result_.strategiesTried.assign(proposers.begin(), proposers.end());
  // Rank 0 verifies the best of every rank.
  if (rank() == 0)
    remeasureLibraryBest();
  stopCompiling();
  if (rank() == 0)
    verifyBest();
  // The reference's cached outputs (up to a few GB for large kernels) are
  // of no use after the search.
  if (!options_.workDirectory.empty())
    (void)llvm::sys::fs::remove_directories(options_.workDirectory +
                                            "/reference-cache");
  if (result_.stopReason.empty())
    result_.stopReason = noGpu_ ? "no GPU: foundry-run found no CUDA driver"
                         : stop_ && stop_() ? "interrupted"
                                            : "budget spent";
  else if (distributed() && stop_ && stop_() &&
           !llvm::StringRef(result_.stopReason).contains("interrupted"))
    // Interrupted while rank 0 waited for the other ranks (a launcher
    // stopping the job).
    result_.stopReason += ", then interrupted";
  return result_;
}

FailureOr<SearchResult> mlir::foundry::searchCpu(
    ModuleOp module, llvm::StringRef kernelName, const SearchOptions &options,
    ExperienceLibrary *library, const std::function<bool()> &stop) {
  Search search(module, kernelName, options, library, stop);
  return search.run();
}
