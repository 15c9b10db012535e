//===- WgmmaTiles.h - Staged operand tiles of wgmma -------------*- C++ -*-===//
//
// The GPU tail's wgmma lowering (Wgmma.cpp), its operand side: how a
// warpgroup matmul's staged operands are found, and how their tiles are
// re-laid out in the 128-byte swizzled form wgmma descriptors read, copied
// by the whole block and split into 3xtf32 residuals. Private to
// lib/Transforms.
//
//===----------------------------------------------------------------------===//

#ifndef FOUNDRY_LIB_TRANSFORMS_WGMMATILES_H
#define FOUNDRY_LIB_TRANSFORMS_WGMMATILES_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace mlir::foundry::wgmma {

/// Bytes of a 16-byte row of a core matrix (a chunk), its rows, and the
/// bytes of K one wgmma reads per row (k8 of tf32, k16 of f16 and bf16).
inline constexpr int64_t kChunkBytes = 16, kCoreRows = 8, kStepBytes = 32;
/// Rows of one wgmma (m64nNk8, m64nNk16).
inline constexpr int64_t kSlabRows = 64;
/// tf32 elements per chunk (the residual split of 3xtf32).
inline constexpr int64_t kChunk = 4;
/// The register file of an sm_90 SM (64K 32-bit registers), the most one
/// thread may have, and a low estimate of what a warpgroup matmul's thread
/// needs besides its accumulators (descriptors, addresses, indices).
inline constexpr int64_t kRegistersPerSM = 65536, kMaxRegistersPerThread = 255,
                         kWgmmaSpareRegisters = 24;
/// 16-byte chunks of a 128-byte swizzled row (an atom is R such rows x 128
/// bytes of K), its bytes, and the bytes of the 8-row pattern.
inline constexpr int64_t kSwizzleChunks = 8, kRowBytes = 128,
                         kSwizzleBytes = 1024;

/// The element type of a warpgroup matmul's operands, as wgmma reads it.
struct OperandFormat {
  /// Bytes of one element: 4 (f32 read as tf32), 2 (f16, bf16).
  int64_t elementBytes = 4;
  NVVM::WGMMATypes type = NVVM::WGMMATypes::tf32;

  /// The format of operand tiles of element type `element`, if wgmma
  /// reads it.
  static std::optional<OperandFormat> of(Type element) {
    if (element.isF32())
      return OperandFormat{4, NVVM::WGMMATypes::tf32};
    if (element.isF16())
      return OperandFormat{2, NVVM::WGMMATypes::f16};
    if (element.isBF16())
      return OperandFormat{2, NVVM::WGMMATypes::bf16};
    return std::nullopt;
  }
  /// Elements per 16-byte chunk and per k-step.
  int64_t chunk() const { return kChunkBytes / elementBytes; }
  int64_t stepK() const { return kStepBytes / elementBytes; }
  /// Elements of K in a 128-byte swizzled row.
  int64_t atomK() const { return kRowBytes / elementBytes; }
  bool isTf32() const { return type == NVVM::WGMMATypes::tf32; }
};

/// A staged operand of a warpgroup matmul: rows [rowOffset, rowOffset +
/// rows) of the shared tile `root` (a workgroup attribution of R x KT
/// elements of `format`), all of its KT columns; or, `mnMajor` (a B stored
/// KxN), all KT rows of a K x C root and its columns [rowOffset,
/// rowOffset + rows), the warpgroup's N.
struct StagedOperand {
  BlockArgument root;
  Value rowOffset;
  int64_t rows;
  OperandFormat format;
  bool mnMajor = false;
};

/// The wgmma form of a staged tile: `canonical`, [sets][R x KT / C][C] (C
/// elements per 16-byte chunk; one set per pipeline stage, chunks in the
/// swizzled order of canonicalChunk), replaces the tile; `residual`,
/// [residual sets][R x KT / 4][4], holds its lo parts at the same places
/// (3xtf32 only).
struct CanonicalTile {
  BlockArgument canonical;
  BlockArgument residual;
  int64_t rows = 0, columns = 0;
  int64_t sets = 1, residualSets = 1;
  OperandFormat format;

  /// Bytes of one set.
  int64_t setBytes() const { return rows * columns * format.elementBytes; }
};

/// How foundry-promote fills a shared tile: copies from one global tile.
struct TileCopies {
  Value global;
  SmallVector<linalg::CopyOp> copies;
};

/// The chunk index in a set of `tile` of element (`row`, `column`), column a
/// multiple of the chunk's elements: K in atoms of 128 bytes, atom a holding
/// R rows of 128 bytes, the 16-byte chunk c of row r of an atom at chunk c ^ (r
/// % 8) (the 128-byte swizzle of wgmma descriptors and TMA, PTX ISA "Shared
/// Memory Matrix Layout", on sets aligned to 1024 bytes).
Value canonicalChunk(RewriterBase &rewriter, Location loc,
                     const CanonicalTile &tile, Value row, Value column);

/// `memref` seen through unit-stride 2-D subviews up to a workgroup
/// attribution of `launch` of static R x KT f32, f16 or bf16 with identity
/// layout, whose columns (K) the view takes whole: the row offset (the sum
/// of the subviews' row offsets) and the rows. With `mnMajor` (a 16-bit B
/// stored KxN), the root is K x C and the view takes its rows (K) whole:
/// the column offset and the columns. Fails with a diagnostic at `user`.
FailureOr<StagedOperand> resolveStaged(RewriterBase &rewriter,
                                       gpu::LaunchOp launch, Operation *user,
                                       Value memref, StringRef name,
                                       bool mnMajor = false);

/// Removes the workgroup attribution `buffer`, which nothing uses any more,
/// from `launch`.
void eraseSharedTile(gpu::LaunchOp launch, BlockArgument buffer);

/// The linear thread id in the block of `launch` and the block's thread
/// count (static).
std::pair<Value, int64_t> linearThreadId(RewriterBase &rewriter,
                                         gpu::LaunchOp launch, Location loc);

/// The global tile that foundry-promote's copies fill the shared tile `root`
/// from, and those copies, when every user of `root` but the matmuls
/// `matmulOps` is a subview written by one linalg.copy from the same place
/// of a subview of that global tile, all in `block`; std::nullopt
/// otherwise.
std::optional<TileCopies>
copiedGlobalTile(BlockArgument root, Block *block,
                 llvm::SmallPtrSetImpl<Operation *> &matmulOps);

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
                                  const CanonicalTile &tile, Value set);

/// Replaces the copies that fill the shared tile `old` (the distribution
/// foundry-promote gave them) by one block-wide copy of the whole tile into
/// set 0 of `tile` (emitTileCopies) in one cp.async group, followed by a
/// wait for it, as the GPU tail stages any tile. Fails with a diagnostic
/// when the tile is filled otherwise than by copies from one global tile.
LogicalResult copyWholeTile(RewriterBase &rewriter, gpu::LaunchOp launch,
                            BlockArgument old, const CanonicalTile &tile,
                            llvm::SmallPtrSetImpl<Operation *> &matmulOps,
                            Operation *anchor);

/// Emits, at the rewriter's insertion point, the whole block writing lo(x) =
/// x - (x truncated to tf32) of every element of set `set` of `tile` into
/// set `residualSet` of its residual, one 16-byte chunk per thread per
/// round.
void emitResidualSplit(RewriterBase &rewriter, gpu::LaunchOp launch,
                       Location loc, const CanonicalTile &tile, Value set,
                       Value residualSet);

} // namespace mlir::foundry::wgmma

#endif // FOUNDRY_LIB_TRANSFORMS_WGMMATILES_H
