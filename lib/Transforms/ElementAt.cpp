//===- ElementAt.cpp - one element of a tensor, computed in place ---------===//

#include "ElementAt.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <map>
#include <vector>

using namespace mlir;

namespace {

/// Beyond this many producers looked through, an element is read instead
/// (a chain of thousands of ops must not exhaust the stack).
constexpr unsigned kMaxDepth = 64;

/// True if `op` is an elementwise producer whose body can be cloned at one
/// element (see buildElementAt).
bool isElementwise(linalg::LinalgOp op) {
  if (op->getNumResults() != 1 || op.getNumDpsInits() != 1 ||
      !op.hasPureTensorSemantics() ||
      op.getNumParallelLoops() != op.getNumLoops() ||
      !op.getMatchingIndexingMap(op.getDpsInitOperand(0)).isIdentity())
    return false;
  auto type = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!type || !type.hasStaticShape())
    return false;
  Block *body = op.getBlock();
  unsigned inputs = op.getNumDpsInputs();
  // linalg.map's body has no argument for its init; the others have one,
  // which an elementwise body does not read.
  if (body->getNumArguments() != inputs &&
      (body->getNumArguments() != inputs + 1 ||
       !body->getArgument(inputs).use_empty()))
    return false;
  for (OpOperand *input : op.getDpsInputOperands())
    if (!op.getMatchingIndexingMap(input).isProjectedPermutation())
      return false;
  for (Operation &nested : body->without_terminator())
    if (nested.getNumRegions() != 0 || !isPure(&nested))
      return false;
  return body->getTerminator()->getNumOperands() == 1;
}

/// Builds elements in one body: each (tensor, indices) once, and at most
/// kMaxClonedOps producer ops cloned in all, then reads (a producer read
/// twice at every level of a chain would otherwise be cloned 2^depth
/// times).
class ElementBuilder {
public:
  ElementBuilder(OpBuilder &b, Location loc) : b_(b), loc_(loc) {}

  Value build(Value tensor, ValueRange indices, unsigned depth) {
    Key key{tensor.getAsOpaquePointer(), {}};
    for (Value index : indices)
      key.second.push_back(index.getAsOpaquePointer());
    if (auto it = built_.find(key); it != built_.end())
      return it->second;
    Value element = buildNew(tensor, indices, depth);
    built_[key] = element;
    return element;
  }

private:
  using Key = std::pair<const void *, std::vector<const void *>>;

  /// Beyond this many ops cloned for one body, elements are read.
  static constexpr int64_t kMaxClonedOps = 256;

  Value buildNew(Value tensor, ValueRange indices, unsigned depth) {
    if (depth < kMaxDepth && cloned_ < kMaxClonedOps) {
      if (auto slice = tensor.getDefiningOp<tensor::ExtractSliceOp>();
          slice && !ShapedType::isDynamicShape(slice.getStaticOffsets()) &&
          !ShapedType::isDynamicShape(slice.getStaticStrides()))
        return elementOfSlice(slice, indices, depth);
      if (auto op = tensor.getDefiningOp<linalg::LinalgOp>();
          op && isElementwise(op))
        return elementOfProducer(op, indices, depth);
    }
    return tensor::ExtractOp::create(b_, loc_, tensor, indices);
  }

  /// The element of a slice's result at `indices`, read from its source.
  Value elementOfSlice(tensor::ExtractSliceOp slice, ValueRange indices,
                       unsigned depth) {
    llvm::SmallBitVector dropped = slice.getDroppedDims();
    ArrayRef<int64_t> offsets = slice.getStaticOffsets();
    ArrayRef<int64_t> strides = slice.getStaticStrides();
    SmallVector<Value> sourceIndices;
    unsigned next = 0;
    for (unsigned d = 0, e = offsets.size(); d < e; ++d) {
      if (dropped.test(d)) {
        sourceIndices.push_back(
            arith::ConstantIndexOp::create(b_, loc_, offsets[d]));
        continue;
      }
      Value index = indices[next++];
      if (strides[d] != 1)
        index = arith::MulIOp::create(
            b_, loc_, index,
            arith::ConstantIndexOp::create(b_, loc_, strides[d]));
      if (offsets[d] != 0)
        index = arith::AddIOp::create(
            b_, loc_, index,
            arith::ConstantIndexOp::create(b_, loc_, offsets[d]));
      sourceIndices.push_back(index);
    }
    return build(slice.getSource(), sourceIndices, depth + 1);
  }

  /// The element of an elementwise producer's result at `indices`: its
  /// body cloned there, each input read at its map of `indices`.
  Value elementOfProducer(linalg::LinalgOp op, ValueRange indices,
                          unsigned depth) {
    Block *body = op.getBlock();
    IRMapping mapping;
    for (OpOperand *input : op.getDpsInputOperands()) {
      AffineMap map = op.getMatchingIndexingMap(input);
      Value element = input->get();
      if (isa<RankedTensorType>(element.getType())) {
        SmallVector<Value> inputIndices;
        for (AffineExpr result : map.getResults())
          inputIndices.push_back(
              indices[cast<AffineDimExpr>(result).getPosition()]);
        element = build(element, inputIndices, depth + 1);
      }
      mapping.map(body->getArgument(input->getOperandNumber()), element);
    }
    for (Operation &nested : body->without_terminator()) {
      if (auto index = dyn_cast<linalg::IndexOp>(nested)) {
        mapping.map(index.getResult(), indices[index.getDim()]);
        continue;
      }
      b_.clone(nested, mapping);
      ++cloned_;
    }
    return mapping.lookupOrDefault(body->getTerminator()->getOperand(0));
  }

  OpBuilder &b_;
  Location loc_;
  std::map<Key, Value> built_;
  int64_t cloned_ = 0;
};

} // namespace

Value mlir::foundry::buildElementAt(OpBuilder &builder, Location loc,
                                    Value tensor, ValueRange indices) {
  return ElementBuilder(builder, loc).build(tensor, indices, 0);
}
