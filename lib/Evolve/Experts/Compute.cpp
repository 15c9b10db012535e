//===- Compute.cpp - The compute expert ----------------------------------===//
//
// One of the four built-in experts: see computeExpert() in Experts.h.
//
//===----------------------------------------------------------------------===//

#include "Experts/Experts.h"
#include "Schedule/Builders.h"

#include "foundry/Transforms/Passes.h"

#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::foundry;

/// Compute: register tiles per thread, a k-loop for contractions,
/// vectorization and unrolling; after spills, small register tiles only.
Expert mlir::foundry::computeExpert() {
  return {
      "compute", [](const ExpertRequest &request, std::mt19937 &rng) {
        const KernelShape &shape = request.shape;
        if (shape.numParallel() == 0)
          return std::string();
        bool spilled = request.diagnosis && request.diagnosis->spillBytes > 0;
        if (shape.gemm)
          return gemmSchedule(shape, rng, false, shape.tensorCores && rng() % 2,
                              spilled ? 4 : 8);
        // A convolution as a GEMM (im2col), one time in two.
        if (shape.im2col && rng() % 2)
          return im2colSchedule(shape, rng);
        // A root reducing a short window into each output (a max-pool),
        // one time in two: 4 rows of the second-innermost parallel loop
        // per thread, the innermost one element per thread over 128
        // threads (neighbouring threads on neighbouring elements). On the
        // H200, 2026-12-03: a 1-D max-pool of window 8 over 64x192x65536
        // 2.33 ms so, 4.91 with the search's one output per thread; a 2-D
        // one of window 4x4 over 32x64x512x512 2.08 ms, 3.40 with one
        // output per thread.
        if (std::string pool = windowRowsPerThread(shape);
            !pool.empty() && rng() % 2)
          return pool;
        std::vector<int64_t> block;
        // Block sizes first: the thread tile depends on them.
        std::string blocks =
            blockSizes(shape, {4, 8, 16, 32}, {16, 32, 64}, rng, &block);
        std::string threads = threadSizes(block, rng, spilled ? 2 : 8);
        std::string schedule = tileRootBlocks(shape, blocks) +
                               ",foundry-tile-threads{sizes=" + threads + "}";
        // The root's own reduction loop (a contraction's k, a sum over a
        // middle dimension) in steps, so that each thread has several
        // independent loads in flight per step.
        if (llvm::is_contained(shape.parallel, false))
          schedule += ",foundry-tile-reduction{sizes=" +
                      std::to_string(pick<int64_t>({2, 4, 8}, rng)) + "}";
        schedule += ",foundry-vectorize";
        if (!spilled && rng() % 2)
          schedule += ",foundry-unroll{factor=" +
                      std::to_string(pick<int64_t>({2, 4}, rng)) + "}";
        return schedule;
      }};
}
