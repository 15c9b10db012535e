//===- Pad.cpp - Zero-padding of contractions to tile multiples -----------===//
//
// foundry-pad: upstream linalg::rewriteAsPaddedOp on the contractions of
// kernels, so that block, warp and k tiles divide them.
//
//===----------------------------------------------------------------------===//

#include "foundry/Transforms/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::foundry {
#define GEN_PASS_DEF_FOUNDRYPADPASS
#include "foundry/Transforms/Passes.h.inc"
} // namespace mlir::foundry

using namespace mlir;
using namespace mlir::foundry;

SmallVector<Operation *>
mlir::foundry::kernelLevelContractions(Operation *root,
                                       unsigned minParallelLoops) {
  SmallVector<Operation *> contractions;
  root->walk([&](KernelOp kernel) {
    kernel.walk([&](linalg::LinalgOp op) {
      if (op.hasPureTensorSemantics() &&
          linalg::isaContractionOpInterface(op) &&
          op.getNumParallelLoops() >= minParallelLoops &&
          !op->getParentOfType<scf::ForallOp>())
        contractions.push_back(op);
    });
  });
  return contractions;
}

namespace mlir::foundry {
namespace {
constexpr StringLiteral kPass = "foundry-pad";
constexpr int64_t kMaxMultiple = 1024;

struct FoundryPadPass final : impl::FoundryPadPassBase<FoundryPadPass> {
  using Base::Base;

  /// Pads `op`; success without a change when every loop is a multiple
  /// already.
  LogicalResult pad(linalg::LinalgOp op) {
    FailureOr<linalg::ContractionDimensions> dims =
        linalg::inferContractionDims(op);
    if (failed(dims))
      return op.emitOpError()
             << kPass << ": no M, N and reduction loops to pad";
    SmallVector<int64_t> ranges = op.getStaticLoopRanges();
    SmallVector<int64_t> loops, to;
    auto add = [&](ArrayRef<unsigned> dimsOfKind,
                   int64_t multiple) -> LogicalResult {
      for (unsigned loop : dimsOfKind) {
        if (ShapedType::isDynamic(ranges[loop]))
          return op.emitOpError()
                 << kPass << ": loop " << loop << " has no static extent";
        if (multiple > 1 && ranges[loop] % multiple != 0) {
          loops.push_back(loop);
          to.push_back(multiple);
        }
      }
      return success();
    };
    // The innermost loop of each kind: the one a GEMM tile spans (a
    // batched or im2col contraction's batch loop is an N loop too, tiled 1).
    auto innermost = [](ArrayRef<unsigned> loops) {
      return loops.empty() ? ArrayRef<unsigned>() : loops.take_back();
    };
    if (failed(add(innermost(dims->m), m)) ||
        failed(add(innermost(dims->n), n)) ||
        failed(add(innermost(dims->k), k)))
      return failure();
    if (loops.empty())
      return success();
    SmallVector<Attribute> zeros;
    for (OpOperand &operand : op->getOpOperands()) {
      Type element = getElementTypeOrSelf(operand.get().getType());
      if (!isa<FloatType, IntegerType>(element))
        return op.emitOpError()
               << kPass << ": operand #" << operand.getOperandNumber()
               << " has no zero of its element type " << element;
      zeros.push_back(OpBuilder(op).getZeroAttr(element));
    }
    linalg::LinalgPaddingOptions options;
    options.setPaddingDimensions(loops)
        .setPadToMultipleOf(to)
        .setPaddingValues(zeros);
    options.copyBackOp = linalg::LinalgPaddingOptions::CopyBackOp::None;
    IRRewriter rewriter(op.getContext());
    rewriter.setInsertionPoint(op);
    linalg::LinalgOp padded;
    SmallVector<Value> replacements;
    SmallVector<tensor::PadOp> padOps;
    if (failed(linalg::rewriteAsPaddedOp(rewriter, op, options, padded,
                                         replacements, padOps)))
      return op.emitOpError() << kPass << ": padding failed";
    rewriter.replaceOp(op, replacements);
    return success();
  }

  void runOnOperation() override {
    for (auto [name, multiple] :
         {std::pair{"m", int64_t(m)}, {"n", int64_t(n)}, {"k", int64_t(k)}})
      if (multiple < 0 || multiple > kMaxMultiple) {
        getOperation().emitError()
            << kPass << ": " << name << " must be 0 to " << kMaxMultiple
            << ", got " << multiple;
        return signalPassFailure();
      }
    bool failedAny = false;
    for (Operation *op : kernelLevelContractions(getOperation(), 0))
      failedAny |= failed(pad(cast<linalg::LinalgOp>(op)));
    if (failedAny)
      return signalPassFailure();
    // A padded accumulator that was a fill becomes a fill of the padded
    // shape (no copy), upstream's FoldFillWithPad.
    MLIRContext *ctx = &getContext();
    RewritePatternSet patterns(ctx);
    linalg::FillOp::getCanonicalizationPatterns(patterns, ctx);
    tensor::PadOp::getCanonicalizationPatterns(patterns, ctx);
    FrozenRewritePatternSet frozen(std::move(patterns));
    getOperation()->walk([&](KernelOp kernel) {
      (void)applyPatternsGreedily(kernel, frozen);
    });
  }
};
} // namespace
} // namespace mlir::foundry
