//===- TargetInfo.h - What foundry knows of a compilation target -*- C++
//-*-===//
//
// The one description of a target that the search, its experts and the
// diagnosis read: the chip candidates compile for, the facts of its
// multiprocessors (threads, registers, shared memory) and what it offers
// (warp shuffles, tensor cores, warpgroup MMA). Nothing else in foundry names
// a chip or one of its numbers. Measured ceilings (copy bandwidth, peak
// FLOP/s) are not here: the runner measures them on the card at hand and
// reports them with every result.
//
//===----------------------------------------------------------------------===//

#ifndef FOUNDRY_TARGET_TARGETINFO_H
#define FOUNDRY_TARGET_TARGETINFO_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>

namespace mlir::foundry {

struct TargetInfo {
  enum class Kind { Cpu, Cuda };
  Kind kind = Kind::Cpu;
  /// The name foundry-evolve's --target takes: "cpu" or "cuda".
  std::string name;
  /// The chip compile() builds for ("sm_90a"); empty on the CPU.
  std::string chip;
  /// The target in kernel fingerprints, which library verdicts are keyed
  /// by ("sm_90" or "cpu").
  std::string fingerprintTarget;
  /// One line for the report and the LLM experts.
  std::string description;
  /// Streaming multiprocessors (GPU) or cores the schedules spread over.
  int64_t multiprocessors = 1;
  int64_t maxThreadsPerBlock = 1024;
  int64_t maxThreadsPerMultiprocessor = 2048;
  int64_t maxBlocksPerMultiprocessor = 32;
  int64_t registersPerMultiprocessor = 65536;
  /// Registers are given to warps in units of this many.
  int64_t registerAllocationUnit = 256;
  int64_t sharedBytesPerMultiprocessor = 228 * 1024;
  /// The most shared memory one block may have (dynamic included).
  int64_t maxSharedBytesPerBlock = 227 * 1024;
  /// Shared memory the driver keeps for each resident block.
  int64_t sharedBytesReservedPerBlock = 1024;
  int64_t warpSize = 32;
  /// foundry-reduce-threads{shuffle=true}: warp shuffles exist.
  bool warpShuffles = false;
  /// mma.sync and wgmma (foundry-mma, foundry-tile-warpgroups).
  bool tensorCores = false;
  /// TMA (cp.async.bulk.tensor, foundry-promote{tma=true}): sm_90 on.
  bool tensorMemoryAccelerator = false;

  bool isGpu() const { return kind == Kind::Cuda; }
  int64_t maxWarpsPerMultiprocessor() const {
    return maxThreadsPerMultiprocessor / warpSize;
  }
  /// Threads the whole machine keeps resident: the parallelism a kernel
  /// needs to fill it.
  int64_t residentThreads() const {
    return multiprocessors * maxThreadsPerMultiprocessor;
  }

  /// NVIDIA Hopper (sm_90a: the H100 and the H200 share every number here).
  static const TargetInfo &hopper();
  /// The host CPU of the cpu target (the JIT runs blocks one after another).
  static const TargetInfo &hostCpu();
  /// The target of --target `name` ("cpu" or "cuda"), or null.
  static const TargetInfo *lookup(llvm::StringRef name);
};

} // namespace mlir::foundry

#endif // FOUNDRY_TARGET_TARGETINFO_H
