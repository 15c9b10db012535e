//===- TunedTiles.cpp - Measured GEMM tiles, as data ---------------------===//
//
// This file holds the tensor-core GEMM tiles measured best, one row per
// target, kind of tiling and operand width (fp32, or f16 and bf16), each
// naming the measurement it came from
// (bench/results). A new chip is a new row, not new code; rows are judged
// on kernels they were not measured on before they change.
//
//===----------------------------------------------------------------------===//

#include "Schedule/Builders.h"

#include "llvm/ADT/StringRef.h"

using namespace mlir;
using namespace mlir::foundry;

namespace {
struct TunedRow {
  /// TargetInfo::fingerprintTarget of the chip measured.
  llvm::StringLiteral target;
  GemmTiling tiling;
  /// f16 or bf16 operands (into f32), rather than fp32 ones.
  bool half;
  MmaTiles tiles;
  /// The measurement (bench/results) the row comes from.
  llvm::StringLiteral measuredIn;
};
} // namespace

static const TunedRow kTunedRows[] = {
    // 128x128 block tiles over 32-deep k-steps staged in rows padded by 4
    // and double-buffered (72 KB of dynamic shared memory), 64x32 warp
    // tiles: 2.35 ms for a 4096^3 GEMM in 3xtf32 on the H200 (2.57 ms with
    // one stage), 2.29 ms for a 1024x8192x8192 nn.Linear GEMM.
    {"sm_90",
     GemmTiling::WarpTiles,
     /*half=*/false,
     {128, 128, 64, /*stagedK=*/32, /*stages=*/2},
     "bench/results/2026-11-30-h200-mma-staging.md"},
    // 128x128 block tiles over 32-deep k-steps in 128-byte swizzled shared
    // tiles, four stages, two 64x128 warpgroup tiles: 1.34 ms for a
    // 2048x4096x8192 GEMM on a B stored NxK, 1.36 to 1.56 ms for six
    // nn.Linear GEMMs of 1024x8192 outputs (K = 8192) in 3xtf32 on the
    // H200, against 2.29 to 2.52 ms on warp tiles.
    {"sm_90",
     GemmTiling::WarpgroupTiles,
     /*half=*/false,
     {128, 128, 64, /*stagedK=*/32, /*stages=*/4, /*fuseOperands=*/false,
      /*warpgroups=*/true, /*warpN=*/128},
     "bench/results/2026-12-02-h200-wgmma.md"},
    // bf16 and f16 operands: 128x256 block tiles over 64-deep k-steps (one
    // 128-byte swizzled row), four stages (192 KiB), two 64x256 warpgroup
    // tiles of m64n256k16 accumulating in place: a 4096^3 bf16 GEMM in
    // 0.212 ms on a B stored NxK and 0.204 ms on one stored KxN (read in
    // place) on the H100, 83% and 86% of cuBLAS in the same call, against
    // 0.525 and 0.478 ms on the tuned warp tiles (run 2).
    {"sm_90",
     GemmTiling::WarpgroupTiles,
     /*half=*/true,
     {128, 256, 64, /*stagedK=*/64, /*stages=*/4, /*fuseOperands=*/false,
      /*warpgroups=*/true, /*warpN=*/256},
     "bench/results/2026-12-07-h100-wgmma-half.md"},
};

const MmaTiles &mlir::foundry::tunedGemmTiles(const TargetInfo &target,
                                              GemmTiling tiling, bool half) {
  // The target's own row for these operands, then Hopper's; then the rows
  // for the other operand width (warp tiles have one row for both: the
  // k-steps and padding follow the element type, mmaGemm).
  StringRef hopper = TargetInfo::hopper().fingerprintTarget;
  for (bool sameWidth : {true, false})
    for (StringRef chip : {StringRef(target.fingerprintTarget), hopper})
      for (const TunedRow &row : kTunedRows)
        if (row.tiling == tiling && row.target == chip &&
            (row.half == half || !sameWidth))
          return row.tiles;
  llvm_unreachable("the tuned table has a Hopper row of every tiling");
}
