//===- ParallelBlocks.cpp - Block loops as scf.parallel on the CPU --------===//
//
// This file implements foundry-parallel-blocks: the outermost block loops of
// a scheduled kernel, lowered for the CPU, become scf.parallel loops that
// convert-scf-to-openmp spreads over the cores.
//
//===----------------------------------------------------------------------===//

#include "foundry/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::foundry {
#define GEN_PASS_DEF_FOUNDRYPARALLELBLOCKSPASS
#include "foundry/Transforms/Passes.h.inc"
} // namespace mlir::foundry

using namespace mlir;
using namespace mlir::foundry;

namespace {
struct ParallelBlocksPass
    : foundry::impl::FoundryParallelBlocksPassBase<ParallelBlocksPass> {
  void runOnOperation() override {
    SmallVector<scf::ForallOp> blocks;
    getOperation().walk([&](scf::ForallOp forall) {
      if (isBlockLevelForall(forall) &&
          !forall->getParentOfType<scf::ForallOp>())
        blocks.push_back(forall);
    });
    IRRewriter rewriter(&getContext());
    for (scf::ForallOp forall : blocks) {
      if (!forall.getOutputs().empty()) {
        forall.emitError("foundry-parallel-blocks: a block loop with "
                         "results (on tensors): bufferize first");
        return signalPassFailure();
      }
      rewriter.setInsertionPoint(forall);
      if (failed(scf::forallToParallelLoop(rewriter, forall))) {
        forall.emitError("foundry-parallel-blocks: the block loop does not "
                         "become an scf.parallel");
        return signalPassFailure();
      }
    }
  }
};
} // namespace
