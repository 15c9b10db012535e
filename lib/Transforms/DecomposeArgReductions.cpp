//===- DecomposeArgReductions.cpp - argmax as two reductions --------------===//
//
// foundry-decompose-arg-reductions: a linalg.generic that reduces one loop
// into two results, a running extremum and the index where it was first
// reached (argmax and argmin as torch-mlir lowers aten.argmax and
// aten.max.dim), becomes two single-result reductions whose combiners
// every reduction strategy knows (maximumf, minsi): the extremum, then the
// least index where the element equals it, and an elementwise op that
// restores the initial index where no element passed the initial value.
//
//===----------------------------------------------------------------------===//

#include "foundry/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::foundry {
#define GEN_PASS_DEF_FOUNDRYDECOMPOSEARGREDUCTIONSPASS
#include "foundry/Transforms/Passes.h.inc"
} // namespace mlir::foundry

using namespace mlir;
using namespace mlir::foundry;

namespace {

constexpr StringLiteral kPass = "foundry-decompose-arg-reductions";

/// The parts of an arg-reduction's body.
struct ArgReduction {
  unsigned valueResult, indexResult;
  /// The element compared (computed in the body from its inputs).
  Value element;
  /// The extremum's op (maximumf, minimumf, maxsi, ...), its combiner.
  Operation *extremum;
  /// Strictly greater (argmax) or strictly less (argmin) than the running
  /// value, as the body's comparison decides whether the index moves.
  bool greater;
};

/// True if `value` is computed in `body` without reading any of its block
/// arguments numbered `firstOutput` and above (the accumulators), by pure
/// ops without regions.
bool readsNoAccumulator(Value value, Block *body, unsigned firstOutput) {
  llvm::SetVector<Value> work;
  work.insert(value);
  for (size_t i = 0; i < work.size(); ++i) {
    Value next = work[i];
    if (auto arg = dyn_cast<BlockArgument>(next)) {
      if (arg.getOwner() == body && arg.getArgNumber() >= firstOutput)
        return false;
      continue;
    }
    Operation *def = next.getDefiningOp();
    if (def->getBlock() != body)
      continue;
    if (def->getNumRegions() != 0 || !isPure(def))
      return false;
    for (Value operand : def->getOperands())
      work.insert(operand);
  }
  return true;
}

/// The reduction loop `index` reads (linalg.index d, through integer casts),
/// if d is the op's one reduction loop.
bool isReductionIndex(Value index, linalg::GenericOp op) {
  while (Operation *def = index.getDefiningOp()) {
    if (isa<arith::IndexCastOp, arith::IndexCastUIOp>(def)) {
      index = def->getOperand(0);
      continue;
    }
    auto read = dyn_cast<linalg::IndexOp>(def);
    return read && read.getDim() < op.getNumLoops() &&
           op.getIteratorTypesArray()[read.getDim()] ==
               utils::IteratorType::reduction;
  }
  return false;
}

/// The comparison `compare` of `element` against `running` (either order):
/// strictly greater (true) or strictly less (false); std::nullopt for
/// anything else (a non-strict comparison moves the index to the last
/// extremum, which this decomposition does not compute).
std::optional<bool> strictOrder(Operation *compare, Value element,
                                Value running) {
  auto order = [&](bool greaterWhenElementFirst) -> std::optional<bool> {
    if (compare->getOperand(0) == element && compare->getOperand(1) == running)
      return greaterWhenElementFirst;
    if (compare->getOperand(0) == running && compare->getOperand(1) == element)
      return !greaterWhenElementFirst;
    return std::nullopt;
  };
  if (auto f = dyn_cast<arith::CmpFOp>(compare)) {
    if (f.getPredicate() == arith::CmpFPredicate::OGT)
      return order(true);
    if (f.getPredicate() == arith::CmpFPredicate::OLT)
      return order(false);
  }
  if (auto i = dyn_cast<arith::CmpIOp>(compare)) {
    if (i.getPredicate() == arith::CmpIPredicate::sgt)
      return order(true);
    if (i.getPredicate() == arith::CmpIPredicate::slt)
      return order(false);
  }
  return std::nullopt;
}

/// Whether `op` is an extremum combiner, and which: true for a maximum.
std::optional<bool> extremumKind(Operation *op) {
  if (isa<arith::MaximumFOp, arith::MaxNumFOp, arith::MaxSIOp>(op))
    return true;
  if (isa<arith::MinimumFOp, arith::MinNumFOp, arith::MinSIOp>(op))
    return false;
  return std::nullopt;
}

std::optional<ArgReduction> matchArgReduction(linalg::GenericOp op) {
  if (op.getNumDpsInits() != 2 || op.getNumReductionLoops() != 1 ||
      !op.hasPureTensorSemantics())
    return std::nullopt;
  Block *body = op.getBody();
  auto yield = cast<linalg::YieldOp>(body->getTerminator());
  unsigned firstOutput = op.getNumDpsInputs();
  for (unsigned valueResult : {0u, 1u}) {
    unsigned indexResult = 1 - valueResult;
    Value running = body->getArgument(firstOutput + valueResult);
    Value runningIndex = body->getArgument(firstOutput + indexResult);
    if (!isa<IntegerType>(runningIndex.getType()))
      continue;
    Operation *extremum = yield.getOperand(valueResult).getDefiningOp();
    if (!extremum || extremum->getBlock() != body)
      continue;
    std::optional<bool> isMax = extremumKind(extremum);
    if (!isMax)
      continue;
    Value element = extremum->getOperand(0) == running
                        ? extremum->getOperand(1)
                        : extremum->getOperand(0);
    if (!llvm::is_contained(extremum->getOperands(), running) ||
        element == running || !readsNoAccumulator(element, body, firstOutput))
      continue;
    auto select =
        yield.getOperand(indexResult).getDefiningOp<arith::SelectOp>();
    if (!select || select.getFalseValue() != runningIndex ||
        !isReductionIndex(select.getTrueValue(), op))
      continue;
    Operation *compare = select.getCondition().getDefiningOp();
    if (!compare)
      continue;
    std::optional<bool> greater = strictOrder(compare, element, running);
    if (!greater || *greater != *isMax)
      continue;
    return ArgReduction{valueResult, indexResult, element, extremum, *greater};
  }
  return std::nullopt;
}

/// Clones into `builder`'s block the ops of `old`'s body that `value` is
/// computed from, its block arguments mapped by `mapping`.
Value cloneSlice(OpBuilder &builder, Value value, Block *old,
                 IRMapping &mapping) {
  if (Value mapped = mapping.lookupOrNull(value))
    return mapped;
  Operation *def = value.getDefiningOp();
  if (!def || def->getBlock() != old)
    return value; // Defined above the op.
  for (Value operand : def->getOperands())
    (void)cloneSlice(builder, operand, old, mapping);
  Operation *copy = builder.clone(*def, mapping);
  return copy->getResult(cast<OpResult>(value).getResultNumber());
}

/// The scalar `tensor` is filled with (linalg.fill), or null.
Value filledScalar(Value tensor) {
  auto fill = tensor.getDefiningOp<linalg::FillOp>();
  return fill ? fill.getInputs().front() : Value();
}

/// The strict comparison `a > b` (or `a < b`) of the extremum's type.
Value strictlyBeyond(OpBuilder &b, Location loc, Value a, Value bValue,
                     bool greater) {
  if (isa<FloatType>(a.getType()))
    return arith::CmpFOp::create(
        b, loc, greater ? arith::CmpFPredicate::OGT : arith::CmpFPredicate::OLT,
        a, bValue);
  return arith::CmpIOp::create(
      b, loc, greater ? arith::CmpIPredicate::sgt : arith::CmpIPredicate::slt,
      a, bValue);
}

Value equal(OpBuilder &b, Location loc, Value a, Value bValue) {
  if (isa<FloatType>(a.getType()))
    return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, a, bValue);
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, a, bValue);
}

void decompose(linalg::GenericOp op, const ArgReduction &arg) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  Block *old = op.getBody();
  unsigned numInputs = op.getNumDpsInputs();
  SmallVector<Value> inputs = op.getDpsInputs();
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  SmallVector<AffineMap> inputMaps(maps.begin(), maps.begin() + numInputs);
  AffineMap valueMap = maps[numInputs + arg.valueResult];
  AffineMap indexMap = maps[numInputs + arg.indexResult];
  Value valueInit = op.getDpsInits()[arg.valueResult];
  Value indexInit = op.getDpsInits()[arg.indexResult];
  auto indexType = cast<RankedTensorType>(indexInit.getType());
  auto indexElement = cast<IntegerType>(indexType.getElementType());
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  auto mapInputs = [&](Block *block, IRMapping &mapping) {
    for (unsigned i = 0; i < numInputs; ++i)
      mapping.map(old->getArgument(i), block->getArgument(i));
  };

  // 1. The extremum alone: acc = max(element, acc) from the value's init.
  SmallVector<AffineMap> extremumMaps = inputMaps;
  extremumMaps.push_back(valueMap);
  auto extremum = linalg::GenericOp::create(
      b, loc, TypeRange{valueInit.getType()}, inputs, ValueRange{valueInit},
      extremumMaps, iterators,
      [&](OpBuilder &nested, Location nestedLoc, ValueRange args) {
        IRMapping mapping;
        mapInputs(nested.getInsertionBlock(), mapping);
        mapping.map(old->getArgument(numInputs + arg.valueResult), args.back());
        Value element = cloneSlice(nested, arg.element, old, mapping);
        mapping.map(arg.element, element);
        Operation *combined = nested.clone(*arg.extremum, mapping);
        linalg::YieldOp::create(nested, nestedLoc, combined->getResult(0));
      });

  // 2. The least index where the element equals the extremum and passes
  // the initial value strictly (as the body's comparison moved the index),
  // from a sentinel (the index type's largest value) that no index reaches.
  Value sentinel = arith::ConstantOp::create(
      b, loc,
      b.getIntegerAttr(indexElement,
                       APInt::getSignedMaxValue(indexElement.getWidth())));
  Value empty =
      tensor::EmptyOp::create(b, loc, indexType.getShape(), indexElement);
  Value sentinels =
      linalg::FillOp::create(b, loc, sentinel, empty).getResult(0);
  // The initial value, as the scalar of its fill where it is one (a
  // tensor input the tiling's clean-up would fold, rebuilding the op).
  Value initialValue = filledScalar(valueInit);
  SmallVector<Value> firstInputs = inputs;
  firstInputs.push_back(extremum.getResult(0));
  SmallVector<AffineMap> firstMaps = inputMaps;
  firstMaps.push_back(valueMap);
  if (!initialValue) {
    firstInputs.push_back(valueInit);
    firstMaps.push_back(valueMap);
  }
  firstMaps.push_back(indexMap);
  auto first = linalg::GenericOp::create(
      b, loc, TypeRange{indexType}, firstInputs, ValueRange{sentinels},
      firstMaps, iterators,
      [&](OpBuilder &nested, Location nestedLoc, ValueRange args) {
        IRMapping mapping;
        mapInputs(nested.getInsertionBlock(), mapping);
        Value element = cloneSlice(nested, arg.element, old, mapping);
        Value reached = equal(nested, nestedLoc, element, args[numInputs]);
        Value passed = strictlyBeyond(
            nested, nestedLoc, element,
            initialValue ? initialValue : args[numInputs + 1], arg.greater);
        Value both = arith::AndIOp::create(nested, nestedLoc, reached, passed);
        unsigned loop = 0;
        for (auto [i, iterator] : llvm::enumerate(iterators))
          if (iterator == utils::IteratorType::reduction)
            loop = i;
        Value index = arith::IndexCastOp::create(
            nested, nestedLoc, indexElement,
            linalg::IndexOp::create(nested, nestedLoc, loop));
        Value candidate =
            arith::SelectOp::create(nested, nestedLoc, both, index, sentinel);
        linalg::YieldOp::create(
            nested, nestedLoc,
            arith::MinSIOp::create(nested, nestedLoc, candidate, args.back())
                .getResult());
      });

  // 3. Where no element passed, the initial index.
  unsigned rank = indexType.getRank();
  AffineMap identity = b.getMultiDimIdentityMap(rank);
  Value initialIndex = filledScalar(indexInit);
  SmallVector<Value> restoreInputs = {first.getResult(0)};
  if (!initialIndex)
    restoreInputs.push_back(indexInit);
  auto restored = linalg::GenericOp::create(
      b, loc, TypeRange{indexType}, restoreInputs, ValueRange{indexInit},
      SmallVector<AffineMap>(restoreInputs.size() + 1, identity),
      SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel),
      [&](OpBuilder &nested, Location nestedLoc, ValueRange args) {
        Value none = arith::CmpIOp::create(
            nested, nestedLoc, arith::CmpIPredicate::eq, args[0], sentinel);
        linalg::YieldOp::create(
            nested, nestedLoc,
            arith::SelectOp::create(nested, nestedLoc, none,
                                    initialIndex ? initialIndex : args[1],
                                    args[0])
                .getResult());
      });

  op.getResult(arg.valueResult).replaceAllUsesWith(extremum.getResult(0));
  op.getResult(arg.indexResult).replaceAllUsesWith(restored.getResult(0));
  op.erase();
}

struct FoundryDecomposeArgReductionsPass final
    : mlir::foundry::impl::FoundryDecomposeArgReductionsPassBase<
          FoundryDecomposeArgReductionsPass> {
  using Base::Base;

  void runOnOperation() override {
    if (decomposeArgReductions(getOperation()) > 0)
      return;
    getOperation()->emitError()
        << kPass
        << ": no arg-reduction (a linalg.generic reducing one loop into a "
           "running maximum or minimum and the index where it was first "
           "reached: acc = maximumf(x, acc), i = select(x > acc, "
           "linalg.index, i)) outside a block tile";
    signalPassFailure();
  }
};

} // namespace

int64_t mlir::foundry::decomposeArgReductions(Operation *root) {
  SmallVector<std::pair<linalg::GenericOp, ArgReduction>> found;
  root->walk([&](linalg::GenericOp op) {
    if (!op->getParentOfType<KernelOp>() ||
        op->getParentOfType<scf::ForallOp>())
      return;
    if (std::optional<ArgReduction> arg = matchArgReduction(op))
      found.push_back({op, *arg});
  });
  for (auto &[op, arg] : found)
    decompose(op, arg);
  return found.size();
}
