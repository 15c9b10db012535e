//===- Im2Col.cpp - Convolutions as GEMMs over an im2col tensor -----------===//
//
// foundry-im2col: upstream linalg::rewriteInIm2Col on the 2-D convolutions
// of kernels, and on their 1-D NCW convolutions lifted to 2-D; the same
// rewrite, built here, for 3-D NCDHW convolutions, which upstream lacks.
//
//===----------------------------------------------------------------------===//

#include "foundry/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
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
             linalg::Conv2DNhwcFhwcOp, linalg::Conv1DNcwFcwOp,
             linalg::Conv3DNcdhwFcdhwOp>(op);
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

/// The im2col copy `im2col` (an all-parallel generic reading the input at
/// a map with floordiv and mod) rewritten to read it with tensor.extract
/// (rewriteAsGather), so that tiling can slice and fuse it: the gather is
/// then computed per tile of the GEMM (foundry-tile-blocks{fuse=elementwise},
/// an implicit GEMM) or, unfused, once as its own kernel as before. Returns
/// the im2col tensor.
static Value rewriteIm2ColAsGather(RewriterBase &rewriter, Operation *im2col) {
  auto generic = cast<linalg::GenericOp>(im2col);
  rewriter.setInsertionPoint(generic);
  FailureOr<linalg::GenericOp> gather = rewriteAsGather(
      rewriter, generic, cast<RankedTensorType>(generic->getResultTypes()[0]),
      [](OpBuilder &, Location) { return Value(); });
  if (failed(gather))
    return generic->getResult(0);
  Operation *init = generic.getDpsInits()[0].getDefiningOp();
  rewriter.replaceOp(generic, gather->getResults());
  if (init && isa<tensor::EmptyOp>(init) && init->use_empty())
    rewriter.eraseOp(init);
  return gather->getResult(0);
}

/// A 3-D convolution in NCDHW/FCDHW (`conv`, one isIm2ColConvolution
/// takes) as upstream's 2-D NCHW im2col rewrite builds it, one spatial
/// dimension more: the im2col tensor col[n, k, p] (K = C*KD*KH*KW,
/// P = OD*OH*OW; k and p delinearized by floordiv/mod in an affine map, so
/// the copy is a plain all-parallel generic), the filter collapsed to
/// [F, K], the output to [N, F, P], and a batched contraction over k
/// (loops n, f, p, k), expanded back to [N, F, OD, OH, OW].
static Value rewriteConv3DInIm2Col(RewriterBase &rewriter,
                                   linalg::Conv3DNcdhwFcdhwOp conv) {
  Location loc = conv.getLoc();
  rewriter.setInsertionPoint(conv);
  Value input = conv.getInputs()[0], filter = conv.getInputs()[1],
        init = conv.getOutputs()[0];
  auto filterType = cast<RankedTensorType>(filter.getType());
  auto outType = cast<RankedTensorType>(init.getType());
  ArrayRef<int64_t> fs = filterType.getShape(), os = outType.getShape();
  int64_t n = os[0], c = fs[1], kd = fs[2], kh = fs[3], kw = fs[4], od = os[2],
          oh = os[3], ow = os[4];
  int64_t k = c * kd * kh * kw, p = od * oh * ow;
  SmallVector<int64_t> strides = llvm::map_to_vector(
      conv.getStrides().getValues<int64_t>(), [](int64_t v) { return v; });
  MLIRContext *ctx = rewriter.getContext();
  Type element = outType.getElementType();

  // col[n, k, p] = input[n, c, od*sd + kd, oh*sh + kh, ow*sw + kw].
  AffineExpr dn = getAffineDimExpr(0, ctx), dk = getAffineDimExpr(1, ctx),
             dp = getAffineDimExpr(2, ctx);
  AffineMap inputMap =
      AffineMap::get(3, 0,
                     {dn, dk.floorDiv(kd * kh * kw),
                      dp.floorDiv(oh * ow) * strides[0] +
                          (dk % (kd * kh * kw)).floorDiv(kh * kw),
                      (dp % (oh * ow)).floorDiv(ow) * strides[1] +
                          (dk % (kh * kw)).floorDiv(kw),
                      (dp % ow) * strides[2] + dk % kw},
                     ctx);
  auto colType = RankedTensorType::get({n, k, p}, element);
  Value colInit =
      tensor::EmptyOp::create(rewriter, loc, colType.getShape(), element);
  SmallVector<utils::IteratorType> parallel3(3, utils::IteratorType::parallel);
  Value col =
      linalg::GenericOp::create(
          rewriter, loc, colType, ValueRange{input}, ValueRange{colInit},
          ArrayRef<AffineMap>{inputMap, rewriter.getMultiDimIdentityMap(3)},
          parallel3,
          [](OpBuilder &b, Location l, ValueRange args) {
            linalg::YieldOp::create(b, l, args[0]);
          })
          .getResult(0);
  col = rewriteIm2ColAsGather(rewriter, col.getDefiningOp());

  Value filterMatrix = tensor::CollapseShapeOp::create(
      rewriter, loc, filter,
      SmallVector<ReassociationIndices>{{0}, {1, 2, 3, 4}});
  SmallVector<ReassociationIndices> outGroups = {{0}, {1}, {2, 3, 4}};
  Value outMatrix =
      tensor::CollapseShapeOp::create(rewriter, loc, init, outGroups);

  // out[n, f, p] += filter[f, k] * col[n, k, p], loops (n, f, p, k).
  AffineExpr gn = getAffineDimExpr(0, ctx), gf = getAffineDimExpr(1, ctx),
             gp = getAffineDimExpr(2, ctx), gk = getAffineDimExpr(3, ctx);
  SmallVector<AffineMap> gemmMaps = {AffineMap::get(4, 0, {gf, gk}, ctx),
                                     AffineMap::get(4, 0, {gn, gk, gp}, ctx),
                                     AffineMap::get(4, 0, {gn, gf, gp}, ctx)};
  SmallVector<utils::IteratorType> gemmIterators = {
      utils::IteratorType::parallel, utils::IteratorType::parallel,
      utils::IteratorType::parallel, utils::IteratorType::reduction};
  Value gemm =
      linalg::GenericOp::create(
          rewriter, loc, outMatrix.getType(), ValueRange{filterMatrix, col},
          ValueRange{outMatrix}, gemmMaps, gemmIterators,
          [](OpBuilder &b, Location l, ValueRange args) {
            Value product = arith::MulFOp::create(b, l, args[0], args[1]);
            Value sum = arith::AddFOp::create(b, l, product, args[2]);
            linalg::YieldOp::create(b, l, sum);
          })
          .getResult(0);
  Value result =
      tensor::ExpandShapeOp::create(rewriter, loc, outType, gemm, outGroups);
  rewriter.replaceOp(conv, result);
  return result;
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
      if (auto conv3d = dyn_cast<linalg::Conv3DNcdhwFcdhwOp>(op)) {
        if (!isa<FloatType>(cast<ShapedType>(conv3d.getResultTypes()[0])
                                .getElementType())) {
          op->emitOpError() << kPass
                            << ": 3-D convolutions are rewritten for floating-"
                               "point elements only";
          failedAny = true;
          continue;
        }
        rewriteConv3DInIm2Col(rewriter, conv3d);
        continue;
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
        refuse(op);
        continue;
      }
      rewriteIm2ColAsGather(rewriter, rewritten->first);
    }
    if (failedAny)
      signalPassFailure();
  }
};
} // namespace
} // namespace mlir::foundry
