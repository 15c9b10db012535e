//===- OnlineSoftmax.cpp - One-pass max and sum of exp over a block -------===//
//
// foundry-reduce-threads{online=true}: a softmax's row max and its sum of
// exp(x - max), each split over the same threads, become one pass over the
// row. Each thread keeps a running maximum m and a sum s relative to it,
// rescaling s when m grows (Milakov and Gimelshein, "Online normalizer
// calculation for softmax", 2018); the merge takes the maximum M of the
// threads' m and the sum of s * exp(m - M).
//
//===----------------------------------------------------------------------===//

#include "foundry/Transforms/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/CSE.h"

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

/// The op yielded by the single-op body of a reduction, applied to its
/// block arguments `lhs` and `rhs` in either order.
template <typename OpTy>
bool yieldsCombination(Block &body, Value lhs, Value rhs) {
  auto yield = cast<linalg::YieldOp>(body.getTerminator());
  auto op = yield.getValues()[0].getDefiningOp<OpTy>();
  return op && ((op.getLhs() == lhs && op.getRhs() == rhs) ||
                (op.getLhs() == rhs && op.getRhs() == lhs));
}

/// True for `acc = max(x, acc)` (arith.maximumf, which propagates NaN like
/// torch.max) with one input.
bool isMaxOfInput(linalg::GenericOp op) {
  Block &body = op.getRegion().front();
  return op.getNumDpsInputs() == 1 && body.getOperations().size() == 2 &&
         yieldsCombination<arith::MaximumFOp>(body, body.getArgument(0),
                                              body.getArgument(1));
}

/// True for `acc = exp(x - m) + acc` with inputs (x, m).
bool isSumOfShiftedExp(linalg::GenericOp op) {
  Block &body = op.getRegion().front();
  if (op.getNumDpsInputs() != 2 || body.getOperations().size() != 4)
    return false;
  auto add = cast<linalg::YieldOp>(body.getTerminator())
                 .getValues()[0]
                 .getDefiningOp<arith::AddFOp>();
  if (!add)
    return false;
  Value acc = body.getArgument(2);
  Value other = add.getLhs() == acc ? add.getRhs() : add.getLhs();
  if (add.getLhs() != acc && add.getRhs() != acc)
    return false;
  auto exp = other.getDefiningOp<math::ExpOp>();
  auto sub =
      exp ? exp.getOperand().getDefiningOp<arith::SubFOp>() : arith::SubFOp();
  return sub && sub.getLhs() == body.getArgument(0) &&
         sub.getRhs() == body.getArgument(1);
}

/// Body of the online reduction, arguments (x, m, s): m' = max(m, x) and
/// s' = s * exp(m - x) + 1 when x > m, else s + exp(x - m). One exp per
/// element. exp(min - max) is taken as exp(0) when min == max, so that -inf
/// next to a running -inf adds 1 (its weight is then scaled to 0 by the first
/// finite element) instead of NaN.
void buildOnlineBody(OpBuilder &b, Location loc, ValueRange args) {
  Value x = args[0], m = args[1], s = args[2];
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
  if (sumOp.getDpsInputs()[1] != max.merge.getResult(0) ||
      maxOp.getIndexingMapsArray()[0] != sumOp.getIndexingMapsArray()[0] ||
      maxOp.getIndexingMapsArray()[1] != sumOp.getIndexingMapsArray()[2] ||
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
  Value chunk = maxClone.getDpsInputs()[0];
  bool sameChunk = chunk == sumClone.getDpsInputs()[0];
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
  auto online = linalg::GenericOp::create(
      rewriter, sumClone.getLoc(),
      TypeRange{maxClone.getResultTypes()[0], sumClone.getResultTypes()[0]},
      ValueRange{chunk},
      ValueRange{maxClone.getDpsInits()[0], sumClone.getDpsInits()[0]},
      SmallVector<AffineMap>{maxClone.getIndexingMapsArray()[0],
                             maxClone.getIndexingMapsArray()[1],
                             maxClone.getIndexingMapsArray()[1]},
      maxClone.getIteratorTypesArray(), buildOnlineBody);
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
          if (isMaxOfInput(partial->perThread))
            maxima.push_back(*partial);
          else if (isSumOfShiftedExp(partial->perThread))
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
