//===- Vectorize.cpp - Vectorization of thread tiles ---------------------===//
//
// foundry-vectorize: the upstream linalg vectorizer on the statically shaped
// linalg ops of thread tiles, then contraction lowering to outer products.
//
//===----------------------------------------------------------------------===//

#include "foundry/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"

namespace mlir::foundry {
#define GEN_PASS_DEF_FOUNDRYVECTORIZEPASS
#include "foundry/Transforms/Passes.h.inc"
} // namespace mlir::foundry

using namespace mlir;
using namespace mlir::foundry;

void mlir::foundry::widenContractionOperands(Operation *scope) {
  scope->walk([](vector::ContractionOp contract) {
    auto accType = dyn_cast<VectorType>(contract.getAccType());
    if (!accType || !isa<FloatType>(accType.getElementType()))
      return;
    auto acc = cast<FloatType>(accType.getElementType());
    OpBuilder builder(contract);
    for (OpOperand *operand :
         {&contract.getLhsMutable(), &contract.getRhsMutable()}) {
      auto type = cast<VectorType>(operand->get().getType());
      auto element = dyn_cast<FloatType>(type.getElementType());
      if (!element || element == acc || element.getWidth() >= acc.getWidth())
        continue;
      operand->set(arith::ExtFOp::create(builder, contract.getLoc(),
                                         type.clone(acc), operand->get()));
    }
  });
}

void mlir::foundry::populateVectorToOneDimPatterns(
    RewritePatternSet &patterns) {
  vector::populateVectorContractLoweringPatterns(
      patterns, vector::VectorContractLowering::OuterProduct);
  vector::populateVectorOuterProductLoweringPatterns(patterns);
  vector::populateVectorMultiReductionLoweringPatterns(
      patterns, vector::VectorMultiReductionLowering::InnerParallel);
  vector::populateVectorBroadcastLoweringPatterns(patterns);
  vector::populateVectorTransposeLoweringPatterns(
      patterns, vector::VectorTransposeLowering::EltWise);
  vector::populateVectorShapeCastLoweringPatterns(patterns);
  vector::populateVectorTransferLoweringPatterns(patterns,
                                                 /*maxTransferRank=*/1);
  vector::populateVectorTransferPermutationMapLoweringPatterns(patterns);
}

namespace mlir::foundry {
namespace {
struct FoundryVectorizePass final
    : impl::FoundryVectorizePassBase<FoundryVectorizePass> {
  using Base::Base;

  void runOnOperation() override {
    if (maxElements < 1) {
      getOperation().emitError()
          << "foundry-vectorize: max-elements must be positive, got "
          << static_cast<int64_t>(maxElements);
      return signalPassFailure();
    }
    SmallVector<linalg::LinalgOp> targets;
    getOperation()->walk([&](KernelOp kernel) {
      kernel.walk([&](linalg::LinalgOp op) {
        if (!isInsideForall(op, isThreadLevelForall) ||
            !op.hasPureTensorSemantics() || op.hasDynamicShape())
          return;
        int64_t points = 1;
        for (int64_t extent : op.getStaticLoopRanges()) {
          points *= extent;
          if (points > maxElements)
            return;
        }
        if (succeeded(linalg::vectorizeOpPrecondition(op)))
          targets.push_back(op);
      });
    });
    IRRewriter rewriter(&getContext());
    for (linalg::LinalgOp op : targets) {
      rewriter.setInsertionPoint(op);
      FailureOr<linalg::VectorizationResult> result =
          linalg::vectorize(rewriter, op, /*inputVectorSizes=*/{},
                            /*inputScalableVecDims=*/{},
                            /*vectorizeNDExtract=*/false,
                            /*flatten1DDepthwiseConv=*/false,
                            /*assumeDynamicDimsMatchVecSizes=*/false,
                            /*createNamedContraction=*/true);
      if (failed(result))
        continue; // Correct as it is; vectorization is an optimization.
      rewriter.replaceOp(op, result->replacements);
    }

    // Everything below touches thread tiles only: the contractions
    // foundry-mma leaves for the tensor cores must stay whole.
    SmallVector<scf::ForallOp> threadTiles;
    getOperation()->walk([&](scf::ForallOp forall) {
      if (isThreadLevelForall(forall))
        threadTiles.push_back(forall);
    });
    // A thread's bf16 or f16 products accumulated in f32 (a SIMT tile of
    // a mixed-precision matmul): the lowering to outer-product FMAs takes
    // one element type.
    for (scf::ForallOp forall : threadTiles)
      widenContractionOperands(forall);
    RewritePatternSet patterns(&getContext());
    vector::populateVectorContractLoweringPatterns(
        patterns, vector::VectorContractLowering::OuterProduct);
    vector::populateVectorTransferPermutationMapLoweringPatterns(patterns);
    vector::populateVectorReductionToContractPatterns(patterns);
    vector::populateSinkVectorOpsPatterns(patterns);
    vector::TransferReadOp::getCanonicalizationPatterns(patterns,
                                                        &getContext());
    vector::TransferWriteOp::getCanonicalizationPatterns(patterns,
                                                         &getContext());
    FrozenRewritePatternSet contractions(std::move(patterns));
    for (scf::ForallOp forall : threadTiles)
      if (failed(applyPatternsGreedily(forall, contractions)))
        forall.emitWarning(
            "foundry-vectorize: vector lowering did not converge");

    // Keep accumulators in registers across k-loops: a transfer_read and
    // transfer_write of the same tile of a loop-carried tensor become a
    // loop-carried vector (upstream subset hoisting).
    SmallVector<scf::ForOp> loops;
    for (scf::ForallOp forall : threadTiles)
      forall.walk([&](scf::ForOp loop) { loops.push_back(loop); });
    for (scf::ForOp loop : loops) {
      rewriter.setInsertionPoint(loop);
      (void)hoistLoopInvariantSubsets(rewriter, loop);
    }

    // n-D vectors to 1-D ones, which the LLVM lowering of the GPU tail takes:
    // FMAs by outer product, transfers of one row at a time (a row of 4
    // contiguous f32 is one 16-byte access).
    RewritePatternSet lowering(&getContext());
    populateVectorToOneDimPatterns(lowering);
    FrozenRewritePatternSet frozen(std::move(lowering));
    for (scf::ForallOp forall : threadTiles)
      if (failed(applyPatternsGreedily(forall, frozen)))
        forall.emitWarning(
            "foundry-vectorize: vector lowering did not converge");
  }
};
} // namespace
} // namespace mlir::foundry
