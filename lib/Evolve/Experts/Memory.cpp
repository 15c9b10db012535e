//===- Memory.cpp - The memory expert ------------------------------------===//
//
// One of the four built-in experts: see memoryExpert() in Experts.h.
//
//===----------------------------------------------------------------------===//

#include "Experts/Experts.h"
#include "Schedule/Builders.h"

#include "foundry/Transforms/Passes.h"

#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::foundry;

/// Memory: coalesced access along the innermost loop (one element per
/// thread per step, consecutive threads on consecutive elements).
Expert mlir::foundry::memoryExpert() {
  return {
      "memory", [](const ExpertRequest &request, std::mt19937 &rng) {
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
          MmaTiles tiles = tunedGemmTiles(
              *shape.target,
              wgmma ? GemmTiling::WarpgroupTiles : GemmTiling::WarpTiles,
              shape.halfGemm);
          // The epilogue fused: in the seed on warpgroup tiles (measured
          // faster there), one time in two otherwise.
          tiles.fuseEpilogue = request.initial ? wgmma : bool(rng() % 2);
          // Operands loaded by TMA instead of cp.async (30 to 40 fewer
          // registers per thread in ptxas on sm_90a, 2026-12-07) one other
          // proposal in two, not in the seed: its speed is not measured
          // yet. mmaGemmKernel drops it where it does not apply.
          tiles.tma = wgmma && !request.initial && rng() % 2;
          // With TMA, f16 and bf16 operands (mmaGemmKernel checks) are
          // loaded by a producer warpgroup one time in two, unmeasured too.
          tiles.warpSpecialize = tiles.tma && rng() % 2;
          return mmaGemmKernel(shape, tiles);
        }
        if (shape.gemm && request.parent.empty() &&
            (request.initial || rng() % 3 == 0)) {
          std::vector<std::string> blocks = fitGrid(
                                       shape, gemmLoopSizes(&shape,
                                                            shape.numParallel(),
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
      }};
}
