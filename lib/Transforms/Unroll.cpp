//===- Unroll.cpp - Unrolling of innermost loops -------------------------===//
//
// foundry-unroll: upstream loopUnrollByFactor on the innermost scf.for loops
// of kernels.
//
//===----------------------------------------------------------------------===//

#include "foundry/Transforms/Passes.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"

namespace mlir::foundry {
#define GEN_PASS_DEF_FOUNDRYUNROLLPASS
#include "foundry/Transforms/Passes.h.inc"
} // namespace mlir::foundry

using namespace mlir;
using namespace mlir::foundry;

namespace mlir::foundry {
namespace {
struct FoundryUnrollPass final
    : impl::FoundryUnrollPassBase<FoundryUnrollPass> {
  using Base::Base;

  void runOnOperation() override {
    if (factor < 1 || factor > 32) {
      getOperation().emitError()
          << "foundry-unroll: factor must be 1 to 32, got "
          << static_cast<int64_t>(factor);
      return signalPassFailure();
    }
    if (factor == 1)
      return;
    SmallVector<scf::ForOp> innermost;
    getOperation()->walk([&](KernelOp kernel) {
      kernel.walk([&](scf::ForOp loop) {
        if (loop.getBody()
                ->walk([](scf::ForOp) { return WalkResult::interrupt(); })
                .wasInterrupted() ||
            // Warp tiles are foundry-mma's (lowered to mma.sync).
            isInsideForall(loop, isWarpLevelForall) ||
            // The k-loop around warpgroup tiles is the wgmma lowering's,
            // which pipelines it itself: unrolled, its shared tiles
            // doubled past the limit or its k-steps came out wrong (every
            // such candidate of the 2026-12-02 KernelBench runs failed).
            isInsideForall(loop, isWarpgroupLevelForall) ||
            loop.getBody()
                ->walk([](scf::ForallOp forall) {
                  return isWarpgroupLevelForall(forall)
                             ? WalkResult::interrupt()
                             : WalkResult::advance();
                })
                .wasInterrupted())
          return;
        innermost.push_back(loop);
      });
    });
    for (scf::ForOp loop : innermost)
      if (failed(loopUnrollByFactor(loop, factor)))
        loop.emitRemark("foundry-unroll: loop left as it is");
  }
};
} // namespace
} // namespace mlir::foundry
