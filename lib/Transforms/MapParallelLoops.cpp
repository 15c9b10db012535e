//===- MapParallelLoops.cpp - Naive mapping of parallel loops to GPU -----===//
//
// This file implements foundry-map-parallel-loops: one GPU thread per
// iteration of every outermost scf.parallel, coalesced along the innermost
// dimension. With convert-linalg-to-parallel-loops before it, this is the
// naive schedule every search starts from.
//
//===----------------------------------------------------------------------===//

#include "foundry/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/ParallelLoopMapper.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"
#include "llvm/Support/MathExtras.h"

#include <numeric>

namespace mlir::foundry {
#define GEN_PASS_DEF_FOUNDRYADDUNITPARALLELLOOPPASS
#define GEN_PASS_DEF_FOUNDRYMAPPARALLELLOOPSPASS
#include "foundry/Transforms/Passes.h.inc"
} // namespace mlir::foundry

using namespace mlir;
using namespace mlir::foundry;

/// Static trip count of dimension `dim` of `loop`, if known.
static std::optional<int64_t> staticTripCount(scf::ParallelOp loop,
                                              unsigned dim) {
  std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound()[dim]);
  std::optional<int64_t> ub = getConstantIntValue(loop.getUpperBound()[dim]);
  std::optional<int64_t> step = getConstantIntValue(loop.getStep()[dim]);
  if (!lb || !ub || !step || *step <= 0)
    return std::nullopt;
  return llvm::divideCeil(std::max<int64_t>(0, *ub - *lb), *step);
}

/// Whether every dimension of `loop` starts at 0 with step 1, as
/// convert-linalg-to-parallel-loops makes them: the guard of the tail tile
/// (upstream tileParallelLoop) assumes it, so other loops are normalized
/// (linearized) first.
static bool isNormalized(scf::ParallelOp loop) {
  return llvm::all_of(loop.getLowerBound(), isZeroInteger) &&
         llvm::all_of(loop.getStep(), isOneInteger);
}

/// Whether every dimension of `loop` gets a grid dimension in mapLoop: at
/// most three, and the two outer ones of static extent within grid y/z.
static bool fitsTheGrid(scf::ParallelOp loop) {
  unsigned rank = loop.getNumLoops();
  if (rank > 3)
    return false;
  for (unsigned dim = 0; dim + 1 < rank; ++dim) {
    std::optional<int64_t> trips = staticTripCount(loop, dim);
    if (!trips || *trips > kMaxGridYZ)
      return false;
  }
  return true;
}

/// Whether mapping `loop` dimension by dimension (a block per iteration of
/// its outer dimensions, `blockSize` threads along the innermost) would
/// leave threads idle: its innermost static trip count is not a multiple of
/// the block size (a 32768x256x16 reduction would give each block of 256
/// threads 16 iterations, and launch 8M blocks).
static bool wastesThreads(scf::ParallelOp loop, int64_t blockSize) {
  unsigned rank = loop.getNumLoops();
  if (rank < 2)
    return false;
  for (unsigned dim = 0; dim < rank; ++dim)
    if (!staticTripCount(loop, dim))
      return false;
  return *staticTripCount(loop, rank - 1) % blockSize != 0;
}

/// Tiles `loop` by (1, ..., 1, blockSize) and sets the GPU mapping of both
/// resulting loops.
static LogicalResult mapLoop(scf::ParallelOp loop, int64_t blockSize) {
  MLIRContext *ctx = loop.getContext();
  unsigned rank = loop.getNumLoops();
  SmallVector<int64_t> tileSizes(rank, 1);
  tileSizes.back() = blockSize;
  // Trip counts of the outer loop after tiling: unchanged except the
  // innermost dimension, divided by the block size.
  SmallVector<std::optional<int64_t>> outerTrips;
  for (unsigned dim = 0; dim < rank; ++dim) {
    std::optional<int64_t> trips = staticTripCount(loop, dim);
    if (trips && dim == rank - 1)
      trips = llvm::divideCeil(*trips, blockSize);
    outerTrips.push_back(trips);
  }
  if (outerTrips.back() && *outerTrips.back() > kMaxGridX)
    return loop.emitOpError("foundry-map-parallel-loops: ")
           << *outerTrips.back() << " blocks of " << blockSize
           << " threads along grid x exceed its limit of " << kMaxGridX;
  auto [outer, inner] =
      scf::tileParallelLoop(loop, tileSizes, /*noMinMaxBounds=*/true);

  AffineMap identity = AffineMap::getMultiDimIdentityMap(1, ctx);
  auto dimMap = [&](gpu::Processor processor) {
    return gpu::ParallelLoopDimMappingAttr::get(ctx, processor, identity,
                                                identity);
  };
  const gpu::Processor blockProcessors[] = {
      gpu::Processor::BlockX, gpu::Processor::BlockY, gpu::Processor::BlockZ};

  SmallVector<gpu::ParallelLoopDimMappingAttr> outerMapping(
      rank, dimMap(gpu::Processor::Sequential));
  for (unsigned k = 0; k < std::min(rank, 3u); ++k) {
    unsigned dim = rank - 1 - k;
    if (k > 0) {
      std::optional<int64_t> trips = outerTrips[dim];
      if (!trips || *trips > kMaxGridYZ)
        continue;
    }
    outerMapping[dim] = dimMap(blockProcessors[k]);
  }
  SmallVector<gpu::ParallelLoopDimMappingAttr> innerMapping(
      rank, dimMap(gpu::Processor::Sequential));
  innerMapping.back() = dimMap(gpu::Processor::ThreadX);

  if (failed(gpu::setMappingAttr(outer, outerMapping)) ||
      failed(gpu::setMappingAttr(inner, innerMapping)))
    return outer.emitOpError("could not set the GPU mapping");
  return success();
}

/// Rewrites `op` (a linalg op on buffers with no parallel loop) into a
/// linalg.generic with one more, leading, parallel loop of extent 1: inputs
/// keep their maps (shifted past the new loop), outputs are viewed with a
/// leading unit dimension indexed by it.
static LogicalResult addUnitParallelLoop(RewriterBase &rewriter,
                                         linalg::LinalgOp op) {
  rewriter.setInsertionPoint(op);
  FailureOr<linalg::GenericOp> generalized =
      isa<linalg::GenericOp>(op.getOperation())
          ? FailureOr<linalg::GenericOp>(cast<linalg::GenericOp>(op))
          : linalg::generalizeNamedOp(rewriter, op);
  if (failed(generalized))
    return op.emitOpError("foundry-add-unit-parallel-loop: cannot generalize");
  linalg::GenericOp generic = *generalized;
  MLIRContext *ctx = generic.getContext();
  Location loc = generic.getLoc();
  unsigned numDims = generic.getNumLoops() + 1;
  SmallVector<Value> inputs, outputs;
  SmallVector<AffineMap> maps;
  for (OpOperand *input : generic.getDpsInputOperands()) {
    inputs.push_back(input->get());
    AffineMap map = generic.getMatchingIndexingMap(input);
    maps.push_back(AffineMap::get(numDims, map.getNumSymbols(),
                                  map.shiftDims(1).getResults(), ctx));
  }
  for (OpOperand &output : generic.getDpsInitsMutable()) {
    auto type = dyn_cast<MemRefType>(output.get().getType());
    if (!type)
      return generic.emitOpError(
          "foundry-add-unit-parallel-loop: expected buffer semantics");
    // [s0, s1, ...] -> [1, s0, s1, ...]: the first group takes the unit
    // dimension (a rank-0 buffer has no group).
    SmallVector<ReassociationIndices> groups;
    for (int64_t i = 0; i < type.getRank(); ++i)
      groups.push_back(i == 0 ? ReassociationIndices{0, 1}
                              : ReassociationIndices{i + 1});
    SmallVector<int64_t> shape = {1};
    llvm::append_range(shape, type.getShape());
    FailureOr<MemRefType> expandedType =
        memref::ExpandShapeOp::computeExpandedType(type, shape, groups);
    if (failed(expandedType))
      return generic.emitOpError(
          "foundry-add-unit-parallel-loop: cannot view the output with a "
          "unit dimension");
    Value expanded = memref::ExpandShapeOp::create(rewriter, loc, *expandedType,
                                                   output.get(), groups);
    outputs.push_back(expanded);
    AffineMap map = generic.getMatchingIndexingMap(&output);
    SmallVector<AffineExpr> results = {getAffineDimExpr(0, ctx)};
    llvm::append_range(results, map.shiftDims(1).getResults());
    maps.push_back(AffineMap::get(numDims, map.getNumSymbols(), results, ctx));
  }
  SmallVector<utils::IteratorType> iterators = {utils::IteratorType::parallel};
  llvm::append_range(iterators, generic.getIteratorTypesArray());
  auto wider = linalg::GenericOp::create(rewriter, loc, TypeRange(), inputs,
                                         outputs, maps, iterators);
  rewriter.inlineRegionBefore(generic.getRegion(), wider.getRegion(),
                              wider.getRegion().begin());
  // linalg.index of loop d is now loop d + 1.
  wider.walk([&](linalg::IndexOp index) {
    rewriter.modifyOpInPlace(index, [&] { index.setDim(index.getDim() + 1); });
  });
  rewriter.eraseOp(generic);
  return success();
}

namespace mlir::foundry {
namespace {
struct FoundryAddUnitParallelLoopPass final
    : impl::FoundryAddUnitParallelLoopPassBase<FoundryAddUnitParallelLoopPass> {
  using Base::Base;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    // A reduction loop outside a parallel one (a column sum: the rows
    // reduced, the columns kept) would become a host loop around a launch:
    // the parallel loops go first.
    SmallVector<linalg::GenericOp> reordered;
    for (Operation &op : getOperation().getBody().getOps())
      if (auto generic = dyn_cast<linalg::GenericOp>(&op);
          generic && generic.hasPureBufferSemantics())
        reordered.push_back(generic);
    for (linalg::GenericOp generic : reordered) {
      SmallVector<utils::IteratorType> iterators =
          generic.getIteratorTypesArray();
      SmallVector<unsigned> order;
      for (auto [i, iterator] : llvm::enumerate(iterators))
        if (iterator == utils::IteratorType::parallel)
          order.push_back(i);
      for (auto [i, iterator] : llvm::enumerate(iterators))
        if (iterator != utils::IteratorType::parallel)
          order.push_back(i);
      if (llvm::is_sorted(order))
        continue;
      if (failed(linalg::interchangeGenericOp(rewriter, generic, order))) {
        generic.emitOpError("foundry-add-unit-parallel-loop: cannot move "
                            "the parallel loops outside the reductions");
        return signalPassFailure();
      }
    }
    SmallVector<linalg::LinalgOp> targets;
    for (Operation &op : getOperation().getBody().getOps())
      if (auto linalgOp = dyn_cast<linalg::LinalgOp>(&op))
        if (linalgOp.hasPureBufferSemantics() &&
            linalgOp.getNumParallelLoops() == 0)
          targets.push_back(linalgOp);
    for (linalg::LinalgOp op : targets)
      if (failed(addUnitParallelLoop(rewriter, op)))
        return signalPassFailure();
  }
};

struct FoundryMapParallelLoopsPass final
    : impl::FoundryMapParallelLoopsPassBase<FoundryMapParallelLoopsPass> {
  using Base::Base;

  void runOnOperation() override {
    if (blockSize < 1 || blockSize > kMaxThreadsPerBlock) {
      getOperation().emitError("foundry-map-parallel-loops: block-size must "
                               "be in [1, 1024], got ")
          << static_cast<int64_t>(blockSize);
      return signalPassFailure();
    }
    SmallVector<scf::ParallelOp> roots;
    getOperation().walk([&](scf::ParallelOp loop) {
      if (!loop->getParentOfType<scf::ParallelOp>() &&
          !loop->hasAttr(gpu::getMappingAttrName()))
        roots.push_back(loop);
    });
    // A nest the grid cannot hold dimension by dimension (a 1M x 768
    // result: 1M rows over grid y's 65535), or whose innermost dimension
    // would leave threads of each block idle, becomes one loop over all its
    // iterations, linearized with the innermost dimension fastest, so every
    // iteration still gets a thread of its own, coalesced.
    IRRewriter rewriter(&getContext());
    SmallVector<scf::ParallelOp> mappable;
    for (scf::ParallelOp loop : roots) {
      if (!loop.getInitVals().empty()) {
        loop.emitOpError("foundry-map-parallel-loops: a parallel loop with "
                         "reductions (scf.reduce) cannot be mapped one "
                         "thread per iteration");
        return signalPassFailure();
      }
      if (fitsTheGrid(loop) && isNormalized(loop) &&
          !wastesThreads(loop, blockSize)) {
        mappable.push_back(loop);
        continue;
      }
      // Static nests must fit grid x once linearized.
      int64_t iterations = 1;
      bool overflow = false, known = true;
      for (unsigned dim = 0; dim < loop.getNumLoops(); ++dim) {
        std::optional<int64_t> trips = staticTripCount(loop, dim);
        if (!trips)
          known = false;
        else
          overflow |= llvm::MulOverflow(iterations, *trips, iterations);
      }
      if (known &&
          (overflow || llvm::divideCeil(iterations, blockSize) > kMaxGridX)) {
        int64_t threads = blockSize;
        InFlightDiagnostic diag =
            loop.emitOpError("foundry-map-parallel-loops: the nest's ");
        if (overflow)
          diag << "iterations overflow 64 bits";
        else
          diag << iterations << " iterations need "
               << llvm::divideCeil(iterations, threads) << " blocks of "
               << threads << " threads";
        diag << ", over grid x's limit of " << kMaxGridX << " blocks";
        return signalPassFailure();
      }
      Block *block = loop->getBlock();
      Operation *next = loop->getNextNode();
      rewriter.setInsertionPoint(loop);
      std::vector<unsigned> all(loop.getNumLoops());
      std::iota(all.begin(), all.end(), 0u);
      mlir::collapseParallelLoops(rewriter, loop, {all});
      // The collapsed loop is the last scf.parallel before `next`.
      scf::ParallelOp collapsed;
      for (Operation &op : llvm::make_range(
               block->begin(), next ? next->getIterator() : block->end()))
        if (auto parallel = dyn_cast<scf::ParallelOp>(&op))
          collapsed = parallel;
      if (!collapsed || collapsed.getNumLoops() != 1) {
        getOperation().emitError("foundry-map-parallel-loops: could not "
                                 "linearize a loop nest for the grid");
        return signalPassFailure();
      }
      mappable.push_back(collapsed);
    }
    for (scf::ParallelOp loop : mappable)
      if (failed(mapLoop(loop, blockSize)))
        return signalPassFailure();
  }
};
} // namespace
} // namespace mlir::foundry
