//===- Diagnosis.h - What limits a candidate, in one line ------*- C++ -*-===//
//
// The structured diagnosis of one evaluated candidate that the search feeds
// back to its experts: resources (registers, spills, shared memory), the
// theoretical occupancy they allow on sm_90, the fraction of the measured
// copy bandwidth and FP32 peak it reached, the bottleneck class and a
// one-line hint.
//
//===----------------------------------------------------------------------===//

#ifndef FOUNDRY_EVOLVE_DIAGNOSIS_H
#define FOUNDRY_EVOLVE_DIAGNOSIS_H

#include <cstdint>
#include <string>

namespace mlir::foundry {

/// Theoretical occupancy of one kernel on an sm_90 SM.
struct Occupancy {
  /// Resident blocks per SM and active warps / 64.
  int64_t blocksPerSm = 0;
  double fraction = 0;
  /// What bounds it: "warps", "registers", "shared-memory" or "blocks".
  std::string limiter;
};

/// Occupancy from the per-SM limits of compute capability 9.0 (CUDA C++
/// Programming Guide, "Technical Specifications per Compute Capability":
/// 64 warps, 32 blocks, 65536 registers allocated per warp in units of 256,
/// 228 KiB shared memory with 1 KiB reserved per block). `threadsPerBlock`
/// >= 1; registers per thread and shared bytes per block (static + dynamic)
/// as ptxas and the launch manifest report them.
Occupancy sm90Occupancy(int64_t threadsPerBlock, int64_t registersPerThread,
                        int64_t sharedBytesPerBlock);

/// The name the runner gives the FP32 compute ceiling in its results
/// (`roofline.compute_ceiling`, foundry::runtime::computeCeiling); any
/// other name is a tensor-core peak.
inline constexpr const char *kFp32PeakCeiling = "FP32 peak";

/// What the search knows about one candidate after compiling and running it.
struct DiagnosisInput {
  /// The heaviest launch: its registers per thread, spill bytes (stores +
  /// loads), shared bytes per block, threads per block and grid blocks.
  int64_t registers = 0, spillBytes = 0, sharedBytes = 0;
  int64_t threadsPerBlock = 0, blocks = 0;
  /// Measured median (0 when not timed), the kernel's FLOPs and minimum
  /// bytes, and the device ceilings: bytes/s read + written, and the FLOP/s
  /// of the compute ceiling that applies to the kernel's precision (the
  /// runner's computeCeiling: FP32, or the tensor cores' measured peak),
  /// with its name for the hint; 0 when not measured.
  double medianMs = 0;
  double flops = 0, bytes = 0;
  double copyBytesPerSecond = 0, computeFlopsPerSecond = 0;
  std::string computeCeiling = kFp32PeakCeiling;
  /// The kernel may use tensor cores (#foundry.precision is not ieee).
  bool tensorCores = false;
  /// Streaming multiprocessors of the device (the search's target's,
  /// TargetInfo::multiprocessors); 0: unknown, no latency verdict on grid
  /// size.
  int64_t multiprocessors = 0;
};

/// The diagnosis of one candidate.
struct Diagnosis {
  Occupancy occupancy;
  /// Of the heaviest launch, as in DiagnosisInput.
  int64_t spillBytes = 0, blocks = 0, threadsPerBlock = 0;
  /// Achieved bytes/s over the copy ceiling, FLOP/s over the compute
  /// ceiling.
  double memoryFraction = 0, computeFraction = 0;
  /// "memory", "compute", "latency" (too few blocks or warps to hide
  /// latency), "launch" (a few microseconds: launch overhead dominates), or
  /// "" when the candidate was not timed.
  std::string bottleneck;
  /// One line for the experts and the report, e.g. "memory-bound at 41% of
  /// copy bandwidth: vectorize, coalesce, fuse".
  std::string hint;
};

/// Classifies a candidate. The rules (issue 5): spills -> smaller register
/// tile; occupancy limited by shared memory -> fewer stages; memory-bound
/// below 70% of bandwidth -> vectorize, coalesce, fuse; compute-bound ->
/// tensor cores where allowed; launch-bound -> bigger tiles.
Diagnosis diagnose(const DiagnosisInput &input);

} // namespace mlir::foundry

#endif // FOUNDRY_EVOLVE_DIAGNOSIS_H
