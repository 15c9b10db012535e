//===- MapForallToGpu.cpp - Block/thread foralls to gpu.launch -----------===//
//
// foundry-map-forall-to-gpu: after bufferization, the block- and
// thread-mapped scf.forall loops of a schedule become one gpu.launch through
// the upstream GPU transform ops, run by the transform interpreter so that
// their failures are diagnostics, not crashes.
//
//===----------------------------------------------------------------------===//

#include "BufferViews.h"
#include "CpAsyncPipeline.h"
#include "FusedEpilogue.h"
#include "MmaContractions.h"
#include "WarpSpecialization.h"

#include "foundry/Transforms/Passes.h"

#include "mlir/Conversion/ArithCommon/AttrToLLVMConverter.h"
#include "mlir/Conversion/VectorToGPU/VectorToGPU.h"
#include "mlir/Conversion/VectorToSCF/VectorToSCF.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Hoisting.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/NVGPU/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/Dialect/Transform/IR/TransformDialect.h"
#include "mlir/Dialect/Transform/Interfaces/TransformInterfaces.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Transforms/CSE.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/FormatVariadic.h"

namespace mlir::foundry {
#define GEN_PASS_DEF_FOUNDRYMAPFORALLTOGPUPASS
#include "foundry/Transforms/Passes.h.inc"
} // namespace mlir::foundry

using namespace mlir;
using namespace mlir::foundry;

/// Block size (x, y, z) for the thread and warp loops under `block`: per
/// dimension the largest trip count of a thread loop mapped to it, and for
/// warp loops 32 threads per warp along x (the upstream warp ids are the
/// linear thread id over 32, delinearized over (x / 32, y, z)); 1 where no
/// loop is mapped.
static FailureOr<std::array<int64_t, 3>> blockDims(scf::ForallOp block) {
  std::array<int64_t, 3> dims = {1, 1, 1};
  // Loops on linear thread ids (foundry-promote's copies) fit any block
  // shape with enough threads.
  int64_t linearThreads = 1;
  WalkResult walk = block.walk([&](scf::ForallOp forall) {
    bool threads = isThreadLevelForall(forall);
    bool warpgroups = isWarpgroupLevelForall(forall);
    if (!threads && !warpgroups && !isWarpLevelForall(forall))
      return WalkResult::advance();
    ArrayRef<int64_t> upper = forall.getStaticUpperBound();
    ArrayRef<int64_t> lower = forall.getStaticLowerBound();
    ArrayRef<int64_t> step = forall.getStaticStep();
    if (llvm::any_of(llvm::concat<const int64_t>(upper, lower, step),
                     ShapedType::isDynamic)) {
      forall.emitOpError("foundry-map-forall-to-gpu: a thread or warp loop "
                         "needs static bounds");
      return WalkResult::interrupt();
    }
    if (isLinearForall(forall)) {
      int64_t total = 1;
      for (auto [lb, ub, st] : llvm::zip(lower, upper, step))
        total *= llvm::divideCeil(ub - lb, st);
      linearThreads = std::max(linearThreads, total);
      return WalkResult::advance();
    }
    for (auto [index, attr] : llvm::enumerate(*forall.getMapping())) {
      int64_t trips =
          llvm::divideCeil(upper[index] - lower[index], step[index]);
      int64_t dim = static_cast<int64_t>(
          threads      ? cast<gpu::GPUThreadMappingAttr>(attr).getThread()
          : warpgroups ? cast<gpu::GPUWarpgroupMappingAttr>(attr).getWarpgroup()
                       : cast<gpu::GPUWarpMappingAttr>(attr).getWarp());
      if (dim > 2) {
        forall.emitOpError("foundry-map-forall-to-gpu: only x, y and z "
                           "mappings are supported");
        return WalkResult::interrupt();
      }
      if (!threads && dim == 0)
        trips *= warpgroups ? foundry::kWarpgroupSize : foundry::kWarpSize;
      dims[dim] = std::max(dims[dim], trips);
    }
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();
  // Widen x until the linear loops fit; the other loops are predicated.
  if (dims[0] * dims[1] * dims[2] < linearThreads)
    dims[0] = llvm::divideCeil(linearThreads, dims[1] * dims[2]);
  if (dims[0] * dims[1] * dims[2] > kMaxThreadsPerBlock)
    return block.emitOpError("foundry-map-forall-to-gpu: the thread and warp "
                             "loops need a block of ")
           << dims[0] << "x" << dims[1] << "x" << dims[2]
           << " threads, more than " << kMaxThreadsPerBlock;
  return dims;
}

/// Runs the upstream forall-to-GPU transform ops on the block loop `block`
/// with the transform interpreter: one gpu.launch of `dims` threads.
static LogicalResult mapWithTransformOps(scf::ForallOp block,
                                         std::array<int64_t, 3> dims) {
  std::string script = llvm::formatv(
      R"mlir(module attributes {{transform.with_named_sequence} {
  transform.named_sequence @__transform_main(
      %func: !transform.any_op {{transform.consumed}) {
    %launch = transform.gpu.map_forall_to_blocks %func generate_gpu_launch
        : (!transform.any_op) -> !transform.any_op
    transform.gpu.map_nested_forall_to_threads %launch
        block_dims = [{0}, {1}, {2}] : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
})mlir",
      dims[0], dims[1], dims[2]);
  ParserConfig config(block.getContext());
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(script, config, "foundry-map-forall-to-gpu");
  if (!module)
    return block.emitOpError("foundry-map-forall-to-gpu: internal transform "
                             "script does not parse");
  auto entry =
      module->lookupSymbol<transform::TransformOpInterface>("__transform_main");
  if (!entry)
    return block.emitOpError("foundry-map-forall-to-gpu: internal transform "
                             "script has no entry point");
  return transform::applyTransforms(block, entry, {},
                                    transform::TransformOptions(),
                                    /*enforceToplevelTransformOp=*/false);
}

static bool isMultipleOf(Value value, int64_t n, int depth = 0) {
  if (n == 1)
    return true;
  if (depth > 16)
    return false;
  if (std::optional<int64_t> constant = getConstantIntValue(value))
    return *constant % n == 0;
  Operation *def = value.getDefiningOp();
  if (!def)
    return false;
  if (auto apply = dyn_cast<affine::AffineApplyOp>(def)) {
    std::function<bool(AffineExpr)> exprIsMultiple = [&](AffineExpr expr) {
      if (auto constant = dyn_cast<AffineConstantExpr>(expr))
        return constant.getValue() % n == 0;
      if (auto dim = dyn_cast<AffineDimExpr>(expr))
        return isMultipleOf(apply.getDimOperands()[dim.getPosition()], n,
                            depth + 1);
      if (auto symbol = dyn_cast<AffineSymbolExpr>(expr))
        return isMultipleOf(apply.getSymbolOperands()[symbol.getPosition()], n,
                            depth + 1);
      auto binary = cast<AffineBinaryOpExpr>(expr);
      if (expr.getKind() == AffineExprKind::Add)
        return exprIsMultiple(binary.getLHS()) &&
               exprIsMultiple(binary.getRHS());
      if (expr.getKind() == AffineExprKind::Mul)
        return exprIsMultiple(binary.getLHS()) ||
               exprIsMultiple(binary.getRHS());
      return false;
    };
    return exprIsMultiple(apply.getAffineMap().getResult(0));
  }
  if (isa<arith::AddIOp>(def))
    return isMultipleOf(def->getOperand(0), n, depth + 1) &&
           isMultipleOf(def->getOperand(1), n, depth + 1);
  if (isa<arith::MulIOp>(def))
    return isMultipleOf(def->getOperand(0), n, depth + 1) ||
           isMultipleOf(def->getOperand(1), n, depth + 1);
  return false;
}

bool mlir::foundry::isProvablyMultipleOf(Value value, int64_t n) {
  return isMultipleOf(value, n);
}

/// True if element `indices` of `memref` is at an offset, in elements from
/// the start of a kernel argument, that is a multiple of `n`: every subview
/// on the way has strides and offsets that are multiples of `n` except a
/// unit innermost stride, whose offsets must be multiples of `n`.
static bool isAlignedAccess(Value memref, ValueRange indices, int64_t n) {
  auto checkOffsets = [&](MemRefType type, ValueRange offsets,
                          ArrayRef<int64_t> staticOffsets) {
    SmallVector<int64_t> strides;
    int64_t offset;
    if (failed(type.getStridesAndOffset(strides, offset)) ||
        strides.size() != staticOffsets.size())
      return false;
    unsigned dynamic = 0;
    for (auto [stride, staticOffset] : llvm::zip(strides, staticOffsets)) {
      bool strideMultiple = !ShapedType::isDynamic(stride) && stride % n == 0;
      bool offsetMultiple = ShapedType::isDynamic(staticOffset)
                                ? isMultipleOf(offsets[dynamic++], n)
                                : staticOffset % n == 0;
      if (!strideMultiple && !offsetMultiple)
        return false;
    }
    return true;
  };
  // The access itself: indices into the memref it reads.
  auto type = dyn_cast<MemRefType>(memref.getType());
  if (!type)
    return false;
  SmallVector<int64_t> dynamicMarkers(indices.size(), ShapedType::kDynamic);
  if (!checkOffsets(type, indices, dynamicMarkers))
    return false;
  // Then every subview up to a block argument (a kernel argument). A
  // reshape keeps its source's offset, and the access was checked against
  // its strides.
  while (true) {
    if (auto expand = memref.getDefiningOp<memref::ExpandShapeOp>()) {
      memref = expand.getSrc();
      continue;
    }
    if (auto collapse = memref.getDefiningOp<memref::CollapseShapeOp>()) {
      memref = collapse.getSrc();
      continue;
    }
    auto subview = memref.getDefiningOp<memref::SubViewOp>();
    if (!subview)
      break;
    if (!checkOffsets(subview.getSourceType(), subview.getOffsets(),
                      subview.getStaticOffsets()))
      return false;
    // Subview strides multiply the source's; a non-unit one breaks rows.
    if (llvm::any_of(subview.getStaticStrides(),
                     [](int64_t s) { return s != 1; }))
      return false;
    memref = subview.getSource();
  }
  // A view of a kernel argument at its start (a padded result written in
  // place, foundry-write-padded-in-place): the access was checked against
  // the view's strides, and the view starts where the argument does.
  if (auto cast = memref.getDefiningOp<memref::ReinterpretCastOp>()) {
    if (cast.getStaticOffsets().size() != 1 || cast.getStaticOffsets()[0] != 0)
      return false;
    memref = cast.getSource();
  }
  if (!isa<BlockArgument>(memref))
    return false;
  // Kernel arguments are whole allocations: cudaMalloc aligns to 256 bytes.
  auto base = cast<MemRefType>(memref.getType());
  SmallVector<int64_t> strides;
  int64_t offset;
  return succeeded(base.getStridesAndOffset(strides, offset)) && offset == 0;
}

/// Marks vector loads and stores of 8 bytes or more whose address is
/// provably aligned to 16 or 8 bytes (the largest that divides their size),
/// so that they become ld/st.global.v4 or .v2: one for an access of that
/// size, several for a wider one (a thread's 8 floats, two v4 accesses
/// instead of eight scalar ones).
static void annotateAlignment(gpu::LaunchOp launch) {
  auto visit = [&](Operation *op, Value memref, ValueRange indices,
                   VectorType vectorType) {
    if (vectorType.getRank() != 1 ||
        !vectorType.getElementType().isIntOrFloat())
      return;
    unsigned bits = vectorType.getElementType().getIntOrFloatBitWidth();
    if (bits % 8)
      return;
    int64_t elementBytes = bits / 8;
    int64_t bytes = vectorType.getNumElements() * elementBytes;
    for (int64_t alignment : {16, 8, 4}) {
      if (bytes % alignment || alignment % elementBytes)
        continue;
      if (!isAlignedAccess(memref, indices, alignment / elementBytes))
        continue;
      op->setAttr(
          "alignment",
          IntegerAttr::get(IntegerType::get(op->getContext(), 64), alignment));
      return;
    }
  };
  launch.getBody().walk([&](Operation *op) {
    if (auto load = dyn_cast<vector::LoadOp>(op))
      visit(op, load.getBase(), load.getIndices(), load.getVectorType());
    else if (auto store = dyn_cast<vector::StoreOp>(op))
      visit(op, store.getBase(), store.getIndices(), store.getVectorType());
  });
}

/// Marks a linalg.fill that a warp-level forall runs (the fill of an
/// mma.sync warp tile's accumulator): once mapped, every lane of the warp
/// would otherwise write the whole tile.
static constexpr llvm::StringLiteral kWarpFillAttr = "foundry.warp_fill";

/// Marks a linalg.fill that a warpgroup-level forall runs (the fill of a
/// wgmma tile's accumulator): its reads may start from the constant
/// (foldFilledAccumulator); it is otherwise lowered as any op.
static constexpr llvm::StringLiteral kWarpgroupFillAttr =
    "foundry.warpgroup_fill";

/// Replaces `fill`, which all 32 lanes of a warp run (kWarpFillAttr), with
/// loops in which lane l writes elements l, l + 32, ... of each innermost
/// row of the target: one coalesced 128-byte store per warp and 32
/// elements instead of 32 identical stores of each element (a 64x32 warp
/// tile took 2048 scalar stores per lane). A warp barrier (bar.warp.sync)
/// follows, unless a block barrier does, so that any lane's later read of
/// the tile sees every element. Returns failure, leaving `fill` as it is,
/// for a target that is not a memref of static shape and rank >= 1.
static LogicalResult distributeWarpFill(RewriterBase &rewriter,
                                        linalg::FillOp fill) {
  Value target = fill.getDpsInitOperand(0)->get();
  auto type = dyn_cast<MemRefType>(target.getType());
  if (!type || type.getRank() == 0 || !type.hasStaticShape())
    return failure();
  Location loc = fill.getLoc();
  rewriter.setInsertionPoint(fill);
  Value lane = gpu::LaneIdOp::create(rewriter, loc, /*upper_bound=*/nullptr);
  auto index = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(rewriter, loc, v);
  };
  SmallVector<Value> lbs, ubs, steps;
  for (int64_t dim = 0, rank = type.getRank(); dim < rank; ++dim) {
    bool innermost = dim == rank - 1;
    lbs.push_back(innermost ? lane : index(0));
    ubs.push_back(index(type.getDimSize(dim)));
    steps.push_back(index(innermost ? foundry::kWarpSize : 1));
  }
  Value value = fill.getInputs()[0];
  scf::buildLoopNest(rewriter, loc, lbs, ubs, steps,
                     [&](OpBuilder &builder, Location loc, ValueRange ivs) {
                       memref::StoreOp::create(builder, loc, value, target,
                                               ivs);
                     });
  if (!isa_and_nonnull<gpu::BarrierOp>(fill->getNextNode())) {
    Value allLanes = arith::ConstantIntOp::create(rewriter, loc, -1, 32);
    NVVM::SyncWarpOp::create(rewriter, loc, allLanes);
  }
  rewriter.eraseOp(fill);
  return success();
}

/// The place, in the coordinates of `tile`, of the elements `view` (a chain
/// of memref.subview ops cut from `tile`, possibly rank-reducing) covers
/// from `offsets` over `sizes` (one per dimension of `view`): an offset and
/// a size per dimension of `tile`. std::nullopt where `view` is no such
/// chain or an offset or stride is not static 0-based arithmetic.
static std::optional<std::pair<SmallVector<int64_t>, SmallVector<int64_t>>>
placeInTile(Value view, Value tile, SmallVector<int64_t> offsets,
            SmallVector<int64_t> sizes) {
  while (view != tile) {
    auto subview = view.getDefiningOp<memref::SubViewOp>();
    if (!subview)
      return std::nullopt;
    auto strides = subview.getStaticStrides();
    auto sourceOffsets = subview.getStaticOffsets();
    auto sourceSizes = subview.getStaticSizes();
    llvm::SmallBitVector dropped = subview.getDroppedDims();
    SmallVector<int64_t> outerOffsets, outerSizes;
    for (int64_t dim = 0, kept = 0,
                 rank = static_cast<int64_t>(sourceOffsets.size());
         dim < rank; ++dim) {
      if (ShapedType::isDynamic(sourceOffsets[dim]) || strides[dim] != 1)
        return std::nullopt;
      if (dropped.test(dim)) {
        if (sourceSizes[dim] != 1)
          return std::nullopt;
        outerOffsets.push_back(sourceOffsets[dim]);
        outerSizes.push_back(1);
        continue;
      }
      outerOffsets.push_back(sourceOffsets[dim] + offsets[kept]);
      outerSizes.push_back(sizes[kept]);
      ++kept;
    }
    offsets = std::move(outerOffsets);
    sizes = std::move(outerSizes);
    view = subview.getSource();
  }
  return std::make_pair(std::move(offsets), std::move(sizes));
}

/// The elements `transfer` touches on its view, as an offset and a size per
/// dimension of the view, where its indices are constants and its map is a
/// minor identity (the vector covers the innermost dimensions); std::nullopt
/// otherwise.
static std::optional<std::pair<SmallVector<int64_t>, SmallVector<int64_t>>>
transferPlace(VectorTransferOpInterface transfer) {
  AffineMap map = transfer.getPermutationMap();
  int64_t rank = map.getNumDims();
  if (!map.isMinorIdentity())
    return std::nullopt;
  SmallVector<int64_t> offsets, sizes(rank, 1);
  for (Value index : transfer.getIndices()) {
    std::optional<int64_t> value = getConstantIntValue(index);
    if (!value)
      return std::nullopt;
    offsets.push_back(*value);
  }
  ArrayRef<int64_t> shape = transfer.getVectorType().getShape();
  for (auto [i, size] : llvm::enumerate(shape))
    sizes[rank - shape.size() + i] = size;
  return std::make_pair(std::move(offsets), std::move(sizes));
}

/// True if `view` is `tile` or cut from it by memref.subview ops and
/// reshapes (expand_shape, collapse_shape: a wgmma accumulator fragment),
/// so that it addresses a part of `tile`.
static bool isSubviewOf(Value view, Value tile) {
  while (view != tile) {
    if (auto subview = view.getDefiningOp<memref::SubViewOp>())
      view = subview.getSource();
    else if (auto expand = view.getDefiningOp<memref::ExpandShapeOp>())
      view = expand.getSrc();
    else if (auto collapse = view.getDefiningOp<memref::CollapseShapeOp>())
      view = collapse.getSrc();
    else
      return false;
  }
  return true;
}

/// The tile `init` sets to one constant, and that constant (a scalar): a
/// linalg.fill of a constant, or an unmasked vector.transfer_write of a
/// splat constant (or a broadcast of a scalar one) at the origin of a view
/// of static shape that it covers whole (how the wgmma lowering starts a
/// thread's accumulator fragment).
/// std::nullopt for anything else.
static std::optional<std::pair<Value, Attribute>>
constantInit(Operation *init) {
  Attribute value;
  if (auto fill = dyn_cast<linalg::FillOp>(init)) {
    if (!matchPattern(fill.getInputs()[0], m_Constant(&value)))
      return std::nullopt;
    return std::make_pair(fill.getDpsInitOperand(0)->get(), value);
  }
  auto write = dyn_cast<vector::TransferWriteOp>(init);
  if (!write || write.getMask() || !write.getPermutationMap().isMinorIdentity())
    return std::nullopt;
  DenseElementsAttr splat;
  if (auto broadcast = write.getVector().getDefiningOp<vector::BroadcastOp>())
    (void)matchPattern(broadcast.getSource(), m_Constant(&value));
  else if (matchPattern(write.getVector(), m_Constant(&splat)) &&
           splat.isSplat())
    value = splat.getSplatValue<Attribute>();
  if (!value || isa<DenseElementsAttr>(value))
    return std::nullopt;
  auto type = dyn_cast<MemRefType>(write.getBase().getType());
  if (!type || type.getShape() != write.getVectorType().getShape() ||
      !llvm::all_of(write.getIndices(),
                    [](Value index) { return isZeroInteger(index); }))
    return std::nullopt;
  return std::make_pair(write.getBase(), value);
}

/// An accumulator tile that starts from a constant (the linalg.fill of an
/// mma.sync warp tile before foundry-mma's fragments are read, or the
/// constant a wgmma fragment is first written: constantInit): the
/// unmasked, in-bounds vector.transfer_reads of views of the tile that
/// follow `init` in its block, before anything else might write the output
/// the tile is cut from, become that constant, and `init` itself is erased
/// where the unmasked transfer_writes that follow (at constant places,
/// minor identity maps) overwrite every element of the tile before anything
/// else might read or write that output. A k-loop's accumulators then start
/// in registers, not by a store of the tile to global memory and a load of
/// it back (the 8.6 GB output of a 1x1 convolution, 16x128x1024x1024
/// floats, crossed memory three times, not once).
/// Returns true if `init` was erased.
static bool foldFilledAccumulator(RewriterBase &rewriter, Operation *init) {
  std::optional<std::pair<Value, Attribute>> constant = constantInit(init);
  if (!constant)
    return false;
  auto [tile, value] = *constant;
  auto type = dyn_cast<MemRefType>(tile.getType());
  if (!type || !type.hasStaticShape() || type.getRank() == 0 ||
      isWorkgroupMemorySpace(type.getMemorySpace()))
    return false;
  Value root = viewChain(tile).back();
  // Which elements of the tile are overwritten after `init` (erasure only
  // for tiles of at most 64 Ki elements, an mma.sync warp tile is 2 Ki).
  int64_t elements = type.getNumElements();
  bool track = elements <= (int64_t{1} << 16);
  llvm::BitVector written(track ? elements : 0);
  bool anyWrite = false;
  SmallVector<int64_t> strides = computeSuffixProduct(type.getShape());
  auto mark = [&](ArrayRef<int64_t> offsets, ArrayRef<int64_t> sizes) {
    for (auto [offset, size, extent] :
         llvm::zip_equal(offsets, sizes, type.getShape()))
      if (offset < 0 || size < 1 || offset + size > extent)
        return;
    SmallVector<int64_t> position(offsets);
    while (true) {
      written.set(linearize(position, strides));
      int64_t dim = static_cast<int64_t>(position.size()) - 1;
      for (; dim >= 0; --dim) {
        if (++position[dim] < offsets[dim] + sizes[dim])
          break;
        position[dim] = offsets[dim];
      }
      if (dim < 0)
        return;
    }
  };
  for (Operation *op = init->getNextNode(); op; op = op->getNextNode()) {
    if (track && written.all())
      break;
    auto transfer = dyn_cast<VectorTransferOpInterface>(op);
    bool plain = transfer && !transfer.getMask() &&
                 llvm::all_of(transfer.getInBoundsValues(),
                              [](bool inBounds) { return inBounds; }) &&
                 isSubviewOf(transfer.getBase(), tile);
    if (auto read = dyn_cast<vector::TransferReadOp>(op); read && plain) {
      if (anyWrite)
        break;
      rewriter.setInsertionPoint(read);
      Value splat = arith::ConstantOp::create(
          rewriter, read.getLoc(), read.getVectorType(),
          DenseElementsAttr::get(read.getVectorType(), value));
      rewriter.replaceOp(read, splat);
      op = splat.getDefiningOp();
      continue;
    }
    if (auto write = dyn_cast<vector::TransferWriteOp>(op); write && plain) {
      anyWrite = true;
      if (!track)
        break;
      auto place = transferPlace(transfer);
      if (!place)
        break;
      auto inTile =
          placeInTile(write.getBase(), tile, place->first, place->second);
      if (!inTile)
        break;
      mark(inTile->first, inTile->second);
      continue;
    }
    if (touchesBuffer(op, root))
      break;
  }
  if (!track || !written.all())
    return false;
  rewriter.eraseOp(init);
  return true;
}

/// Replaces a tile buffer inside a launch with a per-thread alloca of static
/// size (the largest the tile can be, from upstream value-bounds analysis):
/// dynamically sized allocas are not reliable on NVPTX. A dynamic shape
/// becomes a dense row-major view (memref.reinterpret_cast) of the static
/// buffer. Fails with a diagnostic when a size has no constant bound.
static LogicalResult replaceWithStaticAlloca(RewriterBase &rewriter,
                                             memref::AllocOp alloc) {
  MemRefType type = alloc.getType();
  Location loc = alloc.getLoc();
  if (type.hasStaticShape()) {
    rewriter.replaceOpWithNewOp<memref::AllocaOp>(alloc, type,
                                                  alloc.getAlignmentAttr());
    return success();
  }
  if (!type.getLayout().isIdentity())
    return alloc.emitOpError("foundry-map-forall-to-gpu: a tile buffer "
                             "with a non-identity layout");
  SmallVector<OpFoldResult> sizes = alloc.getMixedSizes();
  int64_t total = 1;
  for (OpFoldResult size : sizes) {
    std::optional<int64_t> bound = getConstantUpperBound(size);
    if (!bound)
      return alloc.emitOpError(
          "foundry-map-forall-to-gpu: cannot bound the size of a tile "
          "buffer (a producer computed in a tile whose size varies: block "
          "or thread tile sizes that divide their loops give static "
          "buffers)");
    total *= std::max<int64_t>(*bound, 1);
  }
  auto flatType =
      MemRefType::get({total}, type.getElementType(),
                      MemRefLayoutAttrInterface(), type.getMemorySpace());
  Value flat = memref::AllocaOp::create(rewriter, loc, flatType,
                                        alloc.getAlignmentAttr());
  SmallVector<OpFoldResult> strides(sizes.size());
  OpFoldResult stride = rewriter.getIndexAttr(1);
  for (int64_t i = static_cast<int64_t>(sizes.size()) - 1; i >= 0; --i) {
    strides[i] = stride;
    AffineExpr s0, s1;
    bindSymbols(rewriter.getContext(), s0, s1);
    stride = affine::makeComposedFoldedAffineApply(rewriter, loc, s0 * s1,
                                                   {stride, sizes[i]});
  }
  rewriter.replaceOpWithNewOp<memref::ReinterpretCastOp>(
      alloc, type, flat, rewriter.getIndexAttr(0), sizes, strides);
  return success();
}

/// True if, inside `loop`, nothing but `read`, `write` and transfers on the
/// same tile at statically disjoint places touches `tile` or a view it was
/// cut from.
static bool onlyTransfersTouch(scf::ForOp loop, Value tile,
                               vector::TransferReadOp read,
                               vector::TransferWriteOp write) {
  SmallVector<Value> chain = viewChain(tile);
  llvm::SmallPtrSet<Value, 4> views(chain.begin(), chain.end());
  WalkResult result = loop.getBody()->walk([&](Operation *op) {
    if (op == read || op == write)
      return WalkResult::advance();
    if (llvm::none_of(op->getOperands(),
                      [&](Value v) { return views.contains(v); }))
      return WalkResult::advance();
    auto transfer = dyn_cast<VectorTransferOpInterface>(op);
    if (transfer && transfer.getBase() == tile &&
        vector::isDisjointTransferSet(
            transfer, cast<VectorTransferOpInterface>(read.getOperation()),
            /*testDynamicValueUsingBounds=*/false))
      return WalkResult::advance();
    return WalkResult::interrupt();
  });
  return !result.wasInterrupted();
}

/// Accumulator tiles of a k-loop stay in registers across it: a
/// transfer_read at the top of the loop body and a transfer_write of the
/// same tile, place and shape at the bottom become a read before the loop,
/// a loop-carried vector and a write after it. Upstream
/// hoistRedundantVectorTransfers does this too but refuses tiles that are
/// views (it cannot rule out aliases), and a thread's or warp's accumulator
/// tile is always a subview of the output; here the loop body is checked
/// for any other access to the tile or the views it was cut from. Other
/// threads never touch a thread's tile.
static void hoistAccumulatorTiles(RewriterBase &rewriter,
                                  gpu::LaunchOp launch) {
  SmallVector<scf::ForOp> loops;
  launch.getBody().walk([&](scf::ForOp loop) { loops.push_back(loop); });
  for (scf::ForOp loop : loops) {
    bool changed = true;
    while (changed) {
      changed = false;
      for (Operation &op : loop.getBody()->without_terminator()) {
        auto read = dyn_cast<vector::TransferReadOp>(&op);
        if (!read || read.getMask() ||
            llvm::any_of(read->getOperands(), [&](Value v) {
              return !loop.isDefinedOutsideOfLoop(v);
            }))
          continue;
        Value tile = read.getBase();
        // Shared memory is every thread's: only global and private tiles.
        auto tileType = dyn_cast<MemRefType>(tile.getType());
        if (!tileType || isWorkgroupMemorySpace(tileType.getMemorySpace()))
          continue;
        vector::TransferWriteOp write;
        for (Operation *user : tile.getUsers()) {
          auto candidate = dyn_cast<vector::TransferWriteOp>(user);
          if (candidate && candidate->getBlock() == loop.getBody() &&
              !candidate.getMask() &&
              candidate.getIndices() == read.getIndices() &&
              candidate.getVectorType() == read.getVectorType() &&
              candidate.getPermutationMap() == read.getPermutationMap() &&
              read->isBeforeInBlock(candidate))
            write = candidate;
        }
        if (!write || !onlyTransfersTouch(loop, tile, read, write))
          continue;
        read->moveBefore(loop);
        FailureOr<LoopLikeOpInterface> grown =
            cast<LoopLikeOpInterface>(loop.getOperation())
                .replaceWithAdditionalYields(
                    rewriter, read.getResult(),
                    /*replaceInitOperandUsesInLoop=*/true,
                    [&](OpBuilder &, Location, ArrayRef<BlockArgument>) {
                      return SmallVector<Value>{write.getVector()};
                    });
        if (failed(grown))
          return;
        loop = cast<scf::ForOp>(grown->getOperation());
        write->moveAfter(loop);
        write.getValueToStoreMutable().assign(loop->getResults().back());
        changed = true;
        break;
      }
    }
  }
}

/// Moves the workgroup attributions of `launch` into its dynamic shared
/// memory when they need more than the 48 KB a kernel may declare
/// statically: each becomes a memref.view of one `gpu.dynamic_shared_memory`
/// buffer at a 128-byte aligned offset, and the launch's dynamic shared
/// memory size is their total (which the launch manifest carries and
/// foundry-run opts in to). At most 48 KB stay static attributions.
/// Fails with a diagnostic over sm_90's 227 KB per block.
static LogicalResult moveToDynamicSharedMemory(RewriterBase &rewriter,
                                               gpu::LaunchOp launch) {
  SmallVector<BlockArgument> buffers(launch.getWorkgroupAttributions());
  if (buffers.empty())
    return success();
  // wgmma's swizzled tiles (Wgmma.cpp) need 1024-byte aligned addresses:
  // dynamic shared memory, 1 KB more, and the base aligned at run time.
  bool swizzled = launch->hasAttr(kWgmmaTilesAttr);
  int64_t alignment = swizzled ? 1024 : 128;
  SmallVector<int64_t> offsets;
  int64_t total = 0;
  for (BlockArgument buffer : buffers) {
    auto type = cast<MemRefType>(buffer.getType());
    total = llvm::alignTo(total, alignment);
    offsets.push_back(total);
    total += type.getNumElements() * type.getElementTypeBitWidth() / 8;
  }
  if (swizzled)
    total += alignment;
  if (total <= kMaxStaticSharedBytes && !swizzled)
    return success();
  if (total > kMaxSharedBytesPerBlock)
    return launch.emitOpError("foundry-map-forall-to-gpu: the block's "
                              "shared memory tiles need ")
           << total << " bytes, over sm_90's " << kMaxSharedBytesPerBlock
           << "-byte limit per block";
  Location loc = launch.getLoc();
  rewriter.setInsertionPoint(launch);
  Value size = arith::ConstantIntOp::create(rewriter, loc, total, 32);
  launch.getDynamicSharedMemorySizeMutable().assign(size);
  Block &body = launch.getBody().front();
  rewriter.setInsertionPointToStart(&body);
  auto workgroup = gpu::AddressSpaceAttr::get(launch.getContext(),
                                              gpu::AddressSpace::Workgroup);
  Value base = gpu::DynamicSharedMemoryOp::create(
      rewriter, loc,
      MemRefType::get({ShapedType::kDynamic}, rewriter.getI8Type(),
                      MemRefLayoutAttrInterface(), workgroup));
  // The bytes from the base to the next aligned address.
  Value pad = arith::ConstantIndexOp::create(rewriter, loc, 0);
  if (swizzled) {
    Value address =
        memref::ExtractAlignedPointerAsIndexOp::create(rewriter, loc, base);
    AffineExpr a = rewriter.getAffineDimExpr(0);
    pad = affine::makeComposedAffineApply(
        rewriter, loc, (a.ceilDiv(alignment) * alignment) - a, {address});
  }
  for (auto [buffer, offset] : llvm::zip_equal(buffers, offsets)) {
    Value byteShift = arith::AddIOp::create(
        rewriter, loc, pad,
        arith::ConstantIndexOp::create(rewriter, loc, offset));
    Value view = memref::ViewOp::create(rewriter, loc, buffer.getType(), base,
                                        byteShift, ValueRange());
    rewriter.replaceAllUsesWith(buffer, view);
  }
  // The attributions follow the launch's own block arguments.
  body.eraseArguments(buffers.front().getArgNumber(), buffers.size());
  launch->setAttr(gpu::LaunchOp::getNumWorkgroupAttributionsAttrName(),
                  rewriter.getI64IntegerAttr(0));
  return success();
}

/// Most elements of one thread's part of a gathered shared tile that
/// lowerGatherToAsyncCopies unrolls into copies.
static constexpr int64_t kMaxGatherCopies = 64;

namespace {
/// The load and the optional mask (select) of a gather
/// (lowerGatherToAsyncCopies).
struct GatherParts {
  memref::LoadOp load;
  arith::SelectOp mask;
};
} // namespace

/// The parts of `op` if it is a gather lowerGatherToAsyncCopies takes
/// (see there).
static std::optional<GatherParts> matchGather(linalg::GenericOp op) {
  if (!op.hasPureBufferSemantics() || op.getNumDpsInputs() != 0 ||
      op.getNumDpsInits() != 1 || op.getNumParallelLoops() != op.getNumLoops())
    return std::nullopt;
  auto tileType = cast<MemRefType>(op.getDpsInits()[0].getType());
  if (!isWorkgroupMemorySpace(tileType.getMemorySpace()) ||
      !tileType.hasStaticShape() ||
      !op.getMatchingIndexingMap(op.getDpsInitOperand(0)).isIdentity() ||
      tileType.getElementTypeBitWidth() != 32 ||
      tileType.getNumElements() > kMaxGatherCopies ||
      tileType.getNumElements() == 0)
    return std::nullopt;
  Block &body = op.getRegion().front();
  Value yielded = body.getTerminator()->getOperand(0);
  GatherParts parts;
  for (Operation &nested : body.without_terminator()) {
    if (auto candidate = dyn_cast<memref::LoadOp>(nested)) {
      if (parts.load)
        return std::nullopt;
      parts.load = candidate;
      continue;
    }
    if (!isPure(&nested) || nested.getNumRegions())
      return std::nullopt;
  }
  if (!parts.load || isa_and_nonnull<gpu::AddressSpaceAttr>(
                         parts.load.getMemRefType().getMemorySpace()))
    return std::nullopt;
  if (yielded != parts.load.getResult()) {
    parts.mask = yielded.getDefiningOp<arith::SelectOp>();
    auto zero =
        parts.mask
            ? parts.mask.getFalseValue().getDefiningOp<arith::ConstantOp>()
            : arith::ConstantOp();
    auto zeroValue = zero ? dyn_cast<FloatAttr>(zero.getValue()) : FloatAttr();
    if (!parts.mask || parts.mask.getTrueValue() != parts.load.getResult() ||
        !zeroValue || !zeroValue.getValue().isPosZero() ||
        !parts.mask.getCondition().getType().isInteger(1))
      return std::nullopt;
  }
  // The load's value may feed nothing but the yield (or the select).
  for (Operation *user : parts.load->getUsers())
    if (user != parts.mask.getOperation() && user != body.getTerminator())
      return std::nullopt;
  return parts;
}

/// A thread's part of an im2col gather computed into a shared-memory tile
/// (foundry-promote of a gather fused into a GEMM's k-loop): a
/// linalg.generic on buffers with no inputs, writing a static tile of
/// 4-byte elements in workgroup memory, whose body is index arithmetic, one
/// memref.load from global memory and either yields it or selects between
/// it and 0 (the masked tail of foundry-pad). Each element becomes one
/// 4-byte cp.async (nvgpu.device_async_copy), the mask its source size (0
/// reads nothing and zero-fills; the pad's indices are clamped, so the
/// address stays valid), all in one group followed by a wait, as
/// nvgpu::createAsyncGroups leaves the copies of an operand: the gather then
/// overlaps the compute under foundry-promote{stages=2}. `parts` are
/// matchGather's; the copies replace `op`.
static void lowerGatherToAsyncCopies(RewriterBase &rewriter,
                                     linalg::GenericOp op,
                                     const GatherParts &parts) {
  memref::LoadOp load = parts.load;
  arith::SelectOp mask = parts.mask;
  Value tile = op.getDpsInits()[0];
  auto tileType = cast<MemRefType>(tile.getType());
  Block &body = op.getRegion().front();
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  auto index = [&](int64_t value) -> Value {
    return arith::ConstantIndexOp::create(rewriter, loc, value);
  };
  SmallVector<Value> tokens;
  auto tokenType = nvgpu::DeviceAsyncTokenType::get(rewriter.getContext());
  ArrayRef<int64_t> shape = tileType.getShape();
  SmallVector<int64_t> position(shape.size(), 0);
  for (int64_t element = 0; element < tileType.getNumElements(); ++element) {
    int64_t rest = element;
    for (int64_t d = shape.size() - 1; d >= 0; --d) {
      position[d] = rest % shape[d];
      rest /= shape[d];
    }
    IRMapping mapping;
    SmallVector<Value> dstIndices;
    for (int64_t p : position)
      dstIndices.push_back(index(p));
    for (Operation &nested : body.without_terminator()) {
      if (&nested == load.getOperation() || &nested == mask.getOperation())
        continue;
      if (auto dim = dyn_cast<linalg::IndexOp>(nested)) {
        mapping.map(dim.getResult(), dstIndices[dim.getDim()]);
        continue;
      }
      rewriter.clone(nested, mapping);
    }
    SmallVector<Value> srcIndices = llvm::map_to_vector(
        load.getIndices(), [&](Value v) { return mapping.lookupOrDefault(v); });
    Value srcElements;
    if (mask)
      srcElements = arith::SelectOp::create(
          rewriter, loc, mapping.lookupOrDefault(mask.getCondition()), index(1),
          index(0));
    tokens.push_back(nvgpu::DeviceAsyncCopyOp::create(
        rewriter, loc, tokenType, tile, dstIndices, load.getMemRef(),
        srcIndices, rewriter.getIndexAttr(1), srcElements,
        /*bypassL1=*/UnitAttr()));
  }
  Value group =
      nvgpu::DeviceAsyncCreateGroupOp::create(rewriter, loc, tokenType, tokens);
  nvgpu::DeviceAsyncWaitOp::create(rewriter, loc, group, IntegerAttr());
  rewriter.eraseOp(op);
}

/// Inside `launch`: tile buffers become per-thread allocas and
/// every linalg op becomes scf.for loops.
static LogicalResult lowerLaunchBody(gpu::LaunchOp launch, StringRef chip) {
  IRRewriter rewriter(launch.getContext());
  // foundry-promote{stages=2} marks its k-loops; the loops themselves are
  // rebuilt below (hoisting adds loop-carried values), so the mark is read
  // once for the launch.
  int64_t stages = 1;
  launch.getBody().walk([&](scf::ForOp loop) {
    if (auto mark = loop->getAttrOfType<IntegerAttr>(kPipelineStagesAttr))
      stages = std::max(stages, mark.getInt());
  });

  SmallVector<Operation *> ops;
  launch.getBody().walk([&](Operation *op) {
    if (isa<memref::AllocOp, memref::DeallocOp>(op))
      ops.push_back(op);
  });
  for (Operation *op : ops) {
    rewriter.setInsertionPoint(op);
    if (auto alloc = dyn_cast<memref::AllocOp>(op)) {
      // foundry-promote's tiles: one shared buffer per block, a workgroup
      // attribution of the launch.
      if (isWorkgroupMemorySpace(alloc.getType().getMemorySpace())) {
        if (!alloc.getType().hasStaticShape())
          return alloc.emitOpError("foundry-map-forall-to-gpu: a shared "
                                   "memory tile of dynamic shape");
        BlockArgument buffer =
            launch.addWorkgroupAttribution(alloc.getType(), alloc.getLoc());
        rewriter.replaceOp(alloc, buffer);
        continue;
      }
      if (failed(replaceWithStaticAlloca(rewriter, alloc)))
        return failure();
    } else {
      rewriter.eraseOp(op);
    }
  }
  // foundry-mma's warpgroup matmuls become wgmma, and the copies into their
  // shared tiles are re-pointed at the layout wgmma reads.
  {
    auto func = launch->getParentOfType<func::FuncOp>();
    auto precision =
        func ? func->getAttrOfType<PrecisionAttr>("foundry.precision")
             : PrecisionAttr();
    if (failed(lowerWarpgroupMatmuls(
            rewriter, launch,
            precision ? precision.getValue() : Precision::ieee, chip)))
      return failure();
  }
  SmallVector<linalg::LinalgOp> linalgOps;
  SmallVector<linalg::FillOp> deferredFills;
  SmallVector<linalg::GenericOp> storeEpilogues;
  launch.getBody().walk([&](linalg::LinalgOp op) { linalgOps.push_back(op); });
  for (linalg::LinalgOp op : linalgOps) {
    if (!op.hasPureBufferSemantics())
      return op.emitOpError("foundry-map-forall-to-gpu: expected a linalg "
                            "op on buffers after bufferization");
    // A fused epilogue on warp tiles waits for the stores of the mma.sync
    // fragments (applyEpilogueAtStores).
    if (isFusedEpilogue(op)) {
      storeEpilogues.push_back(cast<linalg::GenericOp>(op.getOperation()));
      continue;
    }
    // The fills of warp and warpgroup tiles wait until the accumulators are
    // hoisted (foldFilledAccumulator).
    if (auto fill = dyn_cast<linalg::FillOp>(op.getOperation());
        fill &&
        (fill->hasAttr(kWarpFillAttr) || fill->hasAttr(kWarpgroupFillAttr))) {
      deferredFills.push_back(fill);
      continue;
    }
    rewriter.setInsertionPoint(op);
    // Copies of static tiles into shared memory (foundry-promote) become
    // one vector transfer each: wide accesses, and cp.async below.
    if (auto copy = dyn_cast<linalg::CopyOp>(op.getOperation())) {
      auto source = dyn_cast<MemRefType>(copy.getInputs()[0].getType());
      auto target = dyn_cast<MemRefType>(copy.getOutputs()[0].getType());
      // Global (no GPU address space) to shared memory only.
      if (source && target &&
          !isa_and_nonnull<gpu::AddressSpaceAttr>(source.getMemorySpace()) &&
          isWorkgroupMemorySpace(target.getMemorySpace()) &&
          source.getRank() > 0 && source.hasStaticShape() &&
          source.getShape() == target.getShape() &&
          source.getElementType().isIntOrFloat()) {
        auto vectorType =
            VectorType::get(source.getShape(), source.getElementType());
        Value zero = arith::ConstantIndexOp::create(rewriter, op.getLoc(), 0);
        SmallVector<Value> indices(source.getRank(), zero);
        SmallVector<bool> inBounds(source.getRank(), true);
        Value tile = vector::TransferReadOp::create(
            rewriter, op.getLoc(), vectorType, copy.getInputs()[0], indices,
            /*padding=*/std::nullopt, inBounds);
        vector::TransferWriteOp::create(rewriter, op.getLoc(), tile,
                                        copy.getOutputs()[0], indices,
                                        inBounds);
        rewriter.eraseOp(op);
        continue;
      }
    }
    if (auto generic = dyn_cast<linalg::GenericOp>(op.getOperation())) {
      if (std::optional<GatherParts> parts = matchGather(generic)) {
        lowerGatherToAsyncCopies(rewriter, generic, *parts);
        continue;
      }
    }
    if (failed(linalg::linalgOpToLoops(rewriter, op)))
      return op.emitOpError("foundry-map-forall-to-gpu: cannot lower to "
                            "loops");
    rewriter.eraseOp(op);
  }

  // Accumulator tiles read and written at the same place in every trip of a
  // block-level k-loop stay in registers across it (each thread or warp owns
  // its tile, so the hoisting is safe despite the distribution).
  // The hoisting needs the tile's view defined outside the loop: the warp
  // and thread ids a mapped forall left inside it move out first.
  SmallVector<scf::ForOp> loops;
  launch.getBody().walk([&](scf::ForOp loop) { loops.push_back(loop); });
  for (scf::ForOp loop : loops)
    moveLoopInvariantCode(cast<LoopLikeOpInterface>(loop.getOperation()));
  linalg::hoistRedundantVectorTransfers(launch, /*verifyNonZeroTrip=*/true);
  hoistAccumulatorTiles(rewriter, launch);
  // The hoisting does not model other threads: a tile written back after a
  // loop that synchronizes inside may be read next by other threads (an
  // epilogue distributed differently), so such loops end with a barrier.
  SmallVector<scf::ForOp> syncingLoops;
  launch.getBody().walk([&](scf::ForOp loop) {
    if (loop.getBody()
            ->walk([](gpu::BarrierOp) { return WalkResult::interrupt(); })
            .wasInterrupted())
      syncingLoops.push_back(loop);
  });
  for (scf::ForOp loop : syncingLoops) {
    rewriter.setInsertionPointAfter(loop);
    gpu::BarrierOp::create(rewriter, loop.getLoc());
  }

  // Accumulator tiles that start from a constant start in registers: the
  // fills of warp tiles (mma.sync) and the constants first written to thread
  // and warpgroup tiles (wgmma's fragments). The views of the fill and of
  // the reads, cut in different warp loops, become the same values first.
  // A warp fill that stays is split over the lanes.
  {
    DominanceInfo dominance;
    eliminateCommonSubExpressions(rewriter, dominance, launch);
  }
  SmallVector<vector::TransferWriteOp> constantWrites;
  for (Operation &op : consumerBlock(launch))
    if (auto write = dyn_cast<vector::TransferWriteOp>(&op);
        write && constantInit(write))
      constantWrites.push_back(write);
  for (vector::TransferWriteOp write : constantWrites)
    (void)foldFilledAccumulator(rewriter, write);
  for (linalg::FillOp fill : deferredFills) {
    bool warp = fill->hasAttr(kWarpFillAttr);
    fill->removeAttr(kWarpFillAttr);
    fill->removeAttr(kWarpgroupFillAttr);
    if (foldFilledAccumulator(rewriter, fill) ||
        (warp && succeeded(distributeWarpFill(rewriter, fill))))
      continue;
    rewriter.setInsertionPoint(fill);
    if (failed(linalg::linalgOpToLoops(rewriter, fill)))
      return fill.emitOpError("foundry-map-forall-to-gpu: cannot lower to "
                              "loops");
    rewriter.eraseOp(fill);
  }
  if (failed(lowerMmaContractions(rewriter, launch)))
    return failure();
  if (failed(lowerFusedEpilogues(rewriter, launch, storeEpilogues)))
    return failure();

  // 1-D transfers of contiguous rows become vector.load/vector.store, which
  // lower to one wide access (ld.global.v4.f32 for 4 aligned f32).
  RewritePatternSet patterns(launch.getContext());
  populateVectorToOneDimPatterns(patterns);
  populateVectorToSCFConversionPatterns(
      patterns,
      VectorTransferToSCFOptions().enableFullUnroll().setTargetRank(1));
  vector::populateVectorTransferLoweringPatterns(patterns,
                                                 /*maxTransferRank=*/1);
  if (failed(applyPatternsGreedily(launch, std::move(patterns))))
    return launch.emitOpError("foundry-map-forall-to-gpu: vector transfer "
                              "lowering did not converge");
  annotateAlignment(launch);
  // Global-to-shared copies (foundry-promote) become cp.async groups; 16-byte
  // ones bypass L1.
  nvgpu::createAsyncGroups(rewriter, launch, /*bypassL1=*/true);
  pipelineCpAsyncCopies(rewriter, launch, stages);
  if (failed(finishWarpSpecialization(rewriter, launch)))
    return failure();
  return moveToDynamicSharedMemory(rewriter, launch);
}

namespace mlir::foundry {
namespace {
/// foundry-split-reduction{cluster=true}: each block loop of `blocks` (the
/// function's, in program order, normalized, on buffers) that carries
/// kClusterAttr takes in the block loops after it over the same grid (same
/// extents, same mapping): their bodies follow its own, each after a cluster
/// barrier (barrier.cluster.arrive, release, and .wait, acquire: what one
/// block of a cluster wrote to memory before it, every block of the cluster
/// reads after it). Sound because such loops are tiles of rows, one part of
/// a row per block, the parts of a row along x making up one cluster: a
/// later loop's block reads only what the blocks of its own cluster wrote
/// (the partial results of its row) and writes only its own tile. Ops
/// between two such loops must be free of memory effects (views, constants)
/// and move before the first; anything else keeps the loops apart (one
/// launch each, still correct). Returns the block loops left, with the
/// cluster size along x of each (0: no cluster). Fails with a diagnostic
/// where a marked loop's x extent is not its cluster size.
static FailureOr<SmallVector<std::pair<scf::ForallOp, int64_t>>>
fuseClusterLoops(RewriterBase &rewriter, ArrayRef<scf::ForallOp> blocks) {
  auto sameGrid = [](scf::ForallOp a, scf::ForallOp b) {
    ArrayRef<int64_t> ua = a.getStaticUpperBound();
    return ua == b.getStaticUpperBound() &&
           llvm::none_of(ua, ShapedType::isDynamic) &&
           a.getMappingAttr() == b.getMappingAttr() && a.getOutputs().empty() &&
           b.getOutputs().empty();
  };
  SmallVector<std::pair<scf::ForallOp, int64_t>> result;
  for (size_t i = 0; i < blocks.size(); ++i) {
    scf::ForallOp first = blocks[i];
    auto attr = first->getAttrOfType<IntegerAttr>(kClusterAttr);
    if (!attr) {
      result.push_back({first, 0});
      continue;
    }
    int64_t size = attr.getInt();
    ArrayRef<int64_t> extents = first.getStaticUpperBound();
    std::optional<ArrayAttr> mapping = first.getMapping();
    int64_t xExtent = -1;
    if (mapping)
      for (auto [extent, id] : llvm::zip(extents, *mapping))
        if (auto block = dyn_cast<gpu::GPUBlockMappingAttr>(id);
            block && block.getBlock() == gpu::MappingId::DimX)
          xExtent = extent;
    if (xExtent != size)
      return first.emitOpError("foundry-map-forall-to-gpu: a block loop "
                               "marked for clusters of ")
             << size << " blocks must have " << size << " blocks along x, has "
             << xExtent;
    while (i + 1 < blocks.size() && sameGrid(first, blocks[i + 1])) {
      scf::ForallOp next = blocks[i + 1];
      SmallVector<Operation *> between;
      for (Operation *op = first->getNextNode(); op != next;
           op = op->getNextNode())
        between.push_back(op);
      if (!llvm::all_of(between, [](Operation *op) {
            return op->getNumRegions() == 0 && isMemoryEffectFree(op);
          }))
        break;
      for (Operation *op : between)
        op->moveBefore(first);
      Operation *terminator = first.getBody()->getTerminator();
      rewriter.setInsertionPoint(terminator);
      NVVM::ClusterArriveOp::create(rewriter, next.getLoc(), UnitAttr());
      NVVM::ClusterWaitOp::create(rewriter, next.getLoc(), UnitAttr());
      rewriter.eraseOp(next.getBody()->getTerminator());
      rewriter.inlineBlockBefore(next.getBody(), terminator,
                                 first.getInductionVars());
      rewriter.eraseOp(next);
      ++i;
    }
    first->removeAttr(kClusterAttr);
    result.push_back({first, size});
  }
  return result;
}

/// `launch` again, as a launch of thread-block clusters of `blocksX` x 1 x 1
/// blocks (upstream's cluster operands), its body moved over. The
/// outlined kernel then declares that shape (foundry-merge-gpu-modules).
static void launchInClusters(RewriterBase &rewriter, gpu::LaunchOp launch,
                             int64_t blocksX) {
  Location loc = launch.getLoc();
  rewriter.setInsertionPoint(launch);
  Value x = arith::ConstantIndexOp::create(rewriter, loc, blocksX);
  Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
  gpu::KernelDim3 grid = launch.getGridSizeOperandValues();
  gpu::KernelDim3 block = launch.getBlockSizeOperandValues();
  SmallVector<Type> workgroup, privates;
  for (BlockArgument arg : launch.getWorkgroupAttributions())
    workgroup.push_back(arg.getType());
  for (BlockArgument arg : launch.getPrivateAttributions())
    privates.push_back(arg.getType());
  auto clustered = gpu::LaunchOp::create(
      rewriter, loc, grid.x, grid.y, grid.z, block.x, block.y, block.z,
      launch.getDynamicSharedMemorySize(), Type(), ValueRange{}, workgroup,
      privates, x, one, one);
  Block &oldBody = launch.getBody().front();
  Block &newBody = clustered.getBody().front();
  if (!newBody.empty())
    rewriter.eraseOp(newBody.getTerminator());
  // The body's arguments: ids and sizes (12), then with clusters the
  // cluster ids and sizes (6), then the attributions. The upstream builder
  // leaves out the cluster's.
  constexpr unsigned kConfig = gpu::LaunchOp::kNumConfigRegionAttributes;
  for (unsigned i = 0; i < 6; ++i)
    newBody.insertArgument(kConfig + i, rewriter.getIndexType(), loc);
  SmallVector<Value> args;
  for (unsigned i = 0; i < oldBody.getNumArguments(); ++i)
    args.push_back(newBody.getArgument(i < kConfig ? i : i + 6));
  rewriter.mergeBlocks(&oldBody, &newBody, args);
  for (NamedAttribute attr : launch->getDiscardableAttrs())
    clustered->setAttr(attr.getName(), attr.getValue());
  rewriter.eraseOp(launch);
}

struct FoundryMapForallToGpuPass final
    : impl::FoundryMapForallToGpuPassBase<FoundryMapForallToGpuPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    SmallVector<scf::ForallOp> blocks;
    func.walk([&](scf::ForallOp forall) {
      if (isBlockLevelForall(forall))
        blocks.push_back(forall);
    });
    if (blocks.empty())
      return;
    // Several block loops (a schedule that splits a kernel) become one
    // launch each, in program order.
    for (scf::ForallOp block : blocks)
      if (block->getParentOp() != func) {
        block.emitOpError("foundry-map-forall-to-gpu: the block loop must "
                          "be at the top of the function");
        return signalPassFailure();
      }
    // The upstream mapping wants loops from 0 with step 1.
    SmallVector<scf::ForallOp> foralls;
    func.walk([&](scf::ForallOp forall) {
      if (isBlockLevelForall(forall) || isThreadLevelForall(forall) ||
          isWarpLevelForall(forall) || isWarpgroupLevelForall(forall))
        foralls.push_back(forall);
    });
    IRRewriter rewriter(&getContext());
    for (scf::ForallOp forall : foralls) {
      if (forall.isNormalized())
        continue;
      rewriter.setInsertionPoint(forall);
      if (failed(normalizeForallOp(rewriter, forall))) {
        forall.emitOpError("foundry-map-forall-to-gpu: cannot normalize");
        return signalPassFailure();
      }
    }
    blocks.clear();
    func.walk([&](scf::ForallOp forall) {
      if (isBlockLevelForall(forall))
        blocks.push_back(forall);
    });
    for (scf::ForallOp block : blocks)
      fuseWarpEpilogues(rewriter, block);
    // The fills a warp runs, marked before the mapping erases the warp
    // loops (distributeWarpFill).
    func.walk([&](linalg::FillOp fill) {
      auto forall = dyn_cast<scf::ForallOp>(fill->getParentOp());
      if (forall && isWarpLevelForall(forall))
        fill->setAttr(kWarpFillAttr, rewriter.getUnitAttr());
      else if (forall && isWarpgroupLevelForall(forall))
        fill->setAttr(kWarpgroupFillAttr, rewriter.getUnitAttr());
    });
    FailureOr<SmallVector<std::pair<scf::ForallOp, int64_t>>> launches =
        fuseClusterLoops(rewriter, blocks);
    if (failed(launches))
      return signalPassFailure();
    for (auto [block, cluster] : *launches) {
      FailureOr<std::array<int64_t, 3>> dims = blockDims(block);
      if (failed(dims) || failed(mapWithTransformOps(block, *dims)))
        return signalPassFailure();
    }
    // One launch per block loop, in program order.
    SmallVector<gpu::LaunchOp> mapped(
        func.getBody().front().getOps<gpu::LaunchOp>());
    if (mapped.size() != launches->size()) {
      func.emitOpError("foundry-map-forall-to-gpu: expected one launch per "
                       "block loop");
      return signalPassFailure();
    }
    for (gpu::LaunchOp launch : mapped)
      if (failed(lowerLaunchBody(launch, chip)))
        return signalPassFailure();
    // Last: upstream adds workgroup attributions at the position they have
    // without cluster operands.
    for (auto [launch, entry] : llvm::zip(mapped, *launches))
      if (entry.second > 0)
        launchInClusters(rewriter, launch, entry.second);
  }
};
} // namespace
} // namespace mlir::foundry
