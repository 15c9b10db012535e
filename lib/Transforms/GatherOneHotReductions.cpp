//===- GatherOneHotReductions.cpp - one-hot sums as gathers ---------------===//
//
// foundry-gather-one-hot-reductions: a linalg.generic that sums, over one
// loop r, `select(linalg.index r == t, v, 0)` with t computed without r (a
// NLL loss picking each row's target log-probability, as torch-mlir lowers
// it) has at most one nonzero term: v at r = t. It becomes a parallel
// generic over the other loops that reads v's inputs at r = t
// (tensor.extract) when t is in [0, extent of r), and adds nothing
// otherwise. An elementwise producer of such an input (the log-softmax
// before the loss) is computed at that one element, in the same body,
// instead of over the whole row.
//
//===----------------------------------------------------------------------===//

#include "foundry/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallBitVector.h"

namespace mlir::foundry {
#define GEN_PASS_DEF_FOUNDRYGATHERONEHOTREDUCTIONSPASS
#include "foundry/Transforms/Passes.h.inc"
} // namespace mlir::foundry

using namespace mlir;
using namespace mlir::foundry;

namespace {

constexpr StringLiteral kPass = "foundry-gather-one-hot-reductions";

/// The parts of a one-hot sum's body.
struct OneHotSum {
  unsigned loop;         // r, the one reduction loop
  Value target;          // t, computed without r
  Value picked;          // v
  Value zero;            // the select's 0
  Operation *accumulate; // acc + select(...)
};

/// True if `value` is `linalg.index loop`, possibly through index casts
/// that keep every index of a loop of `extent` (no integer narrower than
/// the extent needs, none wider than 64 bits).
bool isLoopIndex(Value value, unsigned loop, int64_t extent) {
  while (auto cast = value.getDefiningOp<arith::IndexCastOp>()) {
    if (auto type = dyn_cast<IntegerType>(cast.getType())) {
      unsigned width = type.getWidth();
      if (width > 64 || (width < 64 && extent > (int64_t{1} << (width - 1))))
        return false;
    }
    value = cast.getIn();
  }
  auto index = value.getDefiningOp<linalg::IndexOp>();
  return index && index.getDim() == loop;
}

/// True if every op of `op`'s body that `value` is computed from is pure and
/// has no regions (each can be computed once, at one element, elsewhere).
bool pureSlice(linalg::GenericOp op, Value value) {
  llvm::SetVector<Value> work;
  work.insert(value);
  for (size_t i = 0; i < work.size(); ++i) {
    Operation *def = work[i].getDefiningOp();
    if (!def || def->getBlock() != op.getBody())
      continue;
    if (def->getNumRegions() != 0 || !isPure(def))
      return false;
    work.insert(def->getOperands().begin(), def->getOperands().end());
  }
  return true;
}

/// True if `value` is computed in `op`'s body by pure ops without regions
/// from inputs whose indexing maps do not use `loop` and constants, never
/// reading the accumulator or `linalg.index loop`.
bool independentOf(linalg::GenericOp op, Value value, unsigned loop) {
  Block *body = op.getBody();
  llvm::SetVector<Value> work;
  work.insert(value);
  for (size_t i = 0; i < work.size(); ++i) {
    Value next = work[i];
    if (auto arg = dyn_cast<BlockArgument>(next)) {
      if (arg.getOwner() != body)
        continue; // Defined outside the generic: the same everywhere.
      if (arg.getArgNumber() >= op.getNumDpsInputs())
        return false;
      if (op.getMatchingIndexingMap(op.getDpsInputOperand(arg.getArgNumber()))
              .isFunctionOfDim(loop))
        return false;
      continue;
    }
    Operation *def = next.getDefiningOp();
    if (def->getBlock() != body)
      continue;
    if (auto index = dyn_cast<linalg::IndexOp>(def)) {
      if (index.getDim() == loop)
        return false;
      continue;
    }
    if (def->getNumRegions() != 0 || !isPure(def))
      return false;
    work.insert(def->getOperands().begin(), def->getOperands().end());
  }
  return true;
}

/// Matches `op` as a one-hot sum: one result, one reduction loop r (its
/// output map not using r), the body yielding `acc + select(linalg.index r
/// == t, v, 0)` (either operand order of the add and the comparison; addf
/// or addi), t independent of r, v not reading the accumulator.
std::optional<OneHotSum> matchOneHotSum(linalg::GenericOp op) {
  if (op.getNumDpsInits() != 1 || op.getNumResults() != 1 ||
      op.getNumReductionLoops() != 1 || !op.hasPureTensorSemantics())
    return std::nullopt;
  unsigned loop = 0;
  for (auto [i, iterator] : llvm::enumerate(op.getIteratorTypesArray()))
    if (iterator == utils::IteratorType::reduction)
      loop = i;
  int64_t extent = op.getStaticLoopRanges()[loop];
  if (ShapedType::isDynamic(extent) || extent < 1)
    return std::nullopt;
  // The other loops must be those of the output, which then gives their
  // extents to the generic that replaces op.
  OpOperand *init = op.getDpsInitOperand(0);
  AffineMap initMap = op.getMatchingIndexingMap(init);
  llvm::SmallBitVector reduced(op.getNumLoops());
  reduced.set(loop);
  if (initMap.isFunctionOfDim(loop) || !initMap.isProjectedPermutation() ||
      !compressDims(initMap, reduced).isPermutation())
    return std::nullopt;
  for (OpOperand *input : op.getDpsInputOperands())
    if (!op.getMatchingIndexingMap(input).isProjectedPermutation())
      return std::nullopt;
  BlockArgument acc = op.getMatchingBlockArgument(init);
  auto yield = cast<linalg::YieldOp>(op.getBody()->getTerminator());
  Operation *add = yield.getValues()[0].getDefiningOp();
  if (!add || !isa<arith::AddFOp, arith::AddIOp>(add) || !acc.hasOneUse() ||
      !llvm::is_contained(add->getOperands(), acc))
    return std::nullopt;
  Value term =
      add->getOperand(0) == acc ? add->getOperand(1) : add->getOperand(0);
  auto select = term.getDefiningOp<arith::SelectOp>();
  if (!select || !matchPattern(select.getFalseValue(), m_AnyZeroFloat()) &&
                     !matchPattern(select.getFalseValue(), m_Zero()))
    return std::nullopt;
  auto compare = select.getCondition().getDefiningOp<arith::CmpIOp>();
  if (!compare || compare.getPredicate() != arith::CmpIPredicate::eq)
    return std::nullopt;
  Value target;
  if (isLoopIndex(compare.getLhs(), loop, extent))
    target = compare.getRhs();
  else if (isLoopIndex(compare.getRhs(), loop, extent))
    target = compare.getLhs();
  else
    return std::nullopt;
  if (auto type = dyn_cast<IntegerType>(target.getType());
      type && type.getWidth() > 64)
    return std::nullopt;
  if (!independentOf(op, target, loop) || !pureSlice(op, select.getTrueValue()))
    return std::nullopt;
  return OneHotSum{loop, target, select.getTrueValue(), select.getFalseValue(),
                   add};
}

/// The elementwise generic that produces input `input` of `op` and that
/// only `op` reads, to be computed at one element inside `op`'s body: all
/// loops parallel, one result through an identity map, projected
/// permutations elsewhere, pure ops without regions in its body. Null if
/// there is none.
linalg::GenericOp inlinableProducer(linalg::GenericOp op, OpOperand *input) {
  auto producer = input->get().getDefiningOp<linalg::GenericOp>();
  if (!producer || producer->getBlock() != op->getBlock() ||
      producer.getNumResults() != 1 || !producer->hasOneUse() ||
      producer.getNumReductionLoops() != 0 ||
      !producer.hasPureTensorSemantics() ||
      !producer.getMatchingIndexingMap(producer.getDpsInitOperand(0))
           .isIdentity() ||
      !producer.getMatchingBlockArgument(producer.getDpsInitOperand(0))
           .use_empty())
    return {};
  for (OpOperand *in : producer.getDpsInputOperands())
    if (!producer.getMatchingIndexingMap(in).isProjectedPermutation())
      return {};
  for (Operation &nested : producer.getBody()->without_terminator())
    if (nested.getNumRegions() != 0 || !isPure(&nested))
      return {};
  return producer;
}

/// Rewrites one matched one-hot sum.
void gather(linalg::GenericOp op, const OneHotSum &sum) {
  unsigned loops = op.getNumLoops();
  int64_t extent = op.getStaticLoopRanges()[sum.loop];
  llvm::SmallBitVector dropped(loops);
  dropped.set(sum.loop);
  // The inputs of the new generic: every input (and every input of an
  // inlined producer) indexed without r, its map composed onto op's loops
  // and r dropped. The others are read at r = t by tensor.extract.
  SmallVector<Value> inputs;
  SmallVector<AffineMap> maps;
  DenseMap<std::pair<Value, AffineMap>, unsigned> operandOf;
  auto addInput = [&](Value value, AffineMap onLoops) {
    auto key = std::make_pair(value, onLoops);
    auto [it, fresh] = operandOf.try_emplace(key, inputs.size());
    if (fresh) {
      inputs.push_back(value);
      maps.push_back(compressDims(onLoops, dropped));
    }
    return it->second;
  };
  SmallVector<linalg::GenericOp> inlined(op.getNumDpsInputs());
  for (OpOperand *input : op.getDpsInputOperands()) {
    AffineMap map = op.getMatchingIndexingMap(input);
    if (!map.isFunctionOfDim(sum.loop)) {
      addInput(input->get(), map);
      continue;
    }
    if (linalg::GenericOp producer = inlinableProducer(op, input)) {
      inlined[input->getOperandNumber()] = producer;
      for (OpOperand *in : producer.getDpsInputOperands()) {
        AffineMap onLoops = producer.getMatchingIndexingMap(in).compose(map);
        if (!onLoops.isFunctionOfDim(sum.loop))
          addInput(in->get(), onLoops);
      }
    }
  }
  OpOperand *init = op.getDpsInitOperand(0);
  maps.push_back(compressDims(op.getMatchingIndexingMap(init), dropped));
  SmallVector<utils::IteratorType> iterators(loops - 1,
                                             utils::IteratorType::parallel);
  // Op's loop d in the new generic.
  auto newLoop = [&](unsigned d) { return d < sum.loop ? d : d - 1; };

  OpBuilder builder(op);
  auto gathered = linalg::GenericOp::create(
      builder, op.getLoc(), op.getResultTypes(), inputs,
      ValueRange{init->get()}, maps, iterators,
      [&](OpBuilder &b, Location loc, ValueRange args) {
        Block *oldBody = op.getBody();
        Value target, clamped;
        DenseMap<Value, Value> done;
        // The index of op's loop d, r being the clamped target.
        auto loopIndex = [&](unsigned d) -> Value {
          if (d == sum.loop)
            return clamped;
          return linalg::IndexOp::create(b, loc, newLoop(d));
        };
        // Element `map` (onto op's loops) of `source`, r = t.
        auto extractAt = [&](Value source, AffineMap map) -> Value {
          SmallVector<Value> indices;
          for (AffineExpr result : map.getResults())
            indices.push_back(
                loopIndex(cast<AffineDimExpr>(result).getPosition()));
          return tensor::ExtractOp::create(b, loc, source, indices);
        };
        // The value of `value` (of op's body, or of an inlined producer's
        // body with `producerMap` its result's map onto op's loops) in the
        // new body.
        std::function<Value(Value, linalg::GenericOp, AffineMap)> rebuild =
            [&](Value value, linalg::GenericOp producer,
                AffineMap producerMap) -> Value {
          if (Value known = done.lookup(value))
            return known;
          Value result;
          Block *body = producer ? producer.getBody() : oldBody;
          if (auto arg = dyn_cast<BlockArgument>(value);
              arg && arg.getOwner() == body) {
            linalg::GenericOp owner = producer ? producer : op;
            OpOperand *operand = owner.getDpsInputOperand(arg.getArgNumber());
            AffineMap map = owner.getMatchingIndexingMap(operand);
            if (producer)
              map = map.compose(producerMap);
            if (!map.isFunctionOfDim(sum.loop)) {
              result = args[operandOf.lookup({operand->get(), map})];
            } else if (linalg::GenericOp inner =
                           producer ? linalg::GenericOp()
                                    : inlined[arg.getArgNumber()]) {
              result = rebuild(inner.getBody()->getTerminator()->getOperand(0),
                               inner, map);
            } else {
              result = extractAt(operand->get(), map);
            }
          } else if (Operation *def = value.getDefiningOp();
                     def && def->getBlock() == body) {
            if (auto index = dyn_cast<linalg::IndexOp>(def)) {
              unsigned d = index.getDim();
              if (producer)
                d = cast<AffineDimExpr>(producerMap.getResult(d)).getPosition();
              result = loopIndex(d);
            } else {
              IRMapping mapping;
              for (Value operand : def->getOperands())
                mapping.map(operand, rebuild(operand, producer, producerMap));
              result = b.clone(*def, mapping)
                           ->getResult(cast<OpResult>(value).getResultNumber());
            }
          } else {
            result = value; // From outside the generic.
          }
          // An inlined producer is read through one input of op (it has one
          // use), at one element: its values too are computed once.
          done[value] = result;
          return result;
        };
        target = rebuild(sum.target, {}, {});
        // t as an index, within [0, extent), and 0 where it is not.
        Value index = target;
        if (!index.getType().isIndex())
          index = arith::IndexCastOp::create(b, loc, b.getIndexType(), index);
        Value zero = arith::ConstantIndexOp::create(b, loc, 0);
        Value end = arith::ConstantIndexOp::create(b, loc, extent);
        Value inRange = arith::AndIOp::create(
            b, loc,
            arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, index,
                                  zero),
            arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, index,
                                  end));
        clamped = arith::SelectOp::create(b, loc, inRange, index, zero);
        Value picked = rebuild(sum.picked, {}, {});
        Value term = arith::SelectOp::create(b, loc, inRange, picked,
                                             rebuild(sum.zero, {}, {}));
        Value acc = args.back();
        Operation *total = b.clone(*sum.accumulate);
        if (sum.accumulate->getOperand(0) == op.getMatchingBlockArgument(init))
          total->setOperands({acc, term});
        else
          total->setOperands({term, acc});
        linalg::YieldOp::create(b, loc, total->getResult(0));
      });
  op.getResult(0).replaceAllUsesWith(gathered.getResult(0));
  op.erase();
  for (linalg::GenericOp producer : inlined)
    if (producer && producer->use_empty())
      producer.erase();
}

struct FoundryGatherOneHotReductionsPass final
    : mlir::foundry::impl::FoundryGatherOneHotReductionsPassBase<
          FoundryGatherOneHotReductionsPass> {
  using Base::Base;

  void runOnOperation() override {
    if (gatherOneHotReductions(getOperation()) > 0)
      return;
    getOperation()->emitError()
        << kPass
        << ": no one-hot sum (a linalg.generic summing, over its one "
           "reduction loop r, select(linalg.index r == t, v, 0) with t "
           "computed without r) outside a block tile";
    signalPassFailure();
  }
};

} // namespace

int64_t mlir::foundry::gatherOneHotReductions(Operation *root) {
  SmallVector<std::pair<linalg::GenericOp, OneHotSum>> found;
  root->walk([&](linalg::GenericOp op) {
    if (!op->getParentOfType<KernelOp>() ||
        op->getParentOfType<scf::ForallOp>())
      return;
    if (std::optional<OneHotSum> sum = matchOneHotSum(op))
      found.push_back({op, *sum});
  });
  for (auto &[op, sum] : found)
    gather(op, sum);
  return found.size();
}
