//===- LaunchBounds.cpp - Blocks per SM and register caps for ptxas -------===//
//
// foundry-launch-bounds: CUDA's __launch_bounds__ minimum blocks per SM and
// __maxnreg__ as attributes of a kernel, which the GPU tail declares on its
// gpu.func ops (foundry-merge-gpu-modules).
//
//===----------------------------------------------------------------------===//

#include "foundry/Transforms/Passes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::foundry {
#define GEN_PASS_DEF_FOUNDRYLAUNCHBOUNDSPASS
#include "foundry/Transforms/Passes.h.inc"

namespace {
struct FoundryLaunchBoundsPass final
    : impl::FoundryLaunchBoundsPassBase<FoundryLaunchBoundsPass> {
  using Base::Base;

  void runOnOperation() override {
    if (minBlocks < 0 || minBlocks > kMaxBlocksPerSm) {
      getOperation().emitError()
          << "foundry-launch-bounds: min-blocks must be 0 (no bound) to "
          << kMaxBlocksPerSm << " (blocks an sm_90 SM holds), got "
          << static_cast<int64_t>(minBlocks);
      return signalPassFailure();
    }
    if (maxRegisters != 0 &&
        (maxRegisters < kFewestRegisters || maxRegisters > kMostRegisters)) {
      getOperation().emitError()
          << "foundry-launch-bounds: max-registers must be 0 (no cap) or "
          << kFewestRegisters << " to " << kMostRegisters << ", got "
          << static_cast<int64_t>(maxRegisters);
      return signalPassFailure();
    }
    Builder builder(&getContext());
    getOperation().walk([&](KernelOp kernel) {
      if (minBlocks > 0)
        kernel->setAttr(kMinBlocksPerSmAttr,
                        builder.getI32IntegerAttr(minBlocks));
      if (maxRegisters > 0)
        kernel->setAttr(kMaxRegistersAttr,
                        builder.getI32IntegerAttr(maxRegisters));
    });
  }

  /// Registers a thread addresses at most, and the fewest a cap may leave.
  static constexpr int64_t kMostRegisters = 255, kFewestRegisters = 16;
};
} // namespace
} // namespace mlir::foundry
