//===- Reference.cpp - The schedules a kernel's structure imposes --------===//
//
// The schedule every candidate is checked against where the naive one is
// too slow to run (referenceScheduleFor), and the split every proposal
// starts with where the structure needs one first (withSplitFirst).
//
//===----------------------------------------------------------------------===//

#include "Schedule/Builders.h"

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

std::string mlir::foundry::withSplitFirst(const KernelShape &shape,
                                          std::string schedule,
                                          std::mt19937 &rng) {
  if (shape.splitFirst.empty() || schedule.empty() ||
      schedule.find("foundry-split-reduction") != std::string::npos)
    return schedule;
  std::string prefix = shape.splitFirst;
  if (!shape.splitPartsChoices.empty() && rng() % 2) {
    llvm::StringRef text(prefix);
    size_t at = text.find(" parts=");
    if (at != llvm::StringRef::npos) {
      size_t begin = at + llvm::StringRef(" parts=").size();
      size_t end = text.find_first_not_of("0123456789", begin);
      prefix.replace(begin, end - begin,
                     std::to_string(pick(shape.splitPartsChoices, rng)));
    }
  }
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
