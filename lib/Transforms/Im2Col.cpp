//===- Im2Col.cpp - Convolutions as GEMMs over an im2col tensor -----------===//
//
// foundry-im2col: upstream linalg::rewriteInIm2Col on the 2-D convolutions
// of kernels, and on their 1-D NCW convolutions lifted to 2-D.
//
//===----------------------------------------------------------------------===//

#include "foundry/Transforms/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::foundry {
#define GEN_PASS_DEF_FOUNDRYIM2COLPASS
#include "foundry/Transforms/Passes.h.inc"
} // namespace mlir::foundry

using namespace mlir;
using namespace mlir::foundry;

bool mlir::foundry::isIm2ColKind(Operation *op) {
  return isa<linalg::Conv2DNchwFchwOp, linalg::Conv2DNhwcHwcfOp,
             linalg::Conv2DNhwcFhwcOp, linalg::Conv1DNcwFcwOp>(op);
}

bool mlir::foundry::isIm2ColConvolution(Operation *op) {
  auto conv = dyn_cast<linalg::LinalgOp>(op);
  if (!conv || !isIm2ColKind(op) || !conv.hasPureTensorSemantics() ||
      conv.hasDynamicShape())
    return false;
  auto dilations = op->getAttrOfType<DenseIntElementsAttr>("dilations");
  return !dilations || llvm::all_of(dilations.getValues<APInt>(),
                                    [](const APInt &d) { return d == 1; });
}

namespace mlir::foundry {
namespace {
constexpr StringLiteral kPass = "foundry-im2col";

/// `value` (rank 3: N, C, W) with a unit dimension inserted before its last
/// one (N, C, 1, W).
static Value insertUnitRow(RewriterBase &rewriter, Location loc,
                           Value value) {
  auto type = cast<RankedTensorType>(value.getType());
  ArrayRef<int64_t> shape = type.getShape();
  auto expanded = RankedTensorType::get({shape[0], shape[1], 1, shape[2]},
                                        type.getElementType());
  SmallVector<ReassociationIndices> groups = {{0}, {1}, {2, 3}};
  return tensor::ExpandShapeOp::create(rewriter, loc, expanded, value, groups);
}

/// A 1-D convolution in NCW/FCW as the 2-D one of a single image row
/// (NCHW/FCHW, H = KH = 1), whose result is reshaped back: upstream im2col
/// takes only 2-D convolutions. `conv` is one isIm2ColConvolution takes.
static linalg::Conv2DNchwFchwOp liftToConv2D(RewriterBase &rewriter,
                                             linalg::Conv1DNcwFcwOp conv) {
  Location loc = conv.getLoc();
  rewriter.setInsertionPoint(conv);
  Value input = insertUnitRow(rewriter, loc, conv.getInputs()[0]);
  Value filter = insertUnitRow(rewriter, loc, conv.getInputs()[1]);
  Value init = insertUnitRow(rewriter, loc, conv.getOutputs()[0]);
  auto widen = [&](DenseIntElementsAttr attr) {
    SmallVector<int64_t> values = {1};
    for (const APInt &value : attr.getValues<APInt>())
      values.push_back(value.getSExtValue());
    return rewriter.getI64TensorAttr(values);
  };
  auto conv2d = linalg::Conv2DNchwFchwOp::create(
      rewriter, loc, TypeRange{init.getType()}, ValueRange{input, filter},
      ValueRange{init}, widen(conv.getStrides()), widen(conv.getDilations()));
  SmallVector<ReassociationIndices> groups = {{0}, {1}, {2, 3}};
  Value result = tensor::CollapseShapeOp::create(
      rewriter, loc, conv.getResultTypes()[0], conv2d.getResult(0), groups);
  rewriter.replaceOp(conv, result);
  return conv2d;
}

struct FoundryIm2ColPass final
    : impl::FoundryIm2ColPassBase<FoundryIm2ColPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<Operation *> convs;
    getOperation()->walk([&](KernelOp kernel) {
      kernel.walk([&](Operation *op) {
        if (isIm2ColKind(op) && !op->getParentOfType<scf::ForallOp>())
          convs.push_back(op);
      });
    });
    IRRewriter rewriter(&getContext());
    bool failedAny = false;
    auto refuse = [&](Operation *op) {
      op->emitOpError()
          << kPass
          << ": the upstream im2col rewrite does not apply (it needs "
             "static shapes, tensor semantics and unit dilations)";
      failedAny = true;
    };
    for (Operation *op : convs) {
      if (!isIm2ColConvolution(op)) {
        refuse(op);
        continue;
      }
      if (auto conv1d = dyn_cast<linalg::Conv1DNcwFcwOp>(op))
        op = liftToConv2D(rewriter, conv1d);
      rewriter.setInsertionPoint(op);
      FailureOr<std::pair<Operation *, Operation *>> rewritten =
          TypeSwitch<Operation *,
                     FailureOr<std::pair<Operation *, Operation *>>>(op)
              .Case<linalg::Conv2DNchwFchwOp, linalg::Conv2DNhwcHwcfOp,
                    linalg::Conv2DNhwcFhwcOp>([&](auto conv) {
                return linalg::rewriteInIm2Col(rewriter, conv);
              })
              .Default([](Operation *) { return failure(); });
      if (failed(rewritten))
        refuse(op);
    }
    if (failedAny)
      signalPassFailure();
  }
};
} // namespace
} // namespace mlir::foundry
