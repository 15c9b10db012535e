//===- GemmSchedules.cpp - Contraction and convolution schedules
//------------===//
//
// This file implements the schedule builders of contractions: register-
// tiled and shared-memory GEMMs, tensor-core tiles (mma.sync and wgmma),
// padding, split-K, im2col convolutions, and the GEMM and convolution
// kernels that precede a reducing epilogue.
//
//===----------------------------------------------------------------------===//

#include "Schedule/Builders.h"

#include "foundry/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <functional>
#include <limits>

using namespace mlir;

namespace mlir::foundry {

std::pair<int64_t, int64_t> gemmRowAndColumn(const KernelShape *shape,
                                             int64_t loops) {
  if (shape && shape->gemmRowLoop >= 0 && shape->gemmColLoop >= 0 &&
      shape->gemmRowLoop < loops && shape->gemmColLoop < loops)
    return {shape->gemmRowLoop, shape->gemmColLoop};
  return {loops - 2, loops - 1};
}

/// Per parallel loop of a GEMM over `loops` parallel loops: `row` at its
/// row loop, `col` at its column loop (gemmRowAndColumn), `other`
/// everywhere else (batch loops, and the outer loops of a GEMM whose rows
/// or columns span several).
std::vector<std::string> gemmLoopSizes(const KernelShape *shape, int64_t loops,
                                       const std::string &other,
                                       const std::string &row,
                                       const std::string &col) {
  auto [rowLoop, colLoop] = gemmRowAndColumn(shape, loops);
  std::vector<std::string> sizes(loops, other);
  sizes[rowLoop] = row;
  sizes[colLoop] = col;
  return sizes;
}

/// Block tiles of a GEMM (gemmLoopSizes at block level) over more than
/// three parallel loops tile more loops than the grid has dimensions (a
/// pointwise convolution: image, rows, image row, columns): its row loop,
/// when at most 128 long, then stays whole in each block (size 0) instead.
std::vector<std::string> fitGrid(const KernelShape &shape,
                                 std::vector<std::string> blocks) {
  int64_t tiled = llvm::count_if(
      blocks, [](const std::string &size) { return size != "0"; });
  int64_t row = gemmRowAndColumn(&shape, blocks.size()).first;
  std::vector<int64_t> extents = shape.parallelExtents();
  if (tiled > 3 && row >= 0 && extents.size() == blocks.size() &&
      extents[row] > 0 && extents[row] <= 128)
    blocks[row] = "0";
  return blocks;
}

/// After a GEMM tiled as a kernel of its own (`target=contraction`: padded,
/// or on the tensor cores with MmaTiles::fuseEpilogue off), the elementwise
/// epilogue: 4x256 block tiles, 4 consecutive elements per thread; "" when
/// the GEMM is the root.
std::string ownKernelEpilogue(const KernelShape &shape) {
  if (shape.contraction)
    return "";
  std::vector<std::string> rows = gemmLoopSizes(nullptr, shape.numParallel(),
                                                "1", "4", "256"),
                           lanes = gemmLoopSizes(nullptr, shape.numParallel(),
                                                 "0", "1", "4");
  return ",foundry-tile-blocks{sizes=" + llvm::join(rows, ",") +
         "},foundry-tile-threads{sizes=" + llvm::join(lanes, ",") +
         "},foundry-vectorize";
}

/// The tensor-core GEMM of a schedule over `loops` parallel loops (leading
/// batch loops tile 1): block tiles, optionally staged operands, warp tiles
/// of warpM x warpN (32 when 0), k-steps of 8 on mma.sync (m16n8k8 tf32;
/// 16 for f16 and bf16 operands, `half`, on m16n8k16, their staged rows
/// padded by 8 elements, 16 bytes, instead of 4). With `ownKernel` the
/// contraction is tiled alone (`target=contraction`), its result going through
/// memory. With `shape`, its row and column loops are tiled (gemmLoopSizes).
std::string mmaGemm(int64_t loops, bool ownKernel, const MmaTiles &t, bool half,
                    const KernelShape *shape) {
  std::vector<std::string> blocks = gemmLoopSizes(
      shape, loops, "1", std::to_string(t.blockM), std::to_string(t.blockN));
  if (shape)
    blocks = fitGrid(*shape, std::move(blocks));
  std::vector<std::string> warps =
      gemmLoopSizes(shape, loops, "0", std::to_string(t.warpM),
                    std::to_string(t.warpN ? t.warpN : 32));
  std::string schedule =
      "foundry-tile-blocks{sizes=" + llvm::join(blocks, ",") +
      (ownKernel ? " target=contraction" : "") +
      (ownKernel && t.fuseOperands ? " fuse=elementwise}" : "}");
  if (t.warpgroups) {
    std::vector<std::string> groups = gemmLoopSizes(
        shape, loops, "0", std::to_string(t.warpM), std::to_string(t.warpN));
    return schedule +
           ",foundry-tile-reduction{sizes=" + std::to_string(t.stagedK) +
           "},foundry-promote{operands=0,1 stages=" + std::to_string(t.stages) +
           (t.tma ? " tma=true" : "") +
           (t.tma && t.warpSpecialize ? " warp-specialize=true" : "") +
           "},foundry-tile-warpgroups{sizes=" + llvm::join(groups, ",") +
           "},foundry-mma";
  }
  if (t.stagedK)
    schedule += ",foundry-tile-reduction{sizes=" + std::to_string(t.stagedK) +
                "},foundry-promote{operands=0,1 padding=" + (half ? "8" : "4") +
                " stages=" + std::to_string(t.stages) + "}";
  return schedule + ",foundry-tile-warps{sizes=" + llvm::join(warps, ",") +
         "},foundry-tile-reduction{sizes=" + (half ? "16" : "8") +
         "},foundry-mma";
}

/// "foundry-pad{m=BM n=BN k=BK}," when the kernel's first contraction
/// (KernelShape::gemmM/N/K) is not a multiple of the block tile BM x BN and
/// the k-step BK, else "": tiles that do not divide leave dynamic shapes,
/// which shared-memory staging and the tensor cores refuse.
std::string padFor(const KernelShape &shape, int64_t bm, int64_t bn,
                   int64_t bk) {
  // f16 and bf16 k-steps are 16 deep (m16n8k16).
  if (shape.halfGemm)
    bk = std::max<int64_t>(bk, 16);
  if (shape.gemmM <= 0 || shape.gemmN <= 0 || shape.gemmK <= 0 ||
      (shape.gemmM % bm == 0 && shape.gemmN % bn == 0 && shape.gemmK % bk == 0))
    return "";
  // foundry-pad's m is the first operand's loop: the columns when swapped.
  if (shape.gemmSwapped)
    std::swap(bm, bn);
  return "foundry-pad{m=" + std::to_string(bm) + " n=" + std::to_string(bn) +
         " k=" + std::to_string(bk) + "},";
}

/// The tiling of one copy made by foundry-transpose-a or -b, a kernel of
/// its own: 32x32 block tiles of 64 threads, each reading 4 rows of 4
/// elements and writing 4 rows of 4 (16-byte accesses on both sides where
/// 32 divides the copy; scalar ones in the tail tiles of an 8205x5921x2949
/// GEMM's, checked in PTX) instead of the naive mapping's one element per row
/// read. On the H200, with the naive copy of its 4096x4096 B, a 4096^3 GEMM
/// took 1.54 ms against 1.36 ms for a 2048x4096x8192 one (as many flops) on a B
/// stored NxK (2026-12-02, bench/results/2026-11-30-h200-kernelbench-runs.md,
/// runs 52 to 54).
static constexpr llvm::StringLiteral kTransposeTiling =
    ",foundry-tile-blocks{sizes=32,32 target=transpose},"
    "foundry-tile-threads{sizes=4,4},foundry-vectorize";

/// The tensor-core GEMM of a GEMM kernel (shape.gemm) and its epilogue:
/// its A copied M-major first where it is K-major (shape.gemmKMajorA), on
/// warpgroup tiles an fp32 B copied NxK where it is KxN (shape.gemmKMajorB),
/// padded where the tiles do not divide it, and then tiled as a kernel of
/// its own (the padded result is read back through a slice); the copies
/// are tiled last (kTransposeTiling).
/// `t` with as many stages as fit the target's shared memory per block:
/// each stage holds a BM x BK tile of A and a BN x BK tile of B (rows
/// padded on warp tiles), and a fused epilogue (`fused`) keeps the f32
/// accumulator tile there too; at least one stage.
static MmaTiles fitStagesToSharedMemory(const KernelShape &shape, MmaTiles t,
                                        bool fused) {
  if (t.stagedK <= 0) {
    t.tma = t.warpSpecialize = false;
    return t;
  }
  int64_t element = shape.halfGemm ? 2 : 4;
  int64_t row = t.stagedK + (t.warpgroups ? 0 : (shape.halfGemm ? 8 : 4));
  int64_t perStage = (t.blockM + t.blockN) * row * element;
  int64_t fixed = (fused ? t.blockM * t.blockN * 4 : 0) +
                  shape.target->sharedBytesReservedPerBlock;
  while (t.stages > 1 &&
         fixed + t.stages * perStage > shape.target->maxSharedBytesPerBlock)
    --t.stages;
  // TMA pipelines need a stage in flight beyond the double buffer.
  t.tma = t.tma && t.warpgroups && t.stages >= 3 && !t.fuseOperands &&
          shape.numParallel() == 2 && shape.target->tensorMemoryAccelerator;
  t.warpSpecialize = t.warpSpecialize && t.tma && shape.halfGemm &&
                     t.warpN == t.blockN;
  return t;
}

std::string mmaGemmKernel(const KernelShape &shape, const MmaTiles &tiles) {
  // wgmma reads a 16-bit B stored KxN in place.
  bool copyB = tiles.warpgroups && shape.gemmKMajorB && !shape.halfGemm;
  std::string before = (shape.gemmKMajorA ? "foundry-transpose-a," : "") +
                       std::string(copyB ? "foundry-transpose-b," : "") +
                       padFor(shape, tiles.blockM, tiles.blockN,
                              tiles.stagedK ? tiles.stagedK : 8);
  // Several contractions (a gated MLP's x Wg^T and x Wu^T) are each a
  // kernel of their own on the tensor cores, then the epilogue: fused into
  // one block tile, the GPU tail computed wrong results (zeros in the
  // output; H100, 2026-12-06, bench/results/2026-12-06-h100-models-sample-c.md,
  // caught by the verification), and tiled with the root, a contraction
  // left out of `target=contraction` stays a naive loop in the epilogue's
  // kernel (0.75 s).
  int64_t contractions = std::max<int64_t>(shape.gemmContractions, 1);
  bool fused = tiles.fuseEpilogue && shape.gemm && !shape.contraction &&
               shape.numParallel() == 2 && before.empty() && contractions == 1;
  MmaTiles t = fitStagesToSharedMemory(shape, tiles, fused);
  bool ownKernel = (!shape.contraction && !fused) || !before.empty();
  std::string schedule = before;
  for (int64_t c = 0; c < (ownKernel ? contractions : 1); ++c)
    schedule += (c ? "," : "") + mmaGemm(shape.numParallel(), ownKernel, t,
                                         shape.halfGemm, &shape);
  schedule += fused ? "" : ownKernelEpilogue(shape);
  for (int copy = 0, copies = int(shape.gemmKMajorA) + int(copyB);
       copy < copies; ++copy)
    schedule += kTransposeTiling;
  return schedule;
}

/// The block tiling of a SIMT GEMM kernel's contraction, `blocks` per
/// parallel loop, after `pad` (padFor's, or ""): a padded contraction is
/// read back through a slice, so it is tiled as a kernel of its own, and
/// its epilogue (ownKernelEpilogue) then follows the GEMM's passes.
std::string simtGemmBlocks(const std::string &pad,
                           llvm::ArrayRef<std::string> blocks) {
  return pad + "foundry-tile-blocks{sizes=" + llvm::join(blocks, ",") +
         (pad.empty() ? "}" : " target=contraction}");
}

/// A GEMM schedule for the row and column loops (gemmLoopSizes; the other
/// parallel loops get tile 1): a BM x BN block tile, a TM x TN register tile
/// per thread (32 to 1024 threads), a k-loop; with `promote`, a KB-deep k-loop
/// around A and B tiles promoted to shared memory first; with `mma`
/// (allowed precisions only), warp tiles on tensor cores instead (with
/// `promote`, reading padded shared-memory tiles).
std::string gemmSchedule(const KernelShape &shape, std::mt19937 &rng,
                         bool promote, bool mma, int64_t maxThreadTile) {
  int64_t bm = 0, bn = 0, tm = 0, tn = 0;
  for (int attempt = 0; attempt < 64; ++attempt) {
    bm = pick<int64_t>({32, 64, 128}, rng);
    bn = pick<int64_t>({32, 64, 128}, rng);
    std::vector<int64_t> tiles;
    for (int64_t t : {2, 4, 8})
      if (t <= maxThreadTile)
        tiles.push_back(t);
    tm = pick(tiles, rng);
    tn = pick(tiles, rng);
    int64_t threads = (bm / tm) * (bn / tn);
    if (threads >= 32 && threads <= 1024)
      break;
  }
  std::vector<std::string> blocks =
      fitGrid(shape, gemmLoopSizes(&shape, shape.numParallel(), "1",
                                   std::to_string(bm), std::to_string(bn)));
  if (mma) {
    // The epilogue fused into the tiles one time in two.
    MmaTiles tiles{bm, bn, 0};
    tiles.fuseEpilogue = rng() % 2;
    if (promote) {
      tiles.stagedK = pick<int64_t>({16, 32}, rng);
      tiles.stages = 1 + rng() % 2;
    }
    tiles.warpM = std::min<int64_t>(bm, 32 * (1 + rng() % 2));
    return mmaGemmKernel(shape, tiles);
  }
  // Staged tiles must divide the GEMM: where they do not, it is padded
  // and tiled as a kernel of its own, its epilogue after it.
  int64_t kb = pick<int64_t>({16, 32}, rng);
  std::string pad = promote ? padFor(shape, bm, bn, kb) : "";
  std::string schedule = simtGemmBlocks(pad, blocks);
  if (promote)
    schedule += ",foundry-tile-reduction{sizes=" + std::to_string(kb) +
                "},foundry-promote{operands=0,1 stages=" +
                std::to_string(1 + rng() % 2) + "}";
  std::vector<std::string> threads = gemmLoopSizes(
      &shape, shape.numParallel(), "0", std::to_string(tm), std::to_string(tn));
  schedule += ",foundry-tile-threads{sizes=" + llvm::join(threads, ",") +
              "},foundry-tile-reduction{sizes=" +
              std::to_string(pick<int64_t>({4, 8}, rng)) +
              "},foundry-vectorize";
  if (rng() % 2)
    schedule += ",foundry-unroll{factor=2}";
  if (!pad.empty())
    schedule += ownKernelEpilogue(shape);
  return schedule;
}

/// A block tile along N for a convolution's GEMM that divides its N
/// (OH*OW, per image) when no power of two from 64 does, and the warp tile
/// along N that divides it (a multiple of mma.sync's n8, at most 4 warps
/// across): {0, 0} when there is none. Without it, foundry-pad pads N and
/// a kernel of its own copies the padded result out. On the H200
/// (2026-12-02, bench/results/2026-12-02-h200-conv-launches.md), a Conv3d's
/// GEMM (N = 30x62x62 = 115320) took 4.31 ms on 32x120 block tiles of
/// three 32x40 warp tiles against 5.12 ms on 32x64 tiles over N padded to
/// 115328, and its epilogue the same 1.0 ms either way.
std::pair<int64_t, int64_t> dividingTileN(int64_t n) {
  if (n <= 0 || n % 64 == 0)
    return {0, 0};
  // Powers of two from 64 cannot divide n here; the rest, near 128 first.
  for (int64_t block :
       {120, 112, 96, 144, 160, 192, 200, 240, 80, 72, 56, 48, 40}) {
    if (n % block)
      continue;
    for (int64_t warp : {64, 56, 48, 40, 32, 24, 16, 8})
      if (block % warp == 0 && block / warp <= 4)
        return {block, warp};
  }
  return {0, 0};
}

/// A schedule for a kernel with a convolution that foundry-im2col rewrites
/// as a GEMM (shape.im2col): that GEMM as a kernel of its own, one image
/// per block row of the grid; on the tensor cores where the precision
/// allows (padded to the tiles first: OH*OW is rarely a multiple of 8), else
/// register-tiled in SIMT. Mostly, the GEMM gathers its own tiles
/// (fuse=elementwise: into the staged tiles on the tensor cores three times
/// in four, per thread in SIMT one time in two) instead of reading an
/// im2col tensor written by a kernel before it. Then, with `epilogue`, the rest
/// of the kernel where the convolution is not the root and the root has 4 loops
/// (N, C, H, W): 4 output rows per block, one element per thread; 5 loops (N,
/// C, D, H, W): one depth slice per block, 2x2 elements per thread. Block tiles
/// along M stay near the GEMM's M (16 output channels are not padded to 128).
std::string im2colSchedule(const KernelShape &shape, std::mt19937 &rng,
                           bool epilogue) {
  int64_t fitM = 16;
  while (fitM < shape.gemmM && fitM < 128)
    fitM *= 2;
  std::string schedule = "foundry-im2col,";
  if (shape.tensorCores) {
    MmaTiles tiles = tunedGemmTiles(*shape.target, GemmTiling::WarpTiles,
                                   shape.halfGemm);
    if (rng() % 2) {
      tiles.blockN = pick<int64_t>({64, 128}, rng);
      tiles.stagedK = rng() % 2 ? 32 : 0;
    }
    tiles.blockM = std::min(tiles.blockM, fitM);
    tiles.warpM = std::min(tiles.warpM, tiles.blockM);
    // One time in two, block tiles that divide N where N needs padding
    // for the powers of two (dividingTileN).
    if (auto [blockN, warpN] = dividingTileN(shape.gemmN);
        blockN && rng() % 2) {
      tiles.blockN = blockN;
      tiles.warpN = warpN;
    }
    // The gather is computed into the staged tile (4-byte cp.async copies
    // per element), with one or two stages. Three times in four: 0.7x to
    // 0.9x the time of the best GEMMs over an im2col tensor for a Conv1d, a
    // Conv3d and two Conv2d (11x11 filters at stride 4; 3x3 ones before a ReLU
    // and a bias) with one stage (H200, 2026-12-01,
    // bench/results/2026-12-01-h200-implicit-gemm.md).
    if (rng() % 4) {
      tiles.fuseOperands = true;
      tiles.stagedK = pick<int64_t>({16, 32, 32}, rng);
      tiles.stages = pick<int64_t>({1, 2}, rng);
    }
    schedule += padFor(shape, tiles.blockM, tiles.blockN,
                       tiles.stagedK ? tiles.stagedK : 8) +
                mmaGemm(3, /*ownKernel=*/true, tiles, shape.halfGemm);
  } else {
    int64_t bm = std::min<int64_t>(64, fitM), bn = 64;
    schedule += "foundry-tile-blocks{sizes=1," + std::to_string(bm) + "," +
                std::to_string(bn) + " target=contraction" +
                (rng() % 2 ? " fuse=elementwise" : "") +
                "},foundry-tile-threads{sizes=0," +
                std::to_string(std::min<int64_t>(4, bm)) +
                ",4},foundry-tile-reduction{sizes=" +
                std::to_string(pick<int64_t>({4, 8}, rng)) +
                "},foundry-vectorize";
  }
  if (epilogue && !shape.im2colRoot && shape.numParallel() == 4 &&
      shape.extents.size() == 4 && shape.extents[3] > 0 &&
      shape.extents[3] * 4 <= 1024)
    schedule += ",foundry-tile-blocks{sizes=1,1,4,0},foundry-tile-threads{"
                "sizes=0,0,1,1}";
  // After a 3-D convolution (N, C, D, H, W): one depth slice per block,
  // 2x2 outputs per thread, vectorized. On the H200 (2026-12-02,
  // bench/results/2026-12-02-h200-conv-launches.md) a Conv3d's epilogue
  // (bias and four activations over 64x32x30x62x62) took 0.644 ms against
  // 1.017 ms under the naive mapping and 0.81 ms with one output per thread.
  if (epilogue && !shape.im2colRoot && shape.numParallel() == 5 &&
      shape.extents.size() == 5 && shape.extents[3] > 0 &&
      shape.extents[4] > 0 &&
      ((shape.extents[3] + 1) / 2) * ((shape.extents[4] + 1) / 2) <= 1024)
    schedule += ",foundry-tile-blocks{sizes=1,1,1,0,0},foundry-tile-threads{"
                "sizes=0,0,1,2,2},foundry-vectorize";
  return schedule;
}

/// Split-K (foundry-split-k) for a plain GEMM whose output tiles leave
/// most of the GPU's 132 SMs idle while its reduction is long (a GEMM of
/// 256x256 outputs, K = 524288, four 128x128 tiles): the smallest power of
/// two of parts that gives two blocks per SM, each part at least 1024 deep,
/// then the partial GEMMs (part loop tile 1) on the tensor cores where the
/// precision allows, else in SIMT, then the sum of the parts, 4x256
/// outputs per block. "" when the GEMM does not need it or the tiles do
/// not divide it.
std::string splitKSchedule(const KernelShape &shape, std::mt19937 &rng) {
  if (!shape.gemm || !shape.contraction || shape.numParallel() != 2 ||
      shape.gemmM <= 0 || shape.gemmN <= 0 || shape.gemmK <= 0)
    return "";
  MmaTiles tiles = tunedGemmTiles(*shape.target, GemmTiling::WarpTiles,
                                   shape.halfGemm);
  if (!shape.tensorCores || rng() % 2)
    tiles.blockM = tiles.blockN = 64;
  if (shape.gemmM % tiles.blockM || shape.gemmN % tiles.blockN)
    return "";
  int64_t blocks = (shape.gemmM / tiles.blockM) * (shape.gemmN / tiles.blockN);
  int64_t multiprocessors = shape.target->multiprocessors;
  if (blocks >= multiprocessors)
    return "";
  int64_t parts = 2;
  while (blocks * parts < 2 * multiprocessors &&
         shape.gemmK / (parts * 2) >= 1024)
    parts *= 2;
  int64_t step = shape.tensorCores ? tiles.stagedK : 32;
  if (shape.gemmK % (parts * step) != 0 || shape.gemmK / parts < 1024)
    return "";
  std::string schedule =
      "foundry-split-k{parts=" + std::to_string(parts) + "},";
  if (shape.tensorCores) {
    tiles.warpM = std::min(tiles.warpM, tiles.blockM);
    schedule += mmaGemm(3, /*ownKernel=*/true, tiles, shape.halfGemm);
  } else {
    schedule += "foundry-tile-blocks{sizes=1,64,64 target=contraction},"
                "foundry-tile-reduction{sizes=32},foundry-promote{operands="
                "0,1},foundry-tile-threads{sizes=0,4,4},foundry-tile-"
                "reduction{sizes=8},foundry-vectorize";
  }
  return schedule + ",foundry-tile-blocks{sizes=4,256},foundry-tile-threads{"
                    "sizes=1,4},foundry-vectorize";
}

/// The first phase of a split kernel: the contraction tiled as a GEMM of
/// its own (`loops` parallel loops, leading batch loops tile 1), distributed
/// over threads with a register tile and a k-loop, optionally staged in
/// shared memory, or (`mma`, 2-D only) on the tensor cores, with the
/// measured best tiles where `best` (the tuned warpgroup tiles when the
/// operands are K-major, shape.gemmWgmma, else the tuned warp tiles), else
/// those one time in three; "" when `loops` is 0.
std::string splitGemmPrefix(const KernelShape &shape, bool mma,
                            std::mt19937 &rng, bool best) {
  int64_t loops = shape.splitContractionLoops;
  if (loops < 2)
    return "";
  int64_t bm = pick<int64_t>({32, 64, 128}, rng),
          bn = pick<int64_t>({32, 64, 128}, rng);
  if (mma && loops == 2) {
    // The measured best (the tuned warpgroup tiles for K-major operands, else
    // the tuned warp tiles), else a random draw.
    if (best || rng() % 3 == 0) {
      const MmaTiles &tiles = tunedGemmTiles(
          *shape.target,
          shape.gemmWgmma ? GemmTiling::WarpgroupTiles : GemmTiling::WarpTiles,
          shape.halfGemm);
      return padFor(shape, tiles.blockM, tiles.blockN, tiles.stagedK) +
             mmaGemm(loops, /*ownKernel=*/true, tiles, shape.halfGemm) + ",";
    }
    MmaTiles tiles{std::max<int64_t>(bm, 64), std::max<int64_t>(bn, 64), 0};
    tiles.stagedK = rng() % 2 ? 32 : 0;
    tiles.warpM = 32 * (1 + rng() % 2);
    return padFor(shape, tiles.blockM, tiles.blockN,
                  tiles.stagedK ? tiles.stagedK : 8) +
           mmaGemm(loops, /*ownKernel=*/true, tiles, shape.halfGemm) + ",";
  }
  int64_t tm = 4, tn = 4;
  std::vector<std::string> blocks(loops - 2, "1"), threads(loops - 2, "0");
  blocks.push_back(std::to_string(bm));
  blocks.push_back(std::to_string(bn));
  threads.push_back(std::to_string(tm));
  threads.push_back(std::to_string(tn));
  std::string prefix = "foundry-tile-blocks{target=contraction sizes=" +
                       llvm::join(blocks, ",") + "}";
  if (rng() % 2)
    prefix += ",foundry-tile-reduction{sizes=" +
              std::to_string(pick<int64_t>({16, 32}, rng)) +
              "},foundry-promote{operands=0,1}";
  return prefix + ",foundry-tile-threads{sizes=" + llvm::join(threads, ",") +
         "},foundry-tile-reduction{sizes=" +
         std::to_string(pick<int64_t>({4, 8}, rng)) + "},foundry-vectorize,";
}

/// The first phase of a kernel whose convolution other ops reduce after
/// (KernelShape::splitConvolution): the convolution as a kernel of its own,
/// one output per thread along its innermost loops (whole in a block up to
/// 1024 threads; the innermost coalesced), its outer loops block tiles of 1
/// (at most three tiled loops; the largest first, the filters one time in
/// two left to each thread instead, which reuses each input for all of
/// them), ending with ","; "" for other kernels.
std::string splitConvolutionPrefix(const KernelShape &shape,
                                   std::mt19937 &rng) {
  const std::vector<int64_t> &loops = shape.splitConvolution;
  size_t count = loops.size();
  if (count < 2)
    return "";
  std::vector<std::string> blocks(count, "0"), threads(count, "0");
  int64_t tiled = 0;
  // The innermost loop (output columns), whole up to 128 outputs.
  int64_t w = loops[count - 1], bw = w;
  int64_t tw = rng() % 2 && w >= 64 ? 2 : 1;
  if (w > 128) {
    bw = 128;
    ++tiled;
  }
  // A whole loop is left untiled (0): only three loops can be tiled.
  blocks[count - 1] = bw == w ? "0" : std::to_string(bw);
  threads[count - 1] = std::to_string(tw);
  int64_t lanes = (bw + tw - 1) / tw;
  // The next loop (output rows), whole if the block keeps at most 1024
  // threads.
  size_t inner = count - 1;
  if (count >= 3) {
    inner = count - 2;
    int64_t h = loops[inner], bh = h;
    if (h * lanes > 1024) {
      bh = 1;
      while (bh * 2 * lanes <= 1024)
        bh *= 2;
      ++tiled;
    }
    blocks[inner] = bh == h ? "0" : std::to_string(bh);
    threads[inner] = "1";
  }
  // The outer loops: tiles of 1, largest first, while tiled loops remain.
  std::vector<size_t> outer;
  for (size_t i = 0; i < inner; ++i)
    outer.push_back(i);
  llvm::stable_sort(outer,
                    [&](size_t a, size_t b) { return loops[a] > loops[b]; });
  bool filtersPerThread = rng() % 2;
  for (size_t i : outer) {
    if (tiled >= 3 || (filtersPerThread && i == 1 && count > 2))
      continue;
    blocks[i] = "1";
    ++tiled;
  }
  return "foundry-tile-blocks{sizes=" + llvm::join(blocks, ",") +
         " target=contraction},foundry-tile-threads{sizes=" +
         llvm::join(threads, ",") + "},foundry-vectorize,";
}

/// The GEMM phases of a kernel whose contractions are followed by a
/// reduction over their outputs (KernelShape::splitContractionLoops): each
/// of its `splitContractions` contractions tiled as a kernel of its own, in
/// order (splitGemmPrefix; all on the tensor cores or none, `mma`), ending
/// with ","; "" for other kernels. The seed of an island (`initial`) puts
/// them all on the tensor cores where the precision allows, with
/// the tuned warp tiles: two chained GEMMs (16384x4096 outputs, K = 2048, then
/// 16384x1024, K = 4096) ended at 64x64 and 128x64 tiles without staging after
/// a 60 s search (9.37 ms, 0.93x eager, on the H200, 2026-11-30), where both
/// GEMMs at the tuned warp tiles' rate would take about 7 ms. What lies between
/// chained contractions (bias, activation) is left to the naive mapping.
std::string splitGemmPhases(const KernelShape &shape, bool initial,
                            std::mt19937 &rng) {
  bool mma = shape.tensorCores && (initial || rng() % 2);
  std::string prefix = splitGemmPrefix(shape, mma, rng, initial);
  for (int64_t c = 1; c < shape.splitContractions && !prefix.empty(); ++c)
    prefix += splitGemmPrefix(shape, mma, rng, initial);
  return prefix;
}

/// The row foundry-reduce-threads splits over `threads` threads taking
/// `width`-element pieces, for a block tile whose innermost reduction loop
/// has `innermost` elements and whose reduction loops the pass would merge
/// (ReductionPhase::mergedRow) `merged`: the innermost loop, or, where it
/// holds fewer than threads x width elements or is no multiple of them
/// (the pass then merges: a group norm's (channel, h, w)), the merged
/// loops. 0 if unknown.

} // namespace mlir::foundry
