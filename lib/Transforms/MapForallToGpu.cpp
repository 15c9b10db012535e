//===- MapForallToGpu.cpp - Block/thread foralls to gpu.launch -----------===//
//
// foundry-map-forall-to-gpu: after bufferization, the block- and
// thread-mapped scf.forall loops of a schedule become one gpu.launch through
// the upstream GPU transform ops, run by the transform interpreter so that
// their failures are diagnostics, not crashes.
//
//===----------------------------------------------------------------------===//

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

static SmallVector<Value> viewChain(Value v);

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

/// True if `op` or an op nested in it has an operand that is `root` or a
/// view cut from it (the view ops themselves aside).
static bool touchesBuffer(Operation *op, Value root) {
  return op
      ->walk([&](Operation *nested) {
        if (isa<ViewLikeOpInterface>(nested))
          return WalkResult::advance();
        for (Value operand : nested->getOperands())
          if (isa<MemRefType>(operand.getType()) &&
              viewChain(operand).back() == root)
            return WalkResult::interrupt();
        return WalkResult::advance();
      })
      .wasInterrupted();
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

/// True for the contractions foundry-mma makes: f32 m16n8k8 (A 16x8, B
/// 8x8), and f16 or bf16 m16n8k16 (A 16x16, B 16x8 or 8x16).
static bool isMmaContraction(vector::ContractionOp contract) {
  ArrayRef<int64_t> lhs = contract.getLhsType().getShape(),
                    rhs = contract.getRhsType().getShape();
  Type element = contract.getLhsType().getElementType();
  if (element.isF32())
    return lhs == ArrayRef<int64_t>{16, 8} && rhs == ArrayRef<int64_t>{8, 8};
  return isHalfFloat(element) && lhs == ArrayRef<int64_t>{16, 16} &&
         (rhs == ArrayRef<int64_t>{16, 8} || rhs == ArrayRef<int64_t>{8, 16});
}

/// The location mark of bf16 contractions carried through upstream's
/// conversion to nvgpu.mma.sync (which builds each mma at its
/// contraction's location).
static constexpr llvm::StringLiteral kBf16MmaMark = "foundry.mma_bf16";

/// Upstream's conversion of warp contractions to nvgpu.mma.sync (LLVM 22)
/// knows f16 fragments but not bf16 ones (nvgpu::getMmaSyncRegisterType),
/// and its nvgpu-to-NVVM lowering has no bf16 mma.sync. Their data movement
/// (ldmatrix, per-lane loads) does not depend on which 16-bit float it
/// moves, and their fragments are laid out alike (PTX ISA, "Matrix Fragments
/// for mma.m16n8k16"): each bf16 read feeding a contraction in `launch`
/// becomes an f16 read of the same memory, through an unrealized cast of
/// the memref (the LLVM lowering folds it: both memrefs lower to the same
/// descriptor), and each bf16 contraction an f16 one marked by its
/// location; bf16MmaToNVVM builds the marked mma.sync ops as bf16 ones.
/// Fails with a diagnostic on a read with other users, an operand that is
/// not read from memory, or a contraction that is not bf16 x bf16 into f32.
/// Returns how many contractions it marked.
static FailureOr<int64_t> retypeBf16Contractions(RewriterBase &rewriter,
                                                 gpu::LaunchOp launch) {
  SmallVector<vector::ContractionOp> contracts;
  launch.getBody().walk([&](vector::ContractionOp contract) {
    if (isMmaContraction(contract) &&
        contract.getLhsType().getElementType().isBF16())
      contracts.push_back(contract);
  });
  for (vector::ContractionOp contract : contracts)
    if (!contract.getRhsType().getElementType().isBF16() ||
        !getElementTypeOrSelf(contract.getAccType()).isF32())
      return contract.emitOpError(
          "foundry-map-forall-to-gpu: a bf16 mma.sync takes bf16 A and B "
          "into an f32 accumulator");
  MLIRContext *ctx = launch.getContext();
  Type f16 = Float16Type::get(ctx);
  llvm::SmallDenseMap<Value, Value> retyped;
  for (vector::ContractionOp contract : contracts) {
    for (OpOperand *operand :
         {&contract.getLhsMutable(), &contract.getRhsMutable()}) {
      Value value = operand->get();
      if (Value done = retyped.lookup(value)) {
        operand->set(done);
        continue;
      }
      auto read = value.getDefiningOp<vector::TransferReadOp>();
      if (!read || !isa<MemRefType>(read.getBase().getType()) ||
          !llvm::all_of(read->getUsers(), [](Operation *user) {
            return isa<vector::ContractionOp>(user);
          }))
        return contract.emitOpError(
            "foundry-map-forall-to-gpu: a bf16 mma.sync operand must be read "
            "from memory for the contractions alone");
      rewriter.setInsertionPoint(read);
      auto memrefType = cast<MemRefType>(read.getBase().getType());
      Value base = UnrealizedConversionCastOp::create(
                       rewriter, read.getLoc(),
                       MemRefType::get(memrefType.getShape(), f16,
                                       memrefType.getLayout(),
                                       memrefType.getMemorySpace()),
                       read.getBase())
                       .getResult(0);
      Value padding = arith::ConstantOp::create(rewriter, read.getLoc(), f16,
                                                rewriter.getZeroAttr(f16));
      Value f16Read = vector::TransferReadOp::create(
          rewriter, read.getLoc(),
          VectorType::get(read.getVectorType().getShape(), f16), base,
          read.getIndices(), read.getPermutationMapAttr(), padding,
          read.getMask(), read.getInBoundsAttr());
      retyped[value] = f16Read;
      operand->set(f16Read);
    }
    contract->setLoc(FusedLoc::get(ctx, {contract.getLoc()},
                                   StringAttr::get(ctx, kBf16MmaMark)));
  }
  return static_cast<int64_t>(contracts.size());
}

/// The mma.sync ops of contractions retypeBf16Contractions marked become
/// nvvm.mma.sync m16n8k16 on bf16 operands (A four 32-bit registers, B two,
/// each two bf16: the f16 fragments' bits; C and D four f32), row-major A,
/// column-major B. Returns how many it built.
static int64_t bf16MmaToNVVM(RewriterBase &rewriter, gpu::LaunchOp launch) {
  SmallVector<nvgpu::MmaSyncOp> mmas;
  launch.getBody().walk([&](nvgpu::MmaSyncOp mma) {
    auto fused = dyn_cast<FusedLoc>(mma.getLoc());
    auto mark = fused ? dyn_cast_or_null<StringAttr>(fused.getMetadata())
                      : StringAttr();
    if (mark && mark.getValue() == kBf16MmaMark)
      mmas.push_back(mma);
  });
  for (nvgpu::MmaSyncOp mma : mmas) {
    auto fused = cast<FusedLoc>(mma.getLoc());
    Location loc = fused.getLocations().front();
    rewriter.setInsertionPoint(mma);
    Type i32 = rewriter.getI32Type(), f32 = rewriter.getF32Type();
    // Each row of an f16 fragment (vector<2xf16>) is one 32-bit register.
    auto registers = [&](Value fragment) {
      auto type = cast<VectorType>(fragment.getType());
      SmallVector<Value> regs;
      for (int64_t i = 0; i < type.getDimSize(0); ++i) {
        Value row = vector::ExtractOp::create(rewriter, loc, fragment,
                                              ArrayRef<int64_t>{i});
        Value bits = vector::BitCastOp::create(rewriter, loc,
                                               VectorType::get({1}, i32), row);
        regs.push_back(vector::ExtractOp::create(rewriter, loc, bits,
                                                 ArrayRef<int64_t>{0}));
      }
      return regs;
    };
    SmallVector<Value> a = registers(mma.getMatrixA()),
                       b = registers(mma.getMatrixB()), c;
    auto cType = cast<VectorType>(mma.getMatrixC().getType());
    for (int64_t i = 0; i < cType.getDimSize(0); ++i)
      for (int64_t j = 0; j < cType.getDimSize(1); ++j)
        c.push_back(vector::ExtractOp::create(rewriter, loc, mma.getMatrixC(),
                                              ArrayRef<int64_t>{i, j}));
    auto structType = LLVM::LLVMStructType::getLiteral(
        rewriter.getContext(), SmallVector<Type>(c.size(), f32));
    Value d = NVVM::MmaOp::create(
        rewriter, loc, structType, a, b, c, ArrayRef<int64_t>{16, 8, 16},
        std::nullopt, std::nullopt,
        std::array<NVVM::MMATypes, 2>{NVVM::MMATypes::bf16,
                                      NVVM::MMATypes::bf16},
        std::array<NVVM::MMALayout, 2>{NVVM::MMALayout::row,
                                       NVVM::MMALayout::col});
    SmallVector<Value> elements;
    for (int64_t i = 0; i < static_cast<int64_t>(c.size()); ++i)
      elements.push_back(LLVM::ExtractValueOp::create(rewriter, loc, d, i));
    rewriter.replaceOpWithNewOp<vector::FromElementsOp>(mma, cType, elements);
  }
  return static_cast<int64_t>(mmas.size());
}

/// Splits every f32 (tf32) nvgpu.mma.sync in `launch` into the three products
/// of 3xtf32: with x = hi(x) + lo(x), hi(x) the value truncated to tf32's 10
/// mantissa bits, A*B ~= lo(A)*hi(B) + hi(A)*lo(B) + hi(A)*hi(B), each on the
/// tensor cores with fp32 accumulation (the small products first), added to
/// the running sum in fp32. Source of the scheme: the 3xTF32 mode of NVIDIA
/// CUTLASS ("fast accurate fp32 emulation").
static void splitInto3xTf32(RewriterBase &rewriter, gpu::LaunchOp launch) {
  SmallVector<nvgpu::MmaSyncOp> mmas;
  launch.getBody().walk([&](nvgpu::MmaSyncOp mma) {
    if (mma.getTf32Enabled())
      mmas.push_back(mma);
  });
  for (nvgpu::MmaSyncOp mma : mmas) {
    rewriter.setInsertionPoint(mma);
    Location loc = mma.getLoc();
    auto split = [&](Value x) -> std::pair<Value, Value> {
      auto type = cast<VectorType>(x.getType());
      auto intType = VectorType::get(type.getShape(), rewriter.getI32Type());
      Value bits = arith::BitcastOp::create(rewriter, loc, intType, x);
      // tf32 keeps the top 19 bits (sign, 8 exponent, 10 mantissa).
      Value mask = arith::ConstantOp::create(
          rewriter, loc,
          DenseElementsAttr::get(
              intType,
              rewriter.getI32IntegerAttr(static_cast<int32_t>(0xFFFFE000))));
      Value hiBits = arith::AndIOp::create(rewriter, loc, bits, mask);
      Value hi = arith::BitcastOp::create(rewriter, loc, type, hiBits);
      Value lo = arith::SubFOp::create(rewriter, loc, x, hi);
      return {hi, lo};
    };
    auto [aHi, aLo] = split(mma.getMatrixA());
    auto [bHi, bLo] = split(mma.getMatrixB());
    auto product = [&](Value a, Value b, Value c) {
      auto next = cast<nvgpu::MmaSyncOp>(rewriter.clone(*mma));
      next.getMatrixAMutable().assign(a);
      next.getMatrixBMutable().assign(b);
      next.getMatrixCMutable().assign(c);
      return next.getResult();
    };
    // The three products of this k-step go into a fresh accumulator, then
    // into the running sum with one round-to-nearest fp32 addition: mma.sync
    // accumulates with truncation, whose bias over thousands of k-steps
    // would otherwise grow with the running sum.
    Value zero = arith::ConstantOp::create(
        rewriter, loc, rewriter.getZeroAttr(mma.getMatrixC().getType()));
    Value step = product(aLo, bHi, zero);
    step = product(aHi, bLo, step);
    step = product(aHi, bHi, step);
    rewriter.replaceOpWithNewOp<arith::AddFOp>(mma, mma.getMatrixC(), step);
  }
}

/// The m16n8k8 contractions of foundry-mma become nvgpu.mma.sync with
/// per-lane operand loads (upstream), split into 3xtf32 when the function's
/// precision is 3xtf32.
static LogicalResult lowerMmaContractions(RewriterBase &rewriter,
                                          gpu::LaunchOp launch) {
  bool any = false;
  launch.getBody().walk([&](vector::ContractionOp contract) {
    any |= isMmaContraction(contract);
  });
  if (!any)
    return success();
  // Upstream's conversion (LLVM 22) takes every scalar arith.addi, muli,
  // subi, divsi, divui, addf, mulf, subf, divf, maximumf, minimumf, negf
  // and extf under its root for an elementwise op on mma fragments, and
  // fails on it: those on integers (a gather's 32-bit index arithmetic,
  // rewriteAsGather) and on floats (a fused epilogue's lanes,
  // fuseWarpEpilogue) become the LLVM ops arith-to-llvm would make of them.
  SmallVector<Operation *> scalarOps;
  launch.getBody().walk([&](Operation *op) {
    if (isa<arith::AddIOp, arith::MulIOp, arith::SubIOp, arith::DivSIOp,
            arith::DivUIOp>(op) &&
        isa<IntegerType>(op->getResult(0).getType()))
      scalarOps.push_back(op);
    if (isa<arith::AddFOp, arith::MulFOp, arith::SubFOp, arith::DivFOp,
            arith::MaximumFOp, arith::MinimumFOp, arith::NegFOp,
            arith::ExtFOp>(op) &&
        isa<FloatType>(op->getResult(0).getType()))
      scalarOps.push_back(op);
  });
  for (Operation *op : scalarOps) {
    rewriter.setInsertionPoint(op);
    Location loc = op->getLoc();
    if (auto fastmath = dyn_cast<arith::ArithFastMathInterface>(op)) {
      // (arith.extf takes fast-math flags in LLVM 22, optionally: absent,
      // none.)
      arith::FastMathFlagsAttr given = fastmath.getFastMathFlagsAttr();
      auto flags = LLVM::FastmathFlagsAttr::get(
          op->getContext(), convertArithFastMathFlagsToLLVM(
                                given ? given.getValue()
                                      : arith::FastMathFlags::none));
      Value replacement =
          TypeSwitch<Operation *, Value>(op)
              .Case([&](arith::AddFOp add) {
                return LLVM::FAddOp::create(rewriter, loc, add.getLhs(),
                                            add.getRhs(), flags);
              })
              .Case([&](arith::MulFOp mul) {
                return LLVM::FMulOp::create(rewriter, loc, mul.getLhs(),
                                            mul.getRhs(), flags);
              })
              .Case([&](arith::SubFOp sub) {
                return LLVM::FSubOp::create(rewriter, loc, sub.getLhs(),
                                            sub.getRhs(), flags);
              })
              .Case([&](arith::DivFOp div) {
                return LLVM::FDivOp::create(rewriter, loc, div.getLhs(),
                                            div.getRhs(), flags);
              })
              .Case([&](arith::MaximumFOp max) {
                return LLVM::MaximumOp::create(rewriter, loc, max.getLhs(),
                                               max.getRhs(), flags);
              })
              .Case([&](arith::MinimumFOp min) {
                return LLVM::MinimumOp::create(rewriter, loc, min.getLhs(),
                                               min.getRhs(), flags);
              })
              .Case([&](arith::NegFOp neg) {
                return LLVM::FNegOp::create(rewriter, loc, neg.getOperand(),
                                            flags);
              })
              .Default([&](Operation *) { return Value(); });
      if (replacement) {
        rewriter.replaceOp(op, replacement);
        continue;
      }
    }
    if (auto ext = dyn_cast<arith::ExtFOp>(op)) {
      rewriter.replaceOp(op, LLVM::FPExtOp::create(rewriter, loc, ext.getType(),
                                                   ext.getIn()));
      continue;
    }
    Value lhs = op->getOperand(0), rhs = op->getOperand(1);
    Value replacement =
        TypeSwitch<Operation *, Value>(op)
            .Case([&](arith::AddIOp) {
              return LLVM::AddOp::create(rewriter, loc, lhs, rhs);
            })
            .Case([&](arith::MulIOp) {
              return LLVM::MulOp::create(rewriter, loc, lhs, rhs);
            })
            .Case([&](arith::SubIOp) {
              return LLVM::SubOp::create(rewriter, loc, lhs, rhs);
            })
            .Case([&](arith::DivSIOp) {
              return LLVM::SDivOp::create(rewriter, loc, lhs, rhs);
            })
            .Default([&](Operation *) {
              return LLVM::UDivOp::create(rewriter, loc, lhs, rhs);
            });
    rewriter.replaceOp(op, replacement);
  }
  FailureOr<int64_t> bf16Contractions =
      retypeBf16Contractions(rewriter, launch);
  if (failed(bf16Contractions))
    return failure();
  RewritePatternSet prepare(launch.getContext());
  populatePrepareVectorToMMAPatterns(prepare, /*useNvGpu=*/true);
  if (failed(applyPatternsGreedily(launch, std::move(prepare))))
    return launch.emitOpError("foundry-map-forall-to-gpu: mma preparation "
                              "did not converge");
  if (failed(convertVectorToNVVMCompatibleMMASync(rewriter, launch)))
    return launch.emitOpError("foundry-map-forall-to-gpu: cannot lower the "
                              "warp contractions to mma.sync");
  // The conversion leaves the old vector loop-carried values behind: drop
  // the now unused loop results and dead ops.
  // The f32 mma.sync ops run as tf32 (upstream pattern sets tf32Enabled).
  {
    RewritePatternSet cleanup(launch.getContext());
    scf::ForOp::getCanonicalizationPatterns(cleanup, launch.getContext());
    nvgpu::populateMmaSyncF32ToTF32Patterns(cleanup,
                                            nvgpu::MmaSyncF32Lowering::TF32);
    (void)applyPatternsGreedily(launch, std::move(cleanup));
  }
  bool left = false;
  launch.getBody().walk([&](vector::ContractionOp contract) {
    left |= isMmaContraction(contract);
  });
  if (left)
    return launch.emitOpError("foundry-map-forall-to-gpu: some warp "
                              "contractions did not become mma.sync");
  auto func = launch->getParentOfType<func::FuncOp>();
  auto precision =
      func ? func->getAttrOfType<PrecisionAttr>("foundry.precision") : nullptr;
  if (precision && precision.getValue() == Precision::tf32x3)
    splitInto3xTf32(rewriter, launch);
  // Each marked contraction became one mma.sync at its location (upstream's
  // conversion builds them there): otherwise an f16 mma would run on bf16
  // bits.
  if (int64_t built = bf16MmaToNVVM(rewriter, launch);
      built != *bf16Contractions)
    return launch.emitOpError("foundry-map-forall-to-gpu: ")
           << *bf16Contractions << " bf16 warp contractions became " << built
           << " bf16 mma.sync ops";
  return success();
}

/// `v` and the values it was cut from through view ops (subviews), up to
/// the root allocation or argument, last.
static SmallVector<Value> viewChain(Value v) {
  SmallVector<Value> chain = {v};
  while (auto view = chain.back().getDefiningOp<ViewLikeOpInterface>())
    chain.push_back(view.getViewSource());
  return chain;
}

/// Shared-memory staging issues its copies operand by operand, each group
/// followed by a wait for all groups and a barrier. Where nothing between
/// one such wait + barrier and the next wait but more copies (from global
/// memory) and index arithmetic, the first pair goes: the copies of both
/// operands are then in flight together, and the later wait covers both.
static void mergeAsyncWaits(gpu::LaunchOp launch) {
  // The global loads the copies replaced are left unused.
  SmallVector<vector::LoadOp> deadLoads;
  launch.getBody().walk([&](vector::LoadOp load) {
    if (load->use_empty())
      deadLoads.push_back(load);
  });
  for (vector::LoadOp load : deadLoads)
    load->erase();
  SmallVector<nvgpu::DeviceAsyncWaitOp> waits;
  launch.getBody().walk(
      [&](nvgpu::DeviceAsyncWaitOp wait) { waits.push_back(wait); });
  for (nvgpu::DeviceAsyncWaitOp wait : waits) {
    if (wait.getNumGroups())
      continue;
    auto barrier = dyn_cast_or_null<gpu::BarrierOp>(wait->getNextNode());
    if (!barrier)
      continue;
    bool merge = false;
    for (Operation *op = barrier->getNextNode(); op; op = op->getNextNode()) {
      if (auto next = dyn_cast<nvgpu::DeviceAsyncWaitOp>(op)) {
        merge = !next.getNumGroups();
        break;
      }
      if (auto copy = dyn_cast<nvgpu::DeviceAsyncCopyOp>(op)) {
        if (isWorkgroupMemorySpace(copy.getSrc().getType().getMemorySpace()))
          break;
        continue;
      }
      if (isa<nvgpu::DeviceAsyncCreateGroupOp>(op) || isPure(op))
        continue;
      break;
    }
    // The barrier also kept the later copies from overwriting a tile other
    // threads still read; that is only safe to drop when a barrier comes
    // before the first copies: nothing but copies, groups and arithmetic
    // back to a barrier, or to the start of a loop body that ends with one
    // (foundry-promote's k-loops end with the barrier after the compute).
    Operation *op = wait->getPrevNode();
    for (; op && merge; op = op->getPrevNode()) {
      if (isa<gpu::BarrierOp>(op))
        break;
      merge =
          isa<nvgpu::DeviceAsyncCopyOp, nvgpu::DeviceAsyncCreateGroupOp>(op) ||
          isPure(op);
    }
    if (merge && !op) {
      Block *block = wait->getBlock();
      Operation *last = block->mightHaveTerminator()
                            ? block->getTerminator()->getPrevNode()
                            : nullptr;
      merge = isa_and_nonnull<scf::ForOp>(block->getParentOp()) &&
              isa_and_nonnull<gpu::BarrierOp>(last);
    }
    if (!merge)
      continue;
    barrier->erase();
    wait->erase();
  }
}

/// The ops of `body` (not nested) that `roots` need, transitively, in block
/// order; `roots` themselves included.
static SmallVector<Operation *> withDependencies(Block *body,
                                                 ArrayRef<Operation *> roots) {
  llvm::SmallPtrSet<Operation *, 32> needed;
  SmallVector<Operation *> worklist(roots.begin(), roots.end());
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    if (!needed.insert(op).second)
      continue;
    op->walk([&](Operation *nested) {
      for (Value operand : nested->getOperands())
        if (Operation *def = operand.getDefiningOp())
          if (Operation *owner = body->findAncestorOpInBlock(*def);
              owner && owner != op && !needed.contains(owner))
            worklist.push_back(owner);
    });
  }
  SmallVector<Operation *> ordered;
  for (Operation &op : body->without_terminator())
    if (needed.contains(&op))
      ordered.push_back(&op);
  return ordered;
}

/// foundry-promote{stages=S}: multi-buffers the staging of `loop`, a
/// block-level k-loop of the form
///   [index math] cp.async copies + groups, wait, barrier, compute, barrier
/// (after mergeAsyncWaits). Each staged workgroup buffer gets S - 1 twins,
/// the loop is unrolled by S (k-step j of each iteration on buffer set j),
/// and each k-step first waits for its own tiles (cp.async.wait_group
/// leaving the groups of the S - 2 later k-steps in flight) and
/// synchronizes, then issues the copies of the k-step S - 1 ahead into the
/// set the previous k-step computed on, then computes: S - 1 k-steps of
/// copies overlap each compute. The first S - 1 k-steps' tiles are copied
/// before the loop; k-steps past the end re-copy the last one (no branch),
/// and a wait after the loop drains them. Loops of another form, a trip
/// count that S does not divide or that is unknown, or tiles over sm_90's
/// 227 KB of shared memory per block once multiplied are left as they are
/// (one stage).
static LogicalResult pipelineStagedLoop(RewriterBase &rewriter,
                                        gpu::LaunchOp launch, scf::ForOp loop,
                                        int64_t stages) {
  std::optional<int64_t> lower = getConstantIntValue(loop.getLowerBound()),
                         upper = getConstantIntValue(loop.getUpperBound()),
                         step = getConstantIntValue(loop.getStep());
  if (!lower || !upper || !step || *step <= 0 || *upper <= *lower)
    return failure();
  int64_t trips = (*upper - *lower + *step - 1) / *step;
  if (stages < 2 || trips < stages || trips % stages != 0)
    return failure();
  Block *body = loop.getBody();
  Operation *yield = body->getTerminator();
  auto endBarrier = dyn_cast_or_null<gpu::BarrierOp>(yield->getPrevNode());
  if (!endBarrier)
    return failure();
  nvgpu::DeviceAsyncWaitOp wait;
  SmallVector<Operation *> loads, compute;
  for (Operation &op : body->without_terminator()) {
    if (auto w = dyn_cast<nvgpu::DeviceAsyncWaitOp>(op)) {
      if (wait)
        return failure();
      wait = w;
      continue;
    }
    bool async =
        isa<nvgpu::DeviceAsyncCopyOp, nvgpu::DeviceAsyncCreateGroupOp>(op);
    if (!wait) {
      if (async)
        loads.push_back(&op);
      else if (!isPure(&op))
        return failure();
      continue;
    }
    if (async || op.walk([](nvgpu::DeviceAsyncWaitOp) {
                     return WalkResult::interrupt();
                   }).wasInterrupted())
      return failure();
    if (&op != wait->getNextNode() && &op != endBarrier.getOperation())
      compute.push_back(&op);
  }
  if (!wait || wait.getNumGroups() || loads.empty() ||
      !isa_and_nonnull<gpu::BarrierOp>(wait->getNextNode()) ||
      !isa<nvgpu::DeviceAsyncCreateGroupOp>(loads.back()))
    return failure();

  // The staged buffers: workgroup attributions at the root of the copies'
  // destinations.
  auto rootOf = [](Value v) { return viewChain(v).back(); };
  llvm::SetVector<Value> buffers;
  for (Operation *op : loads)
    if (auto copy = dyn_cast<nvgpu::DeviceAsyncCopyOp>(op)) {
      Value root = rootOf(copy.getDst());
      if (!llvm::is_contained(launch.getWorkgroupAttributions(), root))
        return failure();
      buffers.insert(root);
    }
  auto bytesOf = [](Value v) {
    auto type = cast<MemRefType>(v.getType());
    return type.getNumElements() * type.getElementTypeBitWidth() / 8;
  };
  int64_t bytes = 0;
  for (Value buffer : launch.getWorkgroupAttributions())
    bytes += bytesOf(buffer);
  for (Value buffer : buffers)
    bytes += (stages - 1) * bytesOf(buffer);
  if (bytes > kMaxSharedBytesPerBlock)
    return failure();

  // The twins (set j > 0 of the S buffer sets), and what the loop reads
  // from outside it that is computed from the buffers (views, and the
  // loop-invariant wgmma descriptors made of their addresses) computed again
  // from each set.
  Location loc = loop.getLoc();
  SmallVector<IRMapping> sets(stages);
  for (int64_t set = 1; set < stages; ++set)
    for (Value buffer : buffers)
      sets[set].map(buffer, launch.addWorkgroupAttribution(
                                cast<MemRefType>(buffer.getType()), loc));
  rewriter.setInsertionPoint(loop);
  llvm::DenseMap<Value, bool> derivedMemo;
  std::function<bool(Value)> derived = [&](Value v) -> bool {
    if (buffers.contains(v))
      return true;
    auto it = derivedMemo.find(v);
    if (it != derivedMemo.end())
      return it->second;
    Operation *def = v.getDefiningOp();
    bool result = def && def->getNumRegions() == 0 && isPure(def) &&
                  llvm::any_of(def->getOperands(), derived);
    derivedMemo[v] = result;
    return result;
  };
  std::function<Value(IRMapping &, Value)> derivedIn = [&](IRMapping &set,
                                                           Value v) -> Value {
    if (Value mapped = set.lookupOrNull(v))
      return mapped;
    if (!derived(v))
      return v;
    Operation *def = v.getDefiningOp();
    IRMapping operands;
    for (Value operand : def->getOperands())
      operands.map(operand, derivedIn(set, operand));
    Operation *cloned = rewriter.clone(*def, operands);
    for (auto [from, to] : llvm::zip(def->getResults(), cloned->getResults()))
      set.map(from, to);
    return set.lookup(v);
  };
  loop.walk([&](Operation *op) {
    for (Value operand : op->getOperands())
      if (!loop->isAncestor(operand.getParentRegion()->getParentOp()) &&
          derived(operand))
        for (int64_t set = 1; set < stages; ++set)
          (void)derivedIn(sets[set], operand);
  });

  SmallVector<Operation *> loadPart = withDependencies(body, loads);
  SmallVector<Operation *> computePart = withDependencies(body, compute);
  // Clones `ops` for k-step `iv` on buffer set `set`, with `mapping`
  // holding the loop-carried values; returns the last group's token for
  // load parts.
  auto emit = [&](ArrayRef<Operation *> ops, Value iv, int64_t set,
                  IRMapping &mapping) -> Value {
    mapping.map(loop.getInductionVar(), iv);
    for (auto [from, to] : sets[set].getValueMap())
      mapping.map(from, to);
    Operation *last = nullptr;
    for (Operation *op : ops)
      last = rewriter.clone(*op, mapping);
    return last ? last->getResult(0) : Value();
  };
  auto constant = [&](int64_t value) {
    return arith::ConstantIndexOp::create(rewriter, loc, value).getResult();
  };

  // Prologue: the tiles of the first S - 1 k-steps into sets 0 to S - 2.
  Value token;
  for (int64_t set = 0; set + 1 < stages; ++set) {
    IRMapping prologue;
    token = emit(loadPart, constant(*lower + set * *step), set, prologue);
  }
  SmallVector<Value> inits(loop.getInitArgs());
  inits.push_back(token);
  // Each k-step commits one cp.async group per staged operand; waiting for
  // a k-step's copies leaves the groups of the S - 2 k-steps after it.
  int64_t groupsPerStep = llvm::count_if(loadPart, [](Operation *op) {
    return isa<nvgpu::DeviceAsyncCreateGroupOp>(op);
  });
  IntegerAttr inFlight =
      rewriter.getI32IntegerAttr((stages - 2) * groupsPerStep);
  auto pipelined = scf::ForOp::create(
      rewriter, loc, loop.getLowerBound(), loop.getUpperBound(),
      constant(stages * *step), inits,
      [&](OpBuilder &builder, Location, Value k, ValueRange carried) {
        OpBuilder::InsertionGuard guard(rewriter);
        rewriter.setInsertionPointToEnd(builder.getInsertionBlock());
        Value last = constant(*upper - *step);
        Value latest = carried.back();
        SmallVector<Value> values(carried.drop_back());
        for (int64_t set = 0; set < stages; ++set) {
          Value kj =
              arith::AddIOp::create(rewriter, loc, k, constant(set * *step));
          // This k-step's tiles landed (the later S - 2 may still fly),
          // and every thread is done with the previous k-step's set.
          nvgpu::DeviceAsyncWaitOp::create(rewriter, loc, latest, inFlight);
          gpu::BarrierOp::create(rewriter, loc);
          Value ahead = arith::MinSIOp::create(
              rewriter, loc,
              arith::AddIOp::create(rewriter, loc, kj,
                                    constant((stages - 1) * *step)),
              last);
          IRMapping loads, compute;
          latest = emit(loadPart, ahead, (set + stages - 1) % stages, loads);
          for (auto [arg, value] : llvm::zip(loop.getRegionIterArgs(), values))
            compute.map(arg, value);
          emit(computePart, kj, set, compute);
          for (auto [i, value] : llvm::enumerate(yield->getOperands()))
            values[i] = compute.lookupOrDefault(value);
        }
        values.push_back(latest);
        scf::YieldOp::create(rewriter, loc, values);
      });
  // The last (repeated) copies must land before the buffers go away.
  nvgpu::DeviceAsyncWaitOp::create(rewriter, loc, pipelined.getResults().back(),
                                   IntegerAttr());
  rewriter.replaceOp(loop, pipelined.getResults().drop_back());
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

/// Marks a fused epilogue on warp tiles left for applyEpilogueAtStores;
/// the value is the operand that reads the accumulator.
static constexpr llvm::StringLiteral kStoreEpilogueAttr =
    "foundry.store_epilogue";
/// Marks, beside kStoreEpilogueAttr, a fused epilogue on warpgroup tiles.
static constexpr llvm::StringLiteral kWarpgroupEpilogueAttr =
    "foundry.warpgroup_epilogue";

/// One step of a fused epilogue: `generic` reads `view` of a private
/// buffer `alloc` (the accumulator, or the previous step's result) and
/// writes the next buffer, or the kernel's output.
struct EpilogueStep {
  memref::AllocOp alloc;
  memref::SubViewOp view;
  linalg::GenericOp generic;
  /// The operand of `generic` that `view` is.
  unsigned link = 0;
};

/// The elementwise generic in a warp loop of `block` that reads a view of
/// `alloc` through the identity map: the only such reader, with every
/// other use of `alloc` a view written by `writer` (the previous step) or,
/// when `writer` is null (the accumulator), by a fill, vector transfers or
/// a warpgroup matmul.
static std::optional<EpilogueStep> epilogueReader(scf::ForallOp block,
                                                  memref::AllocOp alloc,
                                                  linalg::GenericOp writer) {
  MemRefType type = alloc.getType();
  if (type.getMemorySpace() || !type.hasStaticShape() ||
      type.getRank() != 2 || !type.getLayout().isIdentity())
    return std::nullopt;
  std::optional<EpilogueStep> step;
  for (Operation *user : alloc->getUsers()) {
    if (isa<memref::DeallocOp>(user))
      continue;
    auto view = dyn_cast<memref::SubViewOp>(user);
    if (!view || view.getType().getRank() != 2)
      return std::nullopt;
    for (OpOperand &use : view->getUses()) {
      Operation *viewUser = use.getOwner();
      // The accumulator's fill, mma fragments (vector transfers) and
      // warpgroup matmuls (wgmma, lowered later).
      if (!writer && (isa<linalg::FillOp, vector::TransferReadOp,
                          vector::TransferWriteOp>(viewUser) ||
                      viewUser->hasAttr(kWgmmaAttr)))
        continue;
      auto generic = dyn_cast<linalg::GenericOp>(viewUser);
      if (!generic)
        return std::nullopt;
      if (generic == writer && generic.isDpsInit(&use))
        continue;
      if (step || generic.isDpsInit(&use) ||
          !generic.getMatchingIndexingMap(&use).isIdentity())
        return std::nullopt;
      step = EpilogueStep{alloc, view, generic, use.getOperandNumber()};
    }
  }
  // (A generic already fused, whose accumulator keeps its buffer, is not
  // fused again.)
  if (!step || step->generic->hasAttr(kStoreEpilogueAttr))
    return std::nullopt;
  // Elementwise over a warp's tile, into an output it does not read.
  linalg::GenericOp generic = step->generic;
  auto warpLoop = dyn_cast<scf::ForallOp>(generic->getParentOp());
  if (!warpLoop ||
      !(isWarpLevelForall(warpLoop) || isWarpgroupLevelForall(warpLoop)) ||
      warpLoop->getParentOp() != block.getOperation() ||
      generic.getNumLoops() != 2 || generic.getNumParallelLoops() != 2 ||
      generic.getNumDpsInits() != 1 || generic.hasIndexSemantics() ||
      ShapedType::isDynamicShape(generic.getStaticLoopRanges()))
    return std::nullopt;
  OpOperand *init = generic.getDpsInitOperand(0);
  if (generic.payloadUsesValueFromOperand(init) ||
      !generic.getMatchingIndexingMap(init).isIdentity())
    return std::nullopt;
  for (OpOperand &operand : generic->getOpOperands()) {
    AffineMap map = generic.getMatchingIndexingMap(&operand);
    if (!map.isProjectedPermutation(/*allowZeroInResults=*/false) ||
        (!isa<MemRefType>(operand.get().getType()) &&
         map.getNumResults() != 0))
      return std::nullopt;
  }
  return step;
}

/// The value `value` at `before`, cloning there the pure ops that compute
/// it where they do not dominate `before` (a view cut later, or in another
/// loop of the same iteration space whose induction variables `mapping`
/// maps to those around `before`). Fails on anything else, leaving the
/// clones made so far (pure, unused).
static FailureOr<Value> materializeAt(RewriterBase &rewriter, Value value,
                                      Operation *before,
                                      DominanceInfo &dominance,
                                      IRMapping &mapping) {
  if (Value mapped = mapping.lookupOrNull(value))
    return mapped;
  if (dominance.properlyDominates(value, before))
    return value;
  Operation *op = value.getDefiningOp();
  if (!op || op->getNumRegions() != 0 || !isPure(op))
    return failure();
  for (Value operand : op->getOperands())
    if (failed(materializeAt(rewriter, operand, before, dominance, mapping)))
      return failure();
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(before);
  Operation *clone = rewriter.clone(*op, mapping);
  return clone->getResult(cast<OpResult>(value).getResultNumber());
}

/// The elementwise generics of a fused epilogue `chain` (each reading the
/// previous one's result at the same place of the output tile) as one
/// generic at the first one's place: one pass over the tile instead of
/// one per op. Their loops must have the same iteration space (the values
/// cut in the later ones are recomputed in the first); fails with nothing
/// but pure ops added otherwise.
static FailureOr<linalg::GenericOp>
mergeEpilogueChain(RewriterBase &rewriter, ArrayRef<EpilogueStep> chain,
                   DominanceInfo &dominance) {
  linalg::GenericOp first = chain.front().generic;
  auto firstLoop = cast<scf::ForallOp>(first->getParentOp());
  IRMapping mapping;
  SmallVector<Value> inputs;
  SmallVector<AffineMap> maps;
  for (OpOperand *input : first.getDpsInputOperands()) {
    inputs.push_back(input->get());
    maps.push_back(first.getMatchingIndexingMap(input));
  }
  for (EpilogueStep step : chain.drop_front()) {
    auto loop = cast<scf::ForallOp>(step.generic->getParentOp());
    if (loop != firstLoop) {
      if (loop.getStaticUpperBound() != firstLoop.getStaticUpperBound() ||
          loop.getStaticLowerBound() != firstLoop.getStaticLowerBound() ||
          loop.getStaticStep() != firstLoop.getStaticStep() ||
          loop.getMapping() != firstLoop.getMapping() ||
          ShapedType::isDynamicShape(loop.getStaticUpperBound()))
        return failure();
      mapping.map(loop.getInductionVars(), firstLoop.getInductionVars());
    }
    for (OpOperand *input : step.generic.getDpsInputOperands()) {
      if (input->getOperandNumber() == step.link)
        continue;
      FailureOr<Value> value =
          materializeAt(rewriter, input->get(), first, dominance, mapping);
      if (failed(value))
        return failure();
      inputs.push_back(*value);
      maps.push_back(step.generic.getMatchingIndexingMap(input));
    }
  }
  linalg::GenericOp last = chain.back().generic;
  FailureOr<Value> output = materializeAt(
      rewriter, last.getDpsInitOperand(0)->get(), first, dominance, mapping);
  if (failed(output))
    return failure();
  maps.push_back(last.getMatchingIndexingMap(last.getDpsInitOperand(0)));

  rewriter.setInsertionPoint(first);
  auto merged = linalg::GenericOp::create(
      rewriter, first.getLoc(), TypeRange{}, inputs, ValueRange{*output}, maps,
      first.getIteratorTypesArray());
  SmallVector<Type> argTypes;
  SmallVector<Location> argLocs;
  SmallVector<Value> operands(inputs);
  operands.push_back(*output);
  for (Value v : operands) {
    argTypes.push_back(cast<ShapedType>(v.getType()).getElementType());
    argLocs.push_back(v.getLoc());
  }
  Block *body = rewriter.createBlock(&merged.getRegion(), {}, argTypes,
                                     argLocs);
  Value outArg = body->getArguments().back();
  int64_t next = 0;
  Value previous;
  for (EpilogueStep step : chain) {
    IRMapping bodyMapping;
    for (OpOperand &operand : step.generic->getOpOperands()) {
      BlockArgument arg = step.generic.getMatchingBlockArgument(&operand);
      if (step.generic.isDpsInit(&operand))
        bodyMapping.map(arg, outArg);
      else if (previous && operand.getOperandNumber() == step.link)
        bodyMapping.map(arg, previous);
      else
        bodyMapping.map(arg, body->getArgument(next++));
    }
    for (Operation &op : step.generic.getBody()->without_terminator())
      rewriter.clone(op, bodyMapping);
    auto yield = cast<linalg::YieldOp>(step.generic.getBody()->getTerminator());
    previous = bodyMapping.lookupOrDefault(yield.getValues().front());
  }
  linalg::YieldOp::create(rewriter, first.getLoc(), previous);
  // The later generics go, and their loops with them when nothing with an
  // effect is left inside.
  for (EpilogueStep step : chain) {
    auto loop = cast<scf::ForallOp>(step.generic->getParentOp());
    rewriter.eraseOp(step.generic);
    if (loop != firstLoop &&
        llvm::all_of(loop.getBody()->without_terminator(),
                     [](Operation &op) { return isPure(&op); }))
      rewriter.eraseOp(loop);
  }
  return merged;
}

/// Splits the elementwise `generic` over a warp's R x C tile (or a
/// warpgroup's, `warpgroups`) among its threads, each on its own
/// accumulator fragment (PTX ISA, "Matrix Fragments for mma.m16n8k8" and
/// wgmma's "Register Fragments": lane 4g + t of warp w holds rows 16w + 8h
/// + g of each 16-row slab and columns 2t + e of each 8-column block, h, e
/// in {0, 1}): rows split as [slab][w][h][g] and columns as [block][t][e],
/// each operand's view is expanded so and cut at the thread's (w, g, t),
/// and the generic runs over (slab, h, block, e). A thread then reads back
/// only what it stored itself. R must be a multiple of 16 (64 for
/// warpgroups), C of 8.
static linalg::GenericOp splitOverThreads(RewriterBase &rewriter,
                                          linalg::GenericOp generic,
                                          bool warpgroups) {
  SmallVector<int64_t> ranges = generic.getStaticLoopRanges();
  int64_t groupWarps =
      warpgroups ? foundry::kWarpgroupSize / foundry::kWarpSize : 1;
  int64_t slabs = ranges[0] / (16 * groupWarps), blocks = ranges[1] / 8;
  Location loc = generic.getLoc();
  MLIRContext *ctx = rewriter.getContext();
  rewriter.setInsertionPoint(generic);
  Value index;
  if (warpgroups) {
    // The thread's place in its warpgroup: the linear thread index
    // modulo 128 (how upstream's mapping numbers warpgroups).
    AffineExpr x, y, z, dx, dy;
    bindSymbols(ctx, x, y, z, dx, dy);
    index = affine::makeComposedAffineApply(
        rewriter, loc, (x + (y + z * dy) * dx) % foundry::kWarpgroupSize,
        {gpu::ThreadIdOp::create(rewriter, loc, gpu::Dimension::x)
             .getResult(),
         gpu::ThreadIdOp::create(rewriter, loc, gpu::Dimension::y)
             .getResult(),
         gpu::ThreadIdOp::create(rewriter, loc, gpu::Dimension::z)
             .getResult(),
         gpu::BlockDimOp::create(rewriter, loc, gpu::Dimension::x)
             .getResult(),
         gpu::BlockDimOp::create(rewriter, loc, gpu::Dimension::y)
             .getResult()});
  } else {
    index = gpu::LaneIdOp::create(rewriter, loc, /*upper_bound=*/nullptr);
  }
  AffineExpr d = rewriter.getAffineDimExpr(0);
  auto part = [&](AffineExpr e) -> OpFoldResult {
    return affine::makeComposedFoldedAffineApply(rewriter, loc, e,
                                                 {OpFoldResult(index)});
  };
  OpFoldResult warp = part(d.floorDiv(foundry::kWarpSize)),
               row = part((d % foundry::kWarpSize).floorDiv(4)),
               pair = part(d % 4);
  OpFoldResult zero = rewriter.getIndexAttr(0), one = rewriter.getIndexAttr(1);
  SmallVector<Value> inputs, outputs;
  SmallVector<AffineMap> maps;
  for (OpOperand &operand : generic->getOpOperands()) {
    Value value = operand.get();
    AffineMap map = generic.getMatchingIndexingMap(&operand);
    SmallVector<AffineExpr> results;
    if (auto type = dyn_cast<MemRefType>(value.getType());
        type && map.getNumResults() > 0) {
      SmallVector<ReassociationIndices> reassociation;
      SmallVector<int64_t> expanded;
      SmallVector<OpFoldResult> offsets, sizes;
      SmallVector<int64_t> kept;
      for (AffineExpr result : map.getResults()) {
        bool alongRows = cast<AffineDimExpr>(result).getPosition() == 0;
        ReassociationIndices dims;
        int64_t first = expanded.size();
        if (alongRows) {
          llvm::append_range(expanded, ArrayRef<int64_t>{
                                           slabs, groupWarps, 2, 8});
          llvm::append_range(offsets, ArrayRef<OpFoldResult>{
                                          zero, warp, zero, row});
          llvm::append_range(sizes, ArrayRef<OpFoldResult>{
                                        rewriter.getIndexAttr(slabs), one,
                                        rewriter.getIndexAttr(2), one});
          kept.push_back(slabs);
          kept.push_back(2);
          results.push_back(rewriter.getAffineDimExpr(0));
          results.push_back(rewriter.getAffineDimExpr(1));
        } else {
          llvm::append_range(expanded, ArrayRef<int64_t>{blocks, 4, 2});
          llvm::append_range(offsets,
                             ArrayRef<OpFoldResult>{zero, pair, zero});
          llvm::append_range(sizes, ArrayRef<OpFoldResult>{
                                        rewriter.getIndexAttr(blocks), one,
                                        rewriter.getIndexAttr(2)});
          kept.push_back(blocks);
          kept.push_back(2);
          results.push_back(rewriter.getAffineDimExpr(2));
          results.push_back(rewriter.getAffineDimExpr(3));
        }
        for (int64_t i = first; i < int64_t(expanded.size()); ++i)
          dims.push_back(i);
        reassociation.push_back(dims);
      }
      auto expand = memref::ExpandShapeOp::create(rewriter, loc, expanded,
                                                  value, reassociation);
      SmallVector<OpFoldResult> strides(expanded.size(), one);
      auto cutType = cast<MemRefType>(
          memref::SubViewOp::inferRankReducedResultType(
              kept, expand.getType(), offsets, sizes, strides));
      value = memref::SubViewOp::create(rewriter, loc, cutType, expand,
                                        offsets, sizes, strides);
    }
    maps.push_back(AffineMap::get(4, 0, results, ctx));
    (generic.isDpsInit(&operand) ? outputs : inputs).push_back(value);
  }
  auto lanes = linalg::GenericOp::create(
      rewriter, generic.getLoc(), TypeRange{}, inputs, outputs, maps,
      SmallVector<utils::IteratorType>(4, utils::IteratorType::parallel));
  rewriter.inlineRegionBefore(generic.getRegion(), lanes.getRegion(),
                              lanes.getRegion().begin());
  rewriter.eraseOp(generic);
  return lanes;
}

/// The payload of the elementwise `generic` cloned at the insertion point,
/// its block arguments taken from `body`: the value it yields (one).
static Value cloneBody(RewriterBase &rewriter, linalg::GenericOp generic,
                       IRMapping &body) {
  for (Operation &op : generic.getBody()->without_terminator())
    rewriter.clone(op, body);
  auto yield = cast<linalg::YieldOp>(generic.getBody()->getTerminator());
  return body.lookupOrDefault(yield.getValues().front());
}

/// A fused epilogue on warp tiles (kStoreEpilogueAttr), computed where the
/// mma.sync conversion stores the accumulator fragments: each
/// `vector.store` of fragment values into the view the epilogue reads (at
/// the element's row r and column c of the warp's tile) stores instead the
/// epilogue of those values, its other operands loaded at the indices
/// their maps give for (r, c + e). The fragments never go through memory
/// twice. Fails, with nothing changed but unused pure clones, where no such
/// store is found, a store sits in a loop, or an operand's view cannot be
/// computed there; the caller then splits the epilogue over the lanes.
static LogicalResult applyEpilogueAtStores(RewriterBase &rewriter,
                                           gpu::LaunchOp launch,
                                           linalg::GenericOp epilogue) {
  auto linkAttr = epilogue->getAttrOfType<IntegerAttr>(kStoreEpilogueAttr);
  if (!linkAttr)
    return failure();
  unsigned link = linkAttr.getInt();
  Value view = epilogue->getOperand(link);
  Value output = epilogue.getDpsInitOperand(0)->get();
  // The accumulator in a buffer of its own (an output of another element
  // type, fuseWarpEpilogue): the epilogue's values go to the output tile,
  // and nothing may read the accumulator's buffer after them.
  bool ownBuffer = getElementTypeOrSelf(view.getType()) !=
                   getElementTypeOrSelf(output.getType());
  SmallVector<vector::StoreOp> stores;
  for (Operation *user : view.getUsers()) {
    if (user == epilogue.getOperation())
      continue;
    if (isa<memref::LoadOp, vector::LoadOp>(user)) {
      if (ownBuffer)
        return failure();
      continue;
    }
    auto store = dyn_cast<vector::StoreOp>(user);
    if (!store || store.getBase() != view ||
        store.getVectorType().getRank() != 1 || store.getIndices().size() != 2)
      return failure();
    for (Operation *parent = store->getParentOp(); parent != launch;
         parent = parent->getParentOp())
      if (isa<LoopLikeOpInterface>(parent))
        return failure();
    stores.push_back(store);
  }
  if (stores.empty())
    return failure();
  // Every operand the epilogue reads must be computable at every store
  // (and its output, where the accumulator keeps its own buffer).
  DominanceInfo dominance(launch);
  SmallVector<SmallVector<Value>> operandsAt;
  for (vector::StoreOp store : stores) {
    IRMapping mapping;
    SmallVector<Value> operands;
    for (OpOperand &operand : epilogue->getOpOperands()) {
      if (operand.getOperandNumber() == link ||
          (epilogue.isDpsInit(&operand) && !ownBuffer)) {
        operands.push_back(Value());
        continue;
      }
      FailureOr<Value> value =
          materializeAt(rewriter, operand.get(), store, dominance, mapping);
      if (failed(value))
        return failure();
      operands.push_back(*value);
    }
    operandsAt.push_back(std::move(operands));
  }
  for (auto [store, operands] : llvm::zip(stores, operandsAt)) {
    rewriter.setInsertionPoint(store);
    Location loc = store.getLoc();
    Value row = store.getIndices()[0], column = store.getIndices()[1];
    SmallVector<Value> results;
    for (int64_t e = 0, n = store.getVectorType().getNumElements(); e < n;
         ++e) {
      // (The output's operand, set only for ownBuffer, is not read.)
      Value at = column;
      if (e)
        at = arith::AddIOp::create(
            rewriter, loc, column,
            arith::ConstantIndexOp::create(rewriter, loc, e));
      Value element = vector::ExtractOp::create(
          rewriter, loc, store.getValueToStore(), ArrayRef<int64_t>{e});
      IRMapping body;
      for (OpOperand *operand : epilogue.getDpsInputOperands()) {
        BlockArgument arg = epilogue.getMatchingBlockArgument(operand);
        Value value = operands[operand->getOperandNumber()];
        if (operand->getOperandNumber() == link) {
          body.map(arg, element);
          continue;
        }
        if (isa<MemRefType>(value.getType())) {
          SmallVector<Value> indices;
          for (AffineExpr result :
               epilogue.getMatchingIndexingMap(operand).getResults())
            indices.push_back(
                cast<AffineDimExpr>(result).getPosition() == 0 ? row : at);
          value = memref::LoadOp::create(rewriter, loc, value, indices);
        }
        body.map(arg, value);
      }
      results.push_back(cloneBody(rewriter, epilogue, body));
    }
    Value stored = vector::FromElementsOp::create(
        rewriter, loc,
        VectorType::get(store.getVectorType().getShape(),
                        getElementTypeOrSelf(output.getType())),
        results);
    if (ownBuffer) {
      Value target = operands[epilogue.getNumDpsInputs()];
      vector::StoreOp::create(rewriter, loc, stored, target,
                              store.getIndices());
      rewriter.eraseOp(store);
      continue;
    }
    rewriter.modifyOpInPlace(store, [&] {
      store.getValueToStoreMutable().assign(stored);
    });
  }
  rewriter.eraseOp(epilogue);
  return success();
}

/// True if `a` and `b` are the same view: the same value, or subviews of
/// the same source at the same offsets, sizes and strides.
static bool isSameSubView(Value a, Value b) {
  if (a == b)
    return true;
  auto va = a.getDefiningOp<memref::SubViewOp>();
  auto vb = b.getDefiningOp<memref::SubViewOp>();
  auto same = [](ArrayRef<OpFoldResult> x, ArrayRef<OpFoldResult> y) {
    return x.size() == y.size() &&
           llvm::all_of(llvm::zip(x, y), [](auto pair) {
             return isEqualConstantIntOrValue(std::get<0>(pair),
                                              std::get<1>(pair));
           });
  };
  return va && vb && va.getType() == vb.getType() &&
         isSameSubView(va.getSource(), vb.getSource()) &&
         same(va.getMixedOffsets(), vb.getMixedOffsets()) &&
         same(va.getMixedSizes(), vb.getMixedSizes()) &&
         same(va.getMixedStrides(), vb.getMixedStrides());
}

/// A fused epilogue on warpgroup tiles (kWarpgroupEpilogueAttr), computed
/// on the accumulator fragment the wgmma lowering leaves in registers: the
/// last write of the accumulator buffer before the epilogue, in the same
/// block, is a vector.transfer_write of a thread's fragment [s][h][j][c]
/// (lib/Transforms/Wgmma.cpp, fragmentView) into the tile the epilogue
/// reads. The epilogue, split over the threads as splitOverThreads splits
/// it (the same [s][h][j][c] of the same thread), is expanded element by
/// element on that vector, its other operands loaded once per element they
/// have, and its results written to the output tile, two adjacent columns
/// per store; the fragment's write is erased. The accumulator then never
/// goes through memory. Fails with nothing changed where that write is not
/// found (a k-loop not pipelined by the wgmma lowering, an access of the
/// buffer between them) or has another shape.
static LogicalResult applyEpilogueToFragment(RewriterBase &rewriter,
                                             linalg::GenericOp epilogue) {
  auto linkAttr = epilogue->getAttrOfType<IntegerAttr>(kStoreEpilogueAttr);
  if (!linkAttr || !epilogue->hasAttr(kWarpgroupEpilogueAttr))
    return failure();
  unsigned link = linkAttr.getInt();
  Value view = epilogue->getOperand(link);
  Value root = viewChain(view).back();
  vector::TransferWriteOp write;
  for (Operation *op = epilogue->getPrevNode(); op && !write;
       op = op->getPrevNode()) {
    if (!touchesBuffer(op, root))
      continue;
    write = dyn_cast<vector::TransferWriteOp>(op);
    if (!write)
      return failure();
  }
  if (!write)
    return failure();
  // The fragment's view: a subview of an expand_shape of the tile the
  // epilogue reads.
  auto cut = write.getBase().getDefiningOp<memref::SubViewOp>();
  auto expand = cut ? cut.getSource().getDefiningOp<memref::ExpandShapeOp>()
                    : memref::ExpandShapeOp();
  SmallVector<int64_t> ranges = epilogue.getStaticLoopRanges();
  VectorType fragmentType = write.getVectorType();
  if (!expand || !isSameSubView(expand.getSrc(), view) ||
      fragmentType.getRank() != 4 || !write.getPermutationMap().isIdentity() ||
      fragmentType.getShape() !=
          ArrayRef<int64_t>{ranges[0] / 64, 2, ranges[1] / 8, 2} ||
      !llvm::all_of(write.getIndices(),
                    [](Value v) { return isZeroInteger(v); }))
    return failure();

  epilogue->removeAttr(kStoreEpilogueAttr);
  epilogue->removeAttr(kWarpgroupEpilogueAttr);
  linalg::GenericOp lanes =
      splitOverThreads(rewriter, epilogue, /*warpgroups=*/true);
  rewriter.setInsertionPoint(lanes);
  Location loc = lanes.getLoc();
  Value fragment = write.getVector();
  Value output = lanes.getDpsInitOperand(0)->get();
  Type resultType = getElementTypeOrSelf(output.getType());
  auto index = [&](int64_t v) {
    return arith::ConstantIndexOp::create(rewriter, loc, v).getResult();
  };
  // Loads of the other operands, one per element they have.
  llvm::DenseMap<std::pair<unsigned, int64_t>, Value> loaded;
  ArrayRef<int64_t> shape = fragmentType.getShape();
  for (int64_t s = 0; s < shape[0]; ++s)
    for (int64_t h = 0; h < 2; ++h)
      for (int64_t j = 0; j < shape[2]; ++j) {
        SmallVector<Value> pair;
        for (int64_t c = 0; c < 2; ++c) {
          SmallVector<int64_t> at = {s, h, j, c};
          IRMapping body;
          for (OpOperand *operand : lanes.getDpsInputOperands()) {
            BlockArgument arg = lanes.getMatchingBlockArgument(operand);
            Value value = operand->get();
            if (operand->getOperandNumber() == link) {
              value = vector::ExtractOp::create(rewriter, loc, fragment, at);
            } else if (isa<MemRefType>(value.getType())) {
              SmallVector<int64_t> position;
              for (AffineExpr result :
                   lanes.getMatchingIndexingMap(operand).getResults())
                position.push_back(
                    at[cast<AffineDimExpr>(result).getPosition()]);
              int64_t key = 0;
              for (int64_t p : position)
                key = key * 1024 + p;
              Value &cached = loaded[{operand->getOperandNumber(), key}];
              if (!cached)
                cached = memref::LoadOp::create(
                    rewriter, loc, value,
                    llvm::map_to_vector(position, index));
              value = cached;
            }
            body.map(arg, value);
          }
          pair.push_back(cloneBody(rewriter, lanes, body));
        }
        Value values = vector::FromElementsOp::create(
            rewriter, loc, VectorType::get({2}, resultType), pair);
        vector::TransferWriteOp::create(
            rewriter, loc, values, output,
            ValueRange{index(s), index(h), index(j), index(0)},
            ArrayRef<bool>{true});
      }
  rewriter.eraseOp(lanes);
  rewriter.eraseOp(write);
  return success();
}

/// An elementwise epilogue fused into a warp-tiled matmul (foundry-mma
/// under `foundry-tile-blocks` of the epilogue, `target=result`): the block
/// tile's accumulator is a private buffer (the matmul's fill and warp or
/// warpgroup tiles write it, the mma fragments of each thread) that warp
/// loops of elementwise linalg.generic ops read, one after the other
/// through more such buffers, into the same place of the kernel's output
/// tile. Each thread holds only its own fragments, so those generics cannot
/// run on the whole tile as the mma ops do. Instead every buffer of the
/// chain becomes the output tile itself, the chain becomes one generic
/// (mergeEpilogueChain), and that generic is computed on the fragments,
/// marked for after the conversion of the mma ops: on warp tiles
/// applyEpilogueAtStores, on warpgroup tiles applyEpilogueToFragment; where
/// those fail, it is split over the threads (splitOverThreads: each reads
/// back, in place, what it stored). An output of another element type than
/// the accumulator's (bf16 of an f32 accumulator) cannot hold the
/// accumulator: then the accumulator keeps its buffer, and only a chain of
/// one generic is fused. Returns
/// failure, with nothing changed, when the pattern does not match exactly
/// (other users of a buffer, a generic reading its own output or the
/// indices, maps that are not projected permutations, views at different
/// places, tiles that are not made of whole fragments, an output tile
/// whose view is not available where the accumulator is).
static LogicalResult fuseWarpEpilogue(RewriterBase &rewriter,
                                      scf::ForallOp block,
                                      memref::AllocOp accumulator,
                                      DominanceInfo &dominance) {
  auto same = [](ArrayRef<OpFoldResult> a, ArrayRef<OpFoldResult> b) {
    return a.size() == b.size() &&
           llvm::all_of(llvm::zip(a, b), [](auto pair) {
             return isEqualConstantIntOrValue(std::get<0>(pair),
                                              std::get<1>(pair));
           });
  };
  auto samePlace = [&](memref::SubViewOp a, memref::SubViewOp b) {
    return same(a.getMixedOffsets(), b.getMixedOffsets()) &&
           same(a.getMixedSizes(), b.getMixedSizes()) &&
           same(a.getMixedStrides(), b.getMixedStrides());
  };
  SmallVector<EpilogueStep> chain;
  memref::SubViewOp outputTile;
  memref::AllocOp current = accumulator;
  linalg::GenericOp writer;
  while (!outputTile) {
    std::optional<EpilogueStep> step = epilogueReader(block, current, writer);
    if (!step || chain.size() > 16)
      return failure();
    chain.push_back(*step);
    auto written =
        step->generic.getDpsInitOperand(0)->get().getDefiningOp<memref::SubViewOp>();
    if (!written || written.getType().getRank() != 2 ||
        !samePlace(written, step->view))
      return failure();
    auto next = written.getSource().getDefiningOp<memref::AllocOp>();
    if (next && next->getBlock() == block.getBody() &&
        next.getType() == accumulator.getType()) {
      current = next;
      writer = step->generic;
      continue;
    }
    outputTile = written.getSource().getDefiningOp<memref::SubViewOp>();
    if (!outputTile ||
        outputTile.getType().getShape() != accumulator.getType().getShape())
      return failure();
  }
  for (Value operand : outputTile->getOperands())
    if (!dominance.properlyDominates(operand, accumulator))
      return failure();
  // Every generic spans the same tile, in loops of the same kind: warps
  // (mma.sync) or warpgroups (wgmma).
  SmallVector<int64_t> ranges = chain.front().generic.getStaticLoopRanges();
  int64_t rows = ranges[0], columns = ranges[1];
  bool warpgroups = isWarpgroupLevelForall(
      cast<scf::ForallOp>(chain.front().generic->getParentOp()));
  // Warps of the group along the rows (each has 16 rows of a wgmma slab).
  int64_t groupWarps = warpgroups ? foundry::kWarpgroupSize / foundry::kWarpSize : 1;
  if (rows % (16 * groupWarps) != 0 || columns % 8 != 0 ||
      llvm::any_of(chain, [&](EpilogueStep step) {
        return step.generic.getStaticLoopRanges() != ranges ||
               isWarpgroupLevelForall(cast<scf::ForallOp>(
                   step.generic->getParentOp())) != warpgroups;
      }))
    return failure();

  // An epilogue into another element type (an f32 accumulator returned as
  // bf16) cannot store the accumulator in the output tile: the accumulator
  // keeps its own buffer, which the epilogue computed on the fragments
  // (applyEpilogueAtStores, applyEpilogueToFragment) leaves unread. Only a
  // chain of one generic, which needs no buffer between its steps.
  bool sameType = outputTile.getType().getElementType() ==
                  accumulator.getType().getElementType();
  if (!sameType && chain.size() != 1)
    return failure();

  // Otherwise every buffer of the chain is the output tile.
  rewriter.setInsertionPoint(accumulator);
  Value tile =
      sameType ? rewriter.clone(*outputTile)->getResult(0) : Value();
  for (const EpilogueStep &step : sameType ? ArrayRef(chain)
                                           : ArrayRef<EpilogueStep>()) {
    SmallVector<Operation *> users(step.alloc->getUsers());
    for (Operation *user : users) {
      if (auto view = dyn_cast<memref::SubViewOp>(user)) {
        rewriter.setInsertionPoint(view);
        auto replacement = memref::SubViewOp::create(
            rewriter, view.getLoc(), tile, view.getMixedOffsets(),
            view.getMixedSizes(), view.getMixedStrides());
        rewriter.replaceAllUsesWith(view.getResult(), replacement.getResult());
      }
      rewriter.eraseOp(user);
    }
    rewriter.eraseOp(step.alloc);
  }

  // One generic for the whole chain: one read and one write of the tile.
  if (chain.size() > 1) {
    DominanceInfo dominance(block);
    if (FailureOr<linalg::GenericOp> merged =
            mergeEpilogueChain(rewriter, chain, dominance);
        succeeded(merged)) {
      EpilogueStep step = chain.front();
      step.generic = *merged;
      chain.assign(1, step);
    }
  }

  // One generic waits for the conversion of the mma ops, which gives the
  // accumulator fragments: on warp tiles (mma.sync) it is then computed on
  // the values stored (applyEpilogueAtStores), on warpgroup tiles (wgmma)
  // on the fragment the k-loop leaves (applyEpilogueToFragment), or split
  // over the threads where neither is found. A chain is split now.
  for (const EpilogueStep &step : chain) {
    if (chain.size() == 1) {
      step.generic->setAttr(kStoreEpilogueAttr,
                            rewriter.getI64IntegerAttr(step.link));
      if (warpgroups)
        step.generic->setAttr(kWarpgroupEpilogueAttr, rewriter.getUnitAttr());
      continue;
    }
    splitOverThreads(rewriter, step.generic, warpgroups);
  }
  return success();
}

/// fuseWarpEpilogue for every private buffer at the top of `block`.
static void fuseWarpEpilogues(RewriterBase &rewriter, scf::ForallOp block) {
  // A fused chain erases the buffers after the accumulator: look again.
  bool fused = true;
  while (fused) {
    fused = false;
    DominanceInfo dominance(block);
    for (memref::AllocOp alloc : block.getBody()->getOps<memref::AllocOp>())
      if (succeeded(fuseWarpEpilogue(rewriter, block, alloc, dominance))) {
        fused = true;
        break;
      }
  }
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
    if (op->hasAttr(kStoreEpilogueAttr)) {
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
  for (Operation &op : launch.getBody().front())
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
  // The views of a warpgroup epilogue and of the fragment the wgmma k-loop
  // leaves, cut in different loops, become the same values first.
  if (llvm::any_of(storeEpilogues, [](linalg::GenericOp epilogue) {
        return epilogue->hasAttr(kWarpgroupEpilogueAttr);
      })) {
    DominanceInfo dominance;
    eliminateCommonSubExpressions(rewriter, dominance, launch);
  }
  for (linalg::GenericOp epilogue : storeEpilogues) {
    bool warpgroups = epilogue->hasAttr(kWarpgroupEpilogueAttr);
    if (succeeded(warpgroups ? applyEpilogueToFragment(rewriter, epilogue)
                             : applyEpilogueAtStores(rewriter, launch,
                                                     epilogue)))
      continue;
    // Otherwise each thread reads back what it stored: in the output tile,
    // or (an output of another element type) in the accumulator's buffer,
    // which then stays in local memory.
    if (warpgroups && getElementTypeOrSelf(epilogue->getOperand(
                          epilogue->getAttrOfType<IntegerAttr>(
                                      kStoreEpilogueAttr)
                              .getInt())) !=
                          getElementTypeOrSelf(
                              epilogue.getDpsInitOperand(0)->get()))
      return epilogue.emitOpError(
          "foundry-map-forall-to-gpu: an epilogue of warpgroup tiles into "
          "another element type than its accumulator's needs the "
          "accumulator in registers: a k-loop that the wgmma lowering "
          "pipelines (foundry-promote{stages=3} or more)");
    epilogue->removeAttr(kStoreEpilogueAttr);
    epilogue->removeAttr(kWarpgroupEpilogueAttr);
    linalg::GenericOp lanes =
        splitOverThreads(rewriter, epilogue, warpgroups);
    rewriter.setInsertionPoint(lanes);
    if (failed(linalg::linalgOpToLoops(rewriter, lanes)))
      return lanes.emitOpError("foundry-map-forall-to-gpu: cannot lower to "
                               "loops");
    rewriter.eraseOp(lanes);
  }

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
  mergeAsyncWaits(launch);
  if (stages > 1) {
    SmallVector<scf::ForOp> staged;
    launch.getBody().walk([&](scf::ForOp loop) {
      if (!loop->hasAttr(kWgmmaPipelineAttr) &&
          llvm::any_of(loop.getBody()->getOperations(), [](Operation &op) {
            return isa<nvgpu::DeviceAsyncCopyOp>(op);
          }))
        staged.push_back(loop);
    });
    for (scf::ForOp loop : staged)
      (void)pipelineStagedLoop(rewriter, launch, loop, stages);
  }
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
