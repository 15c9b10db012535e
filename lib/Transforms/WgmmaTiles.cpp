//===- WgmmaTiles.cpp - Staged operand tiles of wgmma ---------------------===//
//
// This file implements the operand side of the wgmma lowering
// (WgmmaTiles.h).
//
//===----------------------------------------------------------------------===//

#include "WgmmaTiles.h"

#include "foundry/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace mlir::foundry;

namespace mlir::foundry::wgmma {

/// The chunk index in a set of `tile` of element (`row`, `column`), column a
/// multiple of the chunk's elements: K in atoms of 128 bytes, atom a holding
/// R rows of 128 bytes, the 16-byte chunk c of row r of an atom at chunk c ^ (r
/// % 8) (the 128-byte swizzle of wgmma descriptors and TMA, PTX ISA "Shared
/// Memory Matrix Layout", on sets aligned to 1024 bytes).
Value canonicalChunk(RewriterBase &rewriter, Location loc,
                     const CanonicalTile &tile, Value row, Value column) {
  AffineExpr r = rewriter.getAffineDimExpr(0), k = rewriter.getAffineDimExpr(1);
  int64_t elements = tile.format.chunk();
  AffineExpr atomChunk = k.floorDiv(elements) % kSwizzleChunks;
  Value atomBase = affine::makeComposedAffineApply(
      rewriter, loc,
      k.floorDiv(kSwizzleChunks * elements) * tile.rows * kSwizzleChunks +
          r * kSwizzleChunks,
      {row, column});
  Value chunk =
      affine::makeComposedAffineApply(rewriter, loc, atomChunk, {row, column});
  Value rowMod = affine::makeComposedAffineApply(rewriter, loc, r % kCoreRows,
                                                 {row, column});
  Value swizzled = arith::XOrIOp::create(rewriter, loc, chunk, rowMod);
  return arith::AddIOp::create(rewriter, loc, atomBase, swizzled);
}

/// `memref` seen through unit-stride 2-D subviews up to a workgroup
/// attribution of `launch` of static R x KT f32, f16 or bf16 with identity
/// layout, whose columns (K) the view takes whole: the row offset (the sum
/// of the subviews' row offsets) and the rows. With `mnMajor` (a 16-bit B
/// stored KxN), the root is K x C and the view takes its rows (K) whole:
/// the column offset and the columns. Fails with a diagnostic at `user`.
FailureOr<StagedOperand> resolveStaged(RewriterBase &rewriter,
                                       gpu::LaunchOp launch, Operation *user,
                                       Value memref, StringRef name,
                                       bool mnMajor) {
  Location loc = user->getLoc();
  auto type = dyn_cast<MemRefType>(memref.getType());
  if (!type || type.getRank() != 2 || !type.hasStaticShape())
    return user->emitOpError("foundry-map-forall-to-gpu: wgmma operand ")
           << name << " is not a static 2-D tile";
  // The dimension the warpgroup takes part of (M or N), and K.
  unsigned part = mnMajor ? 1 : 0, whole = mnMajor ? 0 : 1;
  int64_t rows = type.getDimSize(part), columns = type.getDimSize(whole);
  SmallVector<Value> offsets;
  Value view = memref;
  while (auto subview = view.getDefiningOp<memref::SubViewOp>()) {
    if (subview.getSourceType().getRank() != 2 ||
        llvm::any_of(subview.getStaticStrides(),
                     [](int64_t s) { return s != 1; }))
      break;
    OpFoldResult column = subview.getMixedOffsets()[whole];
    if (!isConstantIntValue(column, 0))
      return user->emitOpError("foundry-map-forall-to-gpu: wgmma operand ")
             << name
             << " starts inside the k-step of its shared tile; the k-step "
                "of a warpgroup matmul must be the whole staged tile (no "
                "foundry-tile-reduction after foundry-tile-warpgroups)";
    offsets.push_back(getValueOrCreateConstantIndexOp(
        rewriter, loc, subview.getMixedOffsets()[part]));
    view = subview.getSource();
  }
  auto root = dyn_cast<BlockArgument>(view);
  if (!root || !llvm::is_contained(launch.getWorkgroupAttributions(), root))
    return user->emitOpError("foundry-map-forall-to-gpu: wgmma operand ")
           << name
           << " is not a tile staged in shared memory (foundry-promote)";
  auto rootType = cast<MemRefType>(root.getType());
  std::optional<OperandFormat> format =
      OperandFormat::of(rootType.getElementType());
  if (rootType.getRank() != 2 || !rootType.getLayout().isIdentity() ||
      !format || rootType.getDimSize(whole) != columns)
    return user->emitOpError("foundry-map-forall-to-gpu: wgmma operand ")
           << name << " reads a shared tile of type " << rootType
           << "; it takes a dense "
           << (mnMajor ? std::to_string(columns) + " x C"
                       : "R x " + std::to_string(columns))
           << " tile of f32, f16 or bf16 (foundry-promote without padding)";
  if (mnMajor) {
    // 64 N per 128-byte row; each warpgroup's N whole rows of it.
    if (rootType.getDimSize(1) % format->atomK() != 0 ||
        rows % format->atomK() != 0 || columns % format->stepK() != 0)
      return user->emitOpError("foundry-map-forall-to-gpu: the shared tile "
                               "of wgmma operand ")
             << name << " (stored KxN) is " << columns << "x"
             << rootType.getDimSize(1) << " with " << rows
             << " columns per warpgroup; wgmma reads it MN-major here in "
                "128-byte swizzled rows: N in multiples of "
             << format->atomK() << " (the block's and each warpgroup's), K "
             << "in multiples of " << format->stepK();
  } else if (columns % format->atomK() != 0 ||
             rootType.getDimSize(0) % kCoreRows != 0)
    return user->emitOpError("foundry-map-forall-to-gpu: the shared tile of "
                             "wgmma operand ")
           << name << " is " << rootType.getDimSize(0) << "x" << columns
           << "; wgmma tiles here take rows in multiples of 8 and a k-step "
              "in multiples of "
           << format->atomK() << " (128-byte swizzled rows of "
           << rootType.getElementType() << ")";
  Value offset = arith::ConstantIndexOp::create(rewriter, loc, 0);
  for (Value part : offsets)
    offset = arith::AddIOp::create(rewriter, loc, offset, part);
  return StagedOperand{root, offset, rows, *format, mnMajor};
}

/// Removes the workgroup attribution `buffer`, which nothing uses any more,
/// from `launch`.
void eraseSharedTile(gpu::LaunchOp launch, BlockArgument buffer) {
  int64_t count = launch.getWorkgroupAttributions().size();
  Block &body = launch.getBody().front();
  body.eraseArgument(buffer.getArgNumber());
  launch->setAttr(
      gpu::LaunchOp::getNumWorkgroupAttributionsAttrName(),
      IntegerAttr::get(IntegerType::get(launch.getContext(), 64), count - 1));
}

/// The linear thread id in the block of `launch` and the block's thread
/// count (static).
std::pair<Value, int64_t> linearThreadId(RewriterBase &rewriter,
                                         gpu::LaunchOp launch, Location loc) {
  gpu::KernelDim3 ids = launch.getThreadIds();
  gpu::KernelDim3 dims = launch.getBlockSize();
  int64_t total = 1;
  for (Value size :
       {launch.getBlockSizeX(), launch.getBlockSizeY(), launch.getBlockSizeZ()})
    total *= getConstantIntValue(size).value_or(0);
  AffineExpr tx, ty, tz, bx, by;
  bindDims(rewriter.getContext(), tx, ty, tz);
  bindSymbols(rewriter.getContext(), bx, by);
  Value linear =
      affine::makeComposedAffineApply(rewriter, loc, tx + bx * (ty + by * tz),
                                      {ids.x, ids.y, ids.z, dims.x, dims.y});
  return {linear, total};
}

/// The global tile that foundry-promote's copies fill the shared tile `root`
/// from, and those copies, when every user of `root` but the matmuls
/// `matmulOps` is a subview written by one linalg.copy from the same place
/// of a subview of that global tile, all in `block`; std::nullopt
/// otherwise.
std::optional<TileCopies>
copiedGlobalTile(BlockArgument root, Block *block,
                 llvm::SmallPtrSetImpl<Operation *> &matmulOps) {
  TileCopies result;
  Value &global = result.global;
  for (Operation *user : root.getUsers()) {
    if (matmulOps.contains(user))
      continue;
    auto view = dyn_cast<memref::SubViewOp>(user);
    if (!view)
      return std::nullopt;
    if (llvm::any_of(view->getUsers(),
                     [&](Operation *op) { return matmulOps.contains(op); }))
      continue;
    if (!view->hasOneUse() || view->getBlock() != block)
      return std::nullopt;
    auto copy = dyn_cast<linalg::CopyOp>(*view->getUsers().begin());
    if (!copy || copy.getOutputs()[0] != view.getResult() ||
        copy->getBlock() != block)
      return std::nullopt;
    auto source = copy.getInputs()[0].getDefiningOp<memref::SubViewOp>();
    if (!source || (global && source.getSource() != global) ||
        isWorkgroupMemorySpace(source.getSourceType().getMemorySpace()) ||
        !source.isSameAs(view, isEqualConstantIntOrValue))
      return std::nullopt;
    global = source.getSource();
    result.copies.push_back(copy);
  }
  auto type = global ? dyn_cast<MemRefType>(global.getType()) : MemRefType();
  if (!type || type.getShape() != cast<MemRefType>(root.getType()).getShape())
    return std::nullopt;
  return result;
}

/// The copies that fill the canonical tile `tile` from the global tile
/// `global` (R x KT, K contiguous) into its set `set`: one cp.async of 16
/// bytes per piece, piece i + j x T to thread i (T threads; in the last
/// round the threads past the end copy the last piece again), pieces in
/// row-major order so that each quarter warp copies one 128-byte row of an
/// atom (the L1 coalesces 16-byte accesses per quarter warp) into the 8
/// chunks of one 128-byte swizzled row (no bank conflict). Returns the
/// copies' tokens.
SmallVector<Value> emitTileCopies(RewriterBase &rewriter, gpu::LaunchOp launch,
                                  Location loc, Value global,
                                  const CanonicalTile &tile, Value set) {
  auto [tid, threads] = linearThreadId(rewriter, launch, loc);
  int64_t chunk = tile.format.chunk();
  int64_t chunksPerRow = tile.columns / chunk;
  int64_t pieces = tile.rows * chunksPerRow;
  AffineExpr d0 = rewriter.getAffineDimExpr(0);
  auto tokenType = nvgpu::DeviceAsyncTokenType::get(rewriter.getContext());
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  SmallVector<Value> tokens;
  for (int64_t first = 0; first < pieces; first += threads) {
    Value piece = affine::makeComposedAffineMin(
        rewriter, loc,
        AffineMap::get(1, 0,
                       {d0 + first, rewriter.getAffineConstantExpr(pieces - 1)},
                       rewriter.getContext()),
        {tid});
    // Piece (r, c) of atom a: row r, chunk c of the atom's 8.
    Value row = affine::makeComposedAffineApply(
        rewriter, loc, (d0.floorDiv(kSwizzleChunks)) % tile.rows, {piece});
    Value column = affine::makeComposedAffineApply(
        rewriter, loc,
        d0.floorDiv(kSwizzleChunks * tile.rows) * kSwizzleChunks * chunk +
            (d0 % kSwizzleChunks) * chunk,
        {piece});
    Value slot = canonicalChunk(rewriter, loc, tile, row, column);
    tokens.push_back(nvgpu::DeviceAsyncCopyOp::create(
        rewriter, loc, tokenType, tile.canonical, ValueRange{set, slot, zero},
        global, ValueRange{row, column}, rewriter.getIndexAttr(chunk),
        /*srcElements=*/Value(), rewriter.getUnitAttr()));
  }
  return tokens;
}

/// Replaces the copies that fill the shared tile `old` (the distribution
/// foundry-promote gave them) by one block-wide copy of the whole tile into
/// set 0 of `tile` (emitTileCopies) in one cp.async group, followed by a
/// wait for it, as the GPU tail stages any tile. Fails with a diagnostic
/// when the tile is filled otherwise than by copies from one global tile.
LogicalResult copyWholeTile(RewriterBase &rewriter, gpu::LaunchOp launch,
                            BlockArgument old, const CanonicalTile &tile,
                            llvm::SmallPtrSetImpl<Operation *> &matmulOps,
                            Operation *anchor) {
  std::optional<TileCopies> filled =
      copiedGlobalTile(old, anchor->getBlock(), matmulOps);
  if (!filled)
    return anchor->emitOpError(
        "foundry-map-forall-to-gpu: a shared tile that wgmma reads must be "
        "filled by foundry-promote's copies of one global tile, in the "
        "k-loop of the matmul");
  SmallVector<linalg::CopyOp> &copies = filled->copies;
  Operation *first = copies.front().getOperation();
  for (linalg::CopyOp copy : copies)
    if (copy->isBeforeInBlock(first))
      first = copy;
  Location loc = first->getLoc();
  rewriter.setInsertionPoint(first);
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  SmallVector<Value> tokens =
      emitTileCopies(rewriter, launch, loc, filled->global, tile, zero);
  auto tokenType = nvgpu::DeviceAsyncTokenType::get(rewriter.getContext());
  Value group =
      nvgpu::DeviceAsyncCreateGroupOp::create(rewriter, loc, tokenType, tokens);
  nvgpu::DeviceAsyncWaitOp::create(rewriter, loc, group, IntegerAttr());
  for (linalg::CopyOp copy : copies) {
    Operation *view = copy.getOutputs()[0].getDefiningOp();
    Operation *source = copy.getInputs()[0].getDefiningOp();
    rewriter.eraseOp(copy);
    if (view->use_empty())
      rewriter.eraseOp(view);
    if (source && source->use_empty())
      rewriter.eraseOp(source);
  }
  return success();
}

/// Emits, at the rewriter's insertion point, the whole block writing lo(x) =
/// x - (x truncated to tf32) of every element of set `set` of `tile` into
/// set `residualSet` of its residual, one 16-byte chunk per thread per
/// round.
void emitResidualSplit(RewriterBase &rewriter, gpu::LaunchOp launch,
                       Location loc, const CanonicalTile &tile, Value set,
                       Value residualSet) {
  auto [tid, threads] = linearThreadId(rewriter, launch, loc);
  int64_t chunks = tile.rows * tile.columns / kChunk;
  auto vectorType = VectorType::get({kChunk}, rewriter.getF32Type());
  auto bitsType = VectorType::get({kChunk}, rewriter.getI32Type());
  // tf32 keeps the top 19 bits (sign, 8 exponent, 10 mantissa).
  Value mask = arith::ConstantOp::create(
      rewriter, loc,
      DenseElementsAttr::get(bitsType, rewriter.getI32IntegerAttr(
                                           static_cast<int32_t>(0xFFFFE000))));
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  AffineExpr d0 = rewriter.getAffineDimExpr(0);
  // All loads of the round first, then the stores: the stores go to
  // another buffer, which the compiler cannot tell.
  SmallVector<std::pair<SmallVector<Value>, Value>> loaded;
  auto flush = [&]() {
    for (auto &[indices, x] : loaded) {
      Value bits = arith::BitcastOp::create(rewriter, loc, bitsType, x);
      Value hiBits = arith::AndIOp::create(rewriter, loc, bits, mask);
      Value hi = arith::BitcastOp::create(rewriter, loc, vectorType, hiBits);
      Value lo = arith::SubFOp::create(rewriter, loc, x, hi);
      SmallVector<Value> target = indices;
      target[0] = residualSet;
      vector::StoreOp::create(rewriter, loc, lo, tile.residual, target);
    }
    loaded.clear();
  };
  auto load = [&](int64_t first) {
    // Chunks in place: consecutive threads, consecutive 16 bytes.
    Value chunk =
        affine::makeComposedAffineApply(rewriter, loc, d0 + first, {tid});
    SmallVector<Value> indices = {set, chunk, zero};
    Value x = vector::LoadOp::create(rewriter, loc, vectorType, tile.canonical,
                                     indices);
    loaded.push_back({indices, x});
  };
  int64_t first = 0;
  for (; first + threads <= chunks; first += threads)
    load(first);
  flush();
  if (first < chunks) {
    // The last round: only the threads with a chunk left.
    Value limit = arith::ConstantIndexOp::create(rewriter, loc, chunks - first);
    Value active = arith::CmpIOp::create(rewriter, loc,
                                         arith::CmpIPredicate::ult, tid, limit);
    auto guard = scf::IfOp::create(rewriter, loc, active, /*withElse=*/false);
    OpBuilder::InsertionGuard insertion(rewriter);
    rewriter.setInsertionPointToStart(guard.thenBlock());
    load(first);
    flush();
  }
}

} // namespace mlir::foundry::wgmma
