//===- BuiltinExperts.cpp - The heuristic experts
//---------------------------===//
//
// This file implements the four built-in experts (parallelism, compute,
// memory, reduction): each turns a kernel's structure and its parent's
// diagnosis into a schedule through the builders of Schedule/.
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
using namespace mlir::foundry;

static bool parentIs(const ExpertRequest &request, llvm::StringRef bottleneck) {
  return request.diagnosis && request.diagnosis->bottleneck == bottleneck;
}

/// The parent's schedule with ptxas asked for one more block per SM than
/// its registers allowed (foundry-launch-bounds{min-blocks=N}), when the
/// parent's diagnosed occupancy was bound by registers, its schedule bounds
/// nothing yet and N blocks of its threads fit the 2048 of an SM; else "".
/// On the H200, 2026-12-04: a softmax over 4096 rows of 393216 in 16-block
/// clusters of 1024 threads, 64 registers and one block per SM, took 6.32
/// ms; with two blocks per SM (32 registers, by the same directive edited
/// into the PTX) 5.23 ms.
static std::string withMoreBlocksPerSm(const ExpertRequest &request) {
  const Diagnosis *d = request.diagnosis;
  if (!d || request.parent.empty() || d->occupancy.limiter != "registers" ||
      d->threadsPerBlock <= 0 ||
      llvm::StringRef(request.parent).contains("foundry-launch-bounds"))
    return "";
  int64_t blocks = d->occupancy.blocksPerSm + 1;
  if (blocks * d->threadsPerBlock > kMaxThreadsPerSm)
    return "";
  return request.parent +
         ",foundry-launch-bounds{min-blocks=" + std::to_string(blocks) + "}";
}

std::vector<Expert> mlir::foundry::builtinExperts() {
  std::vector<Expert> experts;
  // Parallelism: block tiles only (grid shape vs the machine); mutation
  // re-draws the block tile, smaller when the parent's grid left SMs idle,
  // larger when it was launch-bound. After a parent whose registers bound
  // its occupancy, one time in two, the parent with one more block per SM.
  experts.push_back(
      {"parallelism", [](const ExpertRequest &request, std::mt19937 &rng) {
         const KernelShape &shape = request.shape;
         if (shape.numParallel() == 0)
           return std::string();
         if (std::string bounded = withMoreBlocksPerSm(request);
             !bounded.empty() && rng() % 2)
           return bounded;
         // A GEMM needs a register tile to be worth timing: parallelism
         // picks its grid through the block tile of a GEMM schedule, or
         // splits its reduction when its tiles are too few for the SMs.
         if (shape.gemm) {
           if (rng() % 2)
             if (std::string splitK = splitKSchedule(shape, rng);
                 !splitK.empty())
               return splitK;
           return gemmSchedule(shape, rng, false, false,
                               parentIs(request, "latency") ? 4 : 8);
         }
         std::vector<int64_t> outer = {1, 2, 4, 8, 16, 32},
                              inner = {16, 32, 64, 128, 256};
         if (parentIs(request, "latency"))
           outer = {1, 2, 4}, inner = {16, 32, 64};
         else if (parentIs(request, "launch"))
           outer = {8, 16, 32}, inner = {128, 256};
         return tileRootBlocks(shape, blockSizes(shape, outer, inner, rng));
       }});
  // Compute: register tiles per thread, a k-loop for contractions,
  // vectorization and unrolling; after spills, small register tiles only.
  experts.push_back(
      {"compute", [](const ExpertRequest &request, std::mt19937 &rng) {
         const KernelShape &shape = request.shape;
         if (shape.numParallel() == 0)
           return std::string();
         bool spilled = request.diagnosis && request.diagnosis->spillBytes > 0;
         if (shape.gemm)
           return gemmSchedule(shape, rng, false,
                               shape.tensorCores && rng() % 2, spilled ? 4 : 8);
         // A convolution as a GEMM (im2col), one time in two.
         if (shape.im2col && rng() % 2)
           return im2colSchedule(shape, rng);
         // A root reducing a short window into each output (a max-pool),
         // one time in two: 4 rows of the second-innermost parallel loop
         // per thread, the innermost one element per thread over 128
         // threads (neighbouring threads on neighbouring elements). On the
         // H200, 2026-12-03: a 1-D max-pool of window 8 over 64x192x65536
         // 2.33 ms so, 4.91 with the search's one output per thread; a 2-D
         // one of window 4x4 over 32x64x512x512 2.08 ms, 3.40 with one
         // output per thread.
         if (std::string pool = windowRowsPerThread(shape);
             !pool.empty() && rng() % 2)
           return pool;
         std::vector<int64_t> block;
         // Block sizes first: the thread tile depends on them.
         std::string blocks =
             blockSizes(shape, {4, 8, 16, 32}, {16, 32, 64}, rng, &block);
         std::string threads = threadSizes(block, rng, spilled ? 2 : 8);
         std::string schedule = tileRootBlocks(shape, blocks) +
                                ",foundry-tile-threads{sizes=" + threads + "}";
         // The root's own reduction loop (a contraction's k, a sum over a
         // middle dimension) in steps, so that each thread has several
         // independent loads in flight per step.
         if (llvm::is_contained(shape.parallel, false))
           schedule += ",foundry-tile-reduction{sizes=" +
                       std::to_string(pick<int64_t>({2, 4, 8}, rng)) + "}";
         schedule += ",foundry-vectorize";
         if (!spilled && rng() % 2)
           schedule += ",foundry-unroll{factor=" +
                       std::to_string(pick<int64_t>({2, 4}, rng)) + "}";
         return schedule;
       }});
  // Memory: coalesced access along the innermost loop (one element per
  // thread per step, consecutive threads on consecutive elements).
  experts.push_back(
      {"memory", [](const ExpertRequest &request, std::mt19937 &rng) {
         const KernelShape &shape = request.shape;
         if (shape.numParallel() == 0)
           return std::string();
         // GEMMs: A and B tiles staged through shared memory. The seed of
         // an island (request.initial) is, and any other fresh proposal is
         // one time in three, a classic configuration. On the tensor
         // cores: the tuned warp tiles, TunedTiles.cpp (on the H200,
         // 2026-11-30: two GEMMs of 2048x4096 outputs with K = 8192, B stored
         // KxN and NxK, whose searches did not draw it, came out 3% slower than
         // their earlier rows with it; the same GEMM on an A stored KxM ended
         // at 3.03 ms with 64x32 tiles where one with the same A and sizes and
         // B stored NxK reached 2.38 ms with it). In SIMT: 64x64 block tiles
         // over 32-deep k-steps in shared memory, 4x4 register tiles, 8-deep
         // inner k-steps (the hand-written schedule of
         // bench/kernelbench/schedules.txt: 4.50 ms on 2026-11-29, where random
         // draws stopped at 5.85 ms). On wgmma warpgroup tiles (the tuned
         // warpgroup tiles, TunedTiles.cpp) where both operands are K-major, or
         // become so by copies (foundry-transpose-a, -b): for those with
         // copies, the seed of an island and one other proposal in two, as the
         // copy's cost on the H200 is not measured yet (the copy of an
         // 8192x2048 A stored KxM cost 0.1 ms beside a 2.3 ms GEMM).
         if (shape.gemm && request.parent.empty() && shape.tensorCores &&
             (request.initial || rng() % 3 == 0)) {
           bool wgmma = shape.gemmWgmma || (shape.gemmWgmmaAfterCopies &&
                                            (request.initial || rng() % 2));
           MmaTiles tiles =
               tunedGemmTiles(*shape.target, wgmma ? GemmTiling::WarpgroupTiles
                                                   : GemmTiling::WarpTiles);
           // The epilogue fused: in the seed on warpgroup tiles (measured
           // faster there), one time in two otherwise.
           tiles.fuseEpilogue = request.initial ? wgmma : bool(rng() % 2);
           return mmaGemmKernel(shape, tiles);
         }
         if (shape.gemm && request.parent.empty() &&
             (request.initial || rng() % 3 == 0)) {
           std::vector<std::string> blocks = fitGrid(
                                        shape, gemmLoopSizes(
                                                   &shape, shape.numParallel(),
                                                   "1", "64", "64")),
                                    threads = gemmLoopSizes(&shape,
                                                            shape.numParallel(),
                                                            "0", "4", "4");
           std::string pad = padFor(shape, 64, 64, 32);
           return simtGemmBlocks(pad, blocks) +
                  ",foundry-tile-reduction{sizes=32},foundry-promote{"
                  "operands=0,1},foundry-tile-threads{sizes=" +
                  llvm::join(threads, ",") +
                  "},foundry-tile-reduction{sizes=8},foundry-vectorize,"
                  "foundry-unroll{factor=2}" +
                  (pad.empty() ? "" : ownKernelEpilogue(shape));
         }
         if (shape.gemm)
           return gemmSchedule(
               shape, rng, true, shape.tensorCores && rng() % 2,
               request.diagnosis && request.diagnosis->spillBytes > 0 ? 4 : 8);
         std::vector<int64_t> block;
         std::string blocks =
             blockSizes(shape, {1, 2, 4}, {64, 128, 256}, rng, &block);
         std::string schedule = tileRootBlocks(shape, blocks);
         // One element per thread. An innermost loop left whole in the
         // block (short: blockSizes leaves such loops whole first) is spread
         // over the threads too, so that neighbouring threads still touch
         // neighbouring elements, where the threads stay within 1024 and
         // the thread tile within three loops (loops of block tile 1 need
         // none).
         std::vector<bool> spread;
         int64_t threads = 1;
         for (int64_t size : block) {
           threads *= std::max<int64_t>(size, 1);
           spread.push_back(size > 1);
         }
         std::vector<int64_t> extents = shape.parallelExtents();
         for (size_t i = block.size(); i-- > 0;) {
           if (block[i] != 0)
             continue;
           if (extents[i] <= 0 || threads * extents[i] > kMaxThreadsPerBlock ||
               llvm::count(spread, true) >= 3)
             break;
           spread[i] = true;
           threads *= extents[i];
         }
         // A block of one element still needs a thread tile.
         if (llvm::none_of(spread, [](bool s) { return s; }))
           for (size_t i = 0; i < block.size(); ++i)
             spread[i] = block[i] != 0;
         std::vector<std::string> sizes;
         for (bool s : spread)
           sizes.push_back(s ? "1" : "0");
         schedule += ",foundry-tile-threads{sizes=" + llvm::join(sizes, ",") +
                     "},foundry-vectorize";
         return schedule;
       }});
  // Reduction: one row per block, the reduction split over threads,
  // interleaved when the row divides (always after a memory-bound parent:
  // interleaving is what coalesces the row).
  experts.push_back(
      {"reduction", [](const ExpertRequest &request, std::mt19937 &rng) {
         const KernelShape &shape = request.shape;
         if (shape.numParallel() == 0 && !shape.scalarReduction.empty())
           return scalarReductionSchedule(shape, rng);
         // A contraction with one parallel loop (a matrix-vector product)
         // is a row reduction too; GEMMs are not.
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
       }});
  return experts;
}

/// The top-level passes of a schedule, each with its options, as slices of
/// it ("a{x=1,y=2},b" -> "a{x=1,y=2}", "b").
