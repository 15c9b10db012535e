//===- CpuRunnerTest.cpp - Kernels run in a child process -----------------===//

#include "foundry/Target/CpuRunner.h"

#include "foundry/InitAll.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

#include <cstring>
#include <string>

using namespace mlir;
using namespace mlir::foundry;

namespace {
/// y[i] = x[i] <op> (the integer part of x[i] * `scale`), over 64 elements,
/// as integers: with inputs in [0, 1) and `scale` 1, divsi divides by zero.
std::string integerKernel(const std::string &op, int scale) {
  return R"mlir(
#id = affine_map<(i) -> (i)>
foundry.kernel @k(%x: tensor<64xf32>) -> tensor<64xf32> {
  %e = tensor.empty() : tensor<64xf32>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.constant )mlir" +
         std::to_string(scale) + R"mlir(.0 : f32
    %scaled = arith.mulf %in, %s : f32
    %d = arith.fptosi %scaled : f32 to i32
    %n = arith.constant 1000 : i32
    %q = )mlir" +
         op + R"mlir( %n, %d : i32
    %v = arith.sitofp %q : i32 to f32
    linalg.yield %v : f32
  } -> tensor<64xf32>
  foundry.yield %y : tensor<64xf32>
}
)mlir";
}

/// A 512x512x512 matmul through the naive schedule: about a quarter of a
/// second or more on the CPU JIT.
const char *kSlowMatmul = R"mlir(
foundry.kernel @k(%a: tensor<512x512xf32>, %b: tensor<512x512xf32>) -> tensor<512x512xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<512x512xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<512x512xf32>) -> tensor<512x512xf32>
  %c = linalg.matmul ins(%a, %b : tensor<512x512xf32>, tensor<512x512xf32>)
                     outs(%f : tensor<512x512xf32>) -> tensor<512x512xf32>
  foundry.yield %c : tensor<512x512xf32>
}
)mlir";

class CpuRunnerTest : public ::testing::Test {
protected:
  CpuRunnerTest() {
    registerAllPasses();
    DialectRegistry registry;
    registerAllDialects(registry);
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
  }

  OwningOpRef<ModuleOp> parse(const std::string &source) {
    return parseSourceString<ModuleOp>(source, &context);
  }

  static std::vector<char> floats(size_t count, float value) {
    std::vector<char> bytes(count * 4);
    for (size_t i = 0; i < count; ++i)
      std::memcpy(bytes.data() + 4 * i, &value, 4);
    return bytes;
  }

  MLIRContext context;
};
} // namespace

TEST_F(CpuRunnerTest, RunsAKernelInAChild) {
  OwningOpRef<ModuleOp> module = parse(integerKernel("arith.divsi", 10));
  ASSERT_TRUE(module);
  // x = 0.5: 1000 / 5 = 200 everywhere.
  IsolatedCpuRun run =
      runKernelOnCpuIsolated(*module, "k", "", {floats(64, 0.5f)}, 3, 60);
  ASSERT_EQ(run.outcome, IsolatedCpuRun::Outcome::Ran) << run.error;
  ASSERT_EQ(run.outputs.size(), 1u);
  ASSERT_EQ(run.outputs[0].size(), 64u * 4);
  float first, last;
  std::memcpy(&first, run.outputs[0].data(), 4);
  std::memcpy(&last, run.outputs[0].data() + 63 * 4, 4);
  EXPECT_EQ(first, 200.0f);
  EXPECT_EQ(last, 200.0f);
  EXPECT_EQ(run.milliseconds.size(), 3u);
}

TEST_F(CpuRunnerTest, ACrashFailsTheChildAlone) {
  // x = 0.5, scale 1: the divisor is 0, and x86 traps (SIGFPE).
  OwningOpRef<ModuleOp> module = parse(integerKernel("arith.divsi", 1));
  ASSERT_TRUE(module);
  IsolatedCpuRun run =
      runKernelOnCpuIsolated(*module, "k", "", {floats(64, 0.5f)}, 0, 60);
  EXPECT_EQ(run.outcome, IsolatedCpuRun::Outcome::Crashed) << run.error;
  EXPECT_NE(run.error.find("crashed (signal"), std::string::npos) << run.error;
  // This process goes on, and its context still works.
  OwningOpRef<ModuleOp> again = parse(integerKernel("arith.divsi", 10));
  EXPECT_TRUE(again);
}

TEST_F(CpuRunnerTest, ARunawayChildIsKilled) {
  OwningOpRef<ModuleOp> module = parse(kSlowMatmul);
  ASSERT_TRUE(module);
  std::vector<std::vector<char>> inputs = {floats(512 * 512, 1.0f),
                                           floats(512 * 512, 1.0f)};
  // A thousand timed runs: minutes, stopped after 0.5 s.
  IsolatedCpuRun run =
      runKernelOnCpuIsolated(*module, "k", "", inputs, 1000, 0.5);
  EXPECT_EQ(run.outcome, IsolatedCpuRun::Outcome::TimedOut) << run.error;
  EXPECT_NE(run.error.find("ran longer than 0.5 s"), std::string::npos)
      << run.error;
}

TEST_F(CpuRunnerTest, AScheduleErrorIsTheChildsDiagnostic) {
  OwningOpRef<ModuleOp> module = parse(kSlowMatmul);
  ASSERT_TRUE(module);
  IsolatedCpuRun run = runKernelOnCpuIsolated(
      *module, "k", "foundry-tile-blocks{sizes=1,2,3,4,5}",
      {floats(512 * 512, 1.0f), floats(512 * 512, 1.0f)}, 0, 60);
  EXPECT_EQ(run.outcome, IsolatedCpuRun::Outcome::Failed);
  EXPECT_NE(run.error.find("foundry-tile-blocks"), std::string::npos)
      << run.error;
}
