//===- SplitReduction.cpp - Reductions to a scalar over GPU blocks -------===//
//
// foundry-split-reduction: a kernel whose result is a scalar (a loss, a
// global sum) has no parallel loop to tile to blocks. Its reduction to the
// scalar is rewritten into partial results along its outermost reduction
// loop, tiled one part per block (foundry::tileToBlocks, the upstream
// TilingInterface with producer fusion), and a final reduction of the parts,
// which runs with the ops after it in a block of its own. With `outputs`,
// generic reductions into a few elements (per-channel statistics; named ops
// such as linalg.matvec are not split)
// are split the same way, their final reductions tiled one output per block.
//
//===----------------------------------------------------------------------===//

#include "foundry/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/TilingInterface.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::foundry {
#define GEN_PASS_DEF_FOUNDRYSPLITREDUCTIONPASS
#include "foundry/Transforms/Passes.h.inc"
} // namespace mlir::foundry

using namespace mlir;
using namespace mlir::foundry;

namespace {

constexpr StringLiteral kPass = "foundry-split-reduction";

bool isRankZeroTensor(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  return tensor && tensor.getRank() == 0;
}

} // namespace

bool mlir::foundry::isSplittableReduction(Operation &op, int64_t maxOutputs) {
  auto generic = dyn_cast<linalg::GenericOp>(op);
  if (!generic || !generic.hasPureTensorSemantics() ||
      generic.getNumDpsInits() != 1 || generic.getNumReductionLoops() == 0)
    return false;
  auto type = dyn_cast<RankedTensorType>(generic.getResult(0).getType());
  if (!type || !type.hasStaticShape())
    return false;
  if (type.getRank() == 0)
    return generic.getNumParallelLoops() == 0;
  return maxOutputs > 1 && type.getNumElements() <= maxOutputs;
}

namespace {

/// The combiner of a reduction body: the one op that takes the running value
/// (the init block argument) and yields the new one, e.g. `arith.addf %acc,
/// %x`. Null when the body has another shape.
Operation *findCombiner(linalg::GenericOp op) {
  BlockArgument running = op.getRegionOutputArgs().front();
  auto yield = cast<linalg::YieldOp>(op.getBody()->getTerminator());
  Operation *combiner = yield.getOperand(0).getDefiningOp();
  if (!combiner || combiner->getBlock() != op.getBody() ||
      combiner->getNumOperands() != 2 || combiner->getNumResults() != 1 ||
      !combiner->hasOneUse() || !running.hasOneUse() ||
      running.getUses().begin()->getOwner() != combiner)
    return nullptr;
  return combiner;
}

/// The inputs of `partial` reshaped to [.., parts, chunk, ..] that an
/// elementwise linalg.generic of the kernel computes (the exp(x - max) a
/// softmax sums) take that reshape above the generic, and up its chain of
/// elementwise producers (upstream reshape fusion by expansion, each op first
/// copied where it has other users): the partial reduction's block tiles can
/// then fuse the chain, instead of reading it from a kernel of its own.
void expandProducers(RewriterBase &rewriter, linalg::GenericOp partial) {
  Operation *kernel = partial->getParentOp();
  bool any = false;
  for (OpOperand *input : partial.getDpsInputOperands()) {
    auto expand = input->get().getDefiningOp<tensor::ExpandShapeOp>();
    if (!expand || !expand.getSrc().getDefiningOp<linalg::GenericOp>())
      continue;
    privatizeProducers(rewriter, expand.getSrcMutable(), kernel);
    any = true;
  }
  if (!any)
    return;
  RewritePatternSet patterns(partial.getContext());
  linalg::populateFoldReshapeOpsByExpansionPatterns(
      patterns, [kernel](OpOperand *fused) {
        auto producer = fused->get().getDefiningOp<linalg::GenericOp>();
        return isa<tensor::ExpandShapeOp>(fused->getOwner()) && producer &&
               producer->getParentOp() == kernel &&
               producer.getNumLoops() == producer.getNumParallelLoops() &&
               fused->get().hasOneUse();
      });
  GreedyRewriteConfig config;
  config.enableFolding(false);
  (void)applyPatternsGreedily(kernel, std::move(patterns), config);
}

/// Rewrites the scalar reduction `op` into a partial reduction into
/// tensor<parts> (parallel over its outermost loop, split into `parts`
/// chunks) and a final reduction of the parts into the original init.
/// Returns the partial op; the final one replaces `op`.
FailureOr<linalg::GenericOp> splitIntoParts(RewriterBase &rewriter,
                                            linalg::GenericOp op,
                                            int64_t parts) {
  Operation *combiner = findCombiner(op);
  if (!combiner)
    return op.emitOpError()
           << kPass
           << ": the reduction's body is not one combiner of the running "
              "value and one other value";
  std::optional<TypedAttr> neutral = arith::getNeutralElement(combiner);
  if (!neutral)
    return op.emitOpError() << kPass << ": the combiner '"
                            << combiner->getName()
                            << "' has no neutral element";
  // The outermost reduction loop is split.
  SmallVector<utils::IteratorType> oldIterators = op.getIteratorTypesArray();
  unsigned dim = 0;
  while (oldIterators[dim] != utils::IteratorType::reduction)
    ++dim;
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  if (ShapedType::isDynamic(ranges[dim]))
    return op.emitOpError()
           << kPass << ": the outermost reduction loop has no static extent";
  int64_t extent = ranges[dim];
  int64_t count = parts == 0 ? extent : parts;
  // More parts than the outermost reduction loop has iterations (112 images
  // leave most of 132 SMs with one block): it is first merged with the
  // next reduction loop (upstream collapseOpIterationDims), when that loop
  // is contiguous with it in every operand and the parts divide both.
  if (count > extent && count % extent == 0 && dim + 1 < ranges.size() &&
      oldIterators[dim + 1] == utils::IteratorType::reduction &&
      !ShapedType::isDynamic(ranges[dim + 1]) &&
      (extent * ranges[dim + 1]) % count == 0) {
    SmallVector<ReassociationIndices> folded = {{dim, dim + 1}};
    rewriter.setInsertionPoint(op);
    // The upstream collapse assumes, and does not check, that the two
    // loops are contiguous in every operand (a transposed input, or one
    // indexed by the outer loop alone, is not).
    FailureOr<linalg::CollapseResult> collapsed = failure();
    if (areLoopsCollapsible(op.getIndexingMapsArray(), folded.front()))
      collapsed = linalg::collapseOpIterationDims(op, folded, rewriter);
    if (succeeded(collapsed)) {
      rewriter.replaceOp(op, collapsed->results);
      op = cast<linalg::GenericOp>(collapsed->collapsedOp.getOperation());
      oldIterators = op.getIteratorTypesArray();
      ranges = op.getStaticLoopRanges();
      extent = ranges[dim];
    }
  }
  if (count < 2)
    return op.emitOpError()
           << kPass << ": " << count
           << " part leaves nothing to split (the outermost reduction loop "
              "has extent "
           << extent << ")";
  if (count > extent || extent % count != 0)
    return op.emitOpError() << kPass << ": parts=" << count
                            << " must divide the outermost reduction loop's "
                               "extent "
                            << extent
                            << " (or, above it, be a multiple of it that "
                               "divides its product with the next "
                               "reduction loop's, the two loops contiguous "
                               "in every operand)";
  int64_t chunk = extent / count;

  MLIRContext *ctx = op.getContext();
  Location loc = op.getLoc();
  // Loop `dim` becomes the parallel loop over parts; with chunks, a new
  // reduction loop over each part's iterations comes last.
  unsigned numLoops = op.getNumLoops() + (chunk > 1 ? 1 : 0);
  AffineExpr part = getAffineDimExpr(dim, ctx);
  AffineExpr within = getAffineDimExpr(op.getNumLoops(), ctx);
  // With chunks, an operand indexed by the split loop has that dimension
  // expanded to [parts, chunk] (tensor.expand_shape), so that every loop
  // stays a dimension of some operand.
  rewriter.setInsertionPoint(op);
  SmallVector<Value> inputs;
  SmallVector<AffineMap> maps;
  for (OpOperand *input : op.getDpsInputOperands()) {
    AffineMap map = op.getMatchingIndexingMap(input);
    SmallVector<AffineExpr> results;
    SmallVector<ReassociationIndices> groups;
    SmallVector<int64_t> shape;
    auto type = cast<RankedTensorType>(input->get().getType());
    bool expanded = false;
    for (auto [index, expr] : llvm::enumerate(map.getResults())) {
      ReassociationIndices group = {static_cast<int64_t>(results.size())};
      if (chunk > 1 && expr == part) {
        results.push_back(part);
        results.push_back(within);
        group.push_back(group.front() + 1);
        shape.push_back(count);
        shape.push_back(chunk);
        expanded = true;
      } else if (chunk > 1 && expr.isFunctionOfDim(dim)) {
        std::string text;
        llvm::raw_string_ostream(text) << expr;
        return op.emitOpError()
               << kPass << ": operand #" << input->getOperandNumber()
               << " is indexed by " << text
               << "; with parts, the outermost reduction loop must index "
                  "operands directly";
      } else {
        results.push_back(expr);
        shape.push_back(type.getDimSize(index));
      }
      groups.push_back(group);
    }
    Value value = input->get();
    if (expanded)
      value = tensor::ExpandShapeOp::create(
          rewriter, loc, RankedTensorType::get(shape, type.getElementType()),
          value, groups);
    inputs.push_back(value);
    maps.push_back(AffineMap::get(numLoops, 0, results, ctx));
  }
  // The partial results: the op's output with the parts as a last
  // dimension.
  AffineMap outputMap = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  SmallVector<AffineExpr> outputExprs(outputMap.getResults());
  outputExprs.push_back(part);
  maps.push_back(AffineMap::get(numLoops, 0, outputExprs, ctx));
  SmallVector<utils::IteratorType> iterators = oldIterators;
  iterators[dim] = utils::IteratorType::parallel;
  if (chunk > 1)
    iterators.push_back(utils::IteratorType::reduction);

  auto resultType = cast<RankedTensorType>(op.getResult(0).getType());
  SmallVector<int64_t> partialShape(resultType.getShape());
  partialShape.push_back(count);
  Value empty = tensor::EmptyOp::create(rewriter, loc, partialShape,
                                        resultType.getElementType());
  Value identity = arith::ConstantOp::create(rewriter, loc, *neutral);
  Value init =
      linalg::FillOp::create(rewriter, loc, identity, empty).getResult(0);
  auto partial =
      linalg::GenericOp::create(rewriter, loc, TypeRange{init.getType()},
                                inputs, ValueRange{init}, maps, iterators);
  rewriter.cloneRegionBefore(op.getRegion(), partial.getRegion(),
                             partial.getRegion().begin());
  // The body's reads of the split loop's index (an argmax's first index)
  // become part * chunk + the index within the part; the other loops keep
  // their numbers (the new loop comes last).
  {
    OpBuilder::InsertionGuard guard(rewriter);
    if (chunk > 1)
      for (auto index : llvm::make_early_inc_range(
               partial.getBody()->getOps<linalg::IndexOp>())) {
        if (index.getDim() != dim)
          continue;
        rewriter.setInsertionPoint(index);
        Value outer = linalg::IndexOp::create(rewriter, loc, dim);
        Value inner = linalg::IndexOp::create(rewriter, loc, op.getNumLoops());
        Value scale = arith::ConstantIndexOp::create(rewriter, loc, chunk);
        Value scaled = arith::MulIOp::create(rewriter, loc, outer, scale);
        rewriter.replaceOp(index,
                           arith::AddIOp::create(rewriter, loc, scaled, inner));
      }
  }
  // Every loop must be a dimension of some operand for linalg to derive
  // the loop bounds (tiling asserts otherwise).
  if (!partial.getShapesToLoopsMap()) {
    rewriter.eraseOp(partial);
    return op.emitOpError() << kPass
                            << ": the partial reduction's loops cannot be "
                               "derived from its operands' shapes";
  }

  // Final: combine the parts (the last loop) into the original init, in the
  // same order of operands as the original combiner.
  unsigned rank = resultType.getRank();
  AffineMap identityMap = AffineMap::getMultiDimIdentityMap(rank + 1, ctx);
  AffineMap dropParts =
      AffineMap::getMultiDimIdentityMap(rank + 1, ctx)
          .getSubMap(llvm::to_vector(llvm::seq<unsigned>(0, rank)));
  SmallVector<utils::IteratorType> finalIterators(
      rank, utils::IteratorType::parallel);
  finalIterators.push_back(utils::IteratorType::reduction);
  BlockArgument running = op.getRegionOutputArgs().front();
  auto final = linalg::GenericOp::create(
      rewriter, loc, op.getResultTypes(), partial.getResult(0),
      op.getDpsInits(), ArrayRef<AffineMap>{identityMap, dropParts},
      finalIterators,
      [&](OpBuilder &builder, Location bodyLoc, ValueRange args) {
        IRMapping mapping;
        for (Value operand : combiner->getOperands())
          mapping.map(operand, operand == running ? args[1] : args[0]);
        Operation *combined = builder.clone(*combiner, mapping);
        linalg::YieldOp::create(builder, bodyLoc, combined->getResult(0));
      });
  rewriter.replaceOp(op, final.getResults());
  expandProducers(rewriter, partial);
  return partial;
}

/// The value a reduction's body combines with its running value (the
/// combiner's other operand); null when the body has another shape.
Value combinedTerm(linalg::GenericOp op) {
  Operation *combiner = findCombiner(op);
  if (!combiner)
    return Value();
  BlockArgument running = op.getRegionOutputArgs().front();
  return combiner->getOperand(0) == running ? combiner->getOperand(1)
                                            : combiner->getOperand(0);
}

/// Iterations of the reduction loops of `op`: the elements each of its
/// outputs combines (static ranges).
int64_t reducedElements(linalg::GenericOp op) {
  int64_t count = 1;
  for (auto [range, iterator] :
       llvm::zip(op.getStaticLoopRanges(), op.getIteratorTypesArray()))
    if (iterator == utils::IteratorType::reduction)
      count *= range;
  return count;
}

/// welford=true: `dev` sums the squared deviations from `match.shift` of the
/// terms that the sum split into `partialSum` adds. Builds, right after
/// `partialSum`, the parts' squared deviations from their own means,
/// Q_p = sum (v - S_p / n_p)^2 (reading the parts' sums S_p, over n_p
/// elements each), and replaces `dev` by its final reduction,
/// init + sum over p of Q_p + n_p (S_p / n_p - m)^2 (Chan, Golub and
/// LeVeque 1983), m computed by dev's body from its row inputs. Returns the
/// partial op.
FailureOr<linalg::GenericOp> splitVariance(RewriterBase &rewriter,
                                           linalg::GenericOp partialSum,
                                           linalg::GenericOp dev,
                                           VarianceOfSum match) {
  Value term = combinedTerm(partialSum);
  auto partType = cast<RankedTensorType>(partialSum.getResult(0).getType());
  Type elementType = partType.getElementType();
  if (!term || !isa<FloatType>(elementType))
    return dev.emitOpError()
           << kPass << ": welford=true needs a floating-point sum";
  MLIRContext *ctx = rewriter.getContext();
  Location loc = dev.getLoc();
  double count = static_cast<double>(reducedElements(partialSum));

  // The parts' squared deviations, in the parts' sums' loops.
  rewriter.setInsertionPointAfter(partialSum);
  Value zero = arith::ConstantOp::create(
      rewriter, loc, rewriter.getFloatAttr(elementType, 0.0));
  Value empty =
      tensor::EmptyOp::create(rewriter, loc, partType.getShape(), elementType);
  Value init = linalg::FillOp::create(rewriter, loc, zero, empty).getResult(0);
  SmallVector<Value> inputs(partialSum.getDpsInputs());
  inputs.push_back(partialSum.getResult(0));
  SmallVector<AffineMap> maps;
  for (OpOperand *input : partialSum.getDpsInputOperands())
    maps.push_back(partialSum.getMatchingIndexingMap(input));
  AffineMap partMap =
      partialSum.getMatchingIndexingMap(partialSum.getDpsInitOperand(0));
  maps.push_back(partMap);
  maps.push_back(partMap);
  Block *sumBody = partialSum.getBody();
  unsigned sumInputs = partialSum.getNumDpsInputs();
  auto deviations = linalg::GenericOp::create(
      rewriter, loc, TypeRange{partType}, inputs, ValueRange{init}, maps,
      partialSum.getIteratorTypesArray(),
      [&](OpBuilder &b, Location bodyLoc, ValueRange args) {
        IRMapping mapping;
        for (unsigned i = 0; i < sumInputs; ++i)
          mapping.map(sumBody->getArgument(i), args[i]);
        Value v = cloneSlice(b, sumBody, term, mapping);
        Value n = arith::ConstantOp::create(b, bodyLoc,
                                            b.getFloatAttr(elementType, count));
        Value mean = arith::DivFOp::create(b, bodyLoc, args[sumInputs], n);
        Value d = arith::SubFOp::create(b, bodyLoc, v, mean);
        Value square = arith::MulFOp::create(b, bodyLoc, d, d);
        linalg::YieldOp::create(
            b, bodyLoc,
            arith::AddFOp::create(b, bodyLoc, square, args.back()).getResult());
      });

  // The final reduction: over the parts (the last loop), into dev's init.
  rewriter.setInsertionPoint(dev);
  unsigned rank = partType.getRank() - 1;
  AffineMap identity = AffineMap::getMultiDimIdentityMap(rank + 1, ctx);
  AffineMap dropParts =
      identity.getSubMap(llvm::to_vector(llvm::seq<unsigned>(0, rank)));
  AffineMap devOutputMap = dev.getMatchingIndexingMap(dev.getDpsInitOperand(0));
  SmallVector<Value> finalInputs = {deviations.getResult(0),
                                    partialSum.getResult(0)};
  SmallVector<unsigned> rowInputs;
  for (OpOperand *input : dev.getDpsInputOperands())
    if (dev.getMatchingIndexingMap(input) == devOutputMap) {
      rowInputs.push_back(input->getOperandNumber());
      finalInputs.push_back(input->get());
    }
  SmallVector<AffineMap> finalMaps = {identity, identity};
  finalMaps.append(rowInputs.size() + 1, dropParts);
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  iterators.push_back(utils::IteratorType::reduction);
  Block *devBody = dev.getBody();
  auto final = linalg::GenericOp::create(
      rewriter, loc, dev.getResultTypes(), finalInputs, dev.getDpsInits(),
      finalMaps, iterators,
      [&](OpBuilder &b, Location bodyLoc, ValueRange args) {
        IRMapping mapping;
        for (auto [k, i] : llvm::enumerate(rowInputs))
          mapping.map(devBody->getArgument(i), args[2 + k]);
        Value m = cloneSlice(b, devBody, match.shift, mapping);
        Value n = arith::ConstantOp::create(b, bodyLoc,
                                            b.getFloatAttr(elementType, count));
        Value mean = arith::DivFOp::create(b, bodyLoc, args[1], n);
        Value d = arith::SubFOp::create(b, bodyLoc, mean, m);
        Value shifted = arith::MulFOp::create(
            b, bodyLoc, n, arith::MulFOp::create(b, bodyLoc, d, d));
        Value part = arith::AddFOp::create(b, bodyLoc, args[0], shifted);
        linalg::YieldOp::create(
            b, bodyLoc,
            arith::AddFOp::create(b, bodyLoc, args.back(), part).getResult());
      });
  rewriter.replaceOp(dev, final.getResults());
  return deviations;
}

/// The operand of `op` that `max` fills, when `value` (in op's body) is
/// exp(v - m), m the block argument of that operand, read only there.
OpOperand *shiftedExpOperand(linalg::GenericOp op, Value value, Value max) {
  auto e = value.getDefiningOp<math::ExpOp>();
  auto shift = e ? e.getOperand().getDefiningOp<arith::SubFOp>() : nullptr;
  auto m = shift ? dyn_cast<BlockArgument>(shift.getRhs()) : nullptr;
  if (!m || m.getOwner() != op.getBody() ||
      m.getArgNumber() >= op.getNumDpsInputs() || !m.hasOneUse())
    return nullptr;
  OpOperand *operand = op.getDpsInputOperand(m.getArgNumber());
  return operand->get() == max ? operand : nullptr;
}

/// online=true: where `sum` (a sum, acc = v + acc, or its reverse) adds
/// exp(x - m), m read from `max`: the op computing it and its operand
/// reading `max`. Either `sum` itself (a log-softmax's), or the elementwise
/// generic whose result `sum` adds as it is, its loops those of `sum` (both
/// read and write through identity maps) and, with `soleUser`, `sum` its
/// only user (a softmax's). std::nullopt otherwise. On the kernel before
/// the split, `max` is the row maximum; on the split one, its final
/// reduction over the parts.
std::optional<std::pair<linalg::GenericOp, OpOperand *>>
matchExpOfShift(linalg::GenericOp sum, Value max, bool soleUser) {
  Operation *combiner = findCombiner(sum);
  Value term = combinedTerm(sum);
  if (!combiner || !isa<arith::AddFOp>(combiner) || !term)
    return std::nullopt;
  if (OpOperand *operand = shiftedExpOperand(sum, term, max))
    return std::make_pair(sum, operand);
  auto arg = dyn_cast<BlockArgument>(term);
  if (!arg || arg.getOwner() != sum.getBody() ||
      arg.getArgNumber() >= sum.getNumDpsInputs())
    return std::nullopt;
  OpOperand *input = sum.getDpsInputOperand(arg.getArgNumber());
  auto exp = input->get().getDefiningOp<linalg::GenericOp>();
  if (!exp || (soleUser && !exp->hasOneUse()) || exp.getNumDpsInits() != 1 ||
      exp.getNumReductionLoops() != 0 ||
      exp.getNumLoops() != sum.getNumLoops() ||
      !sum.getMatchingIndexingMap(input).isIdentity() ||
      !exp.getMatchingIndexingMap(exp.getDpsInitOperand(0)).isIdentity())
    return std::nullopt;
  auto yield = cast<linalg::YieldOp>(exp.getBody()->getTerminator());
  if (OpOperand *operand = shiftedExpOperand(exp, yield.getOperand(0), max))
    return std::make_pair(exp, operand);
  return std::nullopt;
}

/// True for a row maximum: a reduction whose combiner is arith.maximumf or
/// arith.maxnumf.
bool isMaxReduction(linalg::GenericOp op) {
  Operation *combiner = findCombiner(op);
  return combiner && isa<arith::MaximumFOp, arith::MaxNumFOp>(combiner);
}

/// online=true: the split sum `partialSum` of exp(x - M), M the final
/// reduction of the parts' maxima `partialMax`, reads instead each part's
/// own maximum m_p, so that a block computes its part's maximum and its
/// sum s_p of exp(x - m_p) without the other parts'; its final reduction
/// becomes S = sum over p of s_p exp(m_p - M) (0 for a part whose m_p is
/// -inf), as online softmax merges (Milakov and Gimelshein 2018), M being
/// `finalMax`. `exp` and `operand` are what matchExpOfShift found (`exp`
/// may be `partialSum` itself). Returns the new final.
linalg::GenericOp pairWithPartMaxima(RewriterBase &rewriter,
                                     linalg::GenericOp partialSum,
                                     linalg::GenericOp partialMax,
                                     Value finalMax, linalg::GenericOp exp,
                                     OpOperand *operand) {
  MLIRContext *ctx = rewriter.getContext();
  AffineMap partMap =
      partialSum.getMatchingIndexingMap(partialSum.getDpsInitOperand(0));
  rewriter.modifyOpInPlace(exp, [&] {
    SmallVector<AffineMap> maps = exp.getIndexingMapsArray();
    maps[operand->getOperandNumber()] = partMap;
    exp.setIndexingMapsAttr(rewriter.getAffineMapArrayAttr(maps));
    operand->set(partialMax.getResult(0));
  });
  auto final =
      cast<linalg::GenericOp>(*partialSum->getResult(0).getUsers().begin());
  auto partType = cast<RankedTensorType>(partialSum.getResult(0).getType());
  Type elementType = partType.getElementType();
  unsigned rank = partType.getRank() - 1;
  AffineMap identity = AffineMap::getMultiDimIdentityMap(rank + 1, ctx);
  AffineMap dropParts =
      identity.getSubMap(llvm::to_vector(llvm::seq<unsigned>(0, rank)));
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  iterators.push_back(utils::IteratorType::reduction);
  rewriter.setInsertionPoint(final);
  auto merged = linalg::GenericOp::create(
      rewriter, final.getLoc(), final.getResultTypes(),
      ValueRange{partialSum.getResult(0), partialMax.getResult(0), finalMax},
      final.getDpsInits(),
      ArrayRef<AffineMap>{identity, identity, dropParts, dropParts}, iterators,
      [&](OpBuilder &b, Location loc, ValueRange args) {
        Value shift = arith::SubFOp::create(b, loc, args[1], args[2]);
        Value scale = math::ExpOp::create(b, loc, shift);
        Value scaled = arith::MulFOp::create(b, loc, args[0], scale);
        Value negInf = arith::ConstantOp::create(
            b, loc,
            b.getFloatAttr(elementType,
                           APFloat::getInf(
                               cast<FloatType>(elementType).getFloatSemantics(),
                               /*Negative=*/true)));
        Value empty = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ,
                                            args[1], negInf);
        Value zero =
            arith::ConstantOp::create(b, loc, b.getFloatAttr(elementType, 0.0));
        Value term = arith::SelectOp::create(b, loc, empty, zero, scaled);
        linalg::YieldOp::create(
            b, loc, arith::AddFOp::create(b, loc, term, args[3]).getResult());
      });
  rewriter.replaceOp(final, merged.getResults());
  // The parts' maxima will be yielded by the tile of their sums, where
  // partialSum is: M and what reads it before partialSum move after it.
  Operation *finalMaxOp = finalMax.getDefiningOp();
  llvm::SetVector<Operation *> moved;
  moved.insert(finalMaxOp);
  for (Operation *op = finalMaxOp->getNextNode(); op && op != partialSum;
       op = op->getNextNode()) {
    WalkResult reads = op->walk([&](Operation *nested) {
      for (Value value : nested->getOperands())
        if (moved.contains(value.getDefiningOp()))
          return WalkResult::interrupt();
      return WalkResult::advance();
    });
    if (reads.wasInterrupted())
      moved.insert(op);
  }
  Operation *after = partialSum;
  for (Operation *op : moved) {
    rewriter.moveOpAfter(op, after);
    after = op;
  }
  return merged;
}

/// Moves the final reduction `final` and the rank-0 ops computing the kernel's
/// result from it into an scf.forall of one block (#gpu.block<x>), so that
/// they run in one block on the GPU and foundry-reduce-threads can split the
/// final reduction over its threads.
LogicalResult wrapInOneBlock(RewriterBase &rewriter, KernelOp kernel,
                             linalg::GenericOp final) {
  Block &body = kernel.getBody().front();
  Operation *terminator = body.getTerminator();
  // The ops computing from the final reduction...
  llvm::SetVector<Operation *> tail;
  SmallVector<Operation *> worklist = {final};
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    if (!tail.insert(op))
      continue;
    for (Operation *user : op->getUsers())
      if (user != terminator && user->getBlock() == &body &&
          user->getNumResults() > 0 &&
          llvm::all_of(user->getResultTypes(), isRankZeroTensor))
        worklist.push_back(user);
  }
  // ...and the rank-0 tensors they alone use (their inits).
  for (bool changed = true; changed;) {
    changed = false;
    for (Operation &op : body) {
      if (tail.contains(&op) || op.getNumResults() == 0 ||
          !llvm::all_of(op.getResultTypes(), isRankZeroTensor) ||
          isa<scf::ForallOp>(op) ||
          !llvm::all_of(op.getUsers(), [&](Operation *user) {
            return tail.contains(user);
          }) ||
          op.use_empty())
        continue;
      tail.insert(&op);
      changed = true;
    }
  }
  Value result;
  for (Operation *op : tail)
    for (OpOperand &use : op->getUses()) {
      if (tail.contains(use.getOwner()))
        continue;
      if (result && result != use.get())
        return final.emitOpError()
               << kPass
               << ": more than one value computed from the scalar is used "
                  "by the rest of the kernel; they cannot be computed in a "
                  "block of their own";
      result = use.get();
    }
  auto root = result ? result.getDefiningOp<linalg::LinalgOp>()
                     : linalg::LinalgOp();
  if (!root || root->getNumResults() != 1 || root.getNumDpsInits() != 1)
    return final.emitOpError() << kPass
                               << ": the scalar result does not come out of "
                                  "a linalg op with one result";

  // Right after the result's producer: every op of the tail comes before it
  // (it uses them all), every other user of the result after it.
  Location loc = root.getLoc();
  rewriter.setInsertionPointAfter(root);
  auto type = cast<RankedTensorType>(result.getType());
  Value dest = tensor::EmptyOp::create(rewriter, loc, ArrayRef<int64_t>{},
                                         type.getElementType());
  auto forall = scf::ForallOp::create(
      rewriter, loc, ArrayRef<OpFoldResult>{rewriter.getIndexAttr(1)},
      ValueRange{dest},
      rewriter.getArrayAttr(
          {gpu::GPUBlockMappingAttr::get(kernel.getContext(),
                                         gpu::MappingId::DimX)}));
  forall->setAttr(kSplitReductionAttr, rewriter.getUnitAttr());
  Operation *inParallel = forall.getBody()->getTerminator();
  for (Operation &op : llvm::make_early_inc_range(body))
    if (tail.contains(&op))
      op.moveBefore(inParallel);
  // The root writes into the block's shared output: follow its init through
  // fills to the tensor.empty at the end and use the shared output there.
  OpOperand *init = root.getDpsInitOperand(0);
  while (auto fill = init->get().getDefiningOp<linalg::FillOp>())
    init = fill.getDpsInitOperand(0);
  BlockArgument shared = forall.getRegionIterArgs().front();
  if (auto empty = init->get().getDefiningOp<tensor::EmptyOp>()) {
    rewriter.modifyOpInPlace(init->getOwner(), [&] { init->set(shared); });
    if (empty->use_empty())
      rewriter.eraseOp(empty);
  }
  rewriter.setInsertionPointToStart(
      &cast<scf::InParallelOp>(inParallel).getRegion().front());
  tensor::ParallelInsertSliceOp::create(rewriter, loc, result, shared,
                                        ArrayRef<OpFoldResult>{},
                                        ArrayRef<OpFoldResult>{},
                                        ArrayRef<OpFoldResult>{});
  rewriter.replaceUsesWithIf(result, forall.getResult(0), [&](OpOperand &use) {
    return !forall->isAncestor(use.getOwner());
  });
  return success();
}

} // namespace

namespace mlir::foundry {
namespace {

struct FoundrySplitReductionPass final
    : impl::FoundrySplitReductionPassBase<FoundrySplitReductionPass> {
  using Base::Base;

  /// The parallel loop of `op` (not `partsLoop`) that `width` widens: the
  /// one indexing its first input's innermost (contiguous) dimension, else
  /// the one indexing its result's innermost dimension; none for a
  /// reduction along its inputs' contiguous dimension whose result is
  /// indexed by the parts last.
  static std::optional<unsigned> widenedLoop(linalg::GenericOp op,
                                             std::optional<unsigned> partsLoop) {
    auto innermostLoop = [&](OpOperand &operand) -> std::optional<unsigned> {
      AffineMap map = op.getMatchingIndexingMap(&operand);
      if (map.getNumResults() == 0)
        return std::nullopt;
      auto dim = dyn_cast<AffineDimExpr>(map.getResults().back());
      if (!dim || (partsLoop && dim.getPosition() == *partsLoop) ||
          op.getIteratorTypesArray()[dim.getPosition()] !=
              utils::IteratorType::parallel)
        return std::nullopt;
      return dim.getPosition();
    };
    if (op.getNumDpsInputs() > 0)
      if (std::optional<unsigned> loop =
              innermostLoop(*op.getDpsInputOperand(0)))
        return loop;
    return innermostLoop(*op.getDpsInitOperand(0));
  }

  /// Block tile sizes for the parallel loops of `op`: 1 along `partsLoop`
  /// (if any) and along the innermost other loops of extent above 1, three
  /// tiled loops at most (grid x, y, z); at least one loop is tiled. With
  /// `width` above 1, widenedLoop's loop takes `width` iterations (a column
  /// sum's block then reads `width` consecutive columns).
  LogicalResult blockSizes(linalg::GenericOp op,
                           std::optional<unsigned> partsLoop,
                           SmallVector<int64_t> &sizes) {
    SmallVector<int64_t> ranges = op.getStaticLoopRanges();
    SmallVector<unsigned> parallel;
    for (auto [i, iterator] : llvm::enumerate(op.getIteratorTypesArray()))
      if (iterator == utils::IteratorType::parallel)
        parallel.push_back(i);
    sizes.assign(parallel.size(), 0);
    int tiled = 0;
    std::optional<unsigned> wide =
        width > 1 ? widenedLoop(op, partsLoop) : std::nullopt;
    for (auto [index, loop] : llvm::enumerate(parallel)) {
      if (partsLoop && loop == *partsLoop) {
        sizes[index] = 1;
        ++tiled;
      } else if (wide && loop == *wide) {
        if (ranges[loop] % width != 0)
          return op.emitOpError()
                 << kPass << ": width=" << static_cast<int64_t>(width)
                 << " does not divide the extent " << ranges[loop]
                 << " of the loop it widens";
        sizes[index] = width;
        ++tiled;
      }
    }
    for (int index = int(parallel.size()) - 1; index >= 0 && tiled < 3;
         --index)
      if (sizes[index] == 0 && ranges[parallel[index]] > 1) {
        sizes[index] = 1;
        ++tiled;
      }
    if (tiled == 0 && !sizes.empty())
      sizes.back() = 1;
    return success();
  }

  /// Marks the block tiles of `body` not in `existing` as this pass's.
  /// With `clusterBlocks` (above 0) they also get the cluster's size. A
  /// tile of several outputs (`widened`, width above 1) is left unmarked:
  /// foundry-tile-threads then spreads its outputs over threads.
  static void markNewBlocks(Block &body,
                            const llvm::SmallPtrSetImpl<Operation *> &existing,
                            int64_t clusterBlocks, bool widened) {
    for (auto forall : body.getOps<scf::ForallOp>()) {
      if (existing.contains(forall) || !isBlockLevelForall(forall))
        continue;
      Builder builder(forall.getContext());
      if (!widened)
        forall->setAttr(kSplitReductionAttr, builder.getUnitAttr());
      if (clusterBlocks > 0)
        forall->setAttr(kClusterAttr, builder.getI64IntegerAttr(clusterBlocks));
    }
  }

  LogicalResult splitKernel(KernelOp kernel) {
    Block &body = kernel.getBody().front();
    SmallVector<linalg::GenericOp> reductions, scalars;
    for (Operation &op : body)
      if (isSplittableReduction(op, outputs)) {
        reductions.push_back(cast<linalg::GenericOp>(op));
        if (cast<ShapedType>(op.getResult(0).getType()).getRank() == 0)
          scalars.push_back(cast<linalg::GenericOp>(op));
      }
    if (reductions.empty())
      return kernel.emitOpError()
             << kPass
             << ": no reduction to a scalar (a linalg.generic whose loops "
                "all reduce into a rank-0 tensor)"
             << (outputs > 1 ? " or to at most " + std::to_string(outputs) +
                                   " elements"
                             : std::string())
             << " outside a block tile";
    if (cluster) {
      if (!scalars.empty())
        return scalars.front().emitOpError()
               << kPass
               << ": cluster=true shares a row's parts within a cluster; a "
                  "reduction to a scalar has no rows (split it without "
                  "cluster)";
      // The parts become the innermost parallel loop, mapped to the
      // blocks' x dimension, along which clusters group blocks.
      for (linalg::GenericOp op : reductions) {
        SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
        auto first = llvm::find(iterators, utils::IteratorType::reduction);
        if (std::find(first, iterators.end(), utils::IteratorType::parallel) !=
            iterators.end())
          return op.emitOpError()
                 << kPass
                 << ": cluster=true needs the reduction loops innermost "
                    "(the parts are the cluster's x dimension); this "
                    "reduction has a parallel loop inside one";
      }
    }
    if (scalars.size() > 1) {
      InFlightDiagnostic diag = kernel.emitOpError()
                                << kPass << ": " << scalars.size()
                                << " reductions to a scalar; one is split";
      for (linalg::GenericOp op : scalars)
        diag.attachNote(op.getLoc()) << "reduction to a scalar";
      return diag;
    }
    // welford=true: each sum of squared deviations is paired with the
    // nearest earlier sum of the same terms (its mean's), by index.
    struct Variance {
      size_t sum;
      VarianceOfSum match;
    };
    llvm::DenseMap<size_t, Variance> varianceOf;
    llvm::DenseSet<size_t> pairedSums;
    if (welford) {
      for (auto [d, dev] : llvm::enumerate(reductions)) {
        if (cast<ShapedType>(dev.getResult(0).getType()).getRank() == 0)
          continue;
        for (size_t s = d; s-- > 0;) {
          if (pairedSums.contains(s) || varianceOf.contains(s))
            continue;
          if (std::optional<VarianceOfSum> match =
                  matchVarianceOfSum(reductions[s], dev)) {
            varianceOf[d] = {s, *match};
            pairedSums.insert(s);
            break;
          }
        }
      }
      if (varianceOf.empty())
        return kernel.emitOpError()
               << kPass
               << ": welford=true needs a sum of squared deviations from a "
                  "row constant (acc = (v - m)^2 + acc) and an earlier sum "
                  "of the same v (acc = v + acc) over the same loops, into "
                  "at most "
               << static_cast<int64_t>(outputs) << " elements; none found";
    }
    // online=true: each sum of exp(x - maximum) is paired with the nearest
    // earlier row maximum it shifts by, by index.
    llvm::DenseMap<size_t, size_t> onlineMaxOf;
    llvm::DenseSet<size_t> onlineMaxes;
    if (online) {
      for (auto [b, sum] : llvm::enumerate(reductions)) {
        for (size_t a = b; a-- > 0;) {
          if (onlineMaxes.contains(a) || !isMaxReduction(reductions[a]))
            continue;
          if (matchExpOfShift(sum, reductions[a].getResult(0),
                              /*soleUser=*/false)) {
            onlineMaxOf[b] = a;
            onlineMaxes.insert(a);
            break;
          }
        }
      }
      if (onlineMaxOf.empty())
        return kernel.emitOpError()
               << kPass
               << ": online=true needs a row maximum (acc = maximumf(v, "
                  "acc)) and a later sum of exp(x - maximum) computed by an "
                  "elementwise op from it (a softmax's), among the "
                  "reductions it splits; none found";
    }
    // Split every reduction first; tiling cleans the kernel up and may
    // replace ops, so what is to be tiled is tagged and found again. The
    // parts' sums of a welford pair are tagged for the tile of their
    // squared deviations to yield.
    IRRewriter rewriter(kernel.getContext());
    constexpr StringLiteral kTag = "foundry.split_tile";
    constexpr StringLiteral kYieldTag = "foundry.split_yield";
    SmallVector<SmallVector<int64_t>> tileSizes;
    auto tag = [&](linalg::GenericOp op, std::optional<unsigned> partsLoop) {
      SmallVector<int64_t> sizes;
      if (failed(blockSizes(op, partsLoop, sizes)))
        return failure();
      op->setAttr(kTag, rewriter.getI64IntegerAttr(tileSizes.size()));
      tileSizes.push_back(std::move(sizes));
      return success();
    };
    SmallVector<linalg::GenericOp> partials(reductions.size());
    SmallVector<linalg::GenericOp> finals;
    // A reduction whose result a later one reads as an input (an argmax's
    // maximum, read by its first index), outside the welford and online
    // pairings: its final reduction is tiled before the later one's parts,
    // which then read it from memory (the later tile would otherwise fuse
    // it, once per part).
    llvm::DenseSet<size_t> readLater;
    for (auto [i, earlier] : llvm::enumerate(reductions))
      for (size_t j = i + 1; j < reductions.size(); ++j) {
        auto variance = varianceOf.find(j);
        auto onlineMax = onlineMaxOf.find(j);
        if ((variance != varianceOf.end() && variance->second.sum == i) ||
            (onlineMax != onlineMaxOf.end() && onlineMax->second == i))
          continue;
        if (llvm::is_contained(reductions[j].getDpsInputs(),
                               earlier.getResult(0)))
          readLater.insert(i);
      }
    for (auto [index, op] : llvm::enumerate(reductions)) {
      unsigned rank = cast<ShapedType>(op.getResult(0).getType()).getRank();
      unsigned partsLoop = 0;
      for (auto iterator : op.getIteratorTypesArray()) {
        if (iterator == utils::IteratorType::reduction)
          break;
        ++partsLoop;
      }
      if (auto it = varianceOf.find(index); it != varianceOf.end()) {
        linalg::GenericOp partialSum = partials[it->second.sum];
        FailureOr<linalg::GenericOp> deviations =
            splitVariance(rewriter, partialSum, op, it->second.match);
        if (failed(deviations))
          return failure();
        partialSum->setAttr(kYieldTag,
                            rewriter.getI64IntegerAttr(tileSizes.size()));
        if (failed(tag(*deviations, partsLoop)))
          return failure();
        finals.push_back(cast<linalg::GenericOp>(
            *deviations->getResult(0).getUsers().begin()));
        continue;
      }
      FailureOr<linalg::GenericOp> partial =
          splitIntoParts(rewriter, op, parts);
      if (failed(partial))
        return failure();
      partials[index] = *partial;
      auto final = cast<linalg::GenericOp>(
          *partial->getResult(0).getUsers().begin());
      if (auto it = onlineMaxOf.find(index); it != onlineMaxOf.end()) {
        linalg::GenericOp partialMax = partials[it->second];
        Value finalMax =
            (*partialMax->getResult(0).getUsers().begin())->getResult(0);
        auto match = matchExpOfShift(*partial, finalMax, /*soleUser=*/true);
        if (!match)
          return op.emitOpError()
                 << kPass
                 << ": online=true: the split sum does not add exp(x - "
                    "maximum) of its own";
        final = pairWithPartMaxima(rewriter, *partial, partialMax, finalMax,
                                   match->first, match->second);
        // The parts' maxima are computed in the tile of the parts' sums.
        partialMax->setAttr(kYieldTag,
                            rewriter.getI64IntegerAttr(tileSizes.size()));
      }
      // The partial results first: a block tile of their own, which the
      // final reduction's tiling then reads instead of fusing. (The parts'
      // sums of a variance are computed in its parts' tile instead, and the
      // parts' maxima of online=true in their sums'.)
      if (!pairedSums.contains(index) && !onlineMaxes.contains(index))
        if (failed(tag(*partial, partsLoop)))
          return failure();
      if (rank == 0) {
        // The final reduction and the scalar ops after it in one block.
        if (failed(wrapInOneBlock(rewriter, kernel, final)))
          return failure();
      } else if (readLater.contains(index) && !cluster) {
        if (failed(tag(final, std::nullopt)))
          return failure();
      } else {
        finals.push_back(final);
      }
    }
    // With clusters the final reductions stay in the kernel: the tiling
    // of the ops that read them fuses them into their blocks.
    for (linalg::GenericOp final : finals) {
      if (cluster)
        final->setAttr(kClusterMergeAttr, rewriter.getUnitAttr());
      else if (failed(tag(final, std::nullopt)))
        return failure();
    }
    for (int64_t index = 0; index < int64_t(tileSizes.size()); ++index) {
      linalg::GenericOp target;
      for (Operation &op : body)
        if (auto attr = op.getAttrOfType<IntegerAttr>(kTag);
            attr && attr.getInt() == index)
          target = cast<linalg::GenericOp>(op);
      if (!target)
        return kernel.emitOpError()
               << kPass << ": a split reduction was lost by the clean-up";
      target->removeAttr(kTag);
      llvm::SmallPtrSet<Operation *, 8> existing;
      for (auto forall : body.getOps<scf::ForallOp>())
        existing.insert(forall);
      auto yield = [&](Operation *producer) {
        auto attr = producer->getAttrOfType<IntegerAttr>(kYieldTag);
        return attr && attr.getInt() == index;
      };
      if (failed(tileToBlocks(cast<TilingInterface>(target.getOperation()),
                              tileSizes[index], kPass, ProducerFusion::All,
                              yield)))
        return failure();
      markNewBlocks(body, existing, cluster ? int64_t(parts) : 0,
                    llvm::any_of(tileSizes[index],
                                 [](int64_t size) { return size > 1; }));
    }
    // The parts' sums left outside every tile were not fused (and their
    // final reductions would read what no tile computes).
    bool unfused = false;
    kernel.walk([&](linalg::GenericOp op) {
      if (!op->hasAttr(kYieldTag))
        return;
      op->removeAttr(kYieldTag);
      unfused |= !op->getParentOfType<scf::ForallOp>();
    });
    if (unfused)
      return kernel.emitOpError()
             << kPass
             << (welford ? ": welford=true: a part's sum was not fused into "
                           "the block tile of its squared deviations"
                         : ": online=true: a part's maximum was not fused "
                           "into the block tile of its sum of exp");
    return success();
  }

  void runOnOperation() override {
    if (outputs < 1) {
      getOperation().emitError()
          << kPass << ": outputs must be at least 1, got "
          << static_cast<int64_t>(outputs);
      return signalPassFailure();
    }
    if (welford && outputs < 2) {
      getOperation().emitError()
          << kPass
          << ": welford=true pairs the statistics of a few outputs (a "
             "BatchNorm's per-channel mean and variance) and needs outputs "
             "of at least 2, got "
          << static_cast<int64_t>(outputs);
      return signalPassFailure();
    }
    if (cluster && (outputs < 2 || parts < 2 || parts > kMaxClusterBlocks)) {
      getOperation().emitError()
          << kPass
          << ": cluster=true runs the parts of each of a few outputs (rows) "
             "as one thread-block cluster: it needs outputs of at least 2 "
             "and parts from 2 to "
          << kMaxClusterBlocks << " (sm_90's largest cluster), got outputs="
          << static_cast<int64_t>(outputs)
          << " parts=" << static_cast<int64_t>(parts);
      return signalPassFailure();
    }
    if (parts < 0) {
      getOperation().emitError()
          << kPass << ": parts must be 0 (one per iteration) or at least 2, "
          << "got " << static_cast<int64_t>(parts);
      return signalPassFailure();
    }
    if (width < 1 || (width > 1 && outputs < 2)) {
      getOperation().emitError()
          << kPass
          << ": width takes several outputs per block: it needs outputs of "
             "at least 2 and a width of at least 1, got outputs="
          << static_cast<int64_t>(outputs)
          << " width=" << static_cast<int64_t>(width);
      return signalPassFailure();
    }
    WalkResult walk = getOperation()->walk([&](KernelOp kernel) {
      return failed(splitKernel(kernel)) ? WalkResult::interrupt()
                                         : WalkResult::advance();
    });
    if (walk.wasInterrupted())
      signalPassFailure();
  }
};

} // namespace
} // namespace mlir::foundry
