//===- Pad.cpp - Zero-padding of contractions, reading through pads -------===//
//
// foundry-pad: upstream linalg::rewriteAsPaddedOp on the contractions of
// kernels, so that block, warp and k tiles divide them.
// foundry-fold-pad: consumers of a tensor.pad read its source instead.
//
//===----------------------------------------------------------------------===//

#include "foundry/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::foundry {
#define GEN_PASS_DEF_FOUNDRYFOLDPADPASS
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

/// The largest value of `expr` over dimensions d in [0, extents[d]), when
/// every part of it is a dimension, a non-negative constant, a sum, a
/// product by a constant, or a floordiv or mod by a positive constant, and
/// no part exceeds INT32_MAX; std::nullopt otherwise.
static std::optional<int64_t> boundIn32Bits(AffineExpr expr,
                                            ArrayRef<int64_t> extents) {
  constexpr int64_t kMax = std::numeric_limits<int32_t>::max();
  std::optional<int64_t> bound;
  if (auto dim = dyn_cast<AffineDimExpr>(expr)) {
    bound = extents[dim.getPosition()] - 1;
  } else if (auto constant = dyn_cast<AffineConstantExpr>(expr)) {
    if (constant.getValue() >= 0)
      bound = constant.getValue();
  } else if (auto binary = dyn_cast<AffineBinaryOpExpr>(expr)) {
    std::optional<int64_t> lhs = boundIn32Bits(binary.getLHS(), extents),
                           rhs = boundIn32Bits(binary.getRHS(), extents);
    if (!lhs || !rhs)
      return std::nullopt;
    switch (expr.getKind()) {
    case AffineExprKind::Add:
      bound = *lhs + *rhs;
      break;
    case AffineExprKind::Mul:
      if (*lhs == 0 || *rhs <= kMax / *lhs)
        bound = *lhs * *rhs;
      break;
    case AffineExprKind::FloorDiv:
      if (isa<AffineConstantExpr>(binary.getRHS()) && *rhs > 0)
        bound = *lhs / *rhs;
      break;
    case AffineExprKind::Mod:
      if (isa<AffineConstantExpr>(binary.getRHS()) && *rhs > 0)
        bound = std::min(*lhs, *rhs - 1);
      break;
    default:
      break;
    }
  }
  if (!bound || *bound > kMax)
    return std::nullopt;
  return bound;
}

/// `expr` (one boundIn32Bits takes) over `dims` (i32 values), in unsigned
/// i32 arithmetic: its values are never negative, so floordiv and mod are
/// divui and remui, without the sign fix-ups of an affine.apply's signed
/// lowering, and 32-bit instead of the index type's 64.
static Value expandIn32Bits(OpBuilder &b, Location l, AffineExpr expr,
                            ArrayRef<Value> dims) {
  if (auto dim = dyn_cast<AffineDimExpr>(expr))
    return dims[dim.getPosition()];
  if (auto constant = dyn_cast<AffineConstantExpr>(expr))
    return arith::ConstantIntOp::create(b, l, constant.getValue(), 32);
  auto binary = cast<AffineBinaryOpExpr>(expr);
  Value lhs = expandIn32Bits(b, l, binary.getLHS(), dims),
        rhs = expandIn32Bits(b, l, binary.getRHS(), dims);
  switch (expr.getKind()) {
  case AffineExprKind::Add:
    return arith::AddIOp::create(b, l, lhs, rhs);
  case AffineExprKind::Mul:
    return arith::MulIOp::create(b, l, lhs, rhs);
  case AffineExprKind::FloorDiv:
    return arith::DivUIOp::create(b, l, lhs, rhs);
  default:
    return arith::RemUIOp::create(b, l, lhs, rhs);
  }
}

FailureOr<linalg::GenericOp> mlir::foundry::rewriteAsGather(
    RewriterBase &rewriter, linalg::GenericOp producer, RankedTensorType type,
    function_ref<Value(OpBuilder &, Location)> padValue) {
  if (producer->getNumResults() != 1 || !producer.hasPureTensorSemantics() ||
      producer.getNumParallelLoops() != producer.getNumLoops() ||
      !producer.getMatchingIndexingMap(producer.getDpsInitOperand(0))
           .isIdentity() ||
      producer.payloadUsesValueFromOperand(producer.getDpsInitOperand(0)) ||
      !type.hasStaticShape() ||
      type.getRank() != static_cast<int64_t>(producer.getNumLoops()))
    return failure();
  // Indices are clamped where the body reads them, at its top level.
  if (producer.getRegion()
          .walk([&](linalg::IndexOp index) {
            return index->getParentOp() == producer ? WalkResult::advance()
                                                    : WalkResult::interrupt();
          })
          .wasInterrupted())
    return failure();
  for (OpOperand *input : producer.getDpsInputOperands())
    if (!isa<RankedTensorType>(input->get().getType()))
      return failure();
  SmallVector<int64_t> extent = producer.getStaticLoopRanges();
  if (ShapedType::isDynamicShape(extent))
    return failure();
  int64_t rank = type.getRank();
  for (int64_t d = 0; d < rank; ++d)
    if (type.getDimSize(d) < extent[d])
      return failure();
  Location loc = producer.getLoc();

  Value empty = tensor::EmptyOp::create(rewriter, loc, type.getShape(),
                                        type.getElementType());
  SmallVector<AffineMap> maps = {rewriter.getMultiDimIdentityMap(rank)};
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  Block &body = producer.getRegion().front();
  return linalg::GenericOp::create(
      rewriter, loc, TypeRange{type}, ValueRange(), ValueRange{empty}, maps,
      iterators, [&](OpBuilder &b, Location l, ValueRange) {
        SmallVector<Value> clamped;
        Value inRange;
        for (int64_t d = 0; d < rank; ++d) {
          Value index = linalg::IndexOp::create(b, l, d);
          if (type.getDimSize(d) == extent[d]) {
            clamped.push_back(index);
            continue;
          }
          Value bound = arith::ConstantIndexOp::create(b, l, extent[d]);
          Value last = arith::ConstantIndexOp::create(b, l, extent[d] - 1);
          clamped.push_back(arith::MinUIOp::create(b, l, index, last));
          Value inside = arith::CmpIOp::create(
              b, l, arith::CmpIPredicate::ult, index, bound);
          inRange = inRange ? arith::AndIOp::create(b, l, inRange, inside)
                                  .getResult()
                            : inside;
        }
        IRMapping mapping;
        // The clamped indices as i32, made once where an index needs them.
        SmallVector<Value> clamped32;
        for (OpOperand *input : producer.getDpsInputOperands()) {
          AffineMap map = producer.getMatchingIndexingMap(input);
          SmallVector<Value> indices;
          for (AffineExpr expr : map.getResults()) {
            if (auto dim = dyn_cast<AffineDimExpr>(expr)) {
              indices.push_back(clamped[dim.getPosition()]);
              continue;
            }
            if (boundIn32Bits(expr, extent)) {
              if (clamped32.empty())
                for (Value index : clamped)
                  clamped32.push_back(arith::IndexCastUIOp::create(
                      b, l, b.getI32Type(), index));
              indices.push_back(arith::IndexCastUIOp::create(
                  b, l, b.getIndexType(),
                  expandIn32Bits(b, l, expr, clamped32)));
              continue;
            }
            indices.push_back(affine::AffineApplyOp::create(
                b, l, AffineMap::get(rank, 0, expr), clamped));
          }
          mapping.map(producer.getMatchingBlockArgument(input),
                      tensor::ExtractOp::create(b, l, input->get(), indices));
        }
        for (Operation &op : body.without_terminator()) {
          if (auto index = dyn_cast<linalg::IndexOp>(op)) {
            mapping.map(index.getResult(), clamped[index.getDim()]);
            continue;
          }
          b.clone(op, mapping);
        }
        Value value =
            mapping.lookupOrDefault(body.getTerminator()->getOperand(0));
        if (inRange)
          value = arith::SelectOp::create(b, l, inRange, value, padValue(b, l));
        linalg::YieldOp::create(b, l, value);
      });
}

/// Folds `pad` (zero low padding, static high padding, a constant padding
/// value) of the only result of an all-parallel linalg.generic that does
/// not read its init (an im2col tensor, an elementwise producer) into that
/// producer (rewriteAsGather over the padded shape): the padded operand is
/// then written once, instead of computed, zero-filled and copied (three
/// passes over it). Returns failure, changing nothing, for other pads.
static LogicalResult foldPadIntoProducer(RewriterBase &rewriter,
                                         tensor::PadOp pad) {
  auto producer = pad.getSource().getDefiningOp<linalg::GenericOp>();
  Value padValue = pad.getConstantPaddingValue();
  if (!producer || !padValue || !producer->hasOneUse() ||
      !llvm::all_of(pad.getStaticLow(), [](int64_t l) { return l == 0; }) ||
      ShapedType::isDynamicShape(pad.getStaticHigh()))
    return failure();
  rewriter.setInsertionPoint(pad);
  FailureOr<linalg::GenericOp> padded =
      rewriteAsGather(rewriter, producer, pad.getResultType(),
                      [&](OpBuilder &b, Location) -> Value {
                        // A constant yielded inside the pad's region moves with
                        // it.
                        if (Operation *def = padValue.getDefiningOp();
                            def && pad->isAncestor(def))
                          return b.clone(*def)->getResult(0);
                        return padValue;
                      });
  if (failed(padded))
    return failure();
  rewriter.replaceOp(pad, padded->getResult(0));
  rewriter.eraseOp(producer);
  return success();
}

/// True when `pad` has static low and high padding (non-negative), a
/// constant padding value and a static source, and each user reads it as an
/// input of a linalg op on tensors outside any scf.forall.
static bool isFoldablePad(tensor::PadOp pad) {
  auto nonNegative = [](ArrayRef<int64_t> values) {
    return llvm::all_of(values, [](int64_t v) { return v >= 0; });
  };
  if (!pad.getConstantPaddingValue() || !pad.getSourceType().hasStaticShape() ||
      !nonNegative(pad.getStaticLow()) || !nonNegative(pad.getStaticHigh()) ||
      pad->use_empty())
    return false;
  for (OpOperand &use : pad->getUses()) {
    auto consumer = dyn_cast<linalg::LinalgOp>(use.getOwner());
    if (!consumer || !consumer.hasPureTensorSemantics() ||
        !consumer.isDpsInput(&use) ||
        consumer->getParentOfType<scf::ForallOp>() ||
        consumer->getNumRegions() != 1 || consumer->getRegion(0).empty())
      return false;
  }
  return true;
}

SmallVector<Operation *> mlir::foundry::foldablePads(Operation *root) {
  SmallVector<Operation *> pads;
  root->walk([&](tensor::PadOp pad) {
    if (pad->getParentOfType<KernelOp>() && isFoldablePad(pad))
      pads.push_back(pad);
  });
  return pads;
}

/// Rewrites `consumer` (a generic reading `pad`, which isFoldablePad
/// accepted, among its inputs) as a generic without those inputs: its body
/// reads the pad's source with tensor.extract at the operand's indices
/// minus the low padding, where an unsigned compare per padded dimension
/// says they are inside the source, and takes the padding value elsewhere.
static void readThroughPad(RewriterBase &rewriter, linalg::GenericOp consumer,
                           tensor::PadOp pad) {
  Value padded = pad.getResult();
  SmallVector<Value> inputs;
  SmallVector<AffineMap> maps;
  for (OpOperand *input : consumer.getDpsInputOperands())
    if (input->get() != padded) {
      inputs.push_back(input->get());
      maps.push_back(consumer.getMatchingIndexingMap(input));
    }
  for (OpOperand &init : consumer.getDpsInitsMutable())
    maps.push_back(consumer.getMatchingIndexingMap(&init));
  ArrayRef<int64_t> low = pad.getStaticLow(), high = pad.getStaticHigh();
  ArrayRef<int64_t> sourceShape = pad.getSourceType().getShape();
  Value padValue = pad.getConstantPaddingValue();
  unsigned loops = consumer.getNumLoops();
  Block &body = consumer.getRegion().front();
  rewriter.setInsertionPoint(consumer);
  auto generic = linalg::GenericOp::create(
      rewriter, consumer.getLoc(), consumer->getResultTypes(), inputs,
      consumer.getDpsInits(), maps, consumer.getIteratorTypesArray(),
      [&](OpBuilder &b, Location l, ValueRange args) {
        IRMapping mapping;
        unsigned next = 0;
        for (OpOperand *input : consumer.getDpsInputOperands()) {
          BlockArgument arg = consumer.getMatchingBlockArgument(input);
          if (input->get() != padded) {
            mapping.map(arg, args[next++]);
            continue;
          }
          AffineMap map = consumer.getMatchingIndexingMap(input);
          SmallVector<Value> dims;
          for (unsigned d = 0; d < loops; ++d)
            dims.push_back(linalg::IndexOp::create(b, l, d));
          SmallVector<Value> indices;
          Value inside;
          Value zero = arith::ConstantIndexOp::create(b, l, 0);
          for (auto [d, expr] : llvm::enumerate(map.getResults())) {
            AffineExpr shifted = expr - low[d];
            Value index =
                isa<AffineDimExpr>(shifted)
                    ? dims[cast<AffineDimExpr>(shifted).getPosition()]
                    : affine::AffineApplyOp::create(
                          b, l, AffineMap::get(loops, 0, shifted), dims)
                          .getResult();
            if (low[d] == 0 && high[d] == 0) {
              indices.push_back(index);
              continue;
            }
            // Below the low padding the index wraps to a large unsigned
            // value: one compare checks both ends.
            Value extent = arith::ConstantIndexOp::create(b, l, sourceShape[d]);
            Value ok = arith::CmpIOp::create(b, l, arith::CmpIPredicate::ult,
                                             index, extent);
            inside = inside
                         ? arith::AndIOp::create(b, l, inside, ok).getResult()
                         : ok;
            indices.push_back(arith::SelectOp::create(b, l, ok, index, zero));
          }
          Value value =
              tensor::ExtractOp::create(b, l, pad.getSource(), indices);
          if (inside) {
            Value fill = padValue;
            if (Operation *def = padValue.getDefiningOp();
                def && pad->isAncestor(def))
              fill = b.clone(*def)->getResult(0);
            value = arith::SelectOp::create(b, l, inside, value, fill);
          }
          mapping.map(arg, value);
        }
        for (OpOperand &init : consumer.getDpsInitsMutable())
          mapping.map(consumer.getMatchingBlockArgument(&init), args[next++]);
        for (Operation &op : body)
          b.clone(op, mapping);
      });
  rewriter.replaceOp(consumer, generic->getResults());
}

/// Folds `pad` (isFoldablePad) into all its consumers (named ops
/// generalized first) and erases it.
static void foldPadIntoConsumers(RewriterBase &rewriter, tensor::PadOp pad) {
  SmallVector<Operation *> consumers(pad->getUsers());
  llvm::sort(consumers);
  consumers.erase(llvm::unique(consumers), consumers.end());
  for (Operation *op : consumers) {
    auto consumer = dyn_cast<linalg::GenericOp>(op);
    if (!consumer) {
      rewriter.setInsertionPoint(op);
      FailureOr<linalg::GenericOp> generic =
          linalg::generalizeNamedOp(rewriter, cast<linalg::LinalgOp>(op));
      if (failed(generic))
        continue; // Left reading the pad.
      consumer = *generic;
    }
    readThroughPad(rewriter, consumer, pad);
  }
  if (pad->use_empty())
    rewriter.eraseOp(pad);
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
    for (tensor::PadOp pad : padOps)
      (void)foldPadIntoProducer(rewriter, pad);
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

namespace mlir::foundry {
namespace {
struct FoundryFoldPadPass final
    : impl::FoundryFoldPadPassBase<FoundryFoldPadPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<Operation *> pads = foldablePads(getOperation());
    if (pads.empty()) {
      getOperation().emitError()
          << "foundry-fold-pad: no tensor.pad to fold (one with static "
             "padding, a constant padding value and only linalg ops reading "
             "it, outside block tiles)";
      return signalPassFailure();
    }
    IRRewriter rewriter(&getContext());
    for (Operation *pad : pads)
      foldPadIntoConsumers(rewriter, cast<tensor::PadOp>(pad));
  }
};
} // namespace
} // namespace mlir::foundry
