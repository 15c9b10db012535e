//===- InvertDivisors.cpp - Divisions by loop-invariant values ------------===//
//
// foundry-invert-divisors: a division `a / d` inside a linalg.generic whose
// divisor d is the same along one of the op's loops (a softmax's row sum, a
// norm's root mean square) becomes `a * r`, with r = 1 / d computed once per
// divisor by an elementwise generic of its own, over the divisor's operands
// only. An IEEE division is a subroutine of some twenty instructions on the
// GPU (div.rn.f32); the multiplication is one.
//
//===----------------------------------------------------------------------===//

#include "foundry/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::foundry {
#define GEN_PASS_DEF_FOUNDRYINVERTDIVISORSPASS
#include "foundry/Transforms/Passes.h.inc"
} // namespace mlir::foundry

using namespace mlir;
using namespace mlir::foundry;

namespace {

/// The inputs a divisor of `op`'s body is computed from, when it can be
/// computed once per element of them: every op of its slice in the body is
/// pure, has no regions and is no linalg.index; it reads no output block
/// argument; the inputs it reads (at least one) share one projected
/// permutation map with fewer results than `op` has loops, and have static
/// shapes. std::nullopt otherwise.
std::optional<SmallVector<unsigned>>
invariantDivisorInputs(linalg::GenericOp op, Value divisor) {
  Block *body = op.getBody();
  llvm::SetVector<unsigned> inputs;
  llvm::DenseSet<Value> seen;
  SmallVector<Value> work = {divisor};
  while (!work.empty()) {
    Value next = work.pop_back_val();
    if (!seen.insert(next).second)
      continue;
    if (auto arg = dyn_cast<BlockArgument>(next)) {
      if (arg.getOwner() != body)
        continue; // Defined above the op: the same for every element.
      if (arg.getArgNumber() >= op.getNumDpsInputs())
        return std::nullopt; // An output (an accumulator) varies.
      inputs.insert(arg.getArgNumber());
      continue;
    }
    Operation *def = next.getDefiningOp();
    if (def->getBlock() != body)
      continue;
    if (def->getNumRegions() != 0 || isa<linalg::IndexOp>(def) ||
        !isMemoryEffectFree(def))
      return std::nullopt;
    llvm::append_range(work, def->getOperands());
  }
  if (inputs.empty())
    return std::nullopt;
  AffineMap map = op.getMatchingIndexingMap(op.getDpsInputOperand(inputs[0]));
  if (!map.isProjectedPermutation() || map.getNumResults() >= op.getNumLoops())
    return std::nullopt;
  for (unsigned input : inputs) {
    OpOperand *operand = op.getDpsInputOperand(input);
    auto type = dyn_cast<RankedTensorType>(operand->get().getType());
    if (op.getMatchingIndexingMap(operand) != map || !type ||
        !type.hasStaticShape())
      return std::nullopt;
  }
  SmallVector<unsigned> sorted(inputs.begin(), inputs.end());
  llvm::sort(sorted);
  return sorted;
}

/// A generic computing `1 / divisor` for every element of the `inputs` of
/// `op` it reads (identity maps over their common static shape), inserted
/// before `op`.
Value createReciprocal(RewriterBase &rewriter, linalg::GenericOp op,
                       Value divisor, ArrayRef<unsigned> inputs) {
  Location loc = divisor.getLoc();
  SmallVector<Value> operands;
  for (unsigned input : inputs)
    operands.push_back(op.getDpsInputOperand(input)->get());
  auto shape = cast<RankedTensorType>(operands.front().getType()).getShape();
  Type elementType = divisor.getType();
  rewriter.setInsertionPoint(op);
  Value empty = tensor::EmptyOp::create(rewriter, loc, shape, elementType);
  AffineMap identity =
      rewriter.getMultiDimIdentityMap(static_cast<unsigned>(shape.size()));
  SmallVector<AffineMap> maps(operands.size() + 1, identity);
  SmallVector<utils::IteratorType> iterators(shape.size(),
                                             utils::IteratorType::parallel);
  auto reciprocal = linalg::GenericOp::create(
      rewriter, loc, TypeRange{empty.getType()}, operands, ValueRange{empty},
      maps, iterators, [&](OpBuilder &b, Location bodyLoc, ValueRange args) {
        IRMapping mapping;
        for (auto [input, arg] : llvm::zip(inputs, args))
          mapping.map(op.getBody()->getArgument(input), arg);
        Value d = cloneSlice(b, op.getBody(), divisor, mapping);
        Value one = arith::ConstantOp::create(b, bodyLoc,
                                              b.getFloatAttr(elementType, 1.0));
        Value r = arith::DivFOp::create(b, bodyLoc, one, d);
        linalg::YieldOp::create(b, bodyLoc, r);
      });
  return reciprocal.getResult(0);
}

/// Rewrites the divisions of `op` by invariant divisors (see the pass
/// description); returns the op that replaces `op`, or `op` itself when it
/// has none.
linalg::GenericOp invertDivisors(RewriterBase &rewriter, linalg::GenericOp op) {
  // Distinct divisors, in body order, with the divisions by them.
  llvm::MapVector<Value, SmallVector<arith::DivFOp>> divisions;
  llvm::DenseMap<Value, SmallVector<unsigned>> divisorInputs;
  for (auto div : op.getBody()->getOps<arith::DivFOp>()) {
    Value d = div.getRhs();
    if (!divisorInputs.contains(d)) {
      std::optional<SmallVector<unsigned>> inputs =
          invariantDivisorInputs(op, d);
      if (!inputs)
        continue;
      divisorInputs[d] = *inputs;
    }
    divisions[d].push_back(div);
  }
  if (divisions.empty())
    return op;

  // One reciprocal per divisor, read through the map of its inputs.
  SmallVector<Value> reciprocals;
  SmallVector<AffineMap> reciprocalMaps;
  for (auto &[d, divs] : divisions) {
    ArrayRef<unsigned> from = divisorInputs[d];
    reciprocals.push_back(createReciprocal(rewriter, op, d, from));
    reciprocalMaps.push_back(
        op.getMatchingIndexingMap(op.getDpsInputOperand(from[0])));
  }

  // In the body, a block argument for each reciprocal after the inputs, a
  // multiplication for each division; then the divisors' slices, and the
  // inputs only they read, are dead.
  Block *body = op.getBody();
  unsigned numInputs = op.getNumDpsInputs();
  SmallVector<AffineMap> oldMaps = op.getIndexingMapsArray();
  for (auto [i, r] : llvm::enumerate(reciprocals)) {
    BlockArgument arg = body->insertArgument(
        numInputs + i, getElementTypeOrSelf(r.getType()), r.getLoc());
    for (arith::DivFOp div : divisions.begin()[i].second) {
      rewriter.setInsertionPoint(div);
      rewriter.replaceOpWithNewOp<arith::MulFOp>(div, div.getLhs(), arg,
                                                 div.getFastmathAttr());
    }
  }
  for (Operation &bodyOp : llvm::make_early_inc_range(llvm::reverse(*body)))
    if (bodyOp.use_empty() && isMemoryEffectFree(&bodyOp) &&
        !bodyOp.hasTrait<OpTrait::IsTerminator>())
      rewriter.eraseOp(&bodyOp);
  SmallVector<Value> inputs;
  SmallVector<AffineMap> maps;
  SmallVector<unsigned> dead;
  for (unsigned i = 0; i < numInputs; ++i) {
    if (body->getArgument(i).use_empty()) {
      dead.push_back(i);
      continue;
    }
    inputs.push_back(op.getDpsInputOperand(i)->get());
    maps.push_back(oldMaps[i]);
  }
  llvm::append_range(inputs, reciprocals);
  llvm::append_range(maps, reciprocalMaps);
  llvm::append_range(maps, ArrayRef(oldMaps).drop_front(numInputs));
  for (unsigned i : llvm::reverse(dead))
    body->eraseArgument(i);

  // The op again, over the live inputs and the reciprocals.
  rewriter.setInsertionPoint(op);
  auto inverted = linalg::GenericOp::create(
      rewriter, op.getLoc(), op.getResultTypes(), inputs, op.getDpsInits(),
      maps, op.getIteratorTypesArray());
  inverted->setDiscardableAttrs(op->getDiscardableAttrDictionary());
  rewriter.inlineRegionBefore(op.getRegion(), inverted.getRegion(),
                              inverted.getRegion().end());
  rewriter.replaceOp(op, inverted->getResults());
  return inverted;
}

/// The linalg.generic ops of the kernels under `root` outside any block tile.
SmallVector<linalg::GenericOp> kernelLevelGenerics(Operation *root) {
  SmallVector<linalg::GenericOp> ops;
  root->walk([&](KernelOp kernel) {
    kernel.walk([&](linalg::GenericOp op) {
      if (op.hasPureTensorSemantics() && !op->getParentOfType<scf::ForallOp>())
        ops.push_back(op);
    });
  });
  return ops;
}

} // namespace

bool mlir::foundry::hasInvertibleDivisors(Operation *root) {
  return llvm::any_of(kernelLevelGenerics(root), [](linalg::GenericOp op) {
    return llvm::any_of(
        op.getBody()->getOps<arith::DivFOp>(), [&](arith::DivFOp div) {
          return invariantDivisorInputs(op, div.getRhs()).has_value();
        });
  });
}

namespace mlir::foundry {
namespace {
struct FoundryInvertDivisorsPass final
    : impl::FoundryInvertDivisorsPassBase<FoundryInvertDivisorsPass> {
  using Base::Base;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    for (linalg::GenericOp op : kernelLevelGenerics(getOperation()))
      (void)invertDivisors(rewriter, op);
  }
};
} // namespace
} // namespace mlir::foundry
