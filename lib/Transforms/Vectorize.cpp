//===- Vectorize.cpp - Vectorization of thread tiles ---------------------===//
//
// foundry-vectorize: the upstream linalg vectorizer on the statically shaped
// linalg ops of thread tiles, then contraction lowering to outer products.
//
//===----------------------------------------------------------------------===//

#include "foundry/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/MemRef/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/ValueBoundsOpInterface.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"

namespace mlir::foundry {
#define GEN_PASS_DEF_FOUNDRYVECTORIZEPASS
#include "foundry/Transforms/Passes.h.inc"
} // namespace mlir::foundry

using namespace mlir;
using namespace mlir::foundry;

/// The size of dimension `dim` of `shaped`, looked up through the inits of
/// destination-style ops to the tensor.extract_slice that cut it (a thread
/// tile of the block tile); the tensor's own dimension when there is no
/// such slice.
static OpFoldResult sliceSize(Value shaped, int64_t dim) {
  Value value = shaped;
  while (auto result = dyn_cast<OpResult>(value)) {
    if (auto dps = dyn_cast<DestinationStyleOpInterface>(result.getOwner())) {
      value = dps.getTiedOpOperand(result)->get();
      continue;
    }
    auto slice = dyn_cast<tensor::ExtractSliceOp>(result.getOwner());
    if (slice && slice.getSourceType().getRank() == slice.getType().getRank())
      return slice.getMixedSizes()[dim];
    break;
  }
  return OpFoldResult();
}

/// A closed constant upper bound of `size`. The upstream analysis bounds
/// affine.max from below only, so the max(0, min(S, rest)) of a thread tile
/// is bounded here by its largest term.
static FailureOr<int64_t> upperBound(OpFoldResult size) {
  if (auto value = dyn_cast<Value>(size))
    if (auto max = value.getDefiningOp<affine::AffineMaxOp>()) {
      int64_t bound = std::numeric_limits<int64_t>::min();
      for (unsigned i = 0; i < max.getMap().getNumResults(); ++i) {
        FailureOr<int64_t> term =
            ValueBoundsConstraintSet::computeConstantBound(
                presburger::BoundType::UB,
                ValueBoundsConstraintSet::Variable(max.getMap().getSubMap({i}),
                                                   max.getOperands()),
                /*stopCondition=*/nullptr, /*closedUB=*/true);
        if (failed(term))
          return failure();
        bound = std::max(bound, *term);
      }
      return bound;
    }
  return ValueBoundsConstraintSet::computeConstantBound(
      presburger::BoundType::UB, ValueBoundsConstraintSet::Variable(size),
      /*stopCondition=*/nullptr, /*closedUB=*/true);
}

/// The vector sizes for `op`: empty when every loop extent is static (the
/// vectorizer then takes the extents); otherwise each loop's static extent,
/// or for a dynamic one a constant upper bound of the tile size it spans (a
/// thread tile max(0, min(S, rest)) of a block tile that does not divide its
/// loop: S), the vectorizer masking the elements past the actual extent.
/// Failure when some dynamic extent has no constant bound or is a reduction
/// loop's.
static FailureOr<SmallVector<int64_t>> vectorSizes(linalg::LinalgOp op) {
  if (!op.hasDynamicShape())
    return SmallVector<int64_t>();
  SmallVector<int64_t> sizes = op.getStaticLoopRanges();
  for (auto [loop, size] : llvm::enumerate(sizes)) {
    if (!ShapedType::isDynamic(size))
      continue;
    // Masked lanes must not reach a reduction (see the unmasking below).
    if (op.getIteratorTypesArray()[loop] == utils::IteratorType::reduction)
      return failure();
    Value operand;
    unsigned dim = 0;
    if (failed(op.mapIterationSpaceDimToOperandDim(loop, operand, dim)))
      return failure();
    OpFoldResult slice = sliceSize(operand, dim);
    FailureOr<int64_t> bound =
        slice ? upperBound(slice)
              : ValueBoundsConstraintSet::computeConstantBound(
                    presburger::BoundType::UB,
                    ValueBoundsConstraintSet::Variable(operand, dim),
                    /*stopCondition=*/nullptr, /*closedUB=*/true);
    if (failed(bound) || *bound < 1)
      return failure();
    size = *bound;
  }
  return sizes;
}

void mlir::foundry::populateVectorToOneDimPatterns(
    RewritePatternSet &patterns) {
  vector::populateVectorContractLoweringPatterns(
      patterns, vector::VectorContractLowering::OuterProduct);
  vector::populateVectorOuterProductLoweringPatterns(patterns);
  vector::populateVectorMultiReductionLoweringPatterns(
      patterns, vector::VectorMultiReductionLowering::InnerParallel);
  vector::populateVectorBroadcastLoweringPatterns(patterns);
  vector::populateVectorTransposeLoweringPatterns(
      patterns, vector::VectorTransposeLowering::EltWise);
  vector::populateVectorShapeCastLoweringPatterns(patterns);
  vector::populateVectorTransferLoweringPatterns(patterns,
                                                 /*maxTransferRank=*/1);
  vector::populateVectorTransferPermutationMapLoweringPatterns(patterns);
}

namespace {
/// Whether two masks are the same value or create_masks of the same sizes.
bool sameMask(Value a, Value b) {
  if (!a || !b)
    return false;
  if (a == b)
    return true;
  auto maskA = a.getDefiningOp<vector::CreateMaskOp>();
  auto maskB = b.getDefiningOp<vector::CreateMaskOp>();
  return maskA && maskB && maskA.getType() == maskB.getType() &&
         llvm::equal(
             maskA.getOperands(), maskB.getOperands(), [](Value x, Value y) {
               return x == y ||
                      (getConstantIntValue(x) &&
                       getConstantIntValue(x) == getConstantIntValue(y));
             });
}

/// Whether two masked transfers on tensors touch the same elements the same
/// way: same indices, permutation map, in_bounds and mask.
bool sameMaskedAccess(vector::TransferReadOp read,
                      vector::TransferWriteOp write) {
  return sameMask(read.getMask(), write.getMask()) &&
         read.getIndices() == write.getIndices() &&
         read.getPermutationMap() == write.getPermutationMap() &&
         read.getInBoundsAttr() == write.getInBoundsAttr() &&
         read.getVectorType() == write.getVectorType();
}

/// Store-to-load forwarding under a mask, which the upstream folds leave
/// out: reading back, under the same mask, what a masked transfer_write put
/// into a tensor gives the written lanes and the padding elsewhere,
/// `select(mask, written, padding)`. With a masked dynamic thread tile, the
/// fill of a reduction's accumulator then no longer goes through memory.
struct ForwardMaskedWrite final : OpRewritePattern<vector::TransferReadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::TransferReadOp read,
                                PatternRewriter &rewriter) const override {
    auto write = read.getBase().getDefiningOp<vector::TransferWriteOp>();
    if (!write || !sameMaskedAccess(read, write))
      return failure();
    Value padding = vector::BroadcastOp::create(
        rewriter, read.getLoc(), read.getVectorType(), read.getPadding());
    rewriter.replaceOpWithNewOp<arith::SelectOp>(read, read.getMask(),
                                                 write.getVector(), padding);
    return success();
  }
};

/// A masked transfer_write into the result of another one with the same
/// indices and mask overwrites every element that one wrote: the first is
/// skipped (write-after-write under a mask).
struct SkipOverwrittenMaskedWrite final
    : OpRewritePattern<vector::TransferWriteOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::TransferWriteOp write,
                                PatternRewriter &rewriter) const override {
    auto earlier = write.getBase().getDefiningOp<vector::TransferWriteOp>();
    if (!earlier || !earlier->hasOneUse() ||
        !sameMask(write.getMask(), earlier.getMask()) ||
        write.getIndices() != earlier.getIndices() ||
        write.getPermutationMap() != earlier.getPermutationMap() ||
        write.getInBoundsAttr() != earlier.getInBoundsAttr() ||
        write.getVectorType() != earlier.getVectorType())
      return failure();
    rewriter.modifyOpInPlace(
        write, [&] { write.getBaseMutable().assign(earlier.getBase()); });
    return success();
  }
};

/// tensor.dim of a transfer_write's result is that of the tensor written
/// into (the upstream result-shape folds leave transfers out).
struct DimOfTransferWrite final : OpRewritePattern<tensor::DimOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(tensor::DimOp dim,
                                PatternRewriter &rewriter) const override {
    auto write = dim.getSource().getDefiningOp<vector::TransferWriteOp>();
    if (!write)
      return failure();
    rewriter.modifyOpInPlace(
        dim, [&] { dim.getSourceMutable().assign(write.getBase()); });
    return success();
  }
};
} // namespace

namespace mlir::foundry {
namespace {
struct FoundryVectorizePass final
    : impl::FoundryVectorizePassBase<FoundryVectorizePass> {
  using Base::Base;

  void runOnOperation() override {
    if (maxElements < 1) {
      getOperation().emitError()
          << "foundry-vectorize: max-elements must be positive, got "
          << static_cast<int64_t>(maxElements);
      return signalPassFailure();
    }
    struct Target {
      linalg::LinalgOp op;
      SmallVector<int64_t> sizes;
      bool gathers;
    };
    SmallVector<Target> targets;
    getOperation()->walk([&](KernelOp kernel) {
      kernel.walk([&](linalg::LinalgOp op) {
        if (!isInsideForall(op, isThreadLevelForall) ||
            !op.hasPureTensorSemantics())
          return;
        FailureOr<SmallVector<int64_t>> sizes = vectorSizes(op);
        if (failed(sizes))
          return;
        int64_t points = 1;
        for (int64_t extent :
             sizes->empty() ? op.getStaticLoopRanges() : *sizes) {
          points *= extent;
          if (points > maxElements)
            return;
        }
        // tensor.extract as gathers only in ops with reductions, whose
        // accumulator then stays in registers (a pooling window); an
        // all-parallel gather (an im2col copy into shared memory) gains
        // nothing from it, and its index vectors then reach the mma.sync
        // conversion's slices (L2 25 fails there).
        bool gathers = op.getNumReductionLoops() > 0;
        SmallVector<bool> scalable(sizes->size(), false);
        if (succeeded(linalg::vectorizeOpPrecondition(op, *sizes, scalable,
                                                      gathers)))
          targets.push_back({op, *sizes, gathers});
      });
    });
    IRRewriter rewriter(&getContext());
    for (auto &[op, sizes, gathers] : targets) {
      rewriter.setInsertionPoint(op);
      SmallVector<bool> scalable(sizes.size(), false);
      FailureOr<linalg::VectorizationResult> result =
          linalg::vectorize(rewriter, op, sizes, scalable, gathers,
                            /*flatten1DDepthwiseConv=*/false,
                            /*assumeDynamicDimsMatchVecSizes=*/false,
                            /*createNamedContraction=*/true);
      if (failed(result))
        continue; // Correct as it is; vectorization is an optimization.
      rewriter.replaceOp(op, result->replacements);
    }
    // A masked multi_reduction (over a masked parallel loop) computes its
    // masked-off lanes too: the masked transfer_write after it never stores
    // them, and the reduction loops have static extents (vectorSizes), so no
    // reduction mixes in a masked-off element. Masked transfers and gathers
    // become ones with mask operands (upstream).
    SmallVector<vector::MaskOp> masks;
    getOperation()->walk([&](vector::MaskOp mask) {
      if (isInsideForall(mask, isThreadLevelForall) && !mask.hasPassthru() &&
          isa_and_nonnull<vector::MultiDimReductionOp>(mask.getMaskableOp()))
        masks.push_back(mask);
    });
    for (vector::MaskOp mask : masks) {
      Operation *inner = mask.getMaskableOp();
      rewriter.setInsertionPoint(mask);
      Operation *unmasked = rewriter.clone(*inner);
      rewriter.replaceOp(mask, unmasked->getResults());
    }
    {
      RewritePatternSet patterns(&getContext());
      vector::populateVectorMaskLoweringPatternsForSideEffectingOps(patterns);
      if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
        getOperation()->emitWarning(
            "foundry-vectorize: mask lowering did not converge");
    }

    // Everything below touches thread tiles only: the contractions
    // foundry-mma leaves for the tensor cores must stay whole.
    SmallVector<scf::ForallOp> threadTiles;
    getOperation()->walk([&](scf::ForallOp forall) {
      if (isThreadLevelForall(forall))
        threadTiles.push_back(forall);
    });
    RewritePatternSet patterns(&getContext());
    vector::populateVectorContractLoweringPatterns(
        patterns, vector::VectorContractLowering::OuterProduct);
    vector::populateVectorTransferPermutationMapLoweringPatterns(patterns);
    vector::populateVectorReductionToContractPatterns(patterns);
    vector::populateSinkVectorOpsPatterns(patterns);
    vector::TransferReadOp::getCanonicalizationPatterns(patterns,
                                                        &getContext());
    vector::TransferWriteOp::getCanonicalizationPatterns(patterns,
                                                         &getContext());
    patterns.add<ForwardMaskedWrite, SkipOverwrittenMaskedWrite,
                 DimOfTransferWrite>(&getContext());
    // tensor.dim of a masked tile's writes: the tile's size, so that the
    // masks of its read and write compare equal.
    memref::populateResolveRankedShapedTypeResultDimsPatterns(patterns);
    FrozenRewritePatternSet contractions(std::move(patterns));
    for (scf::ForallOp forall : threadTiles)
      if (failed(applyPatternsGreedily(forall, contractions)))
        forall.emitWarning(
            "foundry-vectorize: vector lowering did not converge");

    // Keep accumulators in registers across k-loops: a transfer_read and
    // transfer_write of the same tile of a loop-carried tensor become a
    // loop-carried vector (upstream subset hoisting).
    SmallVector<scf::ForOp> loops;
    for (scf::ForallOp forall : threadTiles)
      forall.walk([&](scf::ForOp loop) { loops.push_back(loop); });
    for (scf::ForOp loop : loops) {
      rewriter.setInsertionPoint(loop);
      (void)hoistLoopInvariantSubsets(rewriter, loop);
    }

    // n-D vectors to 1-D ones, which the LLVM lowering of the GPU tail takes:
    // FMAs by outer product, transfers of one row at a time (a row of 4
    // contiguous f32 is one 16-byte access).
    RewritePatternSet lowering(&getContext());
    populateVectorToOneDimPatterns(lowering);
    FrozenRewritePatternSet frozen(std::move(lowering));
    for (scf::ForallOp forall : threadTiles)
      if (failed(applyPatternsGreedily(forall, frozen)))
        forall.emitWarning(
            "foundry-vectorize: vector lowering did not converge");
  }
};
} // namespace
} // namespace mlir::foundry
