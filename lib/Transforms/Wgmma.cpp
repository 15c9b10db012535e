//===- Wgmma.cpp - Warpgroup matmuls on the tensor cores with wgmma -------===//
//
// This file implements the GPU tail's lowering of foundry-mma's warpgroup
// matmuls (linalg ops on buffers marked `foundry.wgmma`, one per warpgroup
// tile of a block-level k-loop whose operand tiles foundry-promote stages in
// shared memory) to sm_90a's wgmma.mma_async.
//
// Operands. fp32 operands are read as tf32 (m64nNk8, or 3xtf32 below);
// f16 and bf16 operands as they are (m64nNk16), into f32 accumulators.
// Either way one k-step of wgmma reads 32 bytes of each row of K, so the
// layout below is the same in bytes for both; only the elements per
// 16-byte chunk (4 or 8) and per k-step (8 or 16) differ (OperandFormat).
//
// Shared tiles. wgmma reads its operands from shared memory through 64-bit
// matrix descriptors (PTX ISA, "Matrix Descriptor Format": start address,
// leading and stride byte offsets, layout type). A is K-major (stored MxK;
// tf32 allows no other). So is B where it is stored NxK, as nn.Linear
// stores it; a 16-bit B stored KxN (torch.matmul's) is read in place,
// MN-major (wgmma's transposed B). Each staged tile of R rows x C columns
// (C bytes a multiple of 128) is laid out in the 128-byte swizzle that TMA
// writes: the columns in atoms of 128 bytes, atom a holding R rows of 128
// bytes, the 16-byte chunk c of row r at chunk c ^ (r % 8) of that row
// (sets 1024-byte aligned). For a K-major tile the rows are M or N and the
// columns K: the descriptor has layout type 1, a stride byte offset of
// 1024 (8 rows), and a start address advanced 32 bytes per k-step inside
// an atom (the hardware applies the swizzle). For an MN-major B the rows
// are K and the columns N: the stride byte offset is still 1024 (8 rows of
// K), the leading byte offset R x 128 (from one atom of 64 N to the next),
// and the start address moves 16 rows (k16) per k-step. The block copies each
// tile itself, 16-byte cp.async pieces in row-major order: a quarter warp
// (which the L1 coalesces 16-byte accesses over) reads one 128-byte row of
// global memory and writes it to the 8 chunks of one swizzled row, no bank
// conflict. Without the swizzle one of the two is lost: on the H200 either
// every sector was fetched twice or every copy was an 8-way bank conflict (ncu,
// bench/results/2026-12-02-h200-wgmma.md). bench/probes/wgmma-facts.cu
// checks the facts this file relies on (descriptor offsets, the accumulator
// fragment, truncation of tf32 reads and of wgmma's accumulation).
//
// Pipelining. With foundry-promote{stages=S}, S >= 3, the k-loop is rebuilt
// here (emitPipelinedLoop), one barrier per k-step: for fp32 operands S - 1
// k-steps of copies in flight, each k-step's residuals written while the
// previous one's wgmma run; for f16 and bf16 ones S - 2 k-steps of copies
// and one k-step's wgmma in flight. Otherwise the GPU tail stages the loop
// as any other.
//
// 3xtf32. Each fp32 operand x is hi + lo with hi = x truncated to tf32 (what
// the tensor core reads of x itself) and lo = x - hi. Per k-step the whole
// block writes each staged tile's lo into a twin tile; then every warpgroup
// computes lo(A) hi(B) + hi(A) lo(B) + hi(A) hi(B) over the k-step with
// wgmma into a fresh accumulator (the small products first), and adds it to
// its running accumulator with round-to-nearest fp32 additions: wgmma
// itself truncates as it accumulates, a bias that would grow with K.
// Source of the scheme: the 3xTF32 mode of NVIDIA CUTLASS.
//
// Accumulators. For fp32 operands each k-step's products go to a fresh
// accumulator added in fp32 to the running one (below); f16 and bf16
// products are accumulated by wgmma itself, as mma.sync accumulates them,
// with one k-step's wgmma in flight while the next is issued in a
// pipelined k-loop. m64nNk8 and m64nNk16 leave D (64 x N) in the
// warpgroup's registers, in the same fragment:
// warp w of the group holds rows 16w to 16w + 15; lane l = 4g + t holds, for
// each 8-column block j, D[16w + g + 8h][8j + 2t + c] (h, c in {0, 1}) in
// register 4j + 2h + c (PTX ISA, "Register Fragments", wgmma 64nNk8 D).
// That set of elements is a strided view of the output tile, so each
// thread's fragment is read and written with vector transfers of shape
// [slabs][2][N / 8][2], kept in registers across the k-loop.
//
//===----------------------------------------------------------------------===//

#include "TmaLoads.h"
#include "WarpSpecialization.h"
#include "WgmmaTiles.h"

#include "foundry/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/CSE.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace mlir::foundry;
using namespace mlir::foundry::wgmma;

/// The per-thread accumulator fragment of the warpgroup tile `tile` (a 2-D
/// f32 memref with static row stride and unit column stride, `slabs` x 64
/// rows, `n` columns), for the thread `lane` of its warpgroup: the view
/// [slabs][2][n / 8][2] of D[64 s + 16 w + 8 h + g][8 j + 2 t + c], w = lane
/// / 32, g = lane % 32 / 4, t = lane % 4, at [s][h][j][c] (an expand_shape
/// of the tile's rows into [s][w][h][g] and columns into [j][t][c], then a
/// subview at w, g, t), so that wgmma's register 4 j + 2 h + c of slab s is
/// its element [s][h][j][c].
static Value fragmentView(RewriterBase &rewriter, Location loc, Value tile,
                          Value lane, int64_t slabs, int64_t n) {
  AffineExpr l = rewriter.getAffineDimExpr(0);
  Value warp =
      affine::makeComposedAffineApply(rewriter, loc, l.floorDiv(32), {lane});
  Value group = affine::makeComposedAffineApply(rewriter, loc,
                                                (l % 32).floorDiv(4), {lane});
  Value thread = affine::makeComposedAffineApply(rewriter, loc, l % 4, {lane});
  SmallVector<int64_t> expandedShape = {slabs, 4, 2, 8, n / 8, 4, 2};
  SmallVector<ReassociationIndices> groups = {{0, 1, 2, 3}, {4, 5, 6}};
  auto expanded =
      memref::ExpandShapeOp::create(rewriter, loc, expandedShape, tile, groups);
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  SmallVector<OpFoldResult> offsets = {zero, warp,   zero, group,
                                       zero, thread, zero};
  SmallVector<OpFoldResult> sizes = llvm::map_to_vector(
      ArrayRef<int64_t>{slabs, 1, 2, 1, n / 8, 1, 2},
      [&](int64_t v) -> OpFoldResult { return rewriter.getIndexAttr(v); });
  SmallVector<OpFoldResult> strides(7, rewriter.getIndexAttr(1));
  auto resultType = memref::SubViewOp::inferRankReducedResultType(
      {slabs, 2, n / 8, 2}, expanded.getResultType(), offsets, sizes, strides);
  return memref::SubViewOp::create(rewriter, loc, cast<MemRefType>(resultType),
                                   expanded, offsets, sizes, strides);
}

/// The vector type of the accumulator fragment of a warpgroup tile of
/// `slabs` x 64 rows and `n` columns (fragmentView).
static VectorType fragmentType(MLIRContext *ctx, int64_t slabs, int64_t n) {
  return VectorType::get({slabs, 2, n / 8, 2}, Float32Type::get(ctx));
}

/// True if `a` and `b` are the same view: the same value, or memref.subview
/// ops of the same source with the same offsets, sizes and strides.
static bool isSameView(Value a, Value b) {
  if (a == b)
    return true;
  auto va = a.getDefiningOp<memref::SubViewOp>();
  auto vb = b.getDefiningOp<memref::SubViewOp>();
  return va && vb && va.getType() == vb.getType() &&
         isSameView(va.getSource(), vb.getSource()) &&
         va.isSameAs(vb, isEqualConstantIntOrValue);
}

namespace {
/// One warpgroup matmul and what its lowering needs.
struct WarpgroupMatmul {
  /// Mutable: op wrappers' accessors are not const.
  mutable linalg::LinalgOp op;
  StagedOperand a, b;
  int64_t slabs = 0, n = 0, k = 0;
};
} // namespace

/// The 64-bit wgmma matrix descriptor of the canonical tile `tile` (128-byte
/// swizzle) whose set starts at the i64 shared-memory address `address`
/// (1024-byte aligned), for the operand's part from `offset` (index) on:
/// start address, leading byte offset, stride byte offset (between 8-row
/// groups: 1024 bytes), layout type 1 (128-byte swizzle) in bits 62-63;
/// address fields in 16-byte units (PTX ISA, "Matrix Descriptor Format").
/// K-major: `offset` rows into the first atom, no leading byte offset (1,
/// unused with this swizzle). MN-major (`mnMajor`): `offset` columns, a
/// whole number of atoms, and the atoms R x 128 bytes apart.
static Value descriptor(RewriterBase &rewriter, Location loc, Value address,
                        Value offset, const CanonicalTile &tile, bool mnMajor) {
  Type i64 = rewriter.getI64Type();
  auto constant = [&](int64_t value) -> Value {
    return arith::ConstantOp::create(rewriter, loc, i64,
                                     rewriter.getI64IntegerAttr(value));
  };
  Value bytes;
  if (mnMajor)
    bytes = arith::MulIOp::create(
        rewriter, loc,
        arith::DivUIOp::create(
            rewriter, loc,
            arith::IndexCastUIOp::create(rewriter, loc, i64, offset),
            constant(tile.format.atomK())),
        constant(tile.rows * kRowBytes));
  else
    bytes = arith::MulIOp::create(
        rewriter, loc, arith::IndexCastUIOp::create(rewriter, loc, i64, offset),
        constant(kRowBytes));
  Value start = arith::AddIOp::create(rewriter, loc, address, bytes);
  Value field = arith::AndIOp::create(
      rewriter, loc, arith::ShRUIOp::create(rewriter, loc, start, constant(4)),
      constant(0x3FFF));
  int64_t leading = mnMajor ? tile.rows * kRowBytes / 16 : 1,
          stride = kSwizzleBytes / 16;
  uint64_t high = (uint64_t{1} << 62) | (uint64_t(stride) << 32) |
                  (uint64_t(leading) << 16);
  return arith::OrIOp::create(rewriter, loc, field,
                              constant(static_cast<int64_t>(high)));
}

/// The i64 shared-memory address of set `set` (index) of `buffer`, a
/// [sets][...] shared buffer of `setBytes` bytes per set.
static Value sharedAddress(RewriterBase &rewriter, Location loc, Value buffer,
                           Value set, int64_t setBytes) {
  Type i64 = rewriter.getI64Type();
  Value offset = arith::MulIOp::create(
      rewriter, loc, arith::IndexCastUIOp::create(rewriter, loc, i64, set),
      arith::ConstantOp::create(rewriter, loc, i64,
                                rewriter.getI64IntegerAttr(setBytes)));
  return arith::AddIOp::create(rewriter, loc,
                               bufferAddress(rewriter, loc, buffer), offset);
}

/// Issues the wgmma of one k-step of `mm` (fence, products, commit) on set
/// `set` of its operand tiles and set `residualSet` of their residuals:
/// per 64-row slab into the accumulator `running` holds (LLVM structs, one
/// per slab) or, where `running` is empty, into a fresh one that its first
/// product overwrites. Returns the slabs' accumulators, still in flight.
static SmallVector<Value>
issueWgmma(RewriterBase &rewriter, Location loc, const WarpgroupMatmul &mm,
           const CanonicalTile &ta, const CanonicalTile &tb, Value set,
           Value residualSet, bool split, ArrayRef<Value> running = {}) {
  MLIRContext *ctx = rewriter.getContext();
  Type i64 = rewriter.getI64Type();
  auto constant = [&](int64_t value) -> Value {
    return arith::ConstantOp::create(rewriter, loc, i64,
                                     rewriter.getI64IntegerAttr(value));
  };
  // Descriptors of each operand's part, hi (the staged tile) and lo.
  auto descriptors = [&](const CanonicalTile &tile,
                         const StagedOperand &operand) {
    Value hi = descriptor(
        rewriter, loc,
        sharedAddress(rewriter, loc, tile.canonical, set, tile.setBytes()),
        operand.rowOffset, tile, operand.mnMajor);
    Value lo = split ? descriptor(rewriter, loc,
                                  sharedAddress(rewriter, loc, tile.residual,
                                                residualSet, tile.setBytes()),
                                  operand.rowOffset, tile, operand.mnMajor)
                     : Value();
    return std::make_pair(hi, lo);
  };
  auto [aHi, aLo] = descriptors(ta, mm.a);
  auto [bHi, bLo] = descriptors(tb, mm.b);
  // Moves a descriptor to K chunk `kChunks` and `rows` rows on: the atom
  // (R rows of 128 bytes), then 32 bytes per k-step inside the row (the
  // hardware applies the swizzle to the address), in 16-byte units (the
  // start address field cannot carry: shared memory ends below 2^18 bytes).
  auto advance = [&](Value desc, const CanonicalTile &tile, int64_t kChunks,
                     int64_t rows) -> Value {
    int64_t atom = kChunks / kSwizzleChunks, within = kChunks % kSwizzleChunks;
    int64_t bytes =
        atom * tile.rows * kRowBytes + rows * kRowBytes + within * kChunkBytes;
    if (bytes == 0)
      return desc;
    return arith::AddIOp::create(rewriter, loc, desc, constant(bytes / 16));
  };

  auto structType = LLVM::LLVMStructType::getLiteral(
      ctx, SmallVector<Type>(mm.n / 2, rewriter.getF32Type()));
  OperandFormat format = ta.format;
  int64_t stepK = format.stepK();
  auto shape = NVVM::MMAShapeAttr::get(ctx, kSlabRows, mm.n, stepK);
  auto operandType = NVVM::WGMMATypesAttr::get(ctx, format.type);
  auto f32 = NVVM::WGMMATypesAttr::get(ctx, NVVM::WGMMATypes::f32);
  auto one = NVVM::WGMMAScaleInAttr::get(ctx, NVVM::WGMMAScaleIn::one);
  auto row = NVVM::MMALayoutAttr::get(ctx, NVVM::MMALayout::row);
  // B K-major (stored NxK) is wgmma's "col" B; MN-major its "row" B (the
  // transposed read of 16-bit operands).
  auto layoutB = NVVM::MMALayoutAttr::get(
      ctx, mm.b.mnMajor ? NVVM::MMALayout::row : NVVM::MMALayout::col);
  NVVM::WgmmaFenceAlignedOp::create(rewriter, loc);
  SmallVector<Value> fresh(running);
  if (fresh.empty()) {
    fresh.resize(mm.slabs);
    for (Value &value : fresh)
      value = LLVM::PoisonOp::create(rewriter, loc, structType);
  }
  for (int64_t step = 0; step < mm.k / stepK; ++step) {
    int64_t chunks = step * kStepBytes / kChunkBytes;
    // An MN-major B moves stepK rows of K per k-step.
    Value b0 = mm.b.mnMajor
                   ? (step ? arith::AddIOp::create(
                                 rewriter, loc, bHi,
                                 constant(step * stepK * kRowBytes / 16))
                                 .getResult()
                           : bHi)
                   : advance(bHi, tb, chunks, 0);
    Value b1 = split ? advance(bLo, tb, chunks, 0) : Value();
    for (int64_t slab = 0; slab < mm.slabs; ++slab) {
      Value a0 = advance(aHi, ta, chunks, slab * kSlabRows);
      Value a1 = split ? advance(aLo, ta, chunks, slab * kSlabRows) : Value();
      SmallVector<std::pair<Value, Value>> products;
      if (split)
        products = {{a1, b0}, {a0, b1}, {a0, b0}};
      else
        products = {{a0, b0}};
      for (auto [index, pair] : llvm::enumerate(products)) {
        auto [descA, descB] = pair;
        // The first product of the k-step overwrites the fresh accumulator.
        bool first = running.empty() && step == 0 && index == 0;
        auto scaleD = NVVM::WGMMAScaleOutAttr::get(
            ctx, first ? NVVM::WGMMAScaleOut::zero : NVVM::WGMMAScaleOut::one);
        fresh[slab] = NVVM::WgmmaMmaAsyncOp::create(
            rewriter, loc, structType, fresh[slab], descA, descB, shape,
            operandType, operandType, f32, scaleD, one, one, row, layoutB,
            /*satfinite=*/NVVM::MMAIntOverflowAttr());
      }
    }
  }
  NVVM::WgmmaGroupSyncAlignedOp::create(rewriter, loc);
  return fresh;
}

/// Register 4 j + 2 h + c of slab s's accumulator struct is element
/// [s][h][j][c] of the accumulator fragment (fragmentType): calls `each`
/// with (slab, register, element index) for every element, in the
/// fragment's row-major order.
template <typename Fn>
static void forEachFragmentElement(const WarpgroupMatmul &mm, Fn each) {
  for (int64_t slab = 0; slab < mm.slabs; ++slab)
    for (int64_t h = 0; h < 2; ++h)
      for (int64_t j = 0; j < mm.n / 8; ++j)
        for (int64_t c = 0; c < 2; ++c)
          each(slab, 4 * j + 2 * h + c, SmallVector<int64_t>{slab, h, j, c});
}

/// The accumulator structs `structs` (one per slab) as a fragment vector.
static Value structsToFragment(RewriterBase &rewriter, Location loc,
                               const WarpgroupMatmul &mm,
                               ArrayRef<Value> structs) {
  SmallVector<Value> elements;
  forEachFragmentElement(mm, [&](int64_t slab, int64_t reg, auto) {
    elements.push_back(
        LLVM::ExtractValueOp::create(rewriter, loc, structs[slab], reg));
  });
  return vector::FromElementsOp::create(
      rewriter, loc, fragmentType(rewriter.getContext(), mm.slabs, mm.n),
      elements);
}

/// The fragment vector `fragment` as accumulator structs, one per slab.
static SmallVector<Value> fragmentToStructs(RewriterBase &rewriter,
                                            Location loc,
                                            const WarpgroupMatmul &mm,
                                            Value fragment) {
  auto structType = LLVM::LLVMStructType::getLiteral(
      rewriter.getContext(),
      SmallVector<Type>(mm.n / 2, rewriter.getF32Type()));
  SmallVector<Value> structs(mm.slabs);
  for (Value &value : structs)
    value = LLVM::PoisonOp::create(rewriter, loc, structType);
  forEachFragmentElement(mm, [&](int64_t slab, int64_t reg,
                                 ArrayRef<int64_t> position) {
    Value element =
        vector::ExtractOp::create(rewriter, loc, fragment, position);
    structs[slab] =
        LLVM::InsertValueOp::create(rewriter, loc, structs[slab], element, reg);
  });
  return structs;
}

/// Waits for the wgmma in flight and returns their accumulators `fresh` in
/// the accumulator fragment's shape (fragmentType).
static Value collectWgmma(RewriterBase &rewriter, Location loc,
                          const WarpgroupMatmul &mm, ArrayRef<Value> fresh) {
  NVVM::WgmmaWaitGroupSyncOp::create(rewriter, loc, uint64_t{0});
  return structsToFragment(rewriter, loc, mm, fresh);
}

/// The accumulator fragment view of `mm`'s output tile for this thread.
static Value accumulatorFragment(RewriterBase &rewriter, gpu::LaunchOp launch,
                                 Location loc, Value tile, int64_t slabs,
                                 int64_t n) {
  auto [tid, threads] = linearThreadId(rewriter, launch, loc);
  (void)threads;
  Value lane = affine::makeComposedAffineApply(
      rewriter, loc, rewriter.getAffineDimExpr(0) % kWarpgroupSize, {tid});
  return fragmentView(rewriter, loc, tile, lane, slabs, n);
}

/// Replaces `mm` with its warpgroup's wgmma code on set 0 of its tiles (the
/// k-loop around it staged as the GPU tail stages any: see the file
/// comment): the thread's accumulator fragment read, the k-step's products
/// added (for fp32 operands through a fresh accumulator, for f16 and bf16
/// by wgmma itself), the fragment written back.
static void emitWarpgroupMatmul(RewriterBase &rewriter, gpu::LaunchOp launch,
                                const WarpgroupMatmul &mm,
                                const CanonicalTile &ta,
                                const CanonicalTile &tb, bool split) {
  Location loc = mm.op.getLoc();
  rewriter.setInsertionPoint(mm.op);
  Value fragment = accumulatorFragment(
      rewriter, launch, loc, mm.op.getDpsInitOperand(0)->get(), mm.slabs, mm.n);
  VectorType accType = fragmentType(rewriter.getContext(), mm.slabs, mm.n);
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  SmallVector<Value> origin(4, zero);
  SmallVector<bool> inBounds(4, true);
  Value acc = vector::TransferReadOp::create(rewriter, loc, accType, fragment,
                                             origin, std::nullopt, inBounds);
  Value sum;
  if (ta.format.isTf32()) {
    SmallVector<Value> fresh =
        issueWgmma(rewriter, loc, mm, ta, tb, zero, zero, split);
    sum = arith::AddFOp::create(rewriter, loc, acc,
                                collectWgmma(rewriter, loc, mm, fresh));
  } else {
    // f16 and bf16: into the running accumulator itself.
    SmallVector<Value> running = fragmentToStructs(rewriter, loc, mm, acc);
    sum = collectWgmma(
        rewriter, loc, mm,
        issueWgmma(rewriter, loc, mm, ta, tb, zero, zero, split, running));
  }
  vector::TransferWriteOp::create(rewriter, loc, sum, fragment, origin,
                                  inBounds);
  rewriter.eraseOp(mm.op);
}

/// Erases `value`'s defining op if it has no uses any more, and then its
/// operands' defining view ops likewise.
static void eraseDeadViews(RewriterBase &rewriter, Value value) {
  Operation *def = value.getDefiningOp();
  if (!def || !def->use_empty() ||
      !isa<memref::SubViewOp, arith::ConstantOp, arith::AddIOp,
           affine::AffineApplyOp>(def))
    return;
  SmallVector<Value> operands(def->getOperands());
  rewriter.eraseOp(def);
  for (Value operand : operands)
    eraseDeadViews(rewriter, operand);
}

namespace {
/// A block-level k-loop of one warpgroup matmul that the GPU tail pipelines
/// itself (foundry-promote{stages=S}, S >= 3): the loop, the k-step's
/// global tiles of A and B (defined in its body), its stages.
struct WarpgroupPipeline {
  scf::ForOp loop;
  Value globalA, globalB;
  int64_t stages = 0, trips = 0;
  /// With foundry-promote{tma=true}: the TMA loads of A's and B's tiles
  /// (empty: cp.async).
  SmallVector<TmaTile, 2> tma;
  /// With foundry-promote{warp-specialize=true}: the consumer warpgroups
  /// (the block's along y), beside which a producer warpgroup issues the
  /// TMA loads; 0 without.
  int64_t consumers = 0;
};
} // namespace

/// The pipeline of `mm`'s k-loop if the GPU tail builds it (see
/// emitPipelinedLoop): a top-level scf.for of the launch with static bounds
/// and at least `stages` trips, no results, marked by foundry-promote with
/// 3 or more stages, whose body holds only the copies into the two staged
/// tiles (one global tile each), the matmul, barriers and pure ops, and
/// whose tiles fit in shared memory with their stages; std::nullopt
/// otherwise (the k-loop is then staged as any other).
static std::optional<WarpgroupPipeline>
planPipeline(gpu::LaunchOp launch, const WarpgroupMatmul &mm, bool split,
             int64_t threads, llvm::SmallPtrSetImpl<Operation *> &matmulOps) {
  auto loop = dyn_cast<scf::ForOp>(mm.op->getParentOp());
  if (!loop || loop->getBlock() != &launch.getBody().front() ||
      loop.getNumResults() != 0 || mm.a.root == mm.b.root)
    return std::nullopt;
  auto mark = loop->getAttrOfType<IntegerAttr>(kPipelineStagesAttr);
  std::optional<int64_t> lower = getConstantIntValue(loop.getLowerBound()),
                         upper = getConstantIntValue(loop.getUpperBound()),
                         step = getConstantIntValue(loop.getStep());
  if (!mark || mark.getInt() < 3 || !lower || !upper || !step || *step <= 0)
    return std::nullopt;
  WarpgroupPipeline plan;
  plan.loop = loop;
  plan.stages = mark.getInt();
  plan.trips = (*upper - *lower + *step - 1) / *step;
  if (plan.trips < plan.stages)
    return std::nullopt;
  Block *body = loop.getBody();
  std::optional<TileCopies> a = copiedGlobalTile(mm.a.root, body, matmulOps),
                            b = copiedGlobalTile(mm.b.root, body, matmulOps);
  if (!a || !b)
    return std::nullopt;
  plan.globalA = a->global;
  plan.globalB = b->global;
  for (Operation &op : body->without_terminator())
    if (&op != mm.op.getOperation() &&
        !isa<gpu::BarrierOp, linalg::CopyOp>(op) && !isPure(&op))
      return std::nullopt;
  for (const StagedOperand *operand : {&mm.a, &mm.b}) {
    auto type = cast<MemRefType>(operand->root.getType());
    if (type.getNumElements() / operand->format.chunk() % threads != 0)
      return std::nullopt;
  }
  int64_t bytes = 0;
  for (Value buffer : launch.getWorkgroupAttributions()) {
    auto type = cast<MemRefType>(buffer.getType());
    int64_t tileBytes =
        type.getNumElements() * type.getElementTypeBitWidth() / 8;
    bool staged = buffer == mm.a.root || buffer == mm.b.root;
    bytes += staged ? tileBytes * (plan.stages + (split ? 2 : 0)) : tileBytes;
  }
  if (bytes > kMaxSharedBytesPerBlock)
    return std::nullopt;
  return plan;
}

/// Replaces the k-loop of `mm` (planPipeline) with one that keeps k-steps
/// of copies in flight and overlaps them with the k-step's products, with
/// one barrier per k-step. Operand tiles have S sets, residuals 2.
///
/// fp32 operands (tf32, 3xtf32): each k-step's products go to a fresh
/// accumulator, added to the running one in fp32 (wgmma truncates as it
/// accumulates), so each k-step waits for its own wgmma; S - 1 k-steps of
/// copies are in flight. k-step j:
///   wait for the copies of k-step j + 1, barrier;
///   copy k-step j + S - 1 (the last one again past the end) into set
///   (j + S - 1) % S, whose last reader, k-step j - 1's wgmma, is done;
///   issue k-step j's wgmma on set j % S and residual set j % 2;
///   write k-step j + 1's residuals from set (j + 1) % S into residual set
///   (j + 1) % 2, then a proxy fence (the next barrier makes them and the
///   copies visible to the next k-step's wgmma);
///   wait for the wgmma, add the fresh accumulator to the running one.
/// The running accumulator fragment is loop-carried; the prologue copies
/// k-steps 0 to S - 2 and writes k-step 0's residuals.
///
/// f16 and bf16 operands: wgmma accumulates into the running accumulator
/// itself (as mma.sync does for them: the tensor core adds its products to
/// C), kept in wgmma's registers across the loop, and one k-step's wgmma
/// stays in flight while the next is issued; S - 2 k-steps of copies are
/// in flight. k-step j:
///   wait for the copies of k-step j, proxy fence, barrier (every
///   warpgroup is then past its wait for k-step j - 2's wgmma);
///   copy k-step j + S - 2 (the last one again past the end) into set
///   (j + S - 2) % S, whose last reader was k-step j - 2's wgmma;
///   issue k-step j's wgmma on set j % S into the running accumulator;
///   wait until only it is in flight (k-step j - 1's is done).
/// The prologue copies k-steps 0 to S - 3.
static LogicalResult emitPipelinedLoop(RewriterBase &rewriter,
                                       gpu::LaunchOp launch,
                                       const WarpgroupMatmul &mm,
                                       const WarpgroupPipeline &plan,
                                       const CanonicalTile &ta,
                                       const CanonicalTile &tb, bool split) {
  scf::ForOp old = plan.loop;
  Block *body = old.getBody();
  Location loc = old.getLoc();
  MLIRContext *ctx = rewriter.getContext();
  rewriter.setInsertionPoint(old);
  bool accumulate = !ta.format.isTf32();
  int64_t stages = plan.stages, trips = plan.trips;
  // k-steps of copies in flight ahead of the one computed.
  int64_t ahead = accumulate ? stages - 2 : stages - 1;
  Value lower = old.getLowerBound(), step = old.getStep();
  auto index = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(rewriter, loc, v);
  };
  Value zero = index(0);
  AffineExpr d0 = rewriter.getAffineDimExpr(0);
  AffineExpr s0 = rewriter.getAffineSymbolExpr(0),
             s1 = rewriter.getAffineSymbolExpr(1);
  // The k value of k-step `j` (index), clamped to the last one.
  auto kValue = [&](Value j) -> Value {
    Value clamped = affine::makeComposedAffineMin(
        rewriter, loc,
        AffineMap::get(1, 0, {d0, rewriter.getAffineConstantExpr(trips - 1)},
                       ctx),
        {j});
    return affine::makeComposedAffineApply(rewriter, loc, s0 + d0 * s1,
                                           {clamped, lower, step});
  };
  auto tokenType = nvgpu::DeviceAsyncTokenType::get(ctx);
  bool tma = !plan.tma.empty();
  bool specialized = plan.consumers > 0;
  Value threadZero, barriers, empties;
  scf::IfOp halves;
  if (tma) {
    // Warp-specialized, the mbarriers (one more per stage, which the
    // consumers' threads arrive on when done with the stage) are ready
    // before the block splits.
    if (specialized)
      rewriter.setInsertionPointToStart(&launch.getBody().front());
    Value tid = linearThreadId(rewriter, launch, loc).first;
    threadZero =
        arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq, tid,
                              arith::ConstantIndexOp::create(rewriter, loc, 0));
    SmallVector<int64_t, 2> arrivals = {1};
    if (specialized)
      arrivals.push_back(plan.consumers * kWarpgroupSize);
    SmallVector<Value> buffers =
        emitTmaBarriers(rewriter, launch, loc, stages, arrivals, threadZero);
    barriers = buffers.front();
    if (specialized) {
      empties = buffers.back();
      halves = splitProducer(rewriter, launch, plan.consumers);
    }
  }
  // (Back at the loop, which the split moved into the consumers' branch.)
  rewriter.setInsertionPoint(old);
  // The TMA loads of k-step `j` (< trips) into set `set`, by thread 0.
  auto issueLoads = [&](Value j, Value set, Value issue) {
    IRMapping mapping;
    mapping.map(old.getInductionVar(), kValue(j));
    SmallVector<Value> sets = {
        sharedAddress(rewriter, loc, ta.canonical, set, ta.setBytes()),
        sharedAddress(rewriter, loc, tb.canonical, set, tb.setBytes())};
    emitTmaIssue(rewriter, loc, body, mapping, plan.tma, sets,
                 tmaBarrier(rewriter, loc, barriers, set), issue);
  };
  // Every thread's wait for the TMA loads of k-step `j` (index).
  auto waitLoads = [&](Value j) {
    Value stage =
        affine::makeComposedAffineApply(rewriter, loc, d0 % stages, {j});
    Value parity = arith::IndexCastOp::create(
        rewriter, loc, rewriter.getI32Type(),
        affine::makeComposedAffineApply(rewriter, loc, d0.floorDiv(stages) % 2,
                                        {j}));
    emitTmaWait(rewriter, loc, tmaBarrier(rewriter, loc, barriers, stage),
                parity);
  };
  // k-step `j` is one of the loop's (TMA loads nothing past the end).
  auto inRange = [&](Value j) -> Value {
    return arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::slt, j,
                                 index(trips));
  };
  // One cp.async group: k-step `j`'s tiles of A and B into set `set`; or
  // with TMA, thread 0's loads of it if it is one of the loop's (no
  // token).
  auto issueCopies = [&](Value j, Value set) -> Value {
    if (tma) {
      issueLoads(j, set,
                 arith::AndIOp::create(rewriter, loc, threadZero, inRange(j)));
      return Value();
    }
    Value k = kValue(j);
    SmallVector<Value> tokens;
    for (auto [global, tile] : {std::make_pair(plan.globalA, &ta),
                                std::make_pair(plan.globalB, &tb)}) {
      IRMapping mapping;
      mapping.map(old.getInductionVar(), k);
      Value source = cloneSlice(rewriter, body, global, mapping);
      llvm::append_range(
          tokens, emitTileCopies(rewriter, launch, loc, source, *tile, set));
    }
    return nvgpu::DeviceAsyncCreateGroupOp::create(rewriter, loc, tokenType,
                                                   tokens);
  };
  auto wait = [&](Value token, int64_t pending) {
    nvgpu::DeviceAsyncWaitOp::create(rewriter, loc, token,
                                     rewriter.getI32IntegerAttr(pending));
  };
  auto fence = [&]() {
    NVVM::FenceProxyOp::create(
        rewriter, loc, NVVM::ProxyKind::async_shared,
        NVVM::SharedSpaceAttr::get(ctx, NVVM::SharedSpace::shared_cta));
  };
  auto residuals = [&](Value set, Value residualSet) {
    if (!split)
      return;
    emitResidualSplit(rewriter, launch, loc, ta, set, residualSet);
    emitResidualSplit(rewriter, launch, loc, tb, set, residualSet);
  };

  // The running accumulator, read once.
  IRMapping outside;
  Value tile =
      cloneSlice(rewriter, body, mm.op.getDpsInitOperand(0)->get(), outside);
  Value fragment =
      accumulatorFragment(rewriter, launch, loc, tile, mm.slabs, mm.n);
  VectorType accType = fragmentType(ctx, mm.slabs, mm.n);
  SmallVector<Value> origin(4, zero);
  SmallVector<bool> inBounds(4, true);
  Value acc = vector::TransferReadOp::create(rewriter, loc, accType, fragment,
                                             origin, std::nullopt, inBounds);
  // Loop-carried: the fragment vector, or wgmma's accumulator structs.
  SmallVector<Value> carried;
  if (accumulate)
    carried = fragmentToStructs(rewriter, loc, mm, acc);
  else
    carried = {acc};

  // Prologue (the producer's, warp-specialized).
  Value token;
  for (int64_t j = 0; j < (specialized ? 0 : ahead); ++j)
    token = issueCopies(index(j), index(j));
  if (!accumulate) {
    if (tma)
      waitLoads(zero);
    else
      wait(token, stages - 2);
    gpu::BarrierOp::create(rewriter, loc);
    residuals(zero, zero);
    fence();
  }

  // The operands' row offsets were computed at the matmul, inside the old
  // loop (they do not depend on k).
  WarpgroupMatmul inner = mm;
  inner.a.rowOffset = cloneSlice(rewriter, body, mm.a.rowOffset, outside);
  inner.b.rowOffset = cloneSlice(rewriter, body, mm.b.rowOffset, outside);
  SmallVector<Value> initial(carried);
  if (!tma)
    initial.push_back(token);
  // Without a body builder, a loop with iter_args gets no terminator.
  auto loop =
      scf::ForOp::create(rewriter, loc, zero, index(trips), index(1), initial);
  {
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToEnd(loop.getBody());
    Value j = loop.getInductionVar();
    ValueRange iterArgs = loop.getRegionIterArgs();
    ValueRange running = tma ? iterArgs : iterArgs.drop_back();
    Value latest = tma ? Value() : iterArgs.back();
    auto modulo = [&](int64_t offset, int64_t m) {
      return affine::makeComposedAffineApply(rewriter, loc, (d0 + offset) % m,
                                             {j});
    };
    SmallVector<Value> yielded;
    Value next;
    if (specialized) { // (f16 and bf16 only: accumulate)
      // Only the stage's tiles are waited for; when k-step j - 1's wgmma
      // are done, its stage goes back to the producer.
      waitLoads(j);
      SmallVector<Value> runningStructs(running);
      yielded = issueWgmma(rewriter, loc, inner, ta, tb, modulo(0, stages),
                           zero, /*split=*/false, runningStructs);
      NVVM::WgmmaWaitGroupSyncOp::create(rewriter, loc, uint64_t{1});
      OpBuilder::InsertionGuard guard(rewriter);
      auto branch = scf::IfOp::create(
          rewriter, loc,
          arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::sge, j,
                                index(1)),
          /*withElseRegion=*/false);
      rewriter.setInsertionPointToStart(&branch.getThenRegion().front());
      emitTmaArrive(
          rewriter, loc,
          tmaBarrier(rewriter, loc, empties, modulo(stages - 1, stages)));
    } else if (accumulate) {
      // (TMA writes through the async proxy that wgmma reads through.)
      if (tma) {
        waitLoads(j);
      } else {
        wait(latest, stages - 3);
        fence();
      }
      gpu::BarrierOp::create(rewriter, loc);
      Value far = affine::makeComposedAffineApply(rewriter, loc,
                                                  d0 + (stages - 2), {j});
      next = issueCopies(far, modulo(stages - 2, stages));
      SmallVector<Value> runningStructs(running);
      yielded = issueWgmma(rewriter, loc, inner, ta, tb, modulo(0, stages),
                           zero, /*split=*/false, runningStructs);
      NVVM::WgmmaWaitGroupSyncOp::create(rewriter, loc, uint64_t{1});
    } else {
      if (tma) {
        // k-step j + 1's tiles, whose residuals this step writes.
        Value following =
            affine::makeComposedAffineApply(rewriter, loc, d0 + 1, {j});
        OpBuilder::InsertionGuard guard(rewriter);
        auto branch = scf::IfOp::create(rewriter, loc, inRange(following),
                                        /*withElseRegion=*/false);
        rewriter.setInsertionPointToStart(&branch.getThenRegion().front());
        waitLoads(following);
      } else {
        wait(latest, stages - 3);
      }
      gpu::BarrierOp::create(rewriter, loc);
      Value far = affine::makeComposedAffineApply(rewriter, loc,
                                                  d0 + (stages - 1), {j});
      next = issueCopies(far, modulo(stages - 1, stages));
      SmallVector<Value> fresh = issueWgmma(
          rewriter, loc, inner, ta, tb, modulo(0, stages), modulo(0, 2), split);
      residuals(modulo(1, stages), modulo(1, 2));
      fence();
      yielded = {
          arith::AddFOp::create(rewriter, loc, running[0],
                                collectWgmma(rewriter, loc, inner, fresh))};
    }
    if (!tma)
      yielded.push_back(next);
    scf::YieldOp::create(rewriter, loc, yielded);
  }
  loop->setAttr(kWgmmaPipelineAttr, rewriter.getUnitAttr());
  rewriter.setInsertionPointAfter(loop);
  if (!tma)
    wait(loop.getResults().back(), 0);
  Value result = loop.getResult(0);
  if (accumulate) {
    NVVM::WgmmaWaitGroupSyncOp::create(rewriter, loc, uint64_t{0});
    SmallVector<Value> structs(tma ? loop.getResults()
                                   : loop.getResults().drop_back());
    result = structsToFragment(rewriter, loc, mm, structs);
  }
  vector::TransferWriteOp::create(rewriter, loc, result, fragment, origin,
                                  inBounds);
  // Without a barrier in the consumers' k-loop, none follows it where the
  // GPU tail ends synchronizing loops with one: an epilogue reading other
  // threads' accumulators waits for their write-back here.
  if (specialized) {
    gpu::BarrierOp::create(rewriter, loc);
    // The producer: one thread issues every k-step's loads once the
    // consumers are done with the stage's previous ones (round r of stage
    // s waits for phase r - 1 of its mbarrier).
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(&halves.getThenRegion().front());
    auto elected = scf::IfOp::create(
        rewriter, loc,
        arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                              launch.getThreadIds().x, index(0)),
        /*withElseRegion=*/false);
    rewriter.setInsertionPointToStart(&elected.getThenRegion().front());
    auto producer =
        scf::ForOp::create(rewriter, loc, index(0), index(trips), index(1));
    rewriter.setInsertionPointToStart(producer.getBody());
    Value j = producer.getInductionVar();
    Value stage =
        affine::makeComposedAffineApply(rewriter, loc, d0 % stages, {j});
    {
      OpBuilder::InsertionGuard guard(rewriter);
      auto reused = scf::IfOp::create(
          rewriter, loc,
          arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::sge, j,
                                index(stages)),
          /*withElseRegion=*/false);
      rewriter.setInsertionPointToStart(&reused.getThenRegion().front());
      Value parity = arith::IndexCastOp::create(
          rewriter, loc, rewriter.getI32Type(),
          affine::makeComposedAffineApply(rewriter, loc,
                                          (d0.floorDiv(stages) + 1) % 2, {j}));
      emitTmaWait(rewriter, loc, tmaBarrier(rewriter, loc, empties, stage),
                  parity);
    }
    issueLoads(j, stage,
               arith::ConstantIntOp::create(rewriter, loc, 1, /*width=*/1));
  }
  rewriter.eraseOp(old);
  if (specialized)
    return rematerializeInProducer(rewriter, halves, launch);
  return success();
}

/// True if `op`'s B is stored KxN: its indexing map's first result is the
/// reduction loop.
static bool isStoredKxN(linalg::LinalgOp op) {
  AffineMap map = op.getMatchingIndexingMap(op.getDpsInputOperand(1));
  if (map.getNumResults() != 2)
    return false;
  auto first = dyn_cast<AffineDimExpr>(map.getResult(0));
  return first && op.getIteratorTypesArray()[first.getPosition()] ==
                      utils::IteratorType::reduction;
}

LogicalResult mlir::foundry::lowerWarpgroupMatmuls(RewriterBase &rewriter,
                                                   gpu::LaunchOp launch,
                                                   Precision precision,
                                                   StringRef chip) {
  SmallVector<linalg::LinalgOp> ops;
  launch.getBody().walk([&](linalg::LinalgOp op) {
    if (op->hasAttr(kWgmmaAttr))
      ops.push_back(op);
  });
  if (ops.empty())
    return success();
  if (chip != "sm_90a")
    return ops.front().emitOpError("foundry-map-forall-to-gpu: a warpgroup "
                                   "tile of foundry-mma runs on wgmma, which "
                                   "only sm_90a has; the chip is ")
           << chip
           << " (compile with foundry-to-nvvm{chip=sm_90a}, or "
              "foundry-compile --target=sm_90a)";
  // The thread mapping computes the warpgroup ids of each forall anew: one
  // computation of each, so that a fill and the matmul it initializes take
  // the same view.
  {
    DominanceInfo dominance(launch);
    eliminateCommonSubExpressions(rewriter, dominance, launch);
  }
  ops.clear();
  launch.getBody().walk([&](linalg::LinalgOp op) {
    if (op->hasAttr(kWgmmaAttr))
      ops.push_back(op);
  });

  // Each matmul's staged operands and shape.
  SmallVector<WarpgroupMatmul> matmuls;
  for (linalg::LinalgOp op : ops) {
    if (!op.hasPureBufferSemantics() || op.getNumDpsInputs() != 2 ||
        op.getNumDpsInits() != 1)
      return op.emitOpError("foundry-map-forall-to-gpu: a wgmma matmul must "
                            "be a linalg op on buffers with two inputs");
    rewriter.setInsertionPoint(op);
    FailureOr<StagedOperand> a = resolveStaged(
        rewriter, launch, op, op.getDpsInputOperand(0)->get(), "A");
    if (failed(a))
      return failure();
    FailureOr<StagedOperand> b =
        resolveStaged(rewriter, launch, op, op.getDpsInputOperand(1)->get(),
                      "B", isStoredKxN(op));
    if (failed(b))
      return failure();
    auto cType = cast<MemRefType>(op.getDpsInitOperand(0)->get().getType());
    int64_t k = cast<MemRefType>(a->root.getType()).getDimSize(1);
    if (b->mnMajor && (a->format.isTf32() ||
                       cast<MemRefType>(b->root.getType()).getDimSize(0) != k))
      return op.emitOpError("foundry-map-forall-to-gpu: wgmma reads a B "
                            "stored KxN only for f16 and bf16 operands, the "
                            "k-step of A and B alike");
    if (cType.getRank() != 2 || !cType.hasStaticShape() ||
        cType.getDimSize(0) != a->rows || cType.getDimSize(1) != b->rows ||
        a->rows % kSlabRows != 0 || b->rows % 8 != 0 ||
        isWorkgroupMemorySpace(cType.getMemorySpace()))
      return op.emitOpError("foundry-map-forall-to-gpu: a wgmma matmul needs "
                            "a static ")
             << a->rows << "x" << b->rows
             << " accumulator tile outside shared memory, rows a multiple "
                "of 64, columns of 8; got "
             << cType;
    SmallVector<int64_t> strides;
    int64_t offset;
    if (failed(cType.getStridesAndOffset(strides, offset)) || strides[1] != 1 ||
        ShapedType::isDynamic(strides[0]))
      return op.emitOpError("foundry-map-forall-to-gpu: a wgmma matmul's "
                            "accumulator tile must have a static row stride "
                            "and contiguous rows; got ")
             << cType;
    if (a->format.type != b->format.type)
      return op.emitOpError("foundry-map-forall-to-gpu: the operands of a "
                            "wgmma matmul must have one element type; A "
                            "and B are staged as ")
             << a->root.getType() << " and " << b->root.getType();
    if (k % a->format.stepK() != 0)
      return op.emitOpError("foundry-map-forall-to-gpu: a wgmma matmul's "
                            "k-step must be a multiple of ")
             << a->format.stepK() << "; got " << k;
    matmuls.push_back({op, *a, *b, a->rows / kSlabRows, b->rows, k});
  }
  // 3xtf32 splits fp32 operands into two tf32 parts; f16 and bf16
  // operands are read exactly as they are. One launch takes one kind.
  bool split =
      precision == Precision::tf32x3 && matmuls.front().a.format.isTf32();
  for (const WarpgroupMatmul &mm : matmuls)
    if (mm.a.format.isTf32() != matmuls.front().a.format.isTf32())
      return mm.op.emitOpError("foundry-map-forall-to-gpu: the warpgroup "
                               "matmuls of one kernel must all read fp32 "
                               "operands or all half-precision ones");
  // Each thread holds its fragment of the running accumulator and of the
  // k-step's fresh one: with too many threads per block the register file
  // (64K 32-bit registers per SM, at most 255 per thread) cannot hold both,
  // and ptxas fails or spills.
  // (A warp-specialized block has one more warpgroup, the producer.)
  int64_t blockThreads = 1;
  for (Value size :
       {launch.getBlockSizeX(), launch.getBlockSizeY(), launch.getBlockSizeZ()})
    blockThreads *= getConstantIntValue(size).value_or(1);
  if (llvm::any_of(matmuls, [](const WarpgroupMatmul &mm) {
        Operation *loop = mm.op->getParentOp();
        return loop && loop->hasAttr(kWarpSpecializedAttr);
      }))
    blockThreads += kWarpgroupSize;
  int64_t registerLimit =
      std::min<int64_t>(kMaxRegistersPerThread,
                        kRegistersPerSM / std::max<int64_t>(blockThreads, 1));
  // (f16 and bf16 operands need only the running one.)
  for (const WarpgroupMatmul &mm : matmuls) {
    int64_t sets = mm.a.format.isTf32() ? 2 : 1;
    int64_t registers = sets * mm.slabs * mm.n / 2;
    if (registers + kWgmmaSpareRegisters > registerLimit)
      return mm.op.emitOpError("foundry-map-forall-to-gpu: ")
             << blockThreads << " threads per block leave " << registerLimit
             << " registers per thread; the warpgroup tile "
             << mm.slabs * kSlabRows << "x" << mm.n << " needs " << registers
             << (sets == 2 ? " for its two accumulators"
                           : " for its accumulator")
             << " and more (fewer warpgroups per block, or smaller warpgroup "
                "tiles)";
  }

  llvm::SmallPtrSet<Operation *, 8> matmulOps;
  for (const WarpgroupMatmul &mm : matmuls)
    matmulOps.insert(mm.op);
  // The k-loops the GPU tail pipelines itself (foundry-promote{stages>=3}).
  int64_t threads;
  {
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(&launch.getBody().front());
    threads = linearThreadId(rewriter, launch, launch.getLoc()).second;
  }
  SmallVector<std::optional<WarpgroupPipeline>, 2> plans;
  for (const WarpgroupMatmul &mm : matmuls) {
    plans.push_back(planPipeline(launch, mm, split, threads, matmulOps));
    std::optional<WarpgroupPipeline> &plan = plans.back();
    auto loop = dyn_cast<scf::ForOp>(mm.op->getParentOp());
    if (!loop || !loop->hasAttr(kTmaLoadsAttr))
      continue;
    if (!plan)
      return mm.op.emitOpError(
          "foundry-map-forall-to-gpu: foundry-promote{tma=true} loads the "
          "tiles of a pipelined wgmma k-loop, and this one is not pipelined "
          "(it needs at least as many k-steps as stages, only the copies "
          "and the matmul in its body, and its tiles with their stages "
          "within shared memory)");
    for (auto [global, operand, name] :
         {std::make_tuple(plan->globalA, &mm.a, "A"),
          std::make_tuple(plan->globalB, &mm.b, "B")}) {
      FailureOr<TmaTile> tile = planTmaTile(
          launch, global, operand->format.elementBytes, mm.op, name);
      if (failed(tile))
        return failure();
      plan->tma.push_back(*tile);
    }
    if (!loop->hasAttr(kWarpSpecializedAttr))
      continue;
    std::optional<int64_t> consumers = consumerWarpgroups(launch);
    if (mm.a.format.isTf32())
      return mm.op.emitOpError(
          "foundry-map-forall-to-gpu: foundry-promote{warp-specialize=true} "
          "needs f16 or bf16 operands (each fp32 k-step adds a fresh "
          "accumulator and waits for its own wgmma)");
    if (!consumers || matmuls.size() != 1)
      return mm.op.emitOpError(
          "foundry-map-forall-to-gpu: foundry-promote{warp-specialize=true} "
          "needs one warpgroup matmul per kernel on a block of 128 threads "
          "across x and one warpgroup per y (as foundry-tile-warpgroups "
          "maps them), at most 7 of them (with the producer, 1024 "
          "threads)");
    // What the producer's loads are computed from, checked before the
    // split moves the kernel into the consumers' branch.
    SmallVector<Value> inputs = {loop.getLowerBound(), loop.getStep()};
    for (const TmaTile &tile : plan->tma)
      for (Operation *view : tile.views)
        llvm::append_range(inputs, view->getOperands());
    if (failed(checkProducerInputs(launch, loop, inputs, mm.op)))
      return failure();
    plan->consumers = *consumers;
  }

  // The canonical tiles, and the copies that fill them re-pointed.
  llvm::MapVector<BlockArgument, CanonicalTile> tiles;
  for (auto [mm, plan] : llvm::zip(matmuls, plans))
    for (const StagedOperand *operand : {&mm.a, &mm.b}) {
      if (tiles.count(operand->root))
        continue;
      auto type = cast<MemRefType>(operand->root.getType());
      int64_t rows = type.getDimSize(0), columns = type.getDimSize(1);
      CanonicalTile tile;
      tile.rows = rows;
      tile.columns = columns;
      tile.sets = plan ? plan->stages : 1;
      tile.residualSets = plan ? 2 : 1;
      tile.format = operand->format;
      int64_t chunk = tile.format.chunk();
      auto setsType = [&](int64_t sets) {
        return MemRefType::get(
            {sets, rows * columns / chunk, chunk}, type.getElementType(),
            MemRefLayoutAttrInterface(), type.getMemorySpace());
      };
      tile.canonical =
          launch.addWorkgroupAttribution(setsType(tile.sets), launch.getLoc());
      if (split)
        tile.residual = launch.addWorkgroupAttribution(
            setsType(tile.residualSets), launch.getLoc());
      tiles[operand->root] = tile;
    }
  // Matmul operand views are rewritten below; every other use of a staged
  // tile must be a subview that linalg ops write into (the tiles of
  // pipelined loops go with their loops).
  for (auto [mm, plan] : llvm::zip(matmuls, plans)) {
    if (plan)
      continue;
    for (BlockArgument root : {mm.a.root, mm.b.root})
      if (failed(copyWholeTile(rewriter, launch, root, tiles[root], matmulOps,
                               mm.op)))
        return failure();
  }

  // The fill of each accumulator tile writes only the thread's fragment.
  SmallVector<linalg::FillOp> fills;
  launch.getBody().walk([&](linalg::FillOp fill) { fills.push_back(fill); });
  for (linalg::FillOp fill : fills) {
    if (!fill.hasPureBufferSemantics())
      continue;
    Value target = fill.getDpsInitOperand(0)->get();
    const WarpgroupMatmul *owner = nullptr;
    for (const WarpgroupMatmul &mm : matmuls)
      if (isSameView(target, mm.op.getDpsInitOperand(0)->get()))
        owner = &mm;
    if (!owner)
      continue;
    rewriter.setInsertionPoint(fill);
    Location loc = fill.getLoc();
    auto [tid, threads] = linearThreadId(rewriter, launch, loc);
    (void)threads;
    Value lane = affine::makeComposedAffineApply(
        rewriter, loc, rewriter.getAffineDimExpr(0) % kWarpgroupSize, {tid});
    Value fragment =
        fragmentView(rewriter, loc, target, lane, owner->slabs, owner->n);
    VectorType type =
        fragmentType(rewriter.getContext(), owner->slabs, owner->n);
    Value splat =
        vector::BroadcastOp::create(rewriter, loc, type, fill.getInputs()[0]);
    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    vector::TransferWriteOp::create(rewriter, loc, splat, fragment,
                                    SmallVector<Value>(4, zero),
                                    SmallVector<bool>(4, true));
    rewriter.eraseOp(fill);
  }

  // Per k-loop: the residuals of its tiles, then a proxy fence (the tiles
  // were written through the generic proxy; wgmma reads them through the
  // async proxy) and a barrier, before the first matmul.
  llvm::MapVector<Operation *, llvm::SetVector<BlockArgument>> perLoop;
  for (auto [mm, plan] : llvm::zip(matmuls, plans)) {
    if (plan)
      continue;
    auto loop = mm.op->getParentOfType<scf::ForOp>();
    if (!loop || !launch->isProperAncestor(loop))
      return mm.op.emitOpError("foundry-map-forall-to-gpu: a wgmma matmul "
                               "outside a block-level k-loop");
    Operation *anchor = loop.getBody()->findAncestorOpInBlock(*mm.op);
    auto &roots = perLoop[anchor];
    roots.insert(mm.a.root);
    roots.insert(mm.b.root);
  }
  for (auto &[anchor, roots] : perLoop) {
    rewriter.setInsertionPoint(anchor);
    Location loc = anchor->getLoc();
    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    if (split)
      for (BlockArgument root : roots)
        emitResidualSplit(rewriter, launch, loc, tiles[root], zero, zero);
    NVVM::FenceProxyOp::create(
        rewriter, loc, NVVM::ProxyKind::async_shared,
        NVVM::SharedSpaceAttr::get(rewriter.getContext(),
                                   NVVM::SharedSpace::shared_cta));
    gpu::BarrierOp::create(rewriter, loc);
  }

  for (auto [mm, plan] : llvm::zip(matmuls, plans)) {
    if (plan) {
      if (failed(emitPipelinedLoop(rewriter, launch, mm, *plan,
                                   tiles[mm.a.root], tiles[mm.b.root], split)))
        return failure();
      continue;
    }
    SmallVector<Value> operands = {mm.op.getDpsInputOperand(0)->get(),
                                   mm.op.getDpsInputOperand(1)->get()};
    emitWarpgroupMatmul(rewriter, launch, mm, tiles[mm.a.root],
                        tiles[mm.b.root], split);
    for (Value operand : operands)
      eraseDeadViews(rewriter, operand);
  }
  // The swizzled tiles need 1024-byte aligned sets (moveToDynamicSharedMemory).
  launch->setAttr(kWgmmaTilesAttr, rewriter.getUnitAttr());
  // The tiles as foundry-promote made them are no longer used.
  for (auto &[root, tile] : tiles) {
    if (!root.use_empty())
      return launch.emitOpError("foundry-map-forall-to-gpu: a shared tile "
                                "that wgmma reads is still used in its old "
                                "layout");
    eraseSharedTile(launch, root);
  }
  return success();
}
