//===- LowerWarpReductions.cpp - gpu.subgroup_reduce to shuffles ---------===//
//
// foundry-lower-warp-reductions: the warp reductions that
// foundry-reduce-threads{shuffle=true} leaves become butterflies of
// gpu.shuffle (upstream patterns), before the GPU-to-NVVM conversion.
//
//===----------------------------------------------------------------------===//

#include "foundry/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::foundry {
#define GEN_PASS_DEF_FOUNDRYLOWERWARPREDUCTIONSPASS
#include "foundry/Transforms/Passes.h.inc"
} // namespace mlir::foundry

using namespace mlir;
using namespace mlir::foundry;

namespace mlir::foundry {
namespace {
struct FoundryLowerWarpReductionsPass final
    : impl::FoundryLowerWarpReductionsPassBase<
          FoundryLowerWarpReductionsPass> {
  using Base::Base;

  void runOnOperation() override {
    // Only what foundry-reduce-threads makes: scalar reductions over the
    // whole warp. Upstream's vector patterns crash on some types
    // (vector<1xf32>, vector<2xf16>), and clustered reductions take other
    // patterns.
    WalkResult unsupported =
        getOperation()->walk([&](gpu::SubgroupReduceOp op) {
          if (isa<VectorType>(op.getType()) || op.getClusterSize()) {
            op.emitOpError("foundry-lower-warp-reductions: only scalar "
                           "reductions over a whole warp are lowered, not ")
                << (op.getClusterSize() ? "clustered ones" : "vectors");
            return WalkResult::interrupt();
          }
          return WalkResult::advance();
        });
    if (unsupported.wasInterrupted())
      return signalPassFailure();
    RewritePatternSet patterns(&getContext());
    populateGpuLowerSubgroupReduceToShufflePatterns(
        patterns, /*subgroupSize=*/kWarpSize, /*shuffleBitwidth=*/32);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
    // What the patterns cannot lower (wider than 32 bits) would fail later
    // in the NVVM conversion without saying why.
    getOperation()->walk([&](gpu::SubgroupReduceOp op) {
      op.emitOpError("foundry-lower-warp-reductions: only warp reductions of "
                     "values of at most 32 bits are lowered to shuffles");
      signalPassFailure();
    });
  }
};
} // namespace
} // namespace mlir::foundry
