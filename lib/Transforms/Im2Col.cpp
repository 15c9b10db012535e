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
/// takes only 2-D convolutions. Fails on dynamic shapes and on dilations
/// other than 1, which upstream im2col refuses.
static FailureOr<linalg::Conv2DNchwFchwOp>
liftToConv2D(RewriterBase &rewriter, linalg::Conv1DNcwFcwOp conv) {
  if (!conv.hasPureTensorSemantics() || conv.hasDynamicShape() ||
      !llvm::all_of(conv.getDilations().getValues<APInt>(),
                    [](const APInt &d) { return d == 1; }))
    return failure();
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
        if (isa<linalg::Conv2DNchwFchwOp, linalg::Conv2DNhwcHwcfOp,
                linalg::Conv2DNhwcFhwcOp, linalg::Conv1DNcwFcwOp>(op) &&
            !op->getParentOfType<scf::ForallOp>())
          convs.push_back(op);
      });
    });
    IRRewriter rewriter(&getContext());
    bool failedAny = false;
    for (Operation *op : convs) {
      if (auto conv1d = dyn_cast<linalg::Conv1DNcwFcwOp>(op)) {
        FailureOr<linalg::Conv2DNchwFchwOp> lifted =
            liftToConv2D(rewriter, conv1d);
        if (failed(lifted)) {
          conv1d.emitOpError()
              << kPass << ": the upstream im2col rewrite does not apply "
                          "(it needs static shapes, tensor semantics and unit "
                          "dilations)";
          failedAny = true;
          continue;
        }
        op = *lifted;
      }
      rewriter.setInsertionPoint(op);
      FailureOr<std::pair<Operation *, Operation *>> rewritten =
          TypeSwitch<Operation *,
                     FailureOr<std::pair<Operation *, Operation *>>>(op)
              .Case<linalg::Conv2DNchwFchwOp, linalg::Conv2DNhwcHwcfOp,
                    linalg::Conv2DNhwcFhwcOp>([&](auto conv) {
                return linalg::rewriteInIm2Col(rewriter, conv);
              })
              .Default([](Operation *) { return failure(); });
      if (failed(rewritten)) {
        op->emitOpError()
            << kPass
            << ": the upstream im2col rewrite does not apply (it needs "
               "static shapes, tensor semantics and unit dilations)";
        failedAny = true;
      }
    }
    if (failedAny)
      signalPassFailure();
  }
};
} // namespace
} // namespace mlir::foundry
