//===- Diagnosis.cpp - What limits a candidate, in one line ---------------===//
//
// This file implements the sm_90 occupancy calculation and the bottleneck
// classification of foundry-evolve's diagnoses.
//
//===----------------------------------------------------------------------===//

#include "foundry/Evolve/Diagnosis.h"

#include "foundry/Target/TargetInfo.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>

using namespace mlir::foundry;

Occupancy mlir::foundry::sm90Occupancy(int64_t threadsPerBlock,
                                       int64_t registersPerThread,
                                       int64_t sharedBytesPerBlock) {
  const TargetInfo &sm90 = TargetInfo::hopper();
  const int64_t maxWarps = sm90.maxWarpsPerMultiprocessor(),
                maxBlocks = sm90.maxBlocksPerMultiprocessor,
                registerFile = sm90.registersPerMultiprocessor,
                registerUnit = sm90.registerAllocationUnit,
                sharedPerSm = sm90.sharedBytesPerMultiprocessor,
                reservedPerBlock = sm90.sharedBytesReservedPerBlock;
  Occupancy occupancy;
  int64_t warps = std::max<int64_t>(1, (threadsPerBlock + 31) / 32);
  int64_t byWarps = maxWarps / warps;
  int64_t registersPerWarp =
      (std::max<int64_t>(registersPerThread, 1) * 32 + registerUnit - 1) /
      registerUnit * registerUnit;
  int64_t byRegisters = registerFile / (registersPerWarp * warps);
  int64_t byShared = sharedPerSm / (std::max<int64_t>(sharedBytesPerBlock, 0) +
                                    reservedPerBlock);
  occupancy.blocksPerSm = maxBlocks;
  occupancy.limiter = "blocks";
  for (auto [limit, name] :
       {std::pair{byWarps, "warps"}, std::pair{byRegisters, "registers"},
        std::pair{byShared, "shared-memory"}})
    if (limit < occupancy.blocksPerSm) {
      occupancy.blocksPerSm = limit;
      occupancy.limiter = name;
    }
  occupancy.fraction = double(occupancy.blocksPerSm * warps) / double(maxWarps);
  return occupancy;
}

Diagnosis mlir::foundry::diagnose(const DiagnosisInput &input) {
  Diagnosis d;
  d.occupancy = sm90Occupancy(std::max<int64_t>(input.threadsPerBlock, 1),
                              input.registers, input.sharedBytes);
  d.spillBytes = input.spillBytes;
  d.blocks = input.blocks;
  d.threadsPerBlock = input.threadsPerBlock;
  if (input.medianMs > 0) {
    double seconds = input.medianMs * 1e-3;
    if (input.copyBytesPerSecond > 0)
      d.memoryFraction = input.bytes / seconds / input.copyBytesPerSecond;
    if (input.computeFlopsPerSecond > 0)
      d.computeFraction = input.flops / seconds / input.computeFlopsPerSecond;
  }
  auto percent = [](double f) {
    return llvm::formatv("{0:F0}%", 100 * f).str();
  };
  double reached = std::max(d.memoryFraction, d.computeFraction);
  if (input.medianMs <= 0) {
    d.bottleneck = "";
  } else if (input.medianMs < 0.01) {
    d.bottleneck = "launch";
    d.hint = "a few microseconds: launch overhead dominates; bigger tiles";
  } else if (reached < 0.5 && input.blocks > 0 &&
             input.blocks < input.multiprocessors) {
    d.bottleneck = "latency";
    d.hint = llvm::formatv("grid of {0} blocks for {1} SMs: smaller block "
                           "tiles or split the reduction",
                           input.blocks, input.multiprocessors)
                 .str();
  } else if (reached < 0.5 && d.occupancy.fraction < 0.25) {
    d.bottleneck = "latency";
    d.hint = "occupancy " + percent(d.occupancy.fraction) + ", limited by " +
             d.occupancy.limiter +
             (d.occupancy.limiter == "registers" ? ": smaller register tile"
              : d.occupancy.limiter == "shared-memory"
                  ? ": fewer stages or smaller shared tiles"
                  : ": more threads per block");
  } else if (d.memoryFraction >= d.computeFraction) {
    d.bottleneck = "memory";
    d.hint = "memory-bound at " + percent(d.memoryFraction) +
             " of copy bandwidth" +
             (d.memoryFraction < 0.7 ? ": vectorize, coalesce, fuse"
                                     : ": near the memory roofline");
  } else {
    d.bottleneck = "compute";
    bool onTensorCores = input.computeCeiling != kFp32PeakCeiling;
    d.hint = "compute-bound at " + percent(d.computeFraction) + " of the " +
             input.computeCeiling +
             (onTensorCores ? ": tensor cores with larger block and warp "
                             "tiles, more stages"
              : input.tensorCores ? ": tensor cores"
                                  : ": larger register tile, unroll");
  }
  if (d.spillBytes > 0)
    d.hint = std::to_string(d.spillBytes) +
             " bytes of spills: smaller register tile" +
             (d.hint.empty() ? "" : "; " + d.hint);
  return d;
}
