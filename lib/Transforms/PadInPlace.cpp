//===- PadInPlace.cpp - Padded results written into their outputs --------===//
//
// foundry-write-padded-in-place and foundry-mask-padded-accesses: a
// contraction that foundry-pad computes at a padded shape, and whose
// result is the kernel's output, writes that output directly (its padded
// buffer becomes a view of the output with the output's strides) instead
// of a buffer that one more kernel copies out; after the GPU mapping, every
// access outside the output's extent is guarded away.
//
//===----------------------------------------------------------------------===//

#include "foundry/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Affine/ViewLikeInterfaceUtils.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::foundry {
#define GEN_PASS_DEF_FOUNDRYWRITEPADDEDINPLACEPASS
#define GEN_PASS_DEF_FOUNDRYMASKPADDEDACCESSESPASS
#include "foundry/Transforms/Passes.h.inc"
} // namespace mlir::foundry

using namespace mlir;
using namespace mlir::foundry;

/// The mark on the view of an output that a padded result is written
/// through: the output's shape (the extent whose accesses are kept).
static constexpr llvm::StringLiteral kValidSizesAttr = "foundry.valid_sizes";

//===----------------------------------------------------------------------===//
// foundry-write-padded-in-place
//===----------------------------------------------------------------------===//

/// True if `user`, a use of `source`, is one whose operand type may change
/// to another strided layout: a subview of it whose own uses all are
/// (re-typed), a linalg op, a vector transfer, a load or a store.
static bool isRetypableUse(Operation *user, Value source) {
  if (auto view = dyn_cast<memref::SubViewOp>(user))
    return view.getSource() == source &&
           llvm::all_of(view->getUsers(), [&](Operation *viewUser) {
             return isRetypableUse(viewUser, view.getResult());
           });
  return isa<linalg::LinalgOp, vector::TransferReadOp,
             vector::TransferWriteOp, memref::LoadOp, memref::StoreOp,
             vector::LoadOp, vector::StoreOp>(user);
}

/// Re-types the subviews cut from `buffer`, whose type changed, for its new
/// layout (the same sizes, the offsets and strides it implies).
static void retypeSubviews(Value buffer) {
  auto sourceType = cast<MemRefType>(buffer.getType());
  for (Operation *user : buffer.getUsers()) {
    auto view = dyn_cast<memref::SubViewOp>(user);
    if (!view)
      continue;
    MemRefType type = memref::SubViewOp::inferRankReducedResultType(
        view.getType().getShape(), sourceType, view.getMixedOffsets(),
        view.getMixedSizes(), view.getMixedStrides());
    view.getResult().setType(type);
    retypeSubviews(view.getResult());
  }
}

/// The top-level op of `func`'s body that holds `op`.
static Operation *topLevelAncestor(func::FuncOp func, Operation *op) {
  return func.getBody().front().findAncestorOpInBlock(*op);
}

/// The argument `copy` writes, directly or through a collapse_shape (an
/// im2col GEMM's rows of a conv's output), with the type the copy writes it
/// at; a null argument for anything else.
static std::pair<BlockArgument, MemRefType> copiedInto(linalg::CopyOp copy) {
  Value target = copy.getOutputs()[0];
  auto targetType = cast<MemRefType>(target.getType());
  if (auto collapse = target.getDefiningOp<memref::CollapseShapeOp>()) {
    if (!collapse->hasOneUse())
      return {};
    target = collapse.getSrc();
  }
  return {dyn_cast<BlockArgument>(target), targetType};
}

/// The padded buffer `copy` copies out into an output, if the copy may be
/// replaced by writing the buffer in place (the conditions of the pass
/// description), else null.
static memref::AllocOp paddedBufferCopiedOut(func::FuncOp func,
                                             linalg::CopyOp copy) {
  auto [output, outputType] = copiedInto(copy);
  if (!output || output.getOwner() != &func.getBody().front() ||
      !func.getArgAttr(output.getArgNumber(), "foundry.output") ||
      !output.hasOneUse())
    return nullptr;
  if (!outputType.hasStaticShape() || !outputType.getLayout().isIdentity() ||
      outputType.getMemorySpace())
    return nullptr;
  auto slice = copy.getInputs()[0].getDefiningOp<memref::SubViewOp>();
  if (!slice || slice.getType().getRank() != outputType.getRank() ||
      !slice.hasZeroOffset() || !slice.hasUnitStride() ||
      slice.getType().getShape() != outputType.getShape())
    return nullptr;
  auto alloc = slice.getSource().getDefiningOp<memref::AllocOp>();
  if (!alloc || alloc->getBlock() != &func.getBody().front())
    return nullptr;
  MemRefType padded = alloc.getType();
  if (!padded.hasStaticShape() || !padded.getLayout().isIdentity() ||
      padded.getMemorySpace() ||
      padded.getElementType() != outputType.getElementType() ||
      padded.getRank() != outputType.getRank())
    return nullptr;
  for (auto [size, valid] :
       llvm::zip(padded.getShape(), outputType.getShape()))
    if (size < valid)
      return nullptr;
  // An odd row stride leaves no vector access of the output provably
  // aligned: every store of the accumulators becomes a guarded scalar one,
  // which costs more than the copy saved (a GEMM of 8205x5921 outputs,
  // K = 2949, rows of 5921 floats, on the H200 on 2026-12-03: 3.806 ms in
  // place, 3.613 ms with the copy).
  if (outputType.getShape().back() % 2 != 0)
    return nullptr;
  // Every use but the copy's slice (and the deallocation) comes first and
  // may be re-typed.
  if (!slice->hasOneUse())
    return nullptr;
  for (Operation *user : alloc->getUsers()) {
    if (user == slice.getOperation() || isa<memref::DeallocOp>(user))
      continue;
    if (!topLevelAncestor(func, user)->isBeforeInBlock(copy) ||
        !isRetypableUse(user, alloc.getResult()))
      return nullptr;
  }
  return alloc;
}

namespace mlir::foundry {
namespace {
struct FoundryWritePaddedInPlacePass final
    : impl::FoundryWritePaddedInPlacePassBase<FoundryWritePaddedInPlacePass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (func.isDeclaration())
      return;
    SmallVector<linalg::CopyOp> copies(
        func.getBody().front().getOps<linalg::CopyOp>());
    IRRewriter rewriter(func.getContext());
    for (linalg::CopyOp copy : copies) {
      memref::AllocOp alloc = paddedBufferCopiedOut(func, copy);
      if (!alloc)
        continue;
      auto [output, outputType] = copiedInto(copy);
      MemRefType padded = alloc.getType();
      // The output's row-major strides, at the padded shape.
      SmallVector<int64_t> strides(outputType.getRank(), 1);
      for (int64_t dim = outputType.getRank() - 2; dim >= 0; --dim)
        strides[dim] = strides[dim + 1] * outputType.getDimSize(dim + 1);
      auto viewType = MemRefType::get(
          padded.getShape(), padded.getElementType(),
          StridedLayoutAttr::get(func.getContext(), /*offset=*/0, strides));
      // The view must dominate the buffer's uses: where the buffer was.
      rewriter.setInsertionPoint(alloc);
      auto view = memref::ReinterpretCastOp::create(
          rewriter, alloc.getLoc(), viewType, output, /*offset=*/0,
          padded.getShape(), strides);
      view->setAttr(kValidSizesAttr,
                    rewriter.getDenseI64ArrayAttr(outputType.getShape()));
      Operation *slice = copy.getInputs()[0].getDefiningOp();
      Operation *collapse = copy.getOutputs()[0].getDefiningOp();
      rewriter.eraseOp(copy);
      rewriter.eraseOp(slice);
      if (collapse)
        rewriter.eraseOp(collapse);
      for (Operation *user : llvm::make_early_inc_range(alloc->getUsers()))
        if (isa<memref::DeallocOp>(user))
          rewriter.eraseOp(user);
      rewriter.replaceAllUsesWith(alloc.getResult(), view.getResult());
      rewriter.eraseOp(alloc);
      retypeSubviews(view.getResult());
    }
  }
};
} // namespace
} // namespace mlir::foundry

//===----------------------------------------------------------------------===//
// foundry-mask-padded-accesses
//===----------------------------------------------------------------------===//

namespace {
/// Indices of one access resolved to the padded view: `indices` into
/// `root`; `affine` is false where a collapse_shape lies between (its
/// resolution divides, so the elements of a vector need not lie on a line
/// in the view).
struct Resolved {
  SmallVector<Value> indices;
  bool affine = true;
};
} // namespace

/// Resolves `indices` into `memref`, a view of `root`, into indices of
/// `root`, through subview, expand_shape, collapse_shape and cast ops.
/// Fails on any other view.
static FailureOr<Resolved> resolveToRoot(PatternRewriter &rewriter,
                                         Location loc, Value memref,
                                         Value root, ValueRange indices) {
  Resolved result;
  result.indices.assign(indices.begin(), indices.end());
  while (memref != root) {
    Operation *def = memref.getDefiningOp();
    SmallVector<Value> source;
    if (auto view = dyn_cast_or_null<memref::SubViewOp>(def)) {
      affine::resolveIndicesIntoOpWithOffsetsAndStrides(
          rewriter, loc, view.getMixedOffsets(), view.getMixedStrides(),
          view.getDroppedDims(), ValueRange(result.indices), source);
      memref = view.getSource();
    } else if (auto expand = dyn_cast_or_null<memref::ExpandShapeOp>(def)) {
      memref::resolveSourceIndicesExpandShape(loc, rewriter, expand,
                                              result.indices, source,
                                              /*startsInbounds=*/false);
      memref = expand.getSrc();
    } else if (auto collapse =
                   dyn_cast_or_null<memref::CollapseShapeOp>(def)) {
      memref::resolveSourceIndicesCollapseShape(loc, rewriter, collapse,
                                                result.indices, source);
      memref = collapse.getSrc();
      result.affine = false;
    } else if (auto cast = dyn_cast_or_null<memref::CastOp>(def)) {
      source = result.indices;
      memref = cast.getSource();
    } else {
      return failure();
    }
    result.indices = std::move(source);
  }
  return result;
}

/// i1: every index of `at` lies inside `valid` (unsigned comparisons, so a
/// negative index counts as outside).
static Value insideValid(OpBuilder &builder, Location loc, ValueRange at,
                         ArrayRef<int64_t> valid) {
  Value inside;
  for (auto [index, size] : llvm::zip(at, valid)) {
    Value bound = arith::ConstantIndexOp::create(builder, loc, size);
    Value lt = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ult,
                                     index, bound);
    inside = inside ? arith::AndIOp::create(builder, loc, inside, lt) : lt;
  }
  return inside;
}

/// `indices` with `offset` added to the last.
static SmallVector<Value> shiftLast(OpBuilder &builder, Location loc,
                                    ValueRange indices, int64_t offset) {
  SmallVector<Value> shifted(indices.begin(), indices.end());
  if (offset == 0 || shifted.empty())
    return shifted;
  Value step = arith::ConstantIndexOp::create(builder, loc, offset);
  shifted.back() = arith::AddIOp::create(builder, loc, shifted.back(), step);
  return shifted;
}

/// Guards one access `op` (to `memref` at `indices`, a view of `root`).
/// Returns failure, with a diagnostic, where an index cannot be resolved.
static LogicalResult maskAccess(PatternRewriter &rewriter, Operation *op,
                                Value memref, ValueRange indices, Value root,
                                ArrayRef<int64_t> valid) {
  Location loc = op->getLoc();
  rewriter.setInsertionPoint(op);
  auto fail = [&] {
    return op->emitOpError("foundry-mask-padded-accesses: cannot resolve "
                           "this access to the padded result written in "
                           "place");
  };
  // Whether element `at` is inside; `affine` (if given) is set to whether
  // the views between are affine.
  auto inside = [&](ValueRange at, bool *affine = nullptr) -> FailureOr<Value> {
    FailureOr<Resolved> resolved =
        resolveToRoot(rewriter, loc, memref, root, at);
    if (failed(resolved))
      return failure();
    if (affine)
      *affine = resolved->affine;
    return insideValid(rewriter, loc, resolved->indices, valid);
  };

  // Scalar accesses: guarded as they are.
  if (auto store = dyn_cast<memref::StoreOp>(op)) {
    FailureOr<Value> cond = inside(indices);
    if (failed(cond))
      return fail();
    auto guard = scf::IfOp::create(rewriter, loc, *cond, false);
    rewriter.moveOpBefore(store, guard.thenBlock()->getTerminator());
    return success();
  }
  if (auto load = dyn_cast<memref::LoadOp>(op)) {
    FailureOr<Value> cond = inside(indices);
    if (failed(cond))
      return fail();
    Type type = load.getType();
    auto guard = scf::IfOp::create(rewriter, loc, TypeRange{type}, *cond,
                                   /*withElseRegion=*/true);
    rewriter.replaceAllUsesWith(load.getResult(), guard.getResult(0));
    rewriter.setInsertionPointToStart(guard.thenBlock());
    rewriter.moveOpBefore(load, guard.thenBlock(),
                          guard.thenBlock()->begin());
    rewriter.setInsertionPointAfter(load);
    scf::YieldOp::create(rewriter, loc, load.getResult());
    rewriter.setInsertionPointToStart(guard.elseBlock());
    Value zero = arith::ConstantOp::create(rewriter, loc,
                                           rewriter.getZeroAttr(type));
    scf::YieldOp::create(rewriter, loc, zero);
    return success();
  }

  // 1-D vector accesses: whole where their ends are inside (on an affine
  // view the elements between are too), else element by element.
  auto vectorType = isa<vector::StoreOp>(op)
                        ? cast<vector::StoreOp>(op).getVectorType()
                        : cast<vector::LoadOp>(op).getVectorType();
  if (vectorType.getRank() != 1 || indices.empty())
    return op->emitOpError("foundry-mask-padded-accesses: only 1-D vector "
                           "accesses to a padded result written in place "
                           "can be masked");
  int64_t length = vectorType.getNumElements();
  bool affine = true;
  FailureOr<Value> first = inside(indices, &affine);
  FailureOr<Value> last = inside(shiftLast(rewriter, loc, indices, length - 1));
  if (failed(first) || failed(last))
    return fail();
  Value whole =
      affine ? Value(arith::AndIOp::create(rewriter, loc, *first, *last))
             : Value(arith::ConstantIntOp::create(rewriter, loc, 0, 1));
  Type elementType = vectorType.getElementType();

  if (auto store = dyn_cast<vector::StoreOp>(op)) {
    auto guard = scf::IfOp::create(rewriter, loc, whole,
                                   /*withElseRegion=*/true);
    rewriter.moveOpBefore(store, guard.thenBlock()->getTerminator());
    rewriter.setInsertionPoint(guard.elseBlock()->getTerminator());
    for (int64_t e = 0; e < length; ++e) {
      SmallVector<Value> at = shiftLast(rewriter, loc, indices, e);
      FailureOr<Value> cond = inside(at);
      if (failed(cond))
        return fail();
      auto one = scf::IfOp::create(rewriter, loc, *cond, false);
      OpBuilder::InsertionGuard insertion(rewriter);
      rewriter.setInsertionPoint(one.thenBlock()->getTerminator());
      Value element = vector::ExtractOp::create(rewriter, loc,
                                                store.getValueToStore(), e);
      memref::StoreOp::create(rewriter, loc, element, memref, at);
    }
    return success();
  }

  auto load = cast<vector::LoadOp>(op);
  auto guard = scf::IfOp::create(rewriter, loc, TypeRange{vectorType}, whole,
                                 /*withElseRegion=*/true);
  rewriter.replaceAllUsesWith(load.getResult(), guard.getResult(0));
  rewriter.moveOpBefore(load, guard.thenBlock(), guard.thenBlock()->begin());
  rewriter.setInsertionPointAfter(load);
  scf::YieldOp::create(rewriter, loc, load.getResult());
  rewriter.setInsertionPointToStart(guard.elseBlock());
  Value zero = arith::ConstantOp::create(rewriter, loc,
                                         rewriter.getZeroAttr(elementType));
  Value result = vector::BroadcastOp::create(rewriter, loc, vectorType, zero);
  for (int64_t e = 0; e < length; ++e) {
    SmallVector<Value> at = shiftLast(rewriter, loc, indices, e);
    FailureOr<Value> cond = inside(at);
    if (failed(cond))
      return fail();
    auto one = scf::IfOp::create(rewriter, loc, TypeRange{elementType}, *cond,
                                 /*withElseRegion=*/true);
    {
      OpBuilder::InsertionGuard insertion(rewriter);
      rewriter.setInsertionPointToStart(one.thenBlock());
      Value element = memref::LoadOp::create(rewriter, loc, memref, at);
      scf::YieldOp::create(rewriter, loc, element);
      rewriter.setInsertionPointToStart(one.elseBlock());
      scf::YieldOp::create(rewriter, loc, zero);
    }
    result = vector::InsertOp::create(rewriter, loc, one.getResult(0), result,
                                      e);
  }
  scf::YieldOp::create(rewriter, loc, result);
  return success();
}

/// `op`, a 1-D unmasked in-bounds vector transfer along the innermost
/// dimension, replaced by the vector.load or vector.store it amounts to;
/// null (nothing changed) for any other op.
static Operation *transferAsLoadOrStore(PatternRewriter &rewriter,
                                        Operation *op) {
  auto transfer = dyn_cast<VectorTransferOpInterface>(op);
  if (!transfer || transfer.getMask() || transfer.hasOutOfBoundsDim() ||
      transfer.getVectorType().getRank() != 1 ||
      !transfer.getPermutationMap().isMinorIdentity() ||
      !isa<MemRefType>(transfer.getBase().getType()))
    return nullptr;
  rewriter.setInsertionPoint(op);
  if (auto read = dyn_cast<vector::TransferReadOp>(op))
    return rewriter.replaceOpWithNewOp<vector::LoadOp>(
        read, read.getVectorType(), read.getBase(), read.getIndices());
  auto write = cast<vector::TransferWriteOp>(op);
  auto store = vector::StoreOp::create(rewriter, write.getLoc(),
                                       write.getVector(), write.getBase(),
                                       write.getIndices());
  rewriter.eraseOp(write);
  return store;
}

namespace mlir::foundry {
namespace {
struct FoundryMaskPaddedAccessesPass final
    : impl::FoundryMaskPaddedAccessesPassBase<FoundryMaskPaddedAccessesPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<memref::ReinterpretCastOp> roots;
    getOperation().walk([&](memref::ReinterpretCastOp cast) {
      if (cast->hasAttr(kValidSizesAttr))
        roots.push_back(cast);
    });
    PatternRewriter rewriter(&getContext());
    for (memref::ReinterpretCastOp root : roots) {
      ArrayRef<int64_t> valid =
          root->getAttrOfType<DenseI64ArrayAttr>(kValidSizesAttr).asArrayRef();
      // The accesses, through every view of the root.
      SmallVector<Operation *> accesses;
      SmallVector<Value> views = {root.getResult()};
      while (!views.empty()) {
        Value view = views.pop_back_val();
        for (Operation *user : llvm::to_vector(view.getUsers())) {
          if (isa<memref::SubViewOp, memref::ExpandShapeOp,
                  memref::CollapseShapeOp, memref::CastOp>(user)) {
            views.push_back(user->getResult(0));
            continue;
          }
          if (isa<memref::LoadOp, memref::StoreOp, vector::LoadOp,
                  vector::StoreOp>(user)) {
            accesses.push_back(user);
            continue;
          }
          if (Operation *access = transferAsLoadOrStore(rewriter, user)) {
            accesses.push_back(access);
            continue;
          }
          user->emitOpError("foundry-mask-padded-accesses: cannot mask this "
                            "access to a padded result written in place");
          return signalPassFailure();
        }
      }
      for (Operation *access : accesses) {
        Value memref;
        SmallVector<Value> indices;
        if (auto op = dyn_cast<memref::LoadOp>(access)) {
          memref = op.getMemRef();
          indices = op.getIndices();
        } else if (auto op = dyn_cast<memref::StoreOp>(access)) {
          memref = op.getMemRef();
          indices = op.getIndices();
        } else if (auto op = dyn_cast<vector::LoadOp>(access)) {
          memref = op.getBase();
          indices = op.getIndices();
        } else {
          auto store = cast<vector::StoreOp>(access);
          memref = store.getBase();
          indices = store.getIndices();
        }
        if (failed(maskAccess(rewriter, access, memref, indices, root,
                              valid)))
          return signalPassFailure();
      }
      root->removeAttr(kValidSizesAttr);
    }
  }
};
} // namespace
} // namespace mlir::foundry
