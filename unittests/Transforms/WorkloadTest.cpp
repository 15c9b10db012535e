//===- WorkloadTest.cpp - Unit tests of computeWorkload ------------------===//
//
// computeWorkload against hand-computed FLOPs and bytes, including the
// KernelBench shapes of the example kernels, and its overflow diagnostic.
//
//===----------------------------------------------------------------------===//

#include "foundry/InitAll.h"
#include "foundry/Transforms/Passes.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace mlir::foundry;

namespace {
class WorkloadTest : public ::testing::Test {
protected:
  WorkloadTest() {
    DialectRegistry registry;
    registerAllDialects(registry);
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
  }

  /// Parses `source` and returns the workload of its only kernel.
  FailureOr<WorkloadAttr> workloadOf(StringRef source) {
    module = parseSourceString<ModuleOp>(source, &context);
    if (!module)
      return failure();
    auto kernels = module->getOps<KernelOp>();
    if (std::distance(kernels.begin(), kernels.end()) != 1)
      return failure();
    return computeWorkload(*kernels.begin());
  }

  MLIRContext context;
  OwningOpRef<ModuleOp> module;
};
} // namespace

TEST_F(WorkloadTest, SquareMatmul4096) {
  // KernelBench level 1 problem 1: 2 * 4096^3 FLOPs, 3 * 4096^2 * 4 bytes.
  FailureOr<WorkloadAttr> w = workloadOf(R"mlir(
    foundry.kernel @mm(%a: tensor<4096x4096xf32>, %b: tensor<4096x4096xf32>) -> tensor<4096x4096xf32> {
      %z = arith.constant 0.0 : f32
      %e = tensor.empty() : tensor<4096x4096xf32>
      %f = linalg.fill ins(%z : f32) outs(%e : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
      %c = linalg.matmul ins(%a, %b : tensor<4096x4096xf32>, tensor<4096x4096xf32>) outs(%f : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
      foundry.yield %c : tensor<4096x4096xf32>
    })mlir");
  ASSERT_TRUE(succeeded(w));
  EXPECT_EQ(w->getFlops(), 2LL * 4096 * 4096 * 4096);
  EXPECT_EQ(w->getBytes(), 3LL * 4096 * 4096 * 4);
}

TEST_F(WorkloadTest, ReluKernelBenchShape) {
  // Level 1 problem 19: one max per element of 4096 x 393216.
  FailureOr<WorkloadAttr> w = workloadOf(R"mlir(
    foundry.kernel @relu(%x: tensor<4096x393216xf32>) -> tensor<4096x393216xf32> {
      %z = arith.constant 0.0 : f32
      %e = tensor.empty() : tensor<4096x393216xf32>
      %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
          ins(%x : tensor<4096x393216xf32>) outs(%e : tensor<4096x393216xf32>) {
      ^bb0(%in: f32, %o: f32):
        %m = arith.maximumf %in, %z : f32
        linalg.yield %m : f32
      } -> tensor<4096x393216xf32>
      foundry.yield %r : tensor<4096x393216xf32>
    })mlir");
  ASSERT_TRUE(succeeded(w));
  EXPECT_EQ(w->getFlops(), 4096LL * 393216);
  EXPECT_EQ(w->getBytes(), 2LL * 4096 * 393216 * 4);
}

TEST_F(WorkloadTest, StridedConvAndPooling) {
  // conv_2d_nhwc_hwcf, stride 2: N=1, 9x9x2 input, 3x3x2x5 filter, 4x4x5
  // output: 2 * (1*4*4*5) * (3*3*2) = 2880; bytes (162 + 90 + 80 + 80) * 4.
  FailureOr<WorkloadAttr> w = workloadOf(R"mlir(
    foundry.kernel @conv(%x: tensor<1x9x9x2xf32>, %w: tensor<3x3x2x5xf32>, %o: tensor<1x4x4x5xf32>) -> tensor<1x4x4x5xf32> {
      %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
          ins(%x, %w : tensor<1x9x9x2xf32>, tensor<3x3x2x5xf32>) outs(%o : tensor<1x4x4x5xf32>) -> tensor<1x4x4x5xf32>
      foundry.yield %r : tensor<1x4x4x5xf32>
    })mlir");
  ASSERT_TRUE(succeeded(w));
  EXPECT_EQ(w->getFlops(), 2880);
  EXPECT_EQ(w->getBytes(), (162 + 90 + 80 + 80) * 4);

  // Sum pooling 3x3 over 1x2x6x6 -> 1x2x4x4: 32 outputs * 9 adds.
  w = workloadOf(R"mlir(
    foundry.kernel @pool(%x: tensor<1x2x6x6xf32>, %o: tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32> {
      %win = tensor.empty() : tensor<3x3xf32>
      %r = linalg.pooling_nchw_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
          ins(%x, %win : tensor<1x2x6x6xf32>, tensor<3x3xf32>) outs(%o : tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
      foundry.yield %r : tensor<1x2x4x4xf32>
    })mlir");
  ASSERT_TRUE(succeeded(w));
  EXPECT_EQ(w->getFlops(), 32 * 9);
  EXPECT_EQ(w->getBytes(), (72 + 32 + 32) * 4);
}

TEST_F(WorkloadTest, OverflowIsADiagnosticNotAWrap) {
  std::string message;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    message = diag.str();
    return success();
  });
  // 2^22 * 2^22 * 2^22 multiply-adds (2^67 FLOPs) does not fit in int64,
  // though each tensor's 2^45 bytes do (the kernel verifier refuses sizes
  // that do not).
  FailureOr<WorkloadAttr> w = workloadOf(R"mlir(
    foundry.kernel @huge(%a: tensor<4194304x4194304xf16>, %b: tensor<4194304x4194304xf16>, %c: tensor<4194304x4194304xf16>) -> tensor<4194304x4194304xf16> {
      %r = linalg.matmul ins(%a, %b : tensor<4194304x4194304xf16>, tensor<4194304x4194304xf16>) outs(%c : tensor<4194304x4194304xf16>) -> tensor<4194304x4194304xf16>
      foundry.yield %r : tensor<4194304x4194304xf16>
    })mlir");
  EXPECT_TRUE(failed(w));
  EXPECT_NE(message.find("overflows int64"), std::string::npos) << message;
}
