//===- OnlineSoftmax.cpp - One-pass max and sum of exp over a block -------===//
//
// foundry-reduce-threads{online=true}: a softmax's row max and its sum of
// exp(x - max), each split over the same threads, become one pass over the
// row. Each thread keeps a running maximum m and a sum s relative to it,
// rescaling s when m grows (Milakov and Gimelshein, "Online normalizer
// calculation for softmax", 2018); the merge takes the maximum M of the
// threads' m and the sum of s * exp(m - M).
//
// foundry-reduce-threads{welford=true}: a sum of squared deviations from a
// row constant (a variance's) is computed in the pass of an earlier
// reduction over the same chunks (the mean's sum), with Welford's running
// mean and M2 per thread ("Note on a method for calculating corrected sums
// of squares and products", Technometrics 1962), merged by the pairwise
// formula of Chan, Golub and LeVeque ("Algorithms for computing the sample
// variance", 1983).
//
//===----------------------------------------------------------------------===//

#include "foundry/Transforms/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/CSE.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace mlir::foundry;

namespace {

/// One partial reduction of foundry-reduce-threads: the thread forall, the
/// reduction each thread runs on its chunk, and the merge of the threads'
/// partial results (a linalg.reduce over the last dimension).
struct PartialReduction {
  scf::ForallOp forall;
  linalg::GenericOp perThread;
  linalg::ReduceOp merge;
};

/// The single-result partial reduction `forall` is, if it is one: a body
/// with one linalg.generic reducing into its slot, merged by one
/// linalg.reduce over the partial results' last dimension.
std::optional<PartialReduction> matchPartialReduction(scf::ForallOp forall) {
  if (!isLinearForall(forall) || forall->getNumResults() != 1 ||
      !forall->getResult(0).hasOneUse())
    return std::nullopt;
  auto merge =
      dyn_cast<linalg::ReduceOp>(*forall->getResult(0).getUsers().begin());
  auto partialType = dyn_cast<RankedTensorType>(forall->getResult(0).getType());
  if (!merge || !partialType || merge.getNumDpsInputs() != 1 ||
      merge.getNumDpsInits() != 1 ||
      merge.getDimensions() != ArrayRef<int64_t>{partialType.getRank() - 1})
    return std::nullopt;
  linalg::GenericOp perThread;
  int64_t reductions = 0;
  forall.getBody()->walk([&](linalg::LinalgOp op) {
    if (op.getNumReductionLoops() == 0)
      return;
    ++reductions;
    perThread = dyn_cast<linalg::GenericOp>(op.getOperation());
  });
  if (reductions != 1 || !perThread || perThread.getNumDpsInits() != 1 ||
      perThread->getParentOp() != forall.getOperation())
    return std::nullopt;
  return PartialReduction{forall, perThread, merge};
}

/// The value `v` that the body of `op` combines into its accumulator by
/// `combiner` (`acc = combiner(v, acc)`, either operand order, yielded),
/// computed from the inputs' block arguments alone (nothing else in the
/// body reads the accumulator); null otherwise.
template <typename CombinerOp> Value combinedValue(linalg::GenericOp op) {
  Block &body = op.getRegion().front();
  if (op.getNumDpsInits() != 1)
    return Value();
  Value acc = body.getArguments().back();
  auto combiner = cast<linalg::YieldOp>(body.getTerminator())
                      .getValues()[0]
                      .getDefiningOp<CombinerOp>();
  if (!combiner || !acc.hasOneUse() ||
      (combiner.getLhs() != acc && combiner.getRhs() != acc))
    return Value();
  return combiner.getLhs() == acc ? combiner.getRhs() : combiner.getLhs();
}

/// A row maximum: `acc = maximumf(v, acc)` (arith.maximumf propagates NaN
/// like torch.max), v computed elementwise from the inputs.
Value maximizedValue(linalg::GenericOp op) {
  return combinedValue<arith::MaximumFOp>(op);
}

/// A sum of shifted exps: `acc = exp(v - m) + acc`, where m is the block
/// argument of the input that carries the maximum; returns v and that
/// input's index.
std::optional<std::pair<Value, unsigned>> shiftedExp(linalg::GenericOp op) {
  Value term = combinedValue<arith::AddFOp>(op);
  auto exp = term ? term.getDefiningOp<math::ExpOp>() : math::ExpOp();
  auto sub =
      exp ? exp.getOperand().getDefiningOp<arith::SubFOp>() : arith::SubFOp();
  auto max = sub ? dyn_cast<BlockArgument>(sub.getRhs()) : BlockArgument();
  if (!max || max.getOwner() != &op.getRegion().front() ||
      max.getArgNumber() >= op.getNumDpsInputs())
    return std::nullopt;
  return std::make_pair(sub.getLhs(), max.getArgNumber());
}

/// True if `a`, in the body of `genericA` or outside it, and `b`, for
/// `genericB`, are computed alike: the same pure ops with the same
/// attributes on operands computed alike, block arguments of inputs that
/// `inputOf` pairs (an input index of `genericA` to one of `genericB`), or
/// the same values (or equal constants) from outside the two.
bool computedAlike(Value a, Value b, Operation *genericA, Operation *genericB,
                   ArrayRef<unsigned> inputOf, int depth = 0) {
  if (depth > 32 || a.getType() != b.getType())
    return false;
  auto argA = dyn_cast<BlockArgument>(a), argB = dyn_cast<BlockArgument>(b);
  bool argInA = argA && argA.getOwner()->getParentOp() == genericA;
  bool argInB = argB && argB.getOwner()->getParentOp() == genericB;
  if (argInA || argInB)
    return argInA && argInB && argA.getArgNumber() < inputOf.size() &&
           inputOf[argA.getArgNumber()] == argB.getArgNumber();
  Operation *opA = a.getDefiningOp(), *opB = b.getDefiningOp();
  bool insideA = opA && genericA->isProperAncestor(opA);
  bool insideB = opB && genericB->isProperAncestor(opB);
  if (!insideA || !insideB)
    return !insideA && !insideB &&
           (a == b || (opA && opB && matchPattern(a, m_Constant()) &&
                       OperationEquivalence::isEquivalentTo(
                           opA, opB, OperationEquivalence::IgnoreLocations)));
  if (opA->getName() != opB->getName() ||
      opA->getAttrDictionary() != opB->getAttrDictionary() ||
      opA->getNumOperands() != opB->getNumOperands() ||
      opA->getNumRegions() != 0 || opB->getNumRegions() != 0 || !isPure(opA) ||
      cast<OpResult>(a).getResultNumber() !=
          cast<OpResult>(b).getResultNumber())
    return false;
  for (auto [x, y] : llvm::zip(opA->getOperands(), opB->getOperands()))
    if (!computedAlike(x, y, genericA, genericB, inputOf, depth + 1))
      return false;
  return true;
}

/// Body of the online reduction: `v` computed by the max's body (its ops
/// but the combiner, cloned onto the new block's input arguments), then
/// m' = max(m, v) and s' = s * exp(m - v) + 1 when v > m, else
/// s + exp(v - m). One exp per element. exp(min - max) is taken as exp(0)
/// when min == max, so that -inf next to a running -inf adds 1 (its weight
/// is then scaled to 0 by the first finite element) instead of NaN.
void buildOnlineBody(OpBuilder &b, Location loc, ValueRange args,
                     linalg::GenericOp maxOp, Value maximized) {
  Block &maxBody = maxOp.getRegion().front();
  unsigned inputs = maxOp.getNumDpsInputs();
  IRMapping mapping;
  for (unsigned i = 0; i < inputs; ++i)
    mapping.map(maxBody.getArgument(i), args[i]);
  Operation *combiner = maxBody.getTerminator()->getOperand(0).getDefiningOp();
  for (Operation &op : maxBody.without_terminator())
    if (&op != combiner)
      b.clone(op, mapping);
  Value x = mapping.lookupOrDefault(maximized), m = args[inputs],
        s = args[inputs + 1];
  Type type = x.getType();
  Value zero = arith::ConstantOp::create(b, loc, b.getFloatAttr(type, 0.0));
  Value one = arith::ConstantOp::create(b, loc, b.getFloatAttr(type, 1.0));
  Value newMax = arith::MaximumFOp::create(b, loc, x, m);
  Value low = arith::MinimumFOp::create(b, loc, x, m);
  Value same =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, low, newMax);
  Value diff = arith::SubFOp::create(b, loc, low, newMax);
  Value weight = math::ExpOp::create(
      b, loc, arith::SelectOp::create(b, loc, same, zero, diff));
  Value grew = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT, x, m);
  Value rescaled = arith::AddFOp::create(
      b, loc, arith::MulFOp::create(b, loc, s, weight), one);
  Value added = arith::AddFOp::create(b, loc, s, weight);
  Value newSum = arith::SelectOp::create(b, loc, grew, rescaled, added);
  linalg::YieldOp::create(b, loc, ValueRange{newMax, newSum});
}

/// Values defined outside `forall` that ops of its body other than `skip`
/// (and the ops nested in it) use all properly dominate `point`.
bool usesDominate(scf::ForallOp forall, Operation *skip, Operation *point,
                  DominanceInfo &dominance) {
  WalkResult result = forall.getBody()->walk([&](Operation *op) {
    if (op == skip || skip->isProperAncestor(op))
      return WalkResult::skip();
    for (Value operand : op->getOperands())
      if (!forall->isAncestor(operand.getParentBlock()->getParentOp()) &&
          !dominance.properlyDominates(operand, point))
        return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return !result.wasInterrupted();
}

/// Clones the body of `from` (its ops, then its parallel inserts) into `to`,
/// with `from`'s induction variables and shared output mapped to `to`'s and
/// to `to`'s shared output #`output`.
void cloneBody(RewriterBase &rewriter, scf::ForallOp from, scf::ForallOp to,
               unsigned output, IRMapping &mapping) {
  mapping.map(from.getInductionVars(), to.getInductionVars());
  mapping.map(from.getRegionIterArgs()[0], to.getRegionIterArgs()[output]);
  rewriter.setInsertionPoint(to.getTerminator());
  for (Operation &op : from.getBody()->without_terminator())
    rewriter.clone(op, mapping);
  rewriter.setInsertionPointToEnd(to.getTerminator().getBody());
  for (Operation &op : from.getTerminator().getYieldingOps())
    rewriter.clone(op, mapping);
}

/// Fuses the max partial reduction `max` and the sum of exp partial
/// reduction `sum` (whose per-thread reduction reads the merge of `max`)
/// into one online partial reduction. Fails, leaving the IR as it was, when
/// the two do not read the same chunks the same way.
LogicalResult fusePair(PartialReduction max, PartialReduction sum,
                       DominanceInfo &dominance) {
  linalg::GenericOp maxOp = max.perThread, sumOp = sum.perThread;
  Value maximized = maximizedValue(maxOp);
  std::optional<std::pair<Value, unsigned>> shifted = shiftedExp(sumOp);
  if (!maximized || !shifted)
    return failure();
  // The sum reads the max's inputs, in order, with the same maps, and the
  // max's merge; both reduce the same value of them.
  unsigned maxInput = shifted->second;
  unsigned inputs = maxOp.getNumDpsInputs();
  SmallVector<AffineMap> maxMaps = maxOp.getIndexingMapsArray(),
                         sumMaps = sumOp.getIndexingMapsArray();
  SmallVector<unsigned> inputOf;
  for (unsigned i = 0; i < sumOp.getNumDpsInputs(); ++i)
    if (i != maxInput)
      inputOf.push_back(i);
  if (sumOp.getDpsInputs()[maxInput] != max.merge.getResult(0) ||
      inputOf.size() != inputs || maxMaps.back() != sumMaps.back() ||
      llvm::any_of(
          llvm::seq(inputs),
          [&](unsigned i) { return maxMaps[i] != sumMaps[inputOf[i]]; }) ||
      !computedAlike(maximized, shifted->first, maxOp, sumOp, inputOf) ||
      maxOp.getIteratorTypesArray() != sumOp.getIteratorTypesArray() ||
      max.forall.getMixedLowerBound() != sum.forall.getMixedLowerBound() ||
      max.forall.getMixedUpperBound() != sum.forall.getMixedUpperBound() ||
      max.forall.getMixedStep() != sum.forall.getMixedStep() ||
      max.forall.getMapping() != sum.forall.getMapping() ||
      max.merge.getDpsInits()[0].getType() !=
          sum.merge.getDpsInits()[0].getType())
    return failure();
  // The fused forall stands where the max's did: what the sum's body uses
  // (but its reduction, which reads the max) and its shared output must be
  // available there; an output made later by an op without operands (the
  // shared-memory alloc_tensor) is moved up.
  Value sumOutput = sum.forall.getOutputs()[0];
  Operation *sumOutputDef = sumOutput.getDefiningOp();
  bool moveOutput = !dominance.properlyDominates(sumOutput, max.forall);
  if ((moveOutput && (!sumOutputDef || sumOutputDef->getNumOperands() != 0 ||
                      sumOutputDef->getBlock() != max.forall->getBlock())) ||
      !usesDominate(sum.forall, sumOp, max.forall, dominance))
    return failure();

  IRRewriter rewriter(max.forall);
  if (moveOutput)
    rewriter.moveOpBefore(sumOutputDef, max.forall);
  rewriter.setInsertionPoint(max.forall);
  auto fused = scf::ForallOp::create(
      rewriter, max.forall.getLoc(), max.forall.getMixedLowerBound(),
      max.forall.getMixedUpperBound(), max.forall.getMixedStep(),
      ValueRange{max.forall.getOutputs()[0], sumOutput},
      max.forall.getMapping());
  IRMapping maxMapping, sumMapping;
  cloneBody(rewriter, max.forall, fused, 0, maxMapping);
  cloneBody(rewriter, sum.forall, fused, 1, sumMapping);
  auto maxClone = cast<linalg::GenericOp>(maxMapping.lookup(maxOp));
  auto sumClone = cast<linalg::GenericOp>(sumMapping.lookup(sumOp));
  // Both threads' chunks must be the same slices of the same row: once the
  // two bodies' common index computations are merged, the same value.
  DominanceInfo fusedDominance(fused);
  eliminateCommonSubExpressions(rewriter, fusedDominance, fused);
  bool sameChunk = llvm::all_of(llvm::seq(inputs), [&](unsigned i) {
    return maxClone.getDpsInputs()[i] == sumClone.getDpsInputs()[inputOf[i]];
  });
  bool clonesUsedLater =
      llvm::all_of(maxClone->getUsers(), [&](Operation *user) {
        return isa<scf::InParallelOp>(user->getParentOp());
      });
  if (!sameChunk || !clonesUsedLater) {
    rewriter.eraseOp(fused);
    if (moveOutput)
      rewriter.moveOpBefore(sumOutputDef, sum.forall);
    return failure();
  }

  rewriter.setInsertionPoint(sumClone);
  SmallVector<AffineMap> onlineMaps = maxClone.getIndexingMapsArray();
  onlineMaps.push_back(onlineMaps.back());
  auto online = linalg::GenericOp::create(
      rewriter, sumClone.getLoc(),
      TypeRange{maxClone.getResultTypes()[0], sumClone.getResultTypes()[0]},
      maxClone.getDpsInputs(),
      ValueRange{maxClone.getDpsInits()[0], sumClone.getDpsInits()[0]},
      onlineMaps, maxClone.getIteratorTypesArray(),
      [&](OpBuilder &b, Location loc, ValueRange args) {
        buildOnlineBody(b, loc, args, maxOp, maximized);
      });
  rewriter.replaceOp(maxClone, online.getResult(0));
  rewriter.replaceOp(sumClone, online.getResult(1));
  rewriter.replaceAllUsesWith(max.forall->getResult(0), fused.getResult(0));

  // The sum's merge: S = sum over the threads of s * exp(m - M).
  linalg::ReduceOp merge = sum.merge;
  rewriter.setInsertionPoint(merge);
  auto partialType = cast<RankedTensorType>(fused.getResult(1).getType());
  MLIRContext *ctx = rewriter.getContext();
  int64_t rank = partialType.getRank();
  AffineMap identity = AffineMap::getMultiDimIdentityMap(rank, ctx);
  AffineMap row = identity.dropResult(rank - 1);
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  iterators.back() = utils::IteratorType::reduction;
  auto rescaledSum = linalg::GenericOp::create(
      rewriter, merge.getLoc(), merge.getResultTypes(),
      ValueRange{fused.getResult(0), fused.getResult(1),
                 max.merge.getResult(0)},
      merge.getDpsInits(), SmallVector<AffineMap>{identity, identity, row, row},
      iterators, [](OpBuilder &b, Location loc, ValueRange args) {
        Value scale = math::ExpOp::create(
            b, loc, arith::SubFOp::create(b, loc, args[0], args[2]));
        Value term = arith::MulFOp::create(b, loc, args[1], scale);
        linalg::YieldOp::create(
            b, loc, arith::AddFOp::create(b, loc, term, args[3]).getResult());
      });
  rewriter.replaceOp(merge, rescaledSum->getResults());
  rewriter.eraseOp(sum.forall);
  rewriter.eraseOp(max.forall);
  return success();
}

} // namespace

int64_t mlir::foundry::fuseOnlineSoftmax(scf::ForallOp block) {
  int64_t fused = 0;
  bool changed = true;
  while (changed) {
    changed = false;
    SmallVector<PartialReduction> maxima, sums;
    for (Operation &op : *block.getBody())
      if (auto forall = dyn_cast<scf::ForallOp>(op))
        if (std::optional<PartialReduction> partial =
                matchPartialReduction(forall)) {
          if (maximizedValue(partial->perThread))
            maxima.push_back(*partial);
          else if (shiftedExp(partial->perThread))
            sums.push_back(*partial);
        }
    DominanceInfo dominance(block);
    for (PartialReduction sum : sums) {
      for (PartialReduction max : maxima)
        if (succeeded(fusePair(max, sum, dominance))) {
          ++fused;
          changed = true;
          break;
        }
      if (changed)
        break;
    }
  }
  return fused;
}

namespace {

/// A sum of squared deviations `acc = (v - m) * (v - m) + acc` (or
/// (m - v)^2) in the body of a partial reduction: m computed only from
/// inputs indexed like the output (constant along the reduced dimensions:
/// a mean from an earlier reduction) and from values outside the body; v
/// only from the other inputs and values outside the body.
struct SquaredDeviation {
  Value v, m;
};

/// True if `value`, in or outside `body`, depends on a block argument of
/// `body` for which `pred` holds.
bool dependsOnArgument(Value value, Block *body,
                       function_ref<bool(BlockArgument)> pred, int depth = 0) {
  if (depth > 64)
    return true;
  if (auto arg = dyn_cast<BlockArgument>(value))
    return arg.getOwner() == body && pred(arg);
  Operation *def = value.getDefiningOp();
  if (!def || def->getBlock() != body)
    return false;
  return llvm::any_of(def->getOperands(), [&](Value operand) {
    return dependsOnArgument(operand, body, pred, depth + 1);
  });
}

/// Whether input #i of `op` is indexed like its output (a row constant).
bool isRowInput(linalg::GenericOp op, unsigned i) {
  return op.getMatchingIndexingMap(op.getDpsInputOperand(i)) ==
         op.getMatchingIndexingMap(op.getDpsInitOperand(0));
}

std::optional<SquaredDeviation> squaredDeviation(linalg::GenericOp op) {
  Value term = combinedValue<arith::AddFOp>(op);
  auto square = term ? term.getDefiningOp<arith::MulFOp>() : arith::MulFOp();
  if (!square || square.getLhs() != square.getRhs())
    return std::nullopt;
  auto sub = square.getLhs().getDefiningOp<arith::SubFOp>();
  Block *body = &op.getRegion().front();
  if (!sub || sub->getBlock() != body)
    return std::nullopt;
  unsigned inputs = op.getNumDpsInputs();
  auto isRow = [&](BlockArgument arg) {
    return arg.getArgNumber() < inputs && isRowInput(op, arg.getArgNumber());
  };
  auto isElement = [&](BlockArgument arg) {
    return arg.getArgNumber() >= inputs || !isRowInput(op, arg.getArgNumber());
  };
  auto isV = [&](Value x) {
    return dependsOnArgument(x, body, isElement) &&
           !dependsOnArgument(x, body, isRow);
  };
  auto isM = [&](Value x) { return !dependsOnArgument(x, body, isElement); };
  if (isV(sub.getLhs()) && isM(sub.getRhs()))
    return SquaredDeviation{sub.getLhs(), sub.getRhs()};
  if (isM(sub.getLhs()) && isV(sub.getRhs()))
    return SquaredDeviation{sub.getRhs(), sub.getLhs()};
  return std::nullopt;
}

/// True if the body of `op` reads, besides its block arguments and its own
/// values, only values defined outside `forall` that properly dominate
/// `point`: what a clone of it placed elsewhere may read.
bool bodyReadsOnlyOutside(linalg::GenericOp op, scf::ForallOp forall,
                          Operation *point, DominanceInfo &dominance) {
  WalkResult result = op.getRegion().walk([&](Operation *inner) {
    for (Value operand : inner->getOperands()) {
      if (op->isAncestor(operand.getParentBlock()->getParentOp()))
        continue;
      if (forall->isAncestor(operand.getParentBlock()->getParentOp()) ||
          !dominance.properlyDominates(operand, point))
        return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return !result.wasInterrupted();
}

/// Fuses the partial reduction of squared deviations `dev` into the pass of
/// the earlier partial reduction `host` over the same chunks: the fused
/// forall keeps host's result and, per thread, the count, running mean and
/// M2 of v (Welford); the merge combines the threads' triples (Chan et al.)
/// and gives sum (v - m)^2 = M2 + n (mean - m)^2 for the m dev subtracts.
/// Fails, leaving the IR as it was, when the two do not match.
LogicalResult fuseVariance(PartialReduction host, PartialReduction dev,
                           DominanceInfo &dominance) {
  linalg::GenericOp hostOp = host.perThread, devOp = dev.perThread;
  std::optional<SquaredDeviation> parts = squaredDeviation(devOp);
  if (!parts)
    return failure();
  auto rowType = dyn_cast<RankedTensorType>(dev.merge.getResult(0).getType());
  Type elementType = devOp.getResult(0).getType();
  if (auto shaped = dyn_cast<ShapedType>(elementType))
    elementType = shaped.getElementType();
  if (!rowType || !isa<FloatType>(elementType) ||
      host.forall->getBlock() != dev.forall->getBlock() ||
      !host.forall->isBeforeInBlock(dev.forall) ||
      host.forall.getMixedLowerBound() != dev.forall.getMixedLowerBound() ||
      host.forall.getMixedUpperBound() != dev.forall.getMixedUpperBound() ||
      host.forall.getMixedStep() != dev.forall.getMixedStep() ||
      host.forall.getMapping() != dev.forall.getMapping() ||
      hostOp.getIndexingMapsArray().back() !=
          devOp.getIndexingMapsArray().back() ||
      hostOp.getIteratorTypesArray() != devOp.getIteratorTypesArray() ||
      host.forall.getOutputs()[0].getType() !=
          dev.forall.getOutputs()[0].getType())
    return failure();
  // The row constants dev reads (the mean's inputs) come from outside its
  // forall as whole rows: the correction after the merge reads them there.
  for (unsigned i = 0, e = devOp.getNumDpsInputs(); i < e; ++i) {
    if (!isRowInput(devOp, i))
      continue;
    Value input = devOp.getDpsInputs()[i];
    if (dev.forall->isAncestor(input.getParentBlock()->getParentOp()) ||
        input.getType() != rowType)
      return failure();
  }
  Value devOutput = dev.forall.getOutputs()[0];
  Operation *devOutputDef = devOutput.getDefiningOp();
  if (!bodyReadsOnlyOutside(hostOp, host.forall, host.forall, dominance) ||
      !bodyReadsOnlyOutside(devOp, dev.forall, host.forall, dominance) ||
      !devOutputDef || devOutputDef->getNumOperands() != 0 ||
      devOutputDef->getNumRegions() != 0 ||
      !usesDominate(dev.forall, devOp, host.forall, dominance))
    return failure();

  IRRewriter rewriter(host.forall);
  rewriter.setInsertionPoint(host.forall);
  // Three per-thread slots: count, running mean, M2.
  SmallVector<Value> outputs = {host.forall.getOutputs()[0]};
  for (int i = 0; i < 3; ++i)
    outputs.push_back(rewriter.clone(*devOutputDef)->getResult(0));
  auto fused = scf::ForallOp::create(
      rewriter, host.forall.getLoc(), host.forall.getMixedLowerBound(),
      host.forall.getMixedUpperBound(), host.forall.getMixedStep(), outputs,
      host.forall.getMapping());
  IRMapping hostMapping;
  IRMapping devMappings[3];
  cloneBody(rewriter, host.forall, fused, 0, hostMapping);
  for (int i = 0; i < 3; ++i)
    cloneBody(rewriter, dev.forall, fused, i + 1, devMappings[i]);
  auto hostClone = cast<linalg::GenericOp>(hostMapping.lookup(hostOp));
  linalg::GenericOp devClones[3];
  for (int i = 0; i < 3; ++i)
    devClones[i] = cast<linalg::GenericOp>(devMappings[i].lookup(devOp));
  DominanceInfo fusedDominance(fused);
  eliminateCommonSubExpressions(rewriter, fusedDominance, fused);

  // dev's element inputs must be host's inputs (the same chunks), read
  // through the same maps.
  SmallVector<std::optional<unsigned>> hostInputOf;
  bool sameChunks = true;
  for (unsigned i = 0, e = devOp.getNumDpsInputs(); i < e; ++i) {
    if (isRowInput(devOp, i)) {
      hostInputOf.push_back(std::nullopt);
      continue;
    }
    std::optional<unsigned> match;
    for (unsigned j = 0, f = hostClone.getNumDpsInputs(); j < f; ++j)
      if (hostClone.getDpsInputs()[j] == devClones[0].getDpsInputs()[i] &&
          hostClone.getIndexingMapsArray()[j] ==
              devClones[0].getIndexingMapsArray()[i])
        match = j;
    sameChunks &= match.has_value();
    hostInputOf.push_back(match);
  }
  auto usedByInsertsOnly = [](Operation *op) {
    return llvm::all_of(op->getUsers(), [](Operation *user) {
      return isa<scf::InParallelOp>(user->getParentOp());
    });
  };
  if (!sameChunks || !usedByInsertsOnly(hostClone) ||
      !llvm::all_of(devClones, [&](linalg::GenericOp clone) {
        return usedByInsertsOnly(clone);
      })) {
    rewriter.eraseOp(fused);
    for (unsigned i = 1; i < outputs.size(); ++i)
      rewriter.eraseOp(outputs[i].getDefiningOp());
    return failure();
  }

  // Per element: host's own update, then n' = n + 1, d = v - mean,
  // mean' = mean + d / n', M2' = M2 + d (v - mean').
  rewriter.setInsertionPoint(devClones[2]);
  SmallVector<AffineMap> maps(hostClone.getIndexingMapsArray());
  for (int i = 0; i < 3; ++i)
    maps.push_back(maps.back());
  SmallVector<Value> inits = {hostClone.getDpsInits()[0]};
  SmallVector<Type> resultTypes = {hostClone.getResultTypes()[0]};
  for (linalg::GenericOp clone : devClones) {
    inits.push_back(clone.getDpsInits()[0]);
    resultTypes.push_back(clone.getResultTypes()[0]);
  }
  Block *hostBody = &hostOp.getRegion().front();
  Block *devBody = &devOp.getRegion().front();
  unsigned hostInputs = hostOp.getNumDpsInputs();
  auto welford = linalg::GenericOp::create(
      rewriter, devClones[0].getLoc(), resultTypes, hostClone.getDpsInputs(),
      inits, maps, hostClone.getIteratorTypesArray(),
      [&](OpBuilder &b, Location loc, ValueRange args) {
        IRMapping mapping;
        for (unsigned j = 0; j <= hostInputs; ++j)
          mapping.map(hostBody->getArgument(j), args[j]);
        for (Operation &op : hostBody->without_terminator())
          b.clone(op, mapping);
        Value hostValue =
            mapping.lookupOrDefault(hostBody->getTerminator()->getOperand(0));
        IRMapping devMapping;
        for (auto [i, j] : llvm::enumerate(hostInputOf))
          if (j)
            devMapping.map(devBody->getArgument(i), args[*j]);
        Value v = cloneSlice(b, devBody, parts->v, devMapping);
        Value n = args[hostInputs + 1], mean = args[hostInputs + 2],
              m2 = args[hostInputs + 3];
        Value one =
            arith::ConstantOp::create(b, loc, b.getFloatAttr(v.getType(), 1.0));
        Value count = arith::AddFOp::create(b, loc, n, one);
        Value delta = arith::SubFOp::create(b, loc, v, mean);
        // delta / n' to within the 2 ulp of an approximate division
        // (fastmath afn: div.approx.f32 on NVPTX, a reciprocal and a
        // multiply in the PTX ISA): with the per-element IEEE division
        // (div.rn.f32, which ptxas expands into a longer sequence) the
        // statistics pass of a BatchNorm2d over 64x64x512x512 took 1.69 ms for
        // its 4.3 GB, with this one 1.09 ms (H200, 2026-12-03). The running
        // mean then drifts by a few ulp per element at most, like an fp32 sum;
        // M2 takes its deviations from that same mean.
        Value newMean = arith::AddFOp::create(
            b, loc, mean,
            arith::DivFOp::create(b, loc, delta, count,
                                  arith::FastMathFlags::afn));
        Value newM2 = arith::AddFOp::create(
            b, loc, m2,
            arith::MulFOp::create(b, loc, delta,
                                  arith::SubFOp::create(b, loc, v, newMean)));
        linalg::YieldOp::create(b, loc,
                                ValueRange{hostValue, count, newMean, newM2});
      });
  rewriter.replaceOp(hostClone, welford.getResult(0));
  for (int i = 0; i < 3; ++i)
    rewriter.replaceOp(devClones[i], welford.getResult(i + 1));
  rewriter.replaceAllUsesWith(host.forall->getResult(0), fused.getResult(0));

  // The merge: the threads' (n, mean, M2) combined in turn (Chan et al.:
  // N = Na + nb, delta = mb - Ma, M = Ma + delta nb / N,
  // Q = Qa + qb + delta^2 Na nb / N), then sum (v - m)^2 = Q + N (M - m)^2
  // on top of the merge's own initial value.
  linalg::ReduceOp merge = dev.merge;
  rewriter.setInsertionPoint(merge);
  Location loc = merge.getLoc();
  auto partialType = cast<RankedTensorType>(fused.getResult(1).getType());
  MLIRContext *ctx = rewriter.getContext();
  int64_t rank = partialType.getRank();
  AffineMap identity = AffineMap::getMultiDimIdentityMap(rank, ctx);
  AffineMap row = identity.dropResult(rank - 1);
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  iterators.back() = utils::IteratorType::reduction;
  Value zero = arith::ConstantOp::create(
      rewriter, loc, rewriter.getFloatAttr(elementType, 0.0));
  SmallVector<Value> zeros;
  for (int i = 0; i < 3; ++i) {
    Value empty =
        tensor::EmptyOp::create(rewriter, loc, rowType.getShape(), elementType);
    zeros.push_back(
        linalg::FillOp::create(rewriter, loc, zero, empty).getResult(0));
  }
  auto chan = linalg::GenericOp::create(
      rewriter, loc, TypeRange{rowType, rowType, rowType},
      ValueRange{fused.getResult(1), fused.getResult(2), fused.getResult(3)},
      zeros,
      SmallVector<AffineMap>{identity, identity, identity, row, row, row},
      iterators, [](OpBuilder &b, Location loc, ValueRange args) {
        Value nb = args[0], mb = args[1], qb = args[2], na = args[3],
              ma = args[4], qa = args[5];
        Value zero =
            arith::ConstantOp::create(b, loc, b.getFloatAttr(nb.getType(), 0));
        Value n = arith::AddFOp::create(b, loc, na, nb);
        Value positive =
            arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT, n, zero);
        Value weight = arith::SelectOp::create(
            b, loc, positive, arith::DivFOp::create(b, loc, nb, n), zero);
        Value delta = arith::SubFOp::create(b, loc, mb, ma);
        Value mean = arith::AddFOp::create(
            b, loc, ma, arith::MulFOp::create(b, loc, delta, weight));
        Value cross = arith::MulFOp::create(
            b, loc, arith::MulFOp::create(b, loc, delta, delta),
            arith::MulFOp::create(b, loc, na, weight));
        Value q = arith::AddFOp::create(
            b, loc, arith::AddFOp::create(b, loc, qa, qb), cross);
        linalg::YieldOp::create(b, loc, ValueRange{n, mean, q});
      });
  SmallVector<Value> correctionInputs(chan.getResults());
  SmallVector<unsigned> rowInputs;
  for (unsigned i = 0, e = devOp.getNumDpsInputs(); i < e; ++i)
    if (isRowInput(devOp, i)) {
      rowInputs.push_back(i);
      correctionInputs.push_back(devOp.getDpsInputs()[i]);
    }
  AffineMap rowIdentity = AffineMap::getMultiDimIdentityMap(rank - 1, ctx);
  SmallVector<AffineMap> correctionMaps(correctionInputs.size() + 1,
                                        rowIdentity);
  auto correction = linalg::GenericOp::create(
      rewriter, loc, TypeRange{rowType}, correctionInputs, merge.getDpsInits(),
      correctionMaps,
      SmallVector<utils::IteratorType>(rank - 1, utils::IteratorType::parallel),
      [&](OpBuilder &b, Location loc, ValueRange args) {
        IRMapping mapping;
        for (auto [k, i] : llvm::enumerate(rowInputs))
          mapping.map(devBody->getArgument(i), args[3 + k]);
        Value m = cloneSlice(b, devBody, parts->m, mapping);
        Value shift = arith::SubFOp::create(b, loc, args[1], m);
        Value q = arith::AddFOp::create(
            b, loc, args[2],
            arith::MulFOp::create(b, loc, args[0],
                                  arith::MulFOp::create(b, loc, shift, shift)));
        linalg::YieldOp::create(
            b, loc, arith::AddFOp::create(b, loc, args.back(), q).getResult());
      });
  rewriter.replaceOp(merge, correction->getResults());
  rewriter.eraseOp(dev.forall);
  rewriter.eraseOp(host.forall);
  if (devOutputDef->use_empty())
    rewriter.eraseOp(devOutputDef);
  return success();
}

} // namespace

bool mlir::foundry::isSquaredDeviationSum(linalg::GenericOp op) {
  return op.getNumReductionLoops() > 0 && op.getNumDpsInits() == 1 &&
         squaredDeviation(op).has_value();
}

std::optional<VarianceOfSum>
mlir::foundry::matchVarianceOfSum(linalg::GenericOp sum,
                                  linalg::GenericOp dev) {
  Value term = combinedValue<arith::AddFOp>(sum);
  std::optional<SquaredDeviation> parts = squaredDeviation(dev);
  if (!term || !parts || sum.getNumDpsInits() != 1 ||
      sum.getResult(0).getType() != dev.getResult(0).getType() ||
      sum.getIteratorTypesArray() != dev.getIteratorTypesArray() ||
      sum.getStaticLoopRanges() != dev.getStaticLoopRanges() ||
      sum.getIndexingMapsArray().back() != dev.getIndexingMapsArray().back())
    return std::nullopt;
  // Each input of `sum` is an input of `dev` read through the same map.
  SmallVector<unsigned> inputOf;
  for (OpOperand *input : sum.getDpsInputOperands()) {
    std::optional<unsigned> match;
    for (OpOperand *other : dev.getDpsInputOperands())
      if (other->get() == input->get() &&
          dev.getMatchingIndexingMap(other) ==
              sum.getMatchingIndexingMap(input) &&
          !isRowInput(dev, other->getOperandNumber()))
        match = other->getOperandNumber();
    if (!match)
      return std::nullopt;
    inputOf.push_back(*match);
  }
  if (!computedAlike(term, parts->v, sum, dev, inputOf))
    return std::nullopt;
  return VarianceOfSum{term, parts->m};
}

int64_t mlir::foundry::fuseWelfordVariance(scf::ForallOp block) {
  int64_t fused = 0;
  bool changed = true;
  while (changed) {
    changed = false;
    SmallVector<PartialReduction> partials;
    for (Operation &op : *block.getBody())
      if (auto forall = dyn_cast<scf::ForallOp>(op))
        if (std::optional<PartialReduction> partial =
                matchPartialReduction(forall))
          partials.push_back(*partial);
    DominanceInfo dominance(block);
    // Each sum of squared deviations joins the nearest earlier pass over the
    // same chunks.
    for (size_t d = 0; d < partials.size() && !changed; ++d) {
      if (!squaredDeviation(partials[d].perThread))
        continue;
      for (size_t h = d; h-- > 0;)
        if (succeeded(fuseVariance(partials[h], partials[d], dominance))) {
          ++fused;
          changed = true;
          break;
        }
    }
  }
  return fused;
}

Value mlir::foundry::cloneSlice(OpBuilder &b, Block *body, Value value, IRMapping &mapping) {
  llvm::SetVector<Operation *> slice;
  SmallVector<Value> work = {value};
  while (!work.empty()) {
    Value next = work.pop_back_val();
    Operation *def = next.getDefiningOp();
    if (!def || def->getBlock() != body || !slice.insert(def))
      continue;
    llvm::append_range(work, def->getOperands());
  }
  for (Operation &op : *body)
    if (slice.contains(&op))
      b.clone(op, mapping);
  return mapping.lookupOrDefault(value);
}
