//===- Builders.h - Typed pieces of schedules -------------------*- C++ -*-===//
//
// The schedule builders the experts compose: each returns pipeline text of
// foundry-* schedule passes for a kernel's structure (KernelShape). They
// decide nothing about what is worth trying (that is the experts'), only
// how a choice is written for a kernel of this shape.
//
//===----------------------------------------------------------------------===//

#ifndef FOUNDRY_LIB_EVOLVE_SCHEDULE_BUILDERS_H
#define FOUNDRY_LIB_EVOLVE_SCHEDULE_BUILDERS_H

#include "foundry/Evolve/Search.h"

#include <optional>
#include <random>
#include <string>
#include <utility>
#include <vector>

namespace mlir::foundry {

/// A random element of `choices`.
template <typename T>
inline T pick(const std::vector<T> &choices, std::mt19937 &rng) {
  return choices[std::uniform_int_distribution<size_t>(0, choices.size() -
                                                              1)(rng)];
}

/// The top-level passes of a schedule, each with its options
/// ("a{x=1},b" -> "a{x=1}", "b").
llvm::SmallVector<llvm::StringRef> topLevelPasses(llvm::StringRef schedule);

/// "a,b,c" of the parallel loops' block tile sizes: innermost from
/// `inner`, the others from `outer`, never larger than the loop.
std::string blockSizes(const KernelShape &shape,
                       const std::vector<int64_t> &outer,
                       const std::vector<int64_t> &inner, std::mt19937 &rng,
                       std::vector<int64_t> *chosen = nullptr);

/// Per-thread tile sizes dividing `block` sizes: 1, 2 or 4 elements (up to
/// 8 along the innermost loop), at most `maxSize`, keeping at most 1024
/// threads.
std::string threadSizes(const std::vector<int64_t> &block, std::mt19937 &rng,
                        int64_t maxSize);

/// The positions of a GEMM's row and column loops among its `loops`
/// parallel loops: KernelShape::gemmRowLoop and gemmColLoop when `shape`
/// gives them, else the two innermost.
std::pair<int64_t, int64_t> gemmRowAndColumn(const KernelShape *shape,
                                             int64_t loops);

/// Per parallel loop of a GEMM over `loops` parallel loops: `row` at its
/// row loop, `col` at its column loop (gemmRowAndColumn), `other`
/// everywhere else (batch loops, and the outer loops of a GEMM whose rows
/// or columns span several).
std::vector<std::string> gemmLoopSizes(const KernelShape *shape, int64_t loops,
                                       const std::string &other,
                                       const std::string &row,
                                       const std::string &col);

/// Block tiles of a GEMM (gemmLoopSizes at block level) over more than
/// three parallel loops tile more loops than the grid has dimensions (a
/// pointwise convolution: image, rows, image row, columns): its row loop,
/// when at most 128 long, then stays whole in each block (size 0) instead.
std::vector<std::string> fitGrid(const KernelShape &shape,
                                 std::vector<std::string> blocks);

/// After a GEMM tiled as a kernel of its own (`target=contraction`: padded,
/// or on the tensor cores with MmaTiles::fuseEpilogue off), the elementwise
/// epilogue: 4x256 block tiles, 4 consecutive elements per thread; "" when
/// the GEMM is the root.
std::string ownKernelEpilogue(const KernelShape &shape);

/// The tile sizes of a GEMM on the tensor cores.
struct MmaTiles {
  int64_t blockM, blockN, warpM;
  /// Depth of the k-steps staged in shared memory (rows padded by 4 f32,
  /// which keeps ldmatrix's 8 row reads on different banks); 0: operands
  /// read from global memory.
  int64_t stagedK = 0;
  /// Tile buffers per operand (foundry-promote's stages; two put the next
  /// k-step's copies in flight while this one computes).
  int64_t stages = 1;
  /// Operands computed per tile (foundry-tile-blocks{fuse=elementwise}):
  /// a convolution's im2col gather into the staged tile, an implicit GEMM.
  bool fuseOperands = false;
  /// Warpgroup tiles of warpM x warpN on wgmma (foundry-tile-warpgroups)
  /// instead of warp tiles on mma.sync: K-major operands (shape.gemmWgmma)
  /// staged without padding, the k-step taken whole.
  bool warpgroups = false;
  int64_t warpN = 0;
  /// Warpgroup tiles' operands loaded by TMA (foundry-promote{tma=true})
  /// instead of cp.async: only with at least three stages (dropped when
  /// fewer fit) and a 2-D GEMM whose operands are tiles of host buffers
  /// (no fuseOperands), on a target that has TMA.
  bool tma = false;
  /// With tma, a producer warpgroup issuing the loads beside the matmul's
  /// (foundry-promote{warp-specialize=true}): f16 and bf16 operands only,
  /// warpgroup tiles as wide as the block tile (one warpgroup per row of
  /// them, as the GPU tail requires).
  bool warpSpecialize = false;
  /// A 2-D GEMM's elementwise epilogue (KernelShape::gemm) tiled with it
  /// (`foundry-tile-blocks` of the root): the GPU tail stores the
  /// accumulators into the output tile and runs the epilogue there, one
  /// kernel (fuseWarpEpilogue). Off: the GEMM is a kernel of its own and
  /// the epilogue another (ownKernelEpilogue). On an H100 (2026-12-06,
  /// bench/results/2026-12-06-h100-mma-epilogue.md, version 5), fused on
  /// warpgroup tiles a 1024x8192x8192 nn.Linear GEMM with a scale and a
  /// LeakyReLU after it took 1.321 and 1.308 ms against 1.346 and 1.352 split,
  /// one with a subtraction, a scale and a ReLU 1.330 and 1.319 against 1.338
  /// and 1.336; on warp tiles the first 2.198 ms against 2.174.
  bool fuseEpilogue = false;
};

/// The tensor-core GEMM of a schedule over `loops` parallel loops (leading
/// batch loops tile 1): block tiles, optionally staged operands, warp tiles
/// of warpM x warpN (32 when 0), k-steps of 8 on mma.sync (m16n8k8 tf32;
/// 16 for f16 and bf16 operands, `half`, on m16n8k16, their staged rows
/// padded by 8 elements, 16 bytes, instead of 4). With `ownKernel` the
/// contraction is tiled alone (`target=contraction`), its result going through
/// memory. With `shape`, its row and column loops are tiled (gemmLoopSizes).
std::string mmaGemm(int64_t loops, bool ownKernel, const MmaTiles &t, bool half,
                    const KernelShape *shape = nullptr);

/// The kinds of tensor-core GEMM tiling tuned per target (TunedTiles.cpp).
enum class GemmTiling {
  /// Warp tiles on mma.sync, operands staged in padded shared-memory rows.
  WarpTiles,
  /// Warpgroup tiles on wgmma, K-major operands in swizzled shared tiles
  /// (tf32 or 3xtf32 for fp32 operands, m64nNk16 for f16 and bf16).
  WarpgroupTiles,
};

/// The tiles measured best for `tiling` on `target` for fp32 operands or,
/// with `half`, f16 and bf16 ones (a row of the tuned table, which names
/// the measurement it came from), or, for a target without its own row,
/// those of the nearest known target (Hopper's).
const MmaTiles &tunedGemmTiles(const TargetInfo &target, GemmTiling tiling,
                               bool half);

/// "foundry-pad{m=BM n=BN k=BK}," when the kernel's first contraction
/// (KernelShape::gemmM/N/K) is not a multiple of the block tile BM x BN and
/// the k-step BK, else "": tiles that do not divide leave dynamic shapes,
/// which shared-memory staging and the tensor cores refuse.
std::string padFor(const KernelShape &shape, int64_t bm, int64_t bn,
                   int64_t bk);

/// The tensor-core GEMM of a GEMM kernel (shape.gemm) and its epilogue:
/// its A copied M-major first where it is K-major (shape.gemmKMajorA), on
/// warpgroup tiles its B copied NxK where it is KxN (shape.gemmKMajorB),
/// padded where the tiles do not divide it, and then tiled as a kernel of
/// its own (the padded result is read back through a slice); the copies
/// are tiled last (kTransposeTiling).
std::string mmaGemmKernel(const KernelShape &shape, const MmaTiles &t);

/// The block tiling of a SIMT GEMM kernel's contraction, `blocks` per
/// parallel loop, after `pad` (padFor's, or ""): a padded contraction is
/// read back through a slice, so it is tiled as a kernel of its own, and
/// its epilogue (ownKernelEpilogue) then follows the GEMM's passes.
std::string simtGemmBlocks(const std::string &pad,
                           llvm::ArrayRef<std::string> blocks);

/// A GEMM schedule for the row and column loops (gemmLoopSizes; the other
/// parallel loops get tile 1): a BM x BN block tile, a TM x TN register tile
/// per thread (32 to 1024 threads), a k-loop; with `promote`, a KB-deep k-loop
/// around A and B tiles promoted to shared memory first; with `mma`
/// (allowed precisions only), warp tiles on tensor cores instead (with
/// `promote`, reading padded shared-memory tiles).
std::string gemmSchedule(const KernelShape &shape, std::mt19937 &rng,
                         bool promote, bool mma, int64_t maxThreadTile);

/// A block tile along N for a convolution's GEMM that divides its N
/// (OH*OW, per image) when no power of two from 64 does, and the warp tile
/// along N that divides it (a multiple of mma.sync's n8, at most 4 warps
/// across): {0, 0} when there is none. Without it, foundry-pad pads N and
/// a kernel of its own copies the padded result out. On the H200
/// (2026-12-02, bench/results/2026-12-02-h200-conv-launches.md), a Conv3d's
/// GEMM (N = 30x62x62 = 115320) took 4.31 ms on 32x120 block tiles of
/// three 32x40 warp tiles against 5.12 ms on 32x64 tiles over N padded to
/// 115328, and its epilogue the same 1.0 ms either way.
std::pair<int64_t, int64_t> dividingTileN(int64_t n);

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
                           bool epilogue = true);

/// Split-K (foundry-split-k) for a plain GEMM whose output tiles leave
/// most of the GPU's 132 SMs idle while its reduction is long (a GEMM of
/// 256x256 outputs, K = 524288, four 128x128 tiles): the smallest power of
/// two of parts that gives two blocks per SM, each part at least 1024 deep,
/// then the partial GEMMs (part loop tile 1) on the tensor cores where the
/// precision allows, else in SIMT, then the sum of the parts, 4x256
/// outputs per block. "" when the GEMM does not need it or the tiles do
/// not divide it.
std::string splitKSchedule(const KernelShape &shape, std::mt19937 &rng);

/// The first phase of a split kernel: the contraction tiled as a GEMM of
/// its own (`loops` parallel loops, leading batch loops tile 1), distributed
/// over threads with a register tile and a k-loop, optionally staged in
/// shared memory, or (`mma`, 2-D only) on the tensor cores, with the
/// measured best tiles where `best` (the tuned warpgroup tiles when the
/// operands are K-major, shape.gemmWgmma, else the tuned warp tiles), else
/// those one time in three; "" when `loops` is 0.
std::string splitGemmPrefix(const KernelShape &shape, bool mma,
                            std::mt19937 &rng, bool best);

/// The first phase of a kernel whose convolution other ops reduce after
/// (KernelShape::splitConvolution): the convolution as a kernel of its own,
/// one output per thread along its innermost loops (whole in a block up to
/// 1024 threads; the innermost coalesced), its outer loops block tiles of 1
/// (at most three tiled loops; the largest first, the filters one time in
/// two left to each thread instead, which reuses each input for all of
/// them), ending with ","; "" for other kernels.
std::string splitConvolutionPrefix(const KernelShape &shape, std::mt19937 &rng);

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
                            std::mt19937 &rng);

/// The row foundry-reduce-threads splits over `threads` threads taking
/// `width`-element pieces, for a block tile whose innermost reduction loop
/// has `innermost` elements and whose reduction loops the pass would merge
/// (ReductionPhase::mergedRow) `merged`: the innermost loop, or, where it
/// holds fewer than threads x width elements or is no multiple of them
/// (the pass then merges: a group norm's (channel, h, w)), the merged
/// loops. 0 if unknown.
int64_t threadRow(int64_t innermost, int64_t merged, int64_t threads,
                  int64_t width);

/// A row (threadRow) that `threads` x `width` does not divide (65535 =
/// 255 x 257; a group of 3 channels of 22x30x30: 59400) is split over a
/// thread count that does instead, drawn from those from 64 to 512 (1024
/// for single elements) that take the widest pieces of 4, 2 or 1 elements
/// (those groups of 59400: 330 threads of 4-element pieces took 0.28 ms,
/// 270 of them 0.32 ms, 990 threads of one element 0.40 ms, on the H200 on
/// 2026-12-02). Leaves them as they are where none does.
void fitThreadsToRow(int64_t row, int64_t &threads, int64_t &width,
                     std::mt19937 &rng);

/// The width of the pieces a row's threads take in turn: 4 elements half
/// the time, 1 or 2 otherwise. On the H200 (2026-12-02, bench/results/
/// 2026-12-02-h200-norm-collapse.md) 4-element pieces beat 2 and 1 on
/// every GroupNorm row measured (4 channels of 254x254: 1.90 ms against
/// 2.14 with 2; 3 channels of 22x30x30: 0.28 against 0.40 with 1).
int64_t pickPieceWidth(std::mt19937 &rng);

/// The options of foundry-reduce-threads for `threads` threads,
/// interleaved in `width`-element pieces when `width` > 0; one time in two
/// (on a GPU, when the threads that get work are whole warps: all of them,
/// or as many as the reduction's `extent`, 0 if unknown) each warp
/// combines its partial results by shuffles first. Three times in four, a
/// softmax's maximum and sum of exp are one pass (online=true): a softmax
/// over 4096 rows of 393216 took 4.74 ms instead of 6.22 (H200, 2026-12-01,
/// same threads: one read of the row less). One time in two, a
/// variance's sum of squared deviations joins the mean's pass
/// (welford=true) where the block tiles hold whole rows (`rowTiles`).
std::string reduceThreads(const KernelShape &shape, int64_t threads,
                          int64_t width, int64_t extent, std::mt19937 &rng,
                          bool rowTiles = false);

/// A GEMM with at most 16 rows or columns (a decode-time linear layer) as
/// a batch of matrix-vector products: the short loop whole and a few of the
/// long one per block, K split over the threads. "" for other kernels.
std::string skinnyGemmSchedule(const KernelShape &shape, std::mt19937 &rng);

/// A schedule for a reduction down an outer axis into too few outputs for
/// the threads (shape.columnSplitParts): its outermost reduction loop split
/// into parts, each block reading a part's rows of `width` consecutive
/// outputs (one of shape.columnSplitWidths), one output per thread (a warp
/// reads 32 consecutive elements of a row), then the parts combined
/// `width` outputs per block. "" for other kernels.
std::string columnSplitSchedule(const KernelShape &shape, std::mt19937 &rng);

/// A schedule for a kernel reduced to a scalar (`shape.scalarReduction`:
/// the extents of its reduction, outermost first): partial results over
/// blocks along the outermost loop (one per iteration, or a divisor of it),
/// each block's reductions split over its threads (reduceThreads),
/// interleaved when the extents divide.
std::string scalarReductionSchedule(const KernelShape &shape,
                                    std::mt19937 &rng);

/// Block and thread tile sizes ("a,b,c" each) that give each thread one
/// output of an op with parallel loops of extents `parallel` (or two along
/// the second-innermost loop, with more than four loops): the innermost
/// loop whole in the block and the next one tiled to about 256 threads
/// (whole if shorter and other loops are left for the grid); with more
/// than four loops, the innermost two whole (the grid has three
/// dimensions). std::nullopt when that does not fit a block.
std::optional<std::pair<std::string, std::string>>
outputPerThreadTiles(llvm::ArrayRef<int64_t> parallel, std::mt19937 &rng);

/// Each reduction before the root (KernelShape::reductionPhases) tiled as
/// a kernel of its own, in order (foundry-tile-blocks{target=reduction
/// fuse=elementwise}: the elementwise ops before it computed in its tile).
/// A window of at most 64 elements (a max-pool, a scan's block totals) or
/// a reduction into more than 2^20 outputs (a scan's offsets): one output
/// per thread, the innermost loop whole in the block and the next one
/// tiled to about 256 threads (with more than four loops, the innermost
/// two whole: the grid has three dimensions). A longer reduction into
/// fewer outputs (a global average): one output per block, split over its
/// threads. Ends with ","; "" when a phase has dynamic extents or does not
/// fit a block. On the H200, 2026-12-01: a 3-D convolution, max-pool and global
/// average 4.73 ms with both under the naive mapping, 3.99 ms tiled so; a
/// three-level blocked cumsum over 32768 rows of 32768 5.86 -> 4.98 ms.
std::string reductionPhasesSchedule(const KernelShape &shape,
                                    std::mt19937 &rng);

/// The block tiling of the root, `sizes` ("a,b,c", one per parallel
/// loop), with its producers fused, but only those without reductions
/// where the root accumulates onto a reduction's result
/// (KernelShape::initFromReduction).
std::string tileRootBlocks(const KernelShape &shape, llvm::StringRef sizes);

/// For a root that reduces a window of 2 to 64 elements into each output,
/// or reads such a reduction element for element (a pooling:
/// KernelShape::window), with two or three parallel loops: block tiles of 8
/// rows of the second-innermost parallel loop by 128 of the innermost (1 along
/// the others), each thread taking 4 of those rows at one innermost position.
/// With four (NCHW), an innermost loop of at most 1024 and at least 4
/// channels: blocks of 4 channels by one whole innermost row, each thread 4
/// channels at one position. "" otherwise.
std::string windowRowsPerThread(const KernelShape &shape);

/// Rows in block tiles (`blocks`, one size per parallel loop), each row's
/// reductions (over `row` elements, 0 if unknown) split over threads
/// (reduceThreads).
std::string rowsOverThreads(const KernelShape &shape,
                            llvm::ArrayRef<std::string> blocks, int64_t threads,
                            int64_t width, int64_t row, std::mt19937 &rng);

/// A softmax or log-softmax (KernelShape::softmax) over rows of at least
/// 2^16 elements, each reduced whole (two parallel loops, the inner one
/// reduced by the producers): a row's 8 parts as one thread-block cluster
/// (foundry-split-reduction{cluster=true}), each part over 1024 threads,
/// 4 consecutive elements at a time, the same pieces of the part in every
/// pass (so that a thread's loads of the first pass serve the second from
/// registers), its statistics shuffled per warp. `reduced` and `extents`
/// are the root's parallel loops' (reduced over by a producer; extent). "" for
/// other kernels, or where the row's part is not a multiple of 4096 elements or
/// over 64 per thread. On the H200 (2026-12-04,
/// bench/results/2026-12-04-h200-cluster-softmax.md): a log-softmax over 4096
/// rows of 393216 in 4.38 ms against 4.67 with one row per block; a softmax
/// over the same rows 5.49 against 4.74 (one exp and one division more per
/// element, for one block per SM): the search decides. A softmax divides by the
/// reciprocal of its row sum (foundry-invert-divisors, shape.invertDivisors),
/// and the output pass is unrolled over a thread's pieces: 4.47 ms for that
/// softmax (bench/results/2026-12-04-h200-softmax-reciprocal.md). Each part's
/// maximum and sum of exp relative to it come from one pass, shared over one
/// cluster barrier (online=true): on an H100 (2026-12-05,
/// bench/results/2026-12-05-h100-approx-math.md) the softmax 6.19 -> 6.04 ms,
/// the log-softmax 5.39 -> 4.80.
std::string clusterRowsSchedule(const KernelShape &shape,
                                const std::vector<bool> &reduced,
                                llvm::ArrayRef<int64_t> extents);

} // namespace mlir::foundry

#endif // FOUNDRY_LIB_EVOLVE_SCHEDULE_BUILDERS_H
