//===- TargetInfo.cpp - The targets foundry compiles for ------------------===//
//
// This file implements the known targets. Hopper's numbers are the CUDA
// programming guide's for compute capability 9.0 (they are the same on the
// H100 and the H200) and the SM count of both cards (132, read from
// nvidia-smi and the runner on each, docs/DEVICE.md).
//
//===----------------------------------------------------------------------===//

#include "foundry/Target/TargetInfo.h"

using namespace mlir::foundry;

const TargetInfo &TargetInfo::hopper() {
  static const TargetInfo info = [] {
    TargetInfo t;
    t.kind = Kind::Cuda;
    t.name = "cuda";
    t.chip = "sm_90a";
    t.fingerprintTarget = "sm_90";
    t.description = "NVIDIA Hopper (sm_90a, 132 SMs, 228 KB shared memory "
                    "and 64K registers per SM)";
    t.multiprocessors = 132;
    t.warpShuffles = true;
    t.tensorCores = true;
    t.tensorMemoryAccelerator = true;
    return t;
  }();
  return info;
}

const TargetInfo &TargetInfo::hostCpu() {
  static const TargetInfo info = [] {
    TargetInfo t;
    t.kind = Kind::Cpu;
    t.name = "cpu";
    t.fingerprintTarget = "cpu";
    t.description = "the host CPU (the JIT runs blocks and threads in turn)";
    return t;
  }();
  return info;
}

const TargetInfo *TargetInfo::lookup(llvm::StringRef name) {
  if (name == "cuda")
    return &hopper();
  if (name == "cpu")
    return &hostCpu();
  return nullptr;
}
