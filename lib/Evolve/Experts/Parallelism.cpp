//===- Parallelism.cpp - The parallelism expert --------------------------===//
//
// One of the four built-in experts: see parallelismExpert() in Experts.h.
//
//===----------------------------------------------------------------------===//

#include "Experts/Experts.h"
#include "Schedule/Builders.h"

#include "foundry/Transforms/Passes.h"

#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::foundry;

/// The parent's schedule with ptxas asked for one more block per SM than
/// its registers allowed (foundry-launch-bounds{min-blocks=N}), when the
/// parent's diagnosed occupancy was bound by registers, its schedule bounds
/// nothing yet and N blocks of its threads fit the 2048 of an SM; else "".
/// On the H200, 2026-12-04: a softmax over 4096 rows of 393216 in 16-block
/// clusters of 1024 threads, 64 registers and one block per SM, took 6.32
/// ms; with two blocks per SM (32 registers, by the same directive edited
/// into the PTX) 5.23 ms.
static std::string withMoreBlocksPerSm(const ExpertRequest &request) {
  const Diagnosis *d = request.diagnosis;
  if (!d || request.parent.empty() || d->occupancy.limiter != "registers" ||
      d->threadsPerBlock <= 0 ||
      llvm::StringRef(request.parent).contains("foundry-launch-bounds"))
    return "";
  int64_t blocks = d->occupancy.blocksPerSm + 1;
  if (blocks * d->threadsPerBlock > kMaxThreadsPerSm)
    return "";
  return request.parent +
         ",foundry-launch-bounds{min-blocks=" + std::to_string(blocks) + "}";
}

/// Parallelism: block tiles only (grid shape vs the machine); mutation
/// re-draws the block tile, smaller when the parent's grid left SMs idle,
/// larger when it was launch-bound. After a parent whose registers bound
/// its occupancy, one time in two, the parent with one more block per SM.
Expert mlir::foundry::parallelismExpert() {
  return {"parallelism", [](const ExpertRequest &request, std::mt19937 &rng) {
            const KernelShape &shape = request.shape;
            if (shape.numParallel() == 0)
              return std::string();
            if (std::string bounded = withMoreBlocksPerSm(request);
                !bounded.empty() && rng() % 2)
              return bounded;
            // A GEMM needs a register tile to be worth timing: parallelism
            // picks its grid through the block tile of a GEMM schedule, or
            // splits its reduction when its tiles are too few for the SMs.
            if (shape.gemm) {
              if (rng() % 2)
                if (std::string splitK = splitKSchedule(shape, rng);
                    !splitK.empty())
                  return splitK;
              return gemmSchedule(shape, rng, false, false,
                                  parentIs(request, "latency") ? 4 : 8);
            }
            std::vector<int64_t> outer = {1, 2, 4, 8, 16, 32},
                                 inner = {16, 32, 64, 128, 256};
            if (parentIs(request, "latency"))
              outer = {1, 2, 4}, inner = {16, 32, 64};
            else if (parentIs(request, "launch"))
              outer = {8, 16, 32}, inner = {128, 256};
            return tileRootBlocks(shape, blockSizes(shape, outer, inner, rng));
          }};
}
