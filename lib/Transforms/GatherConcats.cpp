//===- GatherConcats.cpp - concatenations read where they are used --------===//
//
// foundry-gather-concats: a tensor.concat (torch.cat, rotate_half's
// cat(-x2, x1)) becomes a linalg.generic that computes each element of the
// result from the piece it lies in (ElementAt.h: through slices and
// elementwise producers, else tensor.extract), so a block tile of its
// consumer fuses it like any elementwise producer. Without it the
// concatenation is a copy kernel per piece before its consumer.
//
//===----------------------------------------------------------------------===//

#include "ElementAt.h"

#include "foundry/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::foundry {
#define GEN_PASS_DEF_FOUNDRYGATHERCONCATSPASS
#include "foundry/Transforms/Passes.h.inc"
} // namespace mlir::foundry

using namespace mlir;
using namespace mlir::foundry;

namespace {

/// Beyond this many pieces, a concatenation stays a copy per piece: every
/// element of the gather reads every piece.
constexpr int64_t kMaxPieces = 4;

/// True if every piece and the result of `concat` have static shapes.
bool isStatic(tensor::ConcatOp concat) {
  if (!concat.getResultType().hasStaticShape())
    return false;
  return llvm::all_of(concat.getInputs(), [](Value piece) {
    return cast<RankedTensorType>(piece.getType()).hasStaticShape();
  });
}

/// Erases `ops` and, in turn, the producers they leave unused, if pure.
/// (Each op once: a piece may appear twice, an op read twice.)
void eraseDeadProducers(llvm::SetVector<Operation *> ops) {
  while (!ops.empty()) {
    Operation *op = ops.pop_back_val();
    if (!isOpTriviallyDead(op))
      continue;
    for (Value operand : op->getOperands())
      if (Operation *def = operand.getDefiningOp())
        ops.insert(def);
    op->erase();
  }
}

/// True if `concat` is one the pass takes: static shapes and at most
/// kMaxPieces pieces with elements (each element reads every piece).
bool isGatherable(tensor::ConcatOp concat) {
  if (!isStatic(concat))
    return false;
  uint64_t dim = concat.getDim();
  return llvm::count_if(concat.getInputs(), [&](Value piece) {
           return cast<RankedTensorType>(piece.getType()).getDimSize(dim) > 0;
         }) <= kMaxPieces;
}

/// Replaces `concat` by a generic computing each element from its piece.
void gatherConcat(tensor::ConcatOp concat) {
  RankedTensorType type = concat.getResultType();
  unsigned rank = type.getRank();
  uint64_t dim = concat.getDim();
  Location loc = concat.getLoc();
  OpBuilder builder(concat);
  Value init = tensor::EmptyOp::create(builder, loc, type.getShape(),
                                       type.getElementType());
  SmallVector<AffineMap> maps{builder.getMultiDimIdentityMap(rank)};
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  // The pieces that have elements, with their offsets along `dim`.
  SmallVector<std::pair<Value, int64_t>> pieces;
  int64_t offset = 0;
  for (Value piece : concat.getInputs()) {
    int64_t size = cast<RankedTensorType>(piece.getType()).getDimSize(dim);
    if (size > 0)
      pieces.push_back({piece, offset});
    offset += size;
  }
  // No piece with elements: the result has none either.
  if (pieces.empty()) {
    llvm::SetVector<Operation *> producers;
    for (Value piece : concat.getInputs())
      if (Operation *def = piece.getDefiningOp())
        producers.insert(def);
    concat.getResult().replaceAllUsesWith(init);
    concat.erase();
    eraseDeadProducers(std::move(producers));
    return;
  }
  auto gathered = linalg::GenericOp::create(
      builder, loc, TypeRange{type}, ValueRange{}, ValueRange{init}, maps,
      iterators, [&](OpBuilder &b, Location loc, ValueRange) {
        SmallVector<Value> indices;
        for (unsigned d = 0; d < rank; ++d)
          indices.push_back(linalg::IndexOp::create(b, loc, d));
        Value along = indices[dim];
        // Each piece's element at the index clamped into the piece (every
        // piece is read in bounds), the one the index lies in selected.
        SmallVector<Value> elements;
        for (auto [k, entry] : llvm::enumerate(pieces)) {
          auto [piece, start] = entry;
          int64_t size =
              cast<RankedTensorType>(piece.getType()).getDimSize(dim);
          Value local = along;
          if (start != 0) {
            local = arith::SubIOp::create(
                b, loc, local, arith::ConstantIndexOp::create(b, loc, start));
            local = arith::MaxSIOp::create(
                b, loc, local, arith::ConstantIndexOp::create(b, loc, 0));
          }
          if (k + 1 != pieces.size())
            local = arith::MinSIOp::create(
                b, loc, local,
                arith::ConstantIndexOp::create(b, loc, size - 1));
          SmallVector<Value> pieceIndices(indices);
          pieceIndices[dim] = local;
          elements.push_back(buildElementAt(b, loc, piece, pieceIndices));
        }
        Value result = elements.back();
        for (size_t k = pieces.size() - 1; k-- > 0;) {
          Value end =
              arith::ConstantIndexOp::create(b, loc, pieces[k + 1].second);
          Value inPiece = arith::CmpIOp::create(
              b, loc, arith::CmpIPredicate::slt, along, end);
          result =
              arith::SelectOp::create(b, loc, inPiece, elements[k], result);
        }
        linalg::YieldOp::create(b, loc, result);
      });
  llvm::SetVector<Operation *> producers;
  for (Value piece : concat.getInputs())
    if (Operation *def = piece.getDefiningOp())
      producers.insert(def);
  concat.getResult().replaceAllUsesWith(gathered.getResult(0));
  concat.erase();
  eraseDeadProducers(std::move(producers));
}

struct FoundryGatherConcatsPass final
    : mlir::foundry::impl::FoundryGatherConcatsPassBase<
          FoundryGatherConcatsPass> {
  using Base::Base;

  void runOnOperation() override {
    if (gatherConcats(getOperation()) > 0)
      return;
    getOperation()->emitError()
        << "foundry-gather-concats: no tensor.concat of static shape and at "
           "most "
        << kMaxPieces << " pieces in a kernel outside a block tile";
    signalPassFailure();
  }
};

} // namespace

int64_t mlir::foundry::gatherConcats(Operation *root) {
  SmallVector<tensor::ConcatOp> found;
  root->walk([&](tensor::ConcatOp concat) {
    if (concat->getParentOfType<KernelOp>() &&
        !concat->getParentOfType<scf::ForallOp>() && isGatherable(concat))
      found.push_back(concat);
  });
  // Walk order is producers first: a concatenation of a concatenation
  // reads the generic that replaced the inner one.
  for (tensor::ConcatOp concat : found)
    gatherConcat(concat);
  return found.size();
}
