//===- DiagnosisTest.cpp - sm_90 occupancy and bottleneck classes --------===//

#include "foundry/Evolve/Diagnosis.h"

#include <gtest/gtest.h>

using namespace mlir::foundry;

TEST(Occupancy, LimitedByWarps) {
  // 1024 threads = 32 warps: two blocks fill the 64 warps of an SM.
  Occupancy o = sm90Occupancy(1024, 32, 0);
  EXPECT_EQ(o.blocksPerSm, 2);
  EXPECT_DOUBLE_EQ(o.fraction, 1.0);
  EXPECT_EQ(o.limiter, "warps");
}

TEST(Occupancy, LimitedByRegisters) {
  // 255 registers -> 8192 per warp (256-register units); 8 warps per block
  // need 65536: one block of 8 warps per SM.
  Occupancy o = sm90Occupancy(256, 255, 0);
  EXPECT_EQ(o.blocksPerSm, 1);
  EXPECT_DOUBLE_EQ(o.fraction, 8.0 / 64);
  EXPECT_EQ(o.limiter, "registers");
}

TEST(Occupancy, LimitedBySharedMemory) {
  // 100 KiB + 1 KiB reserved per block: two blocks in 228 KiB.
  Occupancy o = sm90Occupancy(128, 32, 100 * 1024);
  EXPECT_EQ(o.blocksPerSm, 2);
  EXPECT_EQ(o.limiter, "shared-memory");
}

TEST(Occupancy, LimitedByBlocks) {
  // 32 threads, few registers: 32 blocks of one warp each.
  Occupancy o = sm90Occupancy(32, 16, 0);
  EXPECT_EQ(o.blocksPerSm, 32);
  EXPECT_DOUBLE_EQ(o.fraction, 0.5);
  EXPECT_EQ(o.limiter, "blocks");
}

static DiagnosisInput timed(double ms, double bytes, double flops) {
  DiagnosisInput in;
  in.registers = 32;
  in.threadsPerBlock = 256;
  in.blocks = 10000;
  in.medianMs = ms;
  in.bytes = bytes;
  in.flops = flops;
  in.copyBytesPerSecond = 4e12;
  in.computeFlopsPerSecond = 50e12;
  return in;
}

TEST(Diagnose, MemoryBoundBelowSeventyPercent) {
  // 4 GB in 2 ms = 2 TB/s: half the copy bandwidth.
  Diagnosis d = diagnose(timed(2.0, 4e9, 1e9));
  EXPECT_EQ(d.bottleneck, "memory");
  EXPECT_NEAR(d.memoryFraction, 0.5, 1e-12);
  EXPECT_NE(d.hint.find("vectorize"), std::string::npos) << d.hint;
}

TEST(Diagnose, MemoryBoundAtTheRoofline) {
  Diagnosis d = diagnose(timed(1.0, 3.6e9, 1e9));
  EXPECT_EQ(d.bottleneck, "memory");
  EXPECT_NE(d.hint.find("near the memory roofline"), std::string::npos);
}

TEST(Diagnose, ComputeBoundSuggestsTensorCoresOnlyWhenAllowed) {
  DiagnosisInput in = timed(4.0, 2e8, 137e9);
  Diagnosis simt = diagnose(in);
  EXPECT_EQ(simt.bottleneck, "compute");
  EXPECT_EQ(simt.hint.find("tensor cores"), std::string::npos);
  in.tensorCores = true;
  EXPECT_NE(diagnose(in).hint.find("tensor cores"), std::string::npos);
  // Against a tensor-core ceiling (the runner's computeCeiling for a
  // tensor-core precision), the fraction and the hint name it.
  in.flops = 1e12;
  in.computeCeiling = "f16 tensor-core peak";
  in.computeFlopsPerSecond = 500e12;
  Diagnosis tensor = diagnose(in);
  EXPECT_EQ(tensor.bottleneck, "compute");
  EXPECT_NEAR(tensor.computeFraction, 0.5, 1e-12);
  EXPECT_NE(tensor.hint.find("50% of the f16 tensor-core peak: tensor cores "
                             "with larger block and warp tiles"),
            std::string::npos)
      << tensor.hint;
}

TEST(Diagnose, SmallGridIsLatencyBound) {
  DiagnosisInput in = timed(2.0, 1e9, 1e9);
  in.blocks = 64;
  in.multiprocessors = 132;
  Diagnosis d = diagnose(in);
  EXPECT_EQ(d.bottleneck, "latency");
  EXPECT_NE(d.hint.find("64 blocks for 132 SMs"), std::string::npos) << d.hint;
}

TEST(Diagnose, SpillsComeFirstInTheHint) {
  DiagnosisInput in = timed(2.0, 4e9, 1e9);
  in.spillBytes = 96;
  Diagnosis d = diagnose(in);
  EXPECT_EQ(d.hint.rfind("96 bytes of spills: smaller register tile", 0), 0u)
      << d.hint;
}

TEST(Diagnose, UntimedHasNoBottleneckAndMicrosecondsAreLaunchBound) {
  EXPECT_EQ(diagnose(timed(0, 4e9, 1e9)).bottleneck, "");
  EXPECT_EQ(diagnose(timed(0.004, 1e6, 1e6)).bottleneck, "launch");
}
