//===- Reduction.cpp - The reduction expert ------------------------------===//
//
// One of the four built-in experts: see reductionExpert() in Experts.h.
//
//===----------------------------------------------------------------------===//

#include "Experts/Experts.h"
#include "Schedule/Builders.h"

#include "foundry/Transforms/Passes.h"

#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::foundry;

/// The root tiled as an elementwise op: consecutive elements along its
/// innermost loop (up to 1024 in a block), a few per thread, vectorized.
static std::string elementwiseRoot(const KernelShape &shape,
                                   std::mt19937 &rng) {
  std::vector<int64_t> block;
  std::string blocks =
      blockSizes(shape, {1, 2, 4}, {256, 512, 1024}, rng, &block);
  return tileRootBlocks(shape, blocks) + ",foundry-tile-threads{sizes=" +
         threadSizes(block, rng, 4) + "},foundry-vectorize";
}

/// Reduction: one row per block, the reduction split over threads,
/// interleaved when the row divides (always after a memory-bound parent:
/// interleaving is what coalesces the row).
Expert mlir::foundry::reductionExpert() {
  return {
      "reduction", [](const ExpertRequest &request, std::mt19937 &rng) {
        const KernelShape &shape = request.shape;
        if (shape.numParallel() == 0 && !shape.scalarReduction.empty())
          return scalarReductionSchedule(shape, rng);
        // A GEMM with few rows or columns (decode time) is a batch of
        // matrix-vector products: one time in two, K over the threads.
        if (request.initial || rng() % 2)
          if (std::string gemv = skinnyGemmSchedule(shape, rng); !gemv.empty())
            return gemv;
        // A contraction with one parallel loop (a matrix-vector product)
        // is a row reduction too; other GEMMs are not.
        if (!shape.hasReduction || shape.numParallel() == 0 || shape.gemm ||
            (shape.contraction && shape.numParallel() > 1) ||
            shape.multiResultRoot)
          return std::string();
        // Down an outer axis into too few outputs for the threads (a
        // column sum): parts of the rows over blocks, consecutive outputs
        // over threads; the seed and three proposals in four.
        if (request.initial || rng() % 4)
          if (std::string columns = columnSplitSchedule(shape, rng);
              !columns.empty())
            return columns;
        // Rows of one loop split into parts first (KernelShape::splitLoop:
        // a softmax over a vocabulary), whose threads withSplitFirst sizes:
        // a root that reduces nothing then (the division by the row's sum)
        // is elementwise, consecutive elements a few per thread.
        if (shape.splitLoop > 0 && !llvm::is_contained(shape.parallel, false))
          return elementwiseRoot(shape, rng);
        // After a contraction, the GEMM first, as a kernel of its own.
        std::string prefix = splitGemmPhases(shape, request.initial, rng);
        // A convolution before a norm (a Conv2d then an InstanceNorm): one
        // time in two, the convolution as an im2col GEMM kernel first, else
        // (and for the convolutions im2col does not take) as direct loops.
        if (prefix.empty() && shape.im2col && !shape.im2colRoot && rng() % 2)
          prefix = im2colSchedule(shape, rng, /*epilogue=*/false) + ",";
        if (prefix.empty())
          prefix = splitConvolutionPrefix(shape, rng);
        // After a convolution, one time in two, the reductions before the
        // root as kernels of their own (fused into the root's tile, a
        // pooling window would be split over threads like a row).
        bool afterConvolution = !shape.splitConvolution.empty() ||
                                (shape.im2col && !shape.im2colRoot);
        if (afterConvolution && !prefix.empty() &&
            !shape.reductionPhases.empty() && rng() % 2) {
          std::string phases = reductionPhasesSchedule(shape, rng);
          prefix += phases;
          // A root that reduces nothing then (a softmax's division): one
          // output per thread.
          std::optional<std::pair<std::string, std::string>> tiles =
              outputPerThreadTiles(shape.parallelExtents(), rng);
          // One loop (a mean per image after a Conv3d and a GroupNorm):
          // blocks of up to 256 consecutive outputs.
          if (!tiles && shape.parallelExtents().size() == 1 &&
              shape.parallelExtents().front() > 0)
            tiles = std::make_pair(std::to_string(std::min<int64_t>(
                                       256, shape.parallelExtents().front())),
                                   std::string("1"));
          if (!phases.empty() &&
              llvm::all_of(shape.parallel, [](bool p) { return p; }) && tiles)
            return prefix + tileRootBlocks(shape, tiles->first) +
                   ",foundry-tile-threads{sizes=" + tiles->second +
                   "},foundry-vectorize";
        }

        // A blocked scan (a root accumulating onto reductions over its
        // rows): one time in two, one row per block (the outermost loop),
        // each level a phase of its own over the block's threads: every
        // level computed once per row, the row read from memory twice.
        // 512 or 1024 threads (256 were slower on the H200, and spilled
        // once vectorized), vector tiles three times in four, the output
        // written 4 consecutive elements per thread one time in two (on
        // the H200, a cumsum over 32768 rows of 32768: 2.62 ms against
        // 3.04 with one, 2.91 with 8).
        if (shape.initFromReduction && prefix.empty() && rng() % 2) {
          int64_t threads = pick<int64_t>({512, 1024, 1024}, rng);
          int64_t width = pick<int64_t>({1, 4, 4, 8}, rng);
          return "foundry-tile-blocks{sizes=1},foundry-tile-phases{"
                 "threads=" +
                 std::to_string(threads) +
                 (width > 1 ? " width=" + std::to_string(width) : "") + "}" +
                 (rng() % 4 ? ",foundry-vectorize" : "");
        }

        // One row per block: size 1 along the loops the reduction keeps
        // (at most three), the reduced ones whole; without a known reduced
        // loop, the innermost is the row.
        std::vector<bool> reduced;
        std::vector<int64_t> extents;
        for (size_t i = 0; i < shape.extents.size(); ++i)
          if (shape.parallel[i]) {
            reduced.push_back(shape.reduced[i]);
            extents.push_back(shape.extents[i]);
          }
        // No loop reduced by a producer: the root reduces itself (a sum
        // over a dimension, a matrix-vector product); its parallel loops
        // are the rows. Threads interleave over the innermost reduction
        // loop when it divides (coalesced when it is the row's contiguous
        // dimension).
        if (llvm::none_of(reduced, [](bool r) { return r; })) {
          std::vector<std::string> rows;
          int64_t tiled = 0;
          for (size_t i = 0; i < reduced.size(); ++i)
            rows.push_back(++tiled > 3 ? "0" : "1");
          int64_t threads = pick<int64_t>({32, 64, 128, 256}, rng);
          int64_t width = pickPieceWidth(rng);
          int64_t innermost = 0, merged = shape.mergedRow;
          for (size_t i = 0; i < shape.extents.size(); ++i)
            if (!shape.parallel[i])
              innermost = shape.extents[i];
          // A root that only combines reductions before it (the mean per
          // image of a GroupNorm's output): the block's reductions are
          // those, the first one's loops the row.
          // A root that reduces nothing after a contraction or convolution
          // split off as a kernel of its own (a bias and a ReLU after an
          // im2col GEMM): the rest is elementwise.
          if (innermost == 0 && shape.reductionPhases.empty() &&
              shape.splitFirst.empty() && !prefix.empty())
            return prefix + elementwiseRoot(shape, rng);
          if (innermost == 0 && !shape.reductionPhases.empty()) {
            const ReductionPhase &first = shape.reductionPhases.front();
            innermost = first.reduction.empty() ? 0 : first.reduction.back();
            merged = first.mergedRow;
          }
          int64_t row = threadRow(innermost, merged, threads, width);
          fitThreadsToRow(row, threads, width, rng);
          bool interleave = (rng() % 2 || parentIs(request, "memory")) &&
                            row > 0 && row % (threads * width) == 0;
          // Reduced down an outer axis (a column sum): a block takes a few
          // consecutive outputs along the innermost parallel loop, which
          // each thread reads contiguously for its chunk of the
          // reduction, rather than one output read with a stride.
          if (shape.reducesOuterAxis && prefix.empty() && !rows.empty() &&
              rows.back() == "1" && !extents.empty()) {
            std::vector<int64_t> columns;
            for (int64_t c : {4, 8, 16, 32})
              if (extents.back() % c == 0)
                columns.push_back(c);
            if (!columns.empty()) {
              rows.back() = std::to_string(pick(columns, rng));
              interleave = false;
            }
          }
          std::string schedule =
              prefix + rowsOverThreads(shape, rows, threads,
                                       interleave ? width : 0, row, rng);
          // A root with no reduction of its own (the reductions split off
          // first: a LayerNorm's or a Frobenius norm's normalization) keeps
          // its innermost loop whole in the block tile when it has more
          // than three loops; those elements are spread over the block's
          // threads, `width` consecutive ones each, instead of one thread
          // walking them all.
          int64_t inner = extents.empty() ? 0 : extents.back();
          if (!llvm::is_contained(shape.parallel, false) && rows.size() > 3 &&
              inner > 0) {
            while (width > 1 && (inner % width != 0 || inner / width < 32))
              width /= 2;
            if (inner / width <= kMaxThreadsPerBlock) {
              std::vector<std::string> lanes(rows.size(), "0");
              lanes.back() = std::to_string(width);
              schedule +=
                  ",foundry-tile-threads{sizes=" + llvm::join(lanes, ",") +
                  "},foundry-vectorize";
            }
          }
          return schedule;
        }
        // Long softmax rows: one time in two, a row's parts as a cluster.
        if (prefix.empty())
          if (std::string cluster =
                  clusterRowsSchedule(shape, reduced, extents);
              !cluster.empty() && rng() % 2)
            return cluster;
        std::vector<std::string> blocks, threadTile;
        int64_t rowLoops = 0;
        for (size_t i = 0; i < reduced.size(); ++i)
          blocks.push_back(reduced[i] || ++rowLoops > 3 ? "0" : "1");
        int64_t threads = pick<int64_t>({32, 64, 128, 256, 512}, rng);
        size_t inner = reduced.size();
        while (inner > 0 && !reduced[inner - 1])
          --inner;
        int64_t row = inner > 0 ? extents[inner - 1] : 0;
        // Interleaving (coalesced rows) needs threads x width to divide
        // the row the threads split: the innermost reduced loop, or the
        // reduced loops up to it merged (foundry-reduce-threads merges them
        // where it alone is too short).
        int64_t width = pickPieceWidth(rng);
        // The loops the producers reduce over are merged as they would
        // be in the first of them; without one, the root's reduced loops
        // up to the innermost, multiplied.
        int64_t merged = 0;
        if (!shape.reductionPhases.empty()) {
          merged = shape.reductionPhases.front().mergedRow;
        } else {
          merged = 1;
          for (size_t i = inner; i > 0 && reduced[i - 1]; --i)
            if (extents[i - 1] <= 0 ||
                llvm::MulOverflow(merged, extents[i - 1], merged)) {
              merged = 0;
              break;
            }
        }
        int64_t split = threadRow(row, merged, threads, width);
        fitThreadsToRow(split, threads, width, rng);
        bool interleave = (rng() % 2 || parentIs(request, "memory")) &&
                          split > 0 && split % (threads * width) == 0;
        std::string schedule =
            prefix + rowsOverThreads(shape, blocks, threads,
                                     interleave ? width : 0, split, rng);
        // The elementwise part of the row spread over the same threads
        // (else each thread would keep a whole row), along the innermost
        // reduced loop.
        if (row <= 0)
          return schedule;
        for (size_t i = 0; i < reduced.size(); ++i)
          threadTile.push_back(
              i + 1 == inner ? std::to_string((row + threads - 1) / threads)
                             : "0");
        std::string pieces;
        if (row % (threads * 4) == 0 && rng() % 2)
          pieces = " interleave=4";
        else if (row % (threads * 4) != 0 && row % threads == 0 && rng() % 2)
          pieces = " interleave=1";
        return schedule +
               ",foundry-tile-threads{sizes=" + llvm::join(threadTile, ",") +
               pieces + "},foundry-vectorize";
      }};
}
