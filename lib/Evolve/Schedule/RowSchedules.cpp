//===- RowSchedules.cpp - Block, thread and reduction schedules
//-------------===//
//
// This file implements the schedule builders of elementwise and reducing
// kernels: block and thread tiles of the root, rows over threads, reductions
// to a scalar, reductions tiled as kernels of their own, clusters of rows.
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

/// "a,b,c" of the parallel loops' block tile sizes: innermost from
/// `inner`, the others from `outer`, never larger than the loop.
std::string blockSizes(const KernelShape &shape,
                       const std::vector<int64_t> &outer,
                       const std::vector<int64_t> &inner, std::mt19937 &rng,
                       std::vector<int64_t> *chosen) {
  std::vector<int64_t> extents = shape.parallelExtents();
  std::vector<bool> reduced;
  for (size_t i = 0; i < shape.extents.size(); ++i)
    if (shape.parallel[i])
      reduced.push_back(shape.reduced[i]);
  std::vector<int64_t> picked;
  for (size_t i = 0; i < extents.size(); ++i) {
    int64_t size = pick(i + 1 == extents.size() ? inner : outer, rng);
    if (extents[i] > 0)
      size = std::min(size, extents[i]);
    // Reduced loops stay whole in each block.
    picked.push_back(reduced[i] ? 0 : size);
  }
  // An innermost loop shorter than the `inner` size drawn (a scan's blocks
  // of 8) leaves the rest of it to the loops outside: the block tile then
  // spans whole inner loops up to that many elements, not 8 x 2 x 2.
  int64_t want = pick(inner, rng);
  for (size_t i = extents.size(); i-- > 0;) {
    if (reduced[i] || extents[i] <= 0 || want <= 1)
      break;
    int64_t size = std::min(want, extents[i]);
    if (i + 1 < extents.size() && size <= picked[i])
      break;
    picked[i] = size;
    if (size < extents[i])
      break;
    want /= size;
  }
  // At most three tiled loops (grid x, y, z). The extra ones stay whole:
  // first those whose tile already is the whole loop, then the shortest
  // (innermost first among equals). Leaving the outermost whole instead
  // gave a cumsum's last level (32768x256x16x8) blocks of all 32768 rows.
  int64_t tiled = llvm::count_if(picked, [](int64_t s) { return s != 0; });
  for (size_t i = picked.size(); i-- > 0 && tiled > 3;)
    if (picked[i] != 0 && picked[i] == extents[i]) {
      picked[i] = 0;
      --tiled;
    }
  auto length = [&](size_t i) {
    return extents[i] > 0 ? extents[i] : std::numeric_limits<int64_t>::max();
  };
  while (tiled > 3) {
    std::optional<size_t> shortest;
    for (size_t i = picked.size(); i-- > 0;)
      if (picked[i] != 0 && (!shortest || length(i) < length(*shortest)))
        shortest = i;
    picked[*shortest] = 0;
    --tiled;
  }
  std::vector<std::string> sizes;
  for (int64_t size : picked)
    sizes.push_back(std::to_string(size));
  if (chosen)
    chosen->insert(chosen->end(), picked.begin(), picked.end());
  return llvm::join(sizes, ",");
}

/// Per-thread tile sizes dividing `block` sizes: 1, 2 or 4 elements (up to
/// 8 along the innermost loop), at most `maxSize`, keeping at most 1024
/// threads.
std::string threadSizes(const std::vector<int64_t> &block, std::mt19937 &rng,
                        int64_t maxSize) {
  std::vector<std::string> sizes;
  int64_t threads = 1;
  for (size_t i = 0; i < block.size(); ++i) {
    std::vector<int64_t> options;
    for (int64_t size : {1, 2, 4, 8})
      if (size <= maxSize && (size < 8 || i + 1 == block.size()))
        options.push_back(size);
    // A loop the block keeps whole is walked whole by each thread.
    if (block[i] == 0) {
      sizes.push_back("0");
      continue;
    }
    int64_t size = std::min(pick(options, rng), block[i]);
    while (threads * ((block[i] + size - 1) / size) > 1024)
      size *= 2;
    threads *= (block[i] + size - 1) / size;
    sizes.push_back(std::to_string(size));
  }
  return llvm::join(sizes, ",");
}

/// The positions of a GEMM's row and column loops among its `loops`
/// parallel loops: KernelShape::gemmRowLoop and gemmColLoop when `shape`
/// gives them, else the two innermost.

int64_t threadRow(int64_t innermost, int64_t merged, int64_t threads,
                  int64_t width) {
  if (innermost <= 0)
    return 0;
  if (innermost >= threads * width && innermost % (threads * width) == 0)
    return innermost;
  return merged > 0 ? merged : innermost;
}

/// A row (threadRow) that `threads` x `width` does not divide (65535 =
/// 255 x 257; a group of 3 channels of 22x30x30: 59400) is split over a
/// thread count that does instead, drawn from those from 64 to 512 (1024
/// for single elements) that take the widest pieces of 4, 2 or 1 elements
/// (those groups of 59400: 330 threads of 4-element pieces took 0.28 ms,
/// 270 of them 0.32 ms, 990 threads of one element 0.40 ms, on the H200 on
/// 2026-12-02). Leaves them as they are where none does.
void fitThreadsToRow(int64_t row, int64_t &threads, int64_t &width,
                     std::mt19937 &rng) {
  if (row <= 0 || row % (threads * width) == 0)
    return;
  for (int64_t pieces : {4, 2, 1}) {
    std::vector<int64_t> counts;
    for (int64_t count = 64; count <= (pieces == 1 ? 1024 : 512); ++count)
      if (row % (count * pieces) == 0)
        counts.push_back(count);
    if (counts.empty())
      continue;
    threads = pick(counts, rng);
    width = pieces;
    return;
  }
}

/// The width of the pieces a row's threads take in turn: 4 elements half
/// the time, 1 or 2 otherwise. On the H200 (2026-12-02, bench/results/
/// 2026-12-02-h200-norm-collapse.md) 4-element pieces beat 2 and 1 on
/// every GroupNorm row measured (4 channels of 254x254: 1.90 ms against
/// 2.14 with 2; 3 channels of 22x30x30: 0.28 against 0.40 with 1).
int64_t pickPieceWidth(std::mt19937 &rng) {
  return pick<int64_t>({1, 2, 4, 4}, rng);
}

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
                          bool rowTiles) {
  int64_t working =
      width > 0 || extent <= 0 ? threads : std::min(threads, extent);
  bool shuffle = shape.warpShuffles && working % kWarpSize == 0 && rng() % 2;
  // Not after a split (shape.splitFirst): the maximum and the sum are then
  // partial reductions of their own, never in one block tile.
  bool online = shape.softmax && shape.splitFirst.empty() && rng() % 4 != 0;
  // Only for whole rows in block tiles: split reductions (partial results
  // over blocks) keep the variance's reduction in a kernel of its own.
  bool welford = rowTiles && shape.variance && rng() % 2;
  return "foundry-reduce-threads{threads=" + std::to_string(threads) +
         (width > 0 ? " interleave=" + std::to_string(width) : std::string()) +
         (shuffle ? " shuffle=true" : "") + (online ? " online=true" : "") +
         (welford ? " welford=true" : "") + "}";
}

/// A schedule for a kernel reduced to a scalar (`shape.scalarReduction`:
/// the extents of its reduction, outermost first): partial results over
/// blocks along the outermost loop (one per iteration, or a divisor of it),
/// each block's reductions split over its threads (reduceThreads),
/// interleaved when the extents divide.
std::string columnSplitSchedule(const KernelShape &shape, std::mt19937 &rng) {
  if (shape.columnSplitParts == 0 || shape.columnSplitWidths.empty())
    return "";
  int64_t outputs = 1;
  for (int64_t extent : shape.parallelExtents())
    outputs *= extent;
  // One thread per output (the partial results' parts loop, of tile 1,
  // is left out).
  std::vector<std::string> ones(shape.numParallel(), "1");
  return "foundry-split-reduction{outputs=" + std::to_string(outputs) +
         " parts=" + std::to_string(shape.columnSplitParts) +
         " width=" + std::to_string(pick(shape.columnSplitWidths, rng)) +
         "},foundry-tile-threads{sizes=" + llvm::join(ones, ",") +
         "},foundry-vectorize";
}

std::string scalarReductionSchedule(const KernelShape &shape,
                                    std::mt19937 &rng) {
  const std::vector<int64_t> &loops = shape.scalarReduction;
  int64_t outer = loops.front();
  std::vector<int64_t> parts = {0};
  if (loops.size() == 1 || rng() % 4 == 0)
    for (int64_t count : {64, 256, 1024, 4096})
      if (outer > count && outer % count == 0)
        parts.push_back(count);
  int64_t count = pick(parts, rng);
  int64_t threads = pick<int64_t>({128, 256, 512, 1024}, rng);
  int64_t width = pick<int64_t>({1, 2, 4}, rng);
  // Interleaving needs threads x width to divide the loops each block
  // splits (the innermost one, and the row of the first reduction before
  // the root: a loss's log-softmax) and the parts the final block
  // combines.
  int64_t inner = loops.size() > 1 ? loops.back() : 0;
  int64_t row = 0;
  if (!shape.reductionPhases.empty() &&
      !shape.reductionPhases.front().reduction.empty())
    row = shape.reductionPhases.front().reduction.back();
  int64_t combined = count ? count : outer;
  int64_t unit = threads * width;
  bool interleave = rng() % 4 != 0 && combined % unit == 0 &&
                    (inner == 0 || inner % unit == 0) &&
                    (row == 0 || row % unit == 0);
  std::string schedule = "foundry-split-reduction";
  if (count)
    schedule += "{parts=" + std::to_string(count) + "}";
  // Parts of several iterations of the outer loop hold several rows in a
  // block tile: a softmax's maximum and sum are then no single row's, so
  // not one online pass.
  KernelShape blockShape = shape;
  if (count)
    blockShape.softmax = false;
  schedule += "," + reduceThreads(blockShape, threads,
                                  interleave ? width : 0, loops.back(), rng);
  // Small vectors: a thread's whole chunk in one vector (up to 1024
  // elements, with the loss's transcendentals unrolled) gives megabytes of
  // PTX that ptxas takes minutes on.
  if (interleave)
    schedule += ",foundry-vectorize{max-elements=" +
                std::to_string(pick<int64_t>({16, 64, 128}, rng)) + "}";
  return schedule;
}

/// Block and thread tile sizes ("a,b,c" each) that give each thread one
/// output of an op with parallel loops of extents `parallel` (or two along
/// the second-innermost loop, with more than four loops): the innermost
/// loop whole in the block and the next one tiled to about 256 threads
/// (whole if shorter and other loops are left for the grid); with more
/// than four loops, the innermost two whole (the grid has three
/// dimensions). std::nullopt when that does not fit a block.
std::optional<std::pair<std::string, std::string>>
outputPerThreadTiles(llvm::ArrayRef<int64_t> parallel, std::mt19937 &rng) {
  size_t rank = parallel.size();
  if (rank < 2)
    return std::nullopt;
  std::vector<std::string> blocks(rank, "1"), perThread(rank, "0");
  int64_t inner = parallel[rank - 1];
  int64_t threads = inner;
  blocks[rank - 1] = "0";
  perThread[rank - 1] = "1";
  if (rank - 1 <= 3) {
    int64_t next = parallel[rank - 2];
    int64_t tile = std::min(next, std::max<int64_t>(1, 256 / inner));
    blocks[rank - 2] = tile == next && rank > 2 ? "0" : std::to_string(tile);
    perThread[rank - 2] = "1";
    threads *= tile;
  } else {
    if (rank - 2 > 3)
      return std::nullopt;
    int64_t rows = pick<int64_t>({1, 2}, rng);
    blocks[rank - 2] = "0";
    perThread[rank - 2] = std::to_string(rows);
    threads *= llvm::divideCeil(parallel[rank - 2], rows);
  }
  if (threads > kMaxThreadsPerBlock)
    return std::nullopt;
  return std::make_pair(llvm::join(blocks, ","), llvm::join(perThread, ","));
}

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
                                    std::mt19937 &rng) {
  std::string schedule;
  for (const ReductionPhase &phase : shape.reductionPhases) {
    size_t rank = phase.parallel.size();
    if (rank == 0 || llvm::is_contained(phase.parallel, 0) ||
        llvm::is_contained(phase.reduction, 0))
      return "";
    auto product = [](const std::vector<int64_t> &extents) {
      int64_t result = 1;
      for (int64_t extent : extents)
        if (llvm::MulOverflow(result, extent, result))
          return std::numeric_limits<int64_t>::max();
      return result;
    };
    int64_t window = product(phase.reduction),
            outputs = product(phase.parallel);
    if (window <= 64 || outputs > (int64_t{1} << 20)) {
      std::optional<std::pair<std::string, std::string>> tiles =
          outputPerThreadTiles(phase.parallel, rng);
      if (!tiles)
        return "";
      schedule += "foundry-tile-blocks{sizes=" + tiles->first +
                  " target=reduction fuse=elementwise},foundry-tile-threads{"
                  "sizes=" +
                  tiles->second + "},";
      continue;
    }
    if (rank > 3)
      return "";
    std::vector<std::string> blocks(rank, "1");
    // Interleaved one time in two where the row (threadRow: the loops
    // merged where the innermost is short) takes the threads.
    int64_t threads = pick<int64_t>({32, 64, 128, 256}, rng);
    int64_t width = pickPieceWidth(rng);
    int64_t row =
        threadRow(phase.reduction.back(), phase.mergedRow, threads, width);
    fitThreadsToRow(row, threads, width, rng);
    bool interleave = rng() % 2 && row % (threads * width) == 0;
    schedule +=
        "foundry-tile-blocks{sizes=" + llvm::join(blocks, ",") +
        " target=reduction fuse=elementwise}," +
        reduceThreads(shape, threads, interleave ? width : 0, row, rng) + ",";
  }
  return schedule;
}

/// A GEMM with at most kSkinny rows or columns (a decode-time linear
/// layer, M = 4 to 16 tokens) as a batch of matrix-vector products: each
/// block takes the short loop whole and 1, 2 or 4 of the long one, the K
/// loop split over 64 to 256 threads in interleaved pieces that divide it
/// (a warp reads consecutive elements of a weight row), else in contiguous
/// chunks; each thread keeps short x long-per-block partial sums. The long
/// operand is read once, by many blocks at once: on an H100 (2026-12-06,
/// bench/results/2026-12-06-h100-models-sample-e.md) a 8 x 4096 x 4096
/// GEMM on 32x32 tensor-core tiles over an M padded to 32 had 128 blocks
/// and 21% of the copy roofline. "" for other kernels.
std::string skinnyGemmSchedule(const KernelShape &shape, std::mt19937 &rng) {
  constexpr int64_t kSkinny = 16;
  if (!shape.gemm || shape.gemmM <= 0 || shape.gemmN <= 0 ||
      shape.gemmK <= 0 || std::min(shape.gemmM, shape.gemmN) > kSkinny)
    return "";
  int64_t loops = shape.numParallel();
  auto [rowLoop, colLoop] = gemmRowAndColumn(&shape, loops);
  std::vector<int64_t> extents = shape.parallelExtents();
  if (rowLoop < 0 || colLoop < 0 || loops > 3 ||
      static_cast<int64_t>(extents.size()) != loops)
    return "";
  bool shortRows = shape.gemmM <= shape.gemmN;
  int64_t longLoop = shortRows ? colLoop : rowLoop;
  int64_t perBlock = pick<int64_t>({1, 1, 2, 4}, rng);
  if (extents[longLoop] % perBlock != 0)
    perBlock = 1;
  std::vector<std::string> blocks(loops, "1");
  blocks[shortRows ? rowLoop : colLoop] = "0";
  blocks[longLoop] = std::to_string(perBlock);
  int64_t threads = pick<int64_t>({64, 128, 256}, rng);
  int64_t width = pickPieceWidth(rng);
  while (width > 1 && shape.gemmK % (threads * width) != 0)
    width /= 2;
  if (shape.gemmK % (threads * width) != 0)
    width = 0;
  return tileRootBlocks(shape, llvm::join(blocks, ",")) + "," +
         reduceThreads(shape, threads, width, shape.gemmK, rng) +
         ",foundry-vectorize";
}

/// The block tiling of the root, `sizes` ("a,b,c", one per parallel
/// loop), with its producers fused, but only those without reductions
/// where the root accumulates onto a reduction's result
/// (KernelShape::initFromReduction).
std::string tileRootBlocks(const KernelShape &shape, llvm::StringRef sizes) {
  return ("foundry-tile-blocks{sizes=" + sizes +
          (shape.initFromReduction ? " fuse=elementwise}" : "}"))
      .str();
}

/// For a root that reduces a window of 2 to 64 elements into each output,
/// or reads such a reduction element for element (a pooling:
/// KernelShape::window), with two or three parallel loops: block tiles of 8
/// rows of the second-innermost parallel loop by 128 of the innermost (1 along
/// the others), each thread taking 4 of those rows at one innermost position.
/// With four (NCHW), an innermost loop of at most 1024 and at least 4
/// channels: blocks of 4 channels by one whole innermost row, each thread 4
/// channels at one position. "" otherwise.
std::string windowRowsPerThread(const KernelShape &shape) {
  if (shape.gemm)
    return "";
  int64_t window = shape.window;
  std::vector<int64_t> extents = shape.parallelExtents();
  size_t rank = extents.size();
  if (window < 2 || window > 64 || rank < 2 || rank > 4 ||
      llvm::is_contained(extents, 0))
    return "";
  std::vector<std::string> blocks(rank, "1"), threads(rank, "1");
  // Four loops (a 2-D pool, NCHW): foundry-tile-blocks tiles three, so the
  // innermost stays whole, one thread per element of it, and each thread
  // takes 4 of the channels (the second loop) at one position.
  if (rank == 4) {
    if (extents[3] > 1024 || extents[1] < 4)
      return "";
    blocks[1] = "4";
    blocks[3] = "0";
    threads[0] = "0"; // foundry-tile-threads also maps at most 3 loops.
    threads[1] = "4";
    return tileRootBlocks(shape, llvm::join(blocks, ",")) +
           ",foundry-tile-threads{sizes=" + llvm::join(threads, ",") +
           "},foundry-vectorize";
  }
  if (extents[rank - 2] < 8)
    return "";
  blocks[rank - 2] = "8";
  blocks[rank - 1] = "128";
  threads[rank - 2] = "4";
  return tileRootBlocks(shape, llvm::join(blocks, ",")) +
         ",foundry-tile-threads{sizes=" + llvm::join(threads, ",") +
         "},foundry-vectorize";
}

/// Rows in block tiles (`blocks`, one size per parallel loop), each row's
/// reductions (over `row` elements, 0 if unknown) split over threads
/// (reduceThreads).
std::string rowsOverThreads(const KernelShape &shape,
                            llvm::ArrayRef<std::string> blocks, int64_t threads,
                            int64_t width, int64_t row, std::mt19937 &rng) {
  return tileRootBlocks(shape, llvm::join(blocks, ",")) + "," +
         reduceThreads(shape, threads, width, row, rng, /*rowTiles=*/true);
}

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
                                llvm::ArrayRef<int64_t> extents) {
  constexpr int64_t kParts = 8, kThreads = 1024, kWidth = 4;
  // The inner loop is the reduced one, the outer one the rows.
  if (!shape.softmax || shape.gemm || extents.size() != 2 || reduced[0] ||
      !reduced[1] || extents[0] < 2 || extents[1] < (int64_t{1} << 16))
    return "";
  int64_t part = extents[1] / kParts;
  if (extents[1] % kParts != 0 || part % (kThreads * kWidth) != 0 ||
      part / kThreads > 64)
    return "";
  std::string threads = std::to_string(kThreads);
  std::string width = std::to_string(kWidth);
  // The output pass unrolled over a thread's pieces of the part.
  int64_t pieces = part / kThreads / kWidth;
  std::string unroll =
      pieces > 1 ? ",foundry-unroll{factor=" + std::to_string(pieces) + "}"
                 : "";
  return std::string(shape.invertDivisors ? "foundry-invert-divisors," : "") +
         "foundry-split-reduction{outputs=" + std::to_string(extents[0]) +
         " parts=" + std::to_string(kParts) +
         " cluster=true online=true},foundry-tile-blocks{fuse=all sizes={1," +
         std::to_string(part) +
         "} target=result},foundry-reduce-threads{threads=" + threads +
         " interleave=" + width +
         " shuffle=true},foundry-tile-threads{sizes={0," +
         std::to_string(part / kThreads) + "} interleave=" + width +
         "},foundry-vectorize" + unroll;
}

/// The diagnosis of the parent, if it has one and it says `bottleneck`.

} // namespace mlir::foundry
