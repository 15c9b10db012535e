//===- Reference.cpp - The schedules a kernel's structure imposes --------===//
//
// The schedule every candidate is checked against where the naive one is
// too slow to run (referenceScheduleFor), and the split every proposal
// starts with where the structure needs one first (withSplitFirst).
//
//===----------------------------------------------------------------------===//

#include "Schedule/Builders.h"

#include "foundry/Transforms/Passes.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"

#include <limits>

using namespace mlir;
using namespace mlir::foundry;

/// Multiply-adds above which a GEMM kernel's naive schedule (one thread
/// per output walking its K loop) is not run. On an H100 (2026-12-06,
/// bench/results/2026-12-06-h100-models-sample-b.md) it did 2.5e11 a second:
/// a gated MLP's 2 x 4096 x 11008 x 4096 took 1.45 s in fp32, and its
/// evaluation with the f64 reference 37 s of a 60 s budget. 2^37 (1.4e11,
/// about half a second) keeps 4096^3 GEMMs on the naive schedule, as the
/// KernelBench table measured them.
constexpr int64_t kMaxNaiveGemmMacs = int64_t{1} << 37;

/// The SIMT GEMM schedule that stands in for a too slow naive one: 64x64
/// block tiles of 4x4 register tiles per thread (256 threads), the k-loop
/// in steps of 8, no shared memory (any shape, no padding). "" when the
/// GEMM's multiply-adds are under kMaxNaiveGemmMacs.
static std::string gemmReference(const KernelShape &shape,
                                 std::string &reason) {
  if (!shape.gemm || shape.gemmM <= 0 || shape.gemmN <= 0 || shape.gemmK <= 0)
    return "";
  int64_t macs = shape.gemmM;
  if (llvm::MulOverflow(macs, shape.gemmN, macs) ||
      llvm::MulOverflow(macs, shape.gemmK, macs) ||
      llvm::MulOverflow(macs, std::max<int64_t>(shape.gemmContractions, 1),
                        macs))
    macs = std::numeric_limits<int64_t>::max();
  if (macs <= kMaxNaiveGemmMacs)
    return "";
  reason = "the naive schedule computes " +
           std::to_string(std::max<int64_t>(shape.gemmContractions, 1)) +
           " GEMM(s) of " + std::to_string(shape.gemmM) + "x" +
           std::to_string(shape.gemmN) + "x" + std::to_string(shape.gemmK) +
           " one output per thread (over 2^37 multiply-adds: seconds per "
           "launch); it is not timed";
  std::vector<std::string> blocks = fitGrid(
      shape, gemmLoopSizes(&shape, shape.numParallel(), "1", "64", "64"));
  std::vector<std::string> threads =
      gemmLoopSizes(&shape, shape.numParallel(), "0", "4", "4");
  return simtGemmBlocks("", blocks) + ",foundry-tile-threads{sizes=" +
         llvm::join(threads, ",") +
         "},foundry-tile-reduction{sizes=8},foundry-vectorize";
}

/// referenceScheduleFor without the structure's rewrite.
static std::string referenceSchedule(const KernelShape &shape,
                                     std::string &reason) {
  constexpr int64_t kMaxSerialIterations = int64_t{1} << 24;
  if (std::string gemm = gemmReference(shape, reason); !gemm.empty())
    return gemm;
  if (shape.scalarReduction.empty()) {
    if (shape.longReductionOutputs == 0)
      return "";
    reason = "the naive schedule reduces long rows (more than 2^22 "
             "elements, or 2^16 into fewer outputs than the target has "
             "multiprocessors) into at most " +
             std::to_string(shape.longReductionOutputs) +
             " outputs, one thread each (up to seconds per launch); it is "
             "not timed";
    // The parts every proposal splits into (KernelShape::splitFirst): a
    // row of one long loop would otherwise be split into one part per
    // element.
    return shape.splitFirst.empty()
               ? "foundry-split-reduction{outputs=" +
                     std::to_string(shape.longReductionOutputs) + "}"
               : shape.splitFirst;
  }
  // The product of the extents; an unknown extent (0) or an overflow counts
  // as above the limit.
  int64_t iterations = 1;
  bool exact = true;
  for (int64_t extent : shape.scalarReduction)
    if (extent <= 0 || llvm::MulOverflow(iterations, extent, iterations)) {
      exact = false;
      iterations = kMaxSerialIterations + 1;
      break;
    }
  if (iterations <= kMaxSerialIterations && shape.longReductionOutputs == 0)
    return "";
  reason =
      "the naive schedule reduces " +
      (exact ? std::to_string(iterations) : std::string("more than 2^24")) +
      " elements on one thread (seconds per launch); it is not timed";
  if (shape.longReductionOutputs > 0)
    return "foundry-split-reduction{outputs=" +
           std::to_string(shape.longReductionOutputs) + "}";
  return "foundry-split-reduction";
}

/// The value of option `name` in a pass's text ("a{x=3 y=4}", "y" -> 4),
/// `missing` when it has none.
static int64_t optionValue(llvm::StringRef pass, llvm::StringRef name,
                           int64_t missing) {
  std::string key = (" " + name + "=").str();
  size_t open = pass.find('{');
  if (open == llvm::StringRef::npos)
    return missing;
  std::string options = (" " + pass.drop_front(open + 1)).str();
  size_t at = options.find(key);
  int64_t value;
  if (at == std::string::npos ||
      llvm::StringRef(options).drop_front(at + key.size()).consumeInteger(
          10, value))
    return missing;
  return value;
}

/// `prefix` (a foundry-split-reduction) with its parts set to `parts`.
static std::string withParts(std::string prefix, int64_t parts) {
  constexpr llvm::StringLiteral kParts = "parts=";
  size_t at = prefix.find(kParts);
  while (at != std::string::npos && at > 0 && prefix[at - 1] != ' ' &&
         prefix[at - 1] != '{')
    at = prefix.find(kParts, at + 1);
  if (at == std::string::npos)
    return prefix;
  size_t begin = at + kParts.size();
  size_t end = prefix.find_first_not_of("0123456789", begin);
  return prefix.replace(begin, end - begin, std::to_string(parts));
}

/// The foundry-reduce-threads that splits each part of a row of one loop
/// (KernelShape::splitLoop), `parts` parts, over a block's threads: the
/// thread count of `schedule`'s own foundry-reduce-threads (which the
/// caller replaces) or drawn, always whole warps, so that the merge reads
/// one slot per warp when shuffled (each thread merges every slot
/// otherwise: an argmax's parts over 501 threads took 0.098 ms against
/// 0.034 over 32, H100, 2026-12-06, bench/results/
/// 2026-12-06-h100-models-sample-c). Interleaved (a warp reads consecutive
/// pieces) where the threads' pieces of its width, or of another, divide
/// the part, for which one time in two another of the analysis's part
/// counts may be taken; else in contiguous chunks (the best an argmax's
/// parts had, the same sample). `parts` may change.
static std::string partThreads(const KernelShape &shape,
                               llvm::StringRef existing, int64_t &parts,
                               std::mt19937 &rng) {
  int64_t threads = optionValue(existing, "threads", 0);
  if (threads <= 0 || threads % kWarpSize != 0)
    threads = pick<int64_t>({32, 64, 128, 256}, rng);
  int64_t width = optionValue(existing, "interleave", 0);
  if (width <= 0)
    width = pickPieceWidth(rng);
  auto divides = [&](int64_t p, int64_t w) {
    return p > 0 && shape.splitLoop % p == 0 &&
           (shape.splitLoop / p) % (threads * w) == 0;
  };
  if (!divides(parts, width)) {
    std::vector<int64_t> counts = shape.splitPartsChoices;
    counts.push_back(parts);
    counts.push_back(optionValue(shape.splitFirst, "parts", 0));
    std::vector<std::pair<int64_t, int64_t>> fitting;
    for (int64_t w : {width, int64_t{4}, int64_t{2}, int64_t{1}})
      for (int64_t p : counts)
        if (divides(p, w))
          fitting.emplace_back(p, w);
    if (!fitting.empty() && rng() % 2)
      std::tie(parts, width) = pick(fitting, rng);
    else
      width = 0;
  }
  return reduceThreads(shape, threads, width, shape.splitLoop / parts, rng);
}

std::string mlir::foundry::withSplitFirst(const KernelShape &shape,
                                          std::string schedule,
                                          std::mt19937 &rng) {
  if (shape.splitFirst.empty() || schedule.empty() ||
      schedule.find("foundry-split-reduction") != std::string::npos)
    return schedule;
  int64_t parts = optionValue(shape.splitFirst, "parts", 0);
  if (!shape.splitPartsChoices.empty() && rng() % 2)
    parts = pick(shape.splitPartsChoices, rng);
  // Each part of a row of one loop reduced over the threads of its block,
  // sized for the part rather than for the whole row the schedule's own
  // foundry-reduce-threads (if any) was drawn for; it stays where it was,
  // else it comes right after the split.
  if (shape.splitLoop > 0 && parts > 0) {
    llvm::SmallVector<llvm::StringRef> passes = topLevelPasses(schedule);
    auto own = llvm::find_if(passes, [](llvm::StringRef pass) {
      return pass.starts_with("foundry-reduce-threads");
    });
    std::string threads = partThreads(
        shape, own == passes.end() ? llvm::StringRef() : *own, parts, rng);
    std::vector<std::string> rebuilt;
    if (own == passes.end())
      rebuilt.push_back(threads);
    for (auto *pass = passes.begin(); pass != passes.end(); ++pass)
      rebuilt.push_back(pass == own ? threads : pass->str());
    schedule = llvm::join(rebuilt, ",");
  }
  std::string prefix = withParts(shape.splitFirst, parts);
  if (shape.splitVariance && rng() % 2) {
    prefix.insert(prefix.size() - 1, " welford=true");
    size_t reduce = schedule.find("foundry-reduce-threads{");
    if (reduce != std::string::npos) {
      constexpr llvm::StringLiteral kOff = "welford=false";
      size_t close = schedule.find('}', reduce);
      llvm::StringRef options = llvm::StringRef(schedule).slice(reduce, close);
      if (size_t off = options.find(kOff); off != llvm::StringRef::npos)
        schedule.replace(reduce + off, kOff.size(), "welford=true");
      else if (!options.contains("welford=true"))
        schedule.insert(close, " welford=true");
    }
  }
  return prefix + "," + schedule;
}

std::string mlir::foundry::referenceScheduleFor(const KernelShape &shape,
                                                std::string &reason) {
  std::string schedule = referenceSchedule(shape, reason);
  // The structure the schedule was drawn for is the rewritten kernel's (an
  // argmax's two reductions: the same indices for inputs without NaN).
  if (!schedule.empty() && !shape.rewriteFirst.empty())
    schedule = shape.rewriteFirst + "," + schedule;
  return schedule;
}
