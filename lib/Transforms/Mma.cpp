//===- Mma.cpp - Warp and warpgroup tiles of matmuls on the tensor cores -===//
//
// foundry-mma: the matmuls of warp tiles become vector.contract ops unrolled
// to the m16n8k8 shape of mma.sync, with the accumulators hoisted out of the
// k-loop. The GPU tail turns them into nvgpu.mma.sync (upstream
// convertVectorToNVVMCompatibleMMASync), in 3xtf32 form where the kernel's
// precision asks for it. The matmuls of warpgroup tiles are checked and
// marked for wgmma, which the GPU tail emits (Wgmma.cpp).
//
//===----------------------------------------------------------------------===//

#include "foundry/Transforms/Passes.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"

namespace mlir::foundry {
#define GEN_PASS_DEF_FOUNDRYTRANSPOSEAPASS
#define GEN_PASS_DEF_FOUNDRYTRANSPOSEBPASS
#define GEN_PASS_DEF_FOUNDRYMMAPASS
#include "foundry/Transforms/Passes.h.inc"
} // namespace mlir::foundry

using namespace mlir;
using namespace mlir::foundry;

/// The mma.sync shapes foundry uses: m16n8k8 for fp32 operands (tf32),
/// m16n8k16 for f16 and bf16 operands (PTX ISA, "Matrix Fragments for
/// mma.m16n8k16").
static constexpr int64_t kMmaM = 16, kMmaN = 8, kMmaK = 8, kMmaKF16 = 16;

/// The k of one mma.sync on operands of `elementType`.
static int64_t mmaK(Type elementType) {
  return isHalfFloat(elementType) ? kMmaKF16 : kMmaK;
}

bool mlir::foundry::hasHalfFloatOperands(linalg::LinalgOp op) {
  if (op.getNumDpsInputs() != 2)
    return false;
  Type a = getElementTypeOrSelf(op.getDpsInputOperand(0)->get().getType());
  Type b = getElementTypeOrSelf(op.getDpsInputOperand(1)->get().getType());
  return isHalfFloat(a) && a == b;
}
/// Bounds on one warp tile: accumulator fragments (32 = a 64x64 tile, 128
/// registers per lane) and m16n8k8 products (fragments times k-steps).
static constexpr int64_t kMaxMmaFragments = 32, kMaxMmaOps = 256;
/// The wgmma shapes (PTX ISA, "Matrix shape"): m64nNk8 for tf32, m64nNk16
/// for f16 and bf16, N a multiple of 8 up to 256; and the accumulator
/// registers per thread one warpgroup tile may take: for fp32 operands a
/// second set holds each k-step's sum, f16 and bf16 ones accumulate in
/// place (Wgmma.cpp).
static constexpr int64_t kWgmmaM = 64, kWgmmaN = 8, kWgmmaK = 8,
                         kWgmmaKF16 = 16, kMaxWgmmaN = 256,
                         kMaxWgmmaAccumulators = 64,
                         kMaxWgmmaAccumulatorsF16 = 128;

/// True if `generic`'s body is exactly `acc + x * y` (either operand order),
/// x and y its two input block arguments, each possibly extended
/// (`arith.extf`): what a linalg.matmul computes. Upstream's contraction
/// matcher (LLVM 22) also takes bodies with unary ops around the operands
/// or the sum (`acc + exp(a) * b`, `-(acc + a * b)`), which a named matmul
/// would drop.
static bool hasPlainMatmulBody(linalg::GenericOp generic) {
  Block &body = generic.getRegion().front();
  if (generic.getNumDpsInputs() != 2 || generic.getNumDpsInits() != 1)
    return false;
  auto yield = cast<linalg::YieldOp>(body.getTerminator());
  auto add = yield.getOperand(0).getDefiningOp<arith::AddFOp>();
  if (!add)
    return false;
  Value acc = body.getArgument(2);
  if ((add.getLhs() == acc) == (add.getRhs() == acc))
    return false;
  Value product = add.getLhs() == acc ? add.getRhs() : add.getLhs();
  auto mul = product.getDefiningOp<arith::MulFOp>();
  if (!mul)
    return false;
  auto input = [&](Value v) -> Value {
    if (auto ext = v.getDefiningOp<arith::ExtFOp>())
      v = ext.getIn();
    return v;
  };
  Value x = input(mul.getLhs()), y = input(mul.getRhs());
  bool operands = (x == body.getArgument(0) && y == body.getArgument(1)) ||
                  (x == body.getArgument(1) && y == body.getArgument(0));
  // Nothing else in the body: the extensions, the product, the sum.
  size_t ops = std::distance(body.begin(), body.end());
  size_t expected = 3 + (x != mul.getLhs()) + (y != mul.getRhs());
  return operands && ops == expected;
}

/// Checks what every tensor-core tile needs of its matmul `op`: an f32 2-D
/// (m, n, k) contraction of static shape; `unit` ("warp", "warpgroup") and
/// `instruction` ("mma.sync", "wgmma") name the tile in diagnostics.
/// Returns its contraction dimensions.
static FailureOr<linalg::ContractionDimensions>
checkTensorCoreMatmul(linalg::LinalgOp op, StringRef unit,
                      StringRef instruction) {
  if (!linalg::isaContractionOpInterface(op) || op.getNumLoops() != 3 ||
      op.getNumDpsInputs() != 2 || op.getNumDpsInits() != 1)
    return op.emitOpError("foundry-mma: only 2-D matmuls go on the tensor "
                          "cores");
  // f32 operands (tf32), or f16 (bf16) operands with an f32 accumulator
  // (an f16 one is refused below).
  bool f16 = hasHalfFloatOperands(op);
  for (OpOperand &operand : op->getOpOperands()) {
    auto type = dyn_cast<RankedTensorType>(operand.get().getType());
    Type element = type ? type.getElementType() : Type();
    bool accumulator = op.isDpsInit(&operand);
    bool ok = element && (element.isF32() ||
                          (f16 && (isHalfFloat(element) || accumulator)));
    if (!ok)
      return op.emitOpError("foundry-mma: tensor cores here take f32 "
                            "operands (tf32 ")
             << instruction << ") or f16 or bf16 operands with an f32 "
             << "accumulator ("
             << (instruction == "mma.sync" ? "m16n8k16" : "m64nNk16")
             << "), not " << operand.get().getType();
  }
  // A generic whose body does more than acc + a * b (an exp of an operand)
  // is not what the tensor cores compute.
  if (auto generic = dyn_cast<linalg::GenericOp>(op.getOperation());
      generic && !hasPlainMatmulBody(generic))
    return op.emitOpError("foundry-mma: the contraction computes more than "
                          "acc + a * b per step (ops on its operands or its "
                          "sum); keep it in SIMT (foundry-tile-threads)");
  if (op.hasDynamicShape())
    return op.emitOpError("foundry-mma: the ")
           << unit << " tile has a dynamic shape; choose block and " << unit
           << " tiles that divide the matmul";
  FailureOr<linalg::ContractionDimensions> dims =
      linalg::inferContractionDims(op);
  if (failed(dims) || dims->m.size() != 1 || dims->n.size() != 1 ||
      dims->k.size() != 1 || !dims->batch.empty())
    return op.emitOpError("foundry-mma: not an (m, n, k) matmul");
  return dims;
}

/// Checks that `op` is an f32 2-D matmul (A row-major MxK; B KxN or, as
/// nn.Linear stores it, NxK) of static shape that m16n8k8 tiles exactly.
static LogicalResult checkMmaShape(linalg::LinalgOp op) {
  FailureOr<linalg::ContractionDimensions> dims =
      checkTensorCoreMatmul(op, "warp", "mma.sync");
  if (failed(dims))
    return failure();
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  if (kMajorRowOperand(op))
    return op.emitOpError("foundry-mma: operand A is not stored MxK (a "
                          "transposed, K-major A); the mma.sync lowering "
                          "here reads A fragments along K: copy it first "
                          "(foundry-transpose-a) or keep this GEMM in SIMT "
                          "(foundry-tile-threads)");
  int64_t m = ranges[dims->m[0]], n = ranges[dims->n[0]],
          k = ranges[dims->k[0]];
  int64_t stepK = hasHalfFloatOperands(op) ? kMmaKF16 : kMmaK;
  std::string shape = "m16n8k" + std::to_string(stepK);
  if (m % kMmaM || n % kMmaN || k % stepK)
    return op.emitOpError("foundry-mma: the warp tile is ")
           << m << "x" << n << "x" << k << "; " << shape
           << " needs multiples of 16, 8 and " << stepK;
  // Each m16n8 accumulator fragment holds 4 fp32 registers per lane, and
  // the warp tile unrolls into one mma per fragment and k-step: past these
  // bounds the registers spill, and the unrolled IR (thousands of ops whose
  // slices are compared pairwise when hoisted) takes minutes to compile.
  int64_t fragments = (m / kMmaM) * (n / kMmaN);
  if (fragments > kMaxMmaFragments || fragments * (k / stepK) > kMaxMmaOps)
    return op.emitOpError("foundry-mma: the warp tile ")
           << m << "x" << n << "x" << k << " needs " << fragments
           << " accumulator fragments and " << fragments * (k / stepK) << " "
           << shape << " products per warp; at most " << kMaxMmaFragments
           << " and " << kMaxMmaOps
           << " (foundry-tile-warps and foundry-tile-reduction make it "
              "smaller, e.g. 64x32x8)";
  return success();
}

/// True if `value` is (a slice of) a shared-memory tile of foundry-promote:
/// a workgroup-memory bufferization.alloc_tensor, seen through
/// tensor.extract_slice and the scf.forall that fills it.
static bool isSharedMemoryTile(Value value) {
  while (value) {
    if (auto slice = value.getDefiningOp<tensor::ExtractSliceOp>()) {
      value = slice.getSource();
      continue;
    }
    if (auto forall = value.getDefiningOp<scf::ForallOp>()) {
      value = forall.getTiedOpOperand(cast<OpResult>(value))->get();
      continue;
    }
    auto alloc = value.getDefiningOp<bufferization::AllocTensorOp>();
    return alloc && alloc.getMemorySpace() &&
           isWorkgroupMemorySpace(*alloc.getMemorySpace());
  }
  return false;
}

/// Checks that `op`, the matmul of a warpgroup tile, is what the GPU tail's
/// wgmma lowering takes: a 2-D matmul of f32 operands, or of f16 or bf16
/// operands, into an f32 accumulator, of static shape m x n x k with m a
/// multiple of 64 (m64nNk8 or m64nNk16 per 64 rows), n a multiple of 8 up
/// to 256, k a multiple of the instruction's k, A stored MxK and B stored
/// NxK as nn.Linear does (wgmma reads tf32 only so) or, for f16 and bf16,
/// KxN with n a multiple of 64 (read MN-major), both staged in shared
/// memory by foundry-promote, and at most 64 accumulator registers per
/// thread for fp32 operands (the sum of each k-step goes to a second set),
/// 128 for 16-bit ones.
static LogicalResult checkWgmmaShape(linalg::LinalgOp op) {
  FailureOr<linalg::ContractionDimensions> dims =
      checkTensorCoreMatmul(op, "warpgroup", "wgmma");
  if (failed(dims))
    return failure();
  unsigned mDim = dims->m[0], nDim = dims->n[0], kDim = dims->k[0];
  MLIRContext *ctx = op.getContext();
  // The parts of hasWgmmaOperandLayout, each with its own message.
  auto kMajor = [&](unsigned input, unsigned rowDim) {
    AffineMap map = op.getMatchingIndexingMap(op.getDpsInputOperand(input));
    return map.getNumResults() == 2 &&
           map.getResult(0) == getAffineDimExpr(rowDim, ctx) &&
           map.getResult(1) == getAffineDimExpr(kDim, ctx);
  };
  AffineMap out = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  if (out.getNumResults() != 2 ||
      out.getResult(0) != getAffineDimExpr(mDim, ctx) ||
      out.getResult(1) != getAffineDimExpr(nDim, ctx))
    return op.emitOpError("foundry-mma: wgmma writes an MxN accumulator; "
                          "this matmul's output is indexed otherwise");
  if (!kMajor(0, mDim))
    return op.emitOpError("foundry-mma: operand A is not stored MxK; wgmma "
                          "here reads its operands K-major only (copy it "
                          "with foundry-transpose-a)");
  // A 16-bit B stored KxN is read MN-major (wgmma's transposed B).
  auto storedKxN = [&]() {
    AffineMap map = op.getMatchingIndexingMap(op.getDpsInputOperand(1));
    return map.getNumResults() == 2 &&
           map.getResult(0) == getAffineDimExpr(kDim, ctx) &&
           map.getResult(1) == getAffineDimExpr(nDim, ctx);
  };
  if (!kMajor(1, nDim) && !(hasHalfFloatOperands(op) && storedKxN()))
    return op.emitOpError("foundry-mma: operand B is not stored NxK; wgmma "
                          "here reads fp32 operands K-major only (B as "
                          "nn.Linear stores its weight; f16 and bf16 ones "
                          "also stored KxN): copy a KxN B with "
                          "foundry-transpose-b, or keep it on warp tiles "
                          "(mma.sync)");
  for (unsigned input : {0u, 1u})
    if (!isSharedMemoryTile(op.getDpsInputOperand(input)->get()))
      return op.emitOpError("foundry-mma: operand ")
             << (input == 0 ? "A" : "B")
             << " of a warpgroup matmul must be staged in shared memory "
                "(foundry-promote{operands=0,1} before "
                "foundry-tile-warpgroups): wgmma reads it there";
  bool half = hasHalfFloatOperands(op);
  if (half && !getElementTypeOrSelf(op.getDpsInitOperand(0)->get().getType())
                   .isF32())
    return op.emitOpError("foundry-mma: wgmma of f16 and bf16 operands "
                          "accumulates into f32 here; the accumulator is ")
           << op.getDpsInitOperand(0)->get().getType();
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  int64_t m = ranges[mDim], n = ranges[nDim], k = ranges[kDim];
  int64_t stepK = half ? kWgmmaKF16 : kWgmmaK;
  if (m % kWgmmaM || n % kWgmmaN || n > kMaxWgmmaN || k % stepK)
    return op.emitOpError("foundry-mma: the warpgroup tile is ")
           << m << "x" << n << "x" << k << "; wgmma m64nNk" << stepK
           << " needs m a multiple of 64, n a multiple of 8 up to 256, k a "
              "multiple of "
           << stepK;
  // wgmma reads a KxN B MN-major in 128-byte rows of N: 64 f16 or bf16.
  if (half && !kMajor(1, nDim) && n % 64)
    return op.emitOpError("foundry-mma: the warpgroup tile is ")
           << m << "x" << n << "x" << k
           << "; wgmma reads a B stored KxN in 128-byte rows of N here: n "
              "must be a multiple of 64";
  int64_t limit = half ? kMaxWgmmaAccumulatorsF16 : kMaxWgmmaAccumulators;
  if (m * n / kWarpgroupSize > limit)
    return op.emitOpError("foundry-mma: the warpgroup tile ")
           << m << "x" << n << " needs " << m * n / kWarpgroupSize
           << " accumulator registers per thread"
           << (half ? "" : ", twice with the sum of each k-step") << "; at most "
           << limit << (half ? " (e.g. 64x256 or 128x128)" : " (e.g. 64x128 or 128x64)");
  return success();
}

/// `generic` as the named op upstream recognizes it as (a 2-D matmul
/// generic becomes linalg.matmul, which the vectorizer turns into
/// vector.contract as for any matmul), or `generic` itself (also where its
/// body is more than a matmul's, hasPlainMatmulBody).
static linalg::LinalgOp specialized(RewriterBase &rewriter,
                                    linalg::GenericOp generic) {
  if (!hasPlainMatmulBody(generic))
    return generic;
  // Upstream's specialization (LLVM 22) names a matmul generic with other
  // maps (B stored NxK) linalg.matmul with the default maps, which reads
  // the wrong elements: a generic with a matmul's own maps is named, and
  // one with B stored NxK ((m, k), (n, k), (m, n)) too, its maps then set
  // on the named op (linalg.matmul's indexing_maps).
  ArrayAttr maps = generic.getIndexingMaps();
  MLIRContext *context = generic.getContext();
  AffineExpr m, n, k;
  bindDims(context, m, n, k);
  bool nkB =
      generic.getNumLoops() == 3 &&
      generic.getIndexingMapsArray() ==
          AffineMap::inferFromExprList(
              ArrayRef<ArrayRef<AffineExpr>>{{m, k}, {n, k}, {m, n}}, context);
  if (!linalg::MatmulOp::isDefaultIndexingMaps(maps) && !nkB)
    return generic;
  rewriter.setInsertionPoint(generic);
  FailureOr<linalg::LinalgOp> named =
      linalg::specializeGenericOp(rewriter, generic);
  if (failed(named))
    return generic;
  if (auto matmul = dyn_cast<linalg::MatmulOp>(named->getOperation());
      matmul && nkB)
    matmul.setIndexingMapsAttr(maps);
  return *named;
}

/// A warp tile of a batched contraction (a batch_matmul, the GEMM of an
/// im2col convolution, whose image loop counts as an N loop) has loops of
/// extent 1 besides its M, N and K once blocks take one batch element
/// each: drops them (upstream dropUnitDims, rank-reducing slices), so that
/// the tile is a 2-D matmul. Returns the op to put on the tensor cores:
/// `op` itself when it has three loops, or other loops than of extent 1,
/// or they cannot be dropped (checkMmaShape then says why).
static linalg::LinalgOp dropUnitBatchLoops(RewriterBase &rewriter,
                                           linalg::LinalgOp op) {
  if (op.getNumLoops() <= 3 || op.hasDynamicShape())
    return op;
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  SmallVector<unsigned> batch;
  for (auto [loop, extent] : llvm::enumerate(ranges))
    if (extent == 1)
      batch.push_back(loop);
  if (op.getNumLoops() - batch.size() != 3)
    return op;
  auto generic = dyn_cast<linalg::GenericOp>(op.getOperation());
  rewriter.setInsertionPoint(op);
  if (!generic) {
    FailureOr<linalg::GenericOp> generalized =
        linalg::generalizeNamedOp(rewriter, op);
    if (failed(generalized))
      return op;
    generic = *generalized;
  }
  linalg::ControlDropUnitDims control;
  control.rankReductionStrategy =
      linalg::ControlDropUnitDims::RankReductionStrategy::ExtractInsertSlice;
  control.controlFn = [batch](Operation *) { return batch; };
  rewriter.setInsertionPoint(generic);
  FailureOr<linalg::DropUnitDimsResult> dropped =
      linalg::dropUnitDims(rewriter, generic, control);
  if (failed(dropped))
    return generic;
  rewriter.replaceOp(generic, dropped->replacements);
  return specialized(rewriter,
                     cast<linalg::GenericOp>(dropped->resultOp.getOperation()));
}

/// A 2-D matmul generic whose output columns (its innermost dimension) come
/// from its first operand, C[f, w] = sum_c X[c, w] W[f, c] (the warp tile
/// of a pointwise convolution in NCHW), becomes C = W X: the same generic
/// with its inputs swapped, which is the (row-major A, B) form mma.sync
/// takes, specialized to linalg.matmul where upstream recognizes it. The
/// body's product is commutative, so its values are unchanged. Returns `op`
/// itself when it is not such a generic.
static linalg::LinalgOp putRowOperandFirst(RewriterBase &rewriter,
                                           linalg::LinalgOp op) {
  auto generic = dyn_cast<linalg::GenericOp>(op.getOperation());
  if (!generic || generic.getNumLoops() != 3 ||
      generic.getNumDpsInputs() != 2 || generic.getNumDpsInits() != 1)
    return op;
  FailureOr<linalg::ContractionDimensions> dims =
      linalg::inferContractionDims(op);
  AffineMap out = generic.getMatchingIndexingMap(generic.getDpsInitOperand(0));
  if (failed(dims) || dims->m.size() != 1 || dims->n.size() != 1 ||
      out.getNumResults() != 2 || !out.isProjectedPermutation() ||
      out.getDimPosition(1) != dims->m[0])
    return op;
  SmallVector<Value> inputs = {generic.getDpsInputOperand(1)->get(),
                               generic.getDpsInputOperand(0)->get()};
  SmallVector<AffineMap> maps = {
      generic.getMatchingIndexingMap(generic.getDpsInputOperand(1)),
      generic.getMatchingIndexingMap(generic.getDpsInputOperand(0)), out};
  Block &body = generic.getRegion().front();
  rewriter.setInsertionPoint(generic);
  auto swapped = linalg::GenericOp::create(
      rewriter, generic.getLoc(), generic.getResultTypes(), inputs,
      generic.getDpsInits(), maps, generic.getIteratorTypesArray(),
      [&](OpBuilder &builder, Location, ValueRange args) {
        IRMapping mapping;
        mapping.map(body.getArgument(0), args[1]);
        mapping.map(body.getArgument(1), args[0]);
        mapping.map(body.getArgument(2), args[2]);
        for (Operation &inner : body)
          builder.clone(inner, mapping);
      });
  rewriter.replaceOp(generic, swapped->getResults());
  return specialized(rewriter, swapped);
}

/// For a 2-D contraction (loops m, n, k; a 2-D output indexed by a
/// projected permutation): the input stored K-major along the output loop
/// at `outputDim` (0: the rows, 1: the columns), i.e. read through the map
/// (k, that loop), else std::nullopt.
static std::optional<unsigned> kMajorOperandAlong(linalg::LinalgOp op,
                                                  unsigned outputDim) {
  if (op.getNumLoops() != 3 || op.getNumDpsInputs() != 2 ||
      op.getNumDpsInits() != 1 || !linalg::isaContractionOpInterface(op))
    return std::nullopt;
  FailureOr<linalg::ContractionDimensions> dims =
      linalg::inferContractionDims(op);
  AffineMap out = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  if (failed(dims) || dims->m.size() != 1 || dims->n.size() != 1 ||
      dims->k.size() != 1 || out.getNumResults() != 2 ||
      !out.isProjectedPermutation())
    return std::nullopt;
  unsigned loop = out.getDimPosition(outputDim), k = dims->k[0];
  for (unsigned input = 0; input < 2; ++input) {
    AffineMap map = op.getMatchingIndexingMap(op.getDpsInputOperand(input));
    if (map.getNumResults() == 2 && map.isProjectedPermutation() &&
        map.getDimPosition(0) == k && map.getDimPosition(1) == loop)
      return input;
  }
  return std::nullopt;
}

std::optional<unsigned> mlir::foundry::kMajorRowOperand(linalg::LinalgOp op) {
  return kMajorOperandAlong(op, 0);
}

std::optional<unsigned>
mlir::foundry::kMajorColumnOperand(linalg::LinalgOp op) {
  return kMajorOperandAlong(op, 1);
}

/// hasWgmmaOperandLayout, and with `afterCopies` also A stored KxM and B
/// stored KxN (hasWgmmaOperandLayoutAfterCopies).
static bool wgmmaOperandLayout(linalg::LinalgOp op, bool afterCopies) {
  if (op.getNumLoops() != 3 || op.getNumDpsInputs() != 2 ||
      op.getNumDpsInits() != 1 || !linalg::isaContractionOpInterface(op))
    return false;
  FailureOr<linalg::ContractionDimensions> dims =
      linalg::inferContractionDims(op);
  if (failed(dims) || dims->m.size() != 1 || dims->n.size() != 1 ||
      dims->k.size() != 1)
    return false;
  MLIRContext *ctx = op.getContext();
  auto is = [&](AffineMap map, unsigned first, unsigned second) {
    return map.getNumResults() == 2 &&
           map.getResult(0) == getAffineDimExpr(first, ctx) &&
           map.getResult(1) == getAffineDimExpr(second, ctx);
  };
  auto kMajor = [&](unsigned input, unsigned row, unsigned k) {
    AffineMap map = op.getMatchingIndexingMap(op.getDpsInputOperand(input));
    return is(map, row, k) || (afterCopies && is(map, k, row));
  };
  unsigned m = dims->m[0], n = dims->n[0], k = dims->k[0];
  // wgmma reads a 16-bit B stored KxN in place (MN-major).
  bool b = kMajor(1, n, k) ||
           (hasHalfFloatOperands(op) &&
            is(op.getMatchingIndexingMap(op.getDpsInputOperand(1)), k, n));
  return kMajor(0, m, k) && b &&
         is(op.getMatchingIndexingMap(op.getDpsInitOperand(0)), m, n);
}

bool mlir::foundry::hasWgmmaOperandLayout(linalg::LinalgOp op) {
  return wgmmaOperandLayout(op, /*afterCopies=*/false);
}

bool mlir::foundry::hasWgmmaOperandLayoutAfterCopies(linalg::LinalgOp op) {
  return wgmmaOperandLayout(op, /*afterCopies=*/true);
}

/// foundry-transpose-a and foundry-transpose-b: every 2-D contraction of
/// the kernels under `module`, outside any block tile, whose input `pick`
/// names (stored K-major along an output loop) reads instead a copy of it
/// with its two dimensions swapped, made by a `linalg.transpose` (a kernel
/// of its own, through a workspace), through the map with its two results
/// swapped. The products and their order are unchanged. Static 2-D
/// operands only; `passName` prefixes the diagnostics.
static LogicalResult
transposeOperands(ModuleOp module,
                  function_ref<std::optional<unsigned>(linalg::LinalgOp)> pick,
                  StringRef passName) {
  IRRewriter rewriter(module.getContext());
  for (Operation *contraction : kernelLevelContractions(module, 2)) {
    auto op = cast<linalg::LinalgOp>(contraction);
    std::optional<unsigned> input = pick(op);
    if (!input)
      continue;
    OpOperand *operand = op.getDpsInputOperand(*input);
    // Static 2-D operands only (tensor-core tiles need static shapes).
    auto type = dyn_cast<RankedTensorType>(operand->get().getType());
    if (!type || type.getRank() != 2 || !type.hasStaticShape())
      continue;
    Location loc = op.getLoc();
    rewriter.setInsertionPoint(op);
    // The copy with its dimensions swapped.
    Value empty = tensor::EmptyOp::create(
        rewriter, loc, {type.getDimSize(1), type.getDimSize(0)},
        type.getElementType(), /*dynamicSizes=*/ValueRange());
    Value copy = linalg::TransposeOp::create(rewriter, loc, operand->get(),
                                             empty, ArrayRef<int64_t>{1, 0})
                     ->getResult(0);
    // The contraction reads it through the swapped map: (m, k) instead of
    // (k, m), or (n, k) instead of (k, n).
    SmallVector<AffineMap> maps = op.getIndexingMapsArray();
    AffineMap map = maps[*input];
    maps[*input] = AffineMap::get(map.getNumDims(), 0,
                                  {map.getResult(1), map.getResult(0)},
                                  module.getContext());
    ArrayAttr mapsAttr = rewriter.getAffineMapArrayAttr(maps);
    // A linalg.matmul keeps its name (with indexing_maps where B stays
    // transposed), which foundry-mma's vectorizer needs for a
    // vector.contract.
    if (auto matmul = dyn_cast<linalg::MatmulOp>(op.getOperation())) {
      rewriter.modifyOpInPlace(matmul, [&] {
        if (linalg::MatmulOp::isDefaultIndexingMaps(mapsAttr))
          matmul.removeIndexingMapsAttr();
        else
          matmul.setIndexingMapsAttr(mapsAttr);
        matmul.getDpsInputOperand(*input)->set(copy);
      });
      continue;
    }
    auto generic = dyn_cast<linalg::GenericOp>(op.getOperation());
    if (!generic) {
      FailureOr<linalg::GenericOp> generalized =
          linalg::generalizeNamedOp(rewriter, op);
      if (failed(generalized))
        return op.emitOpError(passName) << ": cannot generalize";
      generic = *generalized;
    }
    rewriter.modifyOpInPlace(generic, [&] {
      generic.setIndexingMapsAttr(mapsAttr);
      generic.getDpsInputOperand(*input)->set(copy);
    });
    // A plain matmul now: named so (upstream specialization), as
    // foundry-mma's vectorizer needs.
    if (linalg::MatmulOp::isDefaultIndexingMaps(mapsAttr))
      (void)specialized(rewriter, generic);
  }
  return success();
}

namespace mlir::foundry {
namespace {
struct FoundryTransposeAPass final
    : impl::FoundryTransposeAPassBase<FoundryTransposeAPass> {
  using Base::Base;

  void runOnOperation() override {
    if (failed(transposeOperands(getOperation(), kMajorRowOperand,
                                 "foundry-transpose-a")))
      signalPassFailure();
  }
};

struct FoundryTransposeBPass final
    : impl::FoundryTransposeBPassBase<FoundryTransposeBPass> {
  using Base::Base;

  void runOnOperation() override {
    if (failed(transposeOperands(getOperation(), kMajorColumnOperand,
                                 "foundry-transpose-b")))
      signalPassFailure();
  }
};

struct FoundryMmaPass final : impl::FoundryMmaPassBase<FoundryMmaPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<linalg::LinalgOp> targets;
    bool failedAny = false;
    getOperation()->walk([&](KernelOp kernel) {
      SmallVector<linalg::LinalgOp> ops, warpgroupOps;
      kernel.walk([&](linalg::LinalgOp op) {
        if (!linalg::isaContractionOpInterface(op))
          return;
        if (isInsideForall(op, isWarpLevelForall))
          ops.push_back(op);
        else if (isInsideForall(op, isWarpgroupLevelForall))
          warpgroupOps.push_back(op);
      });
      if (ops.empty() && warpgroupOps.empty())
        return;
      // Tensor cores round fp32 operands to tf32: only where the kernel's
      // precision says so. 3xtf32 keeps fp32 accuracy (three products).
      // f16 operands too: their products are exact, but the tensor cores
      // add them without IEEE rounding.
      Precision precision = kernel.getEffectivePrecision();
      if (precision == Precision::ieee) {
        kernel.emitOpError("foundry-mma: this kernel's precision is ieee; "
                           "tensor cores need #foundry.precision<3xtf32> or "
                           "looser");
        failedAny = true;
        return;
      }
      IRRewriter rewriter(kernel.getContext());
      // Warpgroup tiles stay linalg ops on tensors, marked: the GPU tail
      // reads their operands from shared memory through wgmma descriptors.
      for (linalg::LinalgOp op : warpgroupOps) {
        op = putRowOperandFirst(rewriter, dropUnitBatchLoops(rewriter, op));
        if (failed(checkWgmmaShape(op))) {
          failedAny = true;
          return;
        }
        op->setAttr(kWgmmaAttr, rewriter.getUnitAttr());
      }
      for (linalg::LinalgOp op : ops) {
        op = putRowOperandFirst(rewriter, dropUnitBatchLoops(rewriter, op));
        if (failed(checkMmaShape(op))) {
          failedAny = true;
          return;
        }
        // f16 operands: the vectorizer makes a vector.contract of a named
        // matmul (a generic that extends its operands in its body would
        // become a multiply and a reduction, off the tensor cores).
        if (hasHalfFloatOperands(op)) {
          if (auto generic = dyn_cast<linalg::GenericOp>(op.getOperation()))
            op = specialized(rewriter, generic);
          if (!isa<linalg::MatmulOp>(op.getOperation()) ||
              !getElementTypeOrSelf(op.getDpsInitOperand(0)->get().getType())
                   .isF32()) {
            op.emitOpError("foundry-mma: f16 and bf16 operands go on the "
                           "tensor cores as a linalg.matmul (B stored KxN, or "
                           "NxK through its indexing_maps) into an f32 "
                           "accumulator (mma.sync m16n8k16 f32.f16.f16.f32, "
                           "f32.bf16.bf16.f32); this "
                           "contraction is not one: keep it in SIMT "
                           "(foundry-tile-threads)");
            failedAny = true;
            return;
          }
        }
        targets.push_back(op);
      }
    });
    if (failedAny)
      return signalPassFailure();

    IRRewriter rewriter(&getContext());
    for (linalg::LinalgOp op : targets) {
      rewriter.setInsertionPoint(op);
      FailureOr<linalg::VectorizationResult> result = linalg::vectorize(
          rewriter, op, /*inputVectorSizes=*/{}, /*inputScalableVecDims=*/{},
          /*vectorizeNDExtract=*/false, /*flatten1DDepthwiseConv=*/false,
          /*assumeDynamicDimsMatchVecSizes=*/false,
          /*createNamedContraction=*/true);
      if (failed(result)) {
        op.emitOpError("foundry-mma: the upstream vectorizer failed");
        return signalPassFailure();
      }
      rewriter.replaceOp(op, result->replacements);
    }

    // Fold the slices around the new transfers.
    {
      RewritePatternSet canonical(&getContext());
      vector::TransferReadOp::getCanonicalizationPatterns(canonical,
                                                          &getContext());
      vector::TransferWriteOp::getCanonicalizationPatterns(canonical,
                                                           &getContext());
      tensor::ExtractSliceOp::getCanonicalizationPatterns(canonical,
                                                          &getContext());
      tensor::InsertSliceOp::getCanonicalizationPatterns(canonical,
                                                         &getContext());
      // f16 operands of an f32 accumulation: the vectorizer extends them
      // first; the contraction takes them as they are (m16n8k16 f16 with
      // an f32 accumulator).
      vector::populateFoldArithExtensionPatterns(canonical);
      (void)applyPatternsGreedily(getOperation(), std::move(canonical));
    }
    // Unroll every contraction (and the transfers feeding it) of warp tiles
    // to the m16n8k8 shape.
    // The B reads, marked before unrolling: once a contraction is unrolled,
    // its B read feeds strided slices instead. (An attribute, not a set of
    // pointers: unrolled-away ops are freed and their addresses reused.)
    // f16 operands: the A and B reads too, with the position of k in B's
    // read (0 for a KxN B, 1 for NxK), since their pieces span 16 k.
    constexpr llvm::StringLiteral kRhsMark = "foundry.mma_rhs";
    constexpr llvm::StringLiteral kF16LhsMark = "foundry.mma_f16_lhs";
    constexpr llvm::StringLiteral kF16RhsMark = "foundry.mma_f16_rhs";
    getOperation()->walk([&](vector::ContractionOp contract) {
      bool f16 = isHalfFloat(contract.getLhsType().getElementType());
      if (Operation *read = contract.getRhs().getDefiningOp();
          isa_and_nonnull<vector::TransferReadOp>(read)) {
        read->setAttr(kRhsMark, UnitAttr::get(&getContext()));
        if (f16) {
          AffineMap rhs = contract.getIndexingMapsArray()[1];
          auto iterators = contract.getIteratorTypesArray();
          bool kFirst =
              rhs.getNumResults() == 2 && iterators[rhs.getDimPosition(0)] ==
                                              vector::IteratorType::reduction;
          read->setAttr(kF16RhsMark,
                        IntegerAttr::get(IntegerType::get(&getContext(), 64),
                                         kFirst ? 0 : 1));
        }
      }
      if (Operation *read = contract.getLhs().getDefiningOp();
          f16 && isa_and_nonnull<vector::TransferReadOp>(read))
        read->setAttr(kF16LhsMark, UnitAttr::get(&getContext()));
    });
    RewritePatternSet patterns(&getContext());
    vector::UnrollVectorOptions unroll;
    unroll.setFilterConstraint([](Operation *op) {
      return success(isInsideForall(op, isWarpLevelForall) &&
                     isa<vector::ContractionOp, vector::TransferReadOp,
                         vector::TransferWriteOp>(op));
    });
    unroll.setNativeShapeFn(
        [&](Operation *op) -> std::optional<SmallVector<int64_t>> {
          if (auto contract = dyn_cast<vector::ContractionOp>(op)) {
            // Loop order of the contraction's iteration space.
            SmallVector<int64_t> shape;
            for (auto [index, type] :
                 llvm::enumerate(contract.getIteratorTypesArray())) {
              if (type == vector::IteratorType::reduction) {
                shape.push_back(mmaK(contract.getLhsType().getElementType()));
                continue;
              }
              // The parallel dim indexing the lhs is m, the other n.
              AffineMap lhs = contract.getIndexingMapsArray()[0];
              bool isM = llvm::any_of(lhs.getResults(), [&](AffineExpr e) {
                return e == getAffineDimExpr(index, op->getContext());
              });
              shape.push_back(isM ? kMmaM : kMmaN);
            }
            return shape;
          }
          auto vectorType =
              isa<vector::TransferReadOp>(op)
                  ? cast<vector::TransferReadOp>(op).getVectorType()
                  : cast<vector::TransferWriteOp>(op).getVectorType();
          if (vectorType.getRank() != 2)
            return std::nullopt;
          // B tiles (KxN, or NxK as nn.Linear stores them) in 8x8 pieces,
          // whatever their row count: a 16-row piece of an NxK tile would
          // need a strided slice per mma, which the per-lane conversion
          // cannot take.
          // f16: A in 16x16 pieces, B in 16x8 (KxN) or 8x16 (NxK); the
          // pieces themselves (unmarked, visited again) stay whole.
          if (op->hasAttr(kF16LhsMark))
            return SmallVector<int64_t>{kMmaM, kMmaKF16};
          if (auto kAt = op->getAttrOfType<IntegerAttr>(kF16RhsMark))
            return kAt.getInt() == 0 ? SmallVector<int64_t>{kMmaKF16, kMmaN}
                                     : SmallVector<int64_t>{kMmaN, kMmaKF16};
          ArrayRef<int64_t> shape = vectorType.getShape();
          if (isHalfFloat(vectorType.getElementType()) &&
              (shape == ArrayRef<int64_t>{kMmaM, kMmaKF16} ||
               shape == ArrayRef<int64_t>{kMmaKF16, kMmaN} ||
               shape == ArrayRef<int64_t>{kMmaN, kMmaKF16}))
            return llvm::to_vector(shape);
          if (op->hasAttr(kRhsMark))
            return SmallVector<int64_t>{kMmaK, kMmaN};
          // Operand tiles: 16x8 pieces (A, C) or 8x8 (B).
          int64_t rows = vectorType.getShape()[0];
          return SmallVector<int64_t>{rows % kMmaM == 0 ? kMmaM : kMmaK, kMmaN};
        });
    vector::populateVectorUnrollPatterns(patterns, unroll);
    vector::populateVectorTransferPermutationMapLoweringPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      getOperation().emitWarning("foundry-mma: unrolling did not converge");
    getOperation()->walk([&](vector::TransferReadOp read) {
      read->removeAttr(kRhsMark);
      read->removeAttr(kF16LhsMark);
      read->removeAttr(kF16RhsMark);
    });

    // Then each 16x8 accumulator becomes a loop-carried vector: the
    // fragments stay in registers across the k-loop.
    SmallVector<scf::ForOp> loops;
    getOperation()->walk([&](scf::ForOp loop) {
      if (isInsideForall(loop, isWarpLevelForall))
        loops.push_back(loop);
    });
    for (scf::ForOp loop : loops) {
      rewriter.setInsertionPoint(loop);
      (void)hoistLoopInvariantSubsets(rewriter, loop);
    }
  }
};
} // namespace
} // namespace mlir::foundry
