//===- PtxasTest.cpp - ptxas -v report parsing ---------------------------===//

#include "foundry/Target/Ptxas.h"

#include "llvm/Support/FileSystem.h"

#include "gtest/gtest.h"

#include <chrono>
#include <thread>

using namespace mlir::foundry;

// A CUDA 13 report for two entries, as ptxas -arch=sm_90 -v prints it.
static const char *kTwoKernels =
    "ptxas info    : 0 bytes gmem\n"
    "ptxas info    : Compiling entry function 'matmul_kernel' for 'sm_90'\n"
    "ptxas info    : Function properties for matmul_kernel\n"
    "    16 bytes stack frame, 32 bytes spill stores, 24 bytes spill loads\n"
    "ptxas info    : Used 40 registers, used 1 barriers, 16 bytes cumulative "
    "stack size, 8192 bytes smem, 380 bytes cmem[0]\n"
    "ptxas info    : Compiling entry function 'relu_kernel' for 'sm_90'\n"
    "ptxas info    : Function properties for relu_kernel\n"
    "    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
    "ptxas info    : Used 14 registers\n"
    "ptxas info    : Compile time = 16.791 ms\n";

TEST(PtxasVerbose, ParsesEveryField) {
  std::map<std::string, KernelResources> kernels =
      parsePtxasVerbose(kTwoKernels);
  ASSERT_EQ(kernels.size(), 2u);
  const KernelResources &mm = kernels.at("matmul_kernel");
  EXPECT_EQ(mm.registers, 40);
  EXPECT_EQ(mm.barriers, 1);
  EXPECT_EQ(mm.sharedBytes, 8192);
  EXPECT_EQ(mm.constantBytes, 380);
  EXPECT_EQ(mm.stackFrameBytes, 16);
  EXPECT_EQ(mm.spillStoreBytes, 32);
  EXPECT_EQ(mm.spillLoadBytes, 24);
  const KernelResources &relu = kernels.at("relu_kernel");
  EXPECT_EQ(relu.registers, 14);
  EXPECT_EQ(relu.barriers, 0);
  EXPECT_EQ(relu.sharedBytes, 0);
  EXPECT_EQ(relu.spillStoreBytes, 0);
}

TEST(PtxasVerbose, IgnoresUnknownAndEmptyText) {
  EXPECT_TRUE(parsePtxasVerbose("").empty());
  EXPECT_TRUE(parsePtxasVerbose("garbage\nUsed registers\n").empty());
  // An entry without its properties lines keeps zeros.
  auto kernels = parsePtxasVerbose(
      "ptxas info : Compiling entry function 'k' for 'sm_90'\n");
  ASSERT_EQ(kernels.size(), 1u);
  EXPECT_EQ(kernels.at("k").registers, 0);
}

// Timeouts of concurrent children hold: a child that exits early on one
// thread must not cancel another thread's deadline (ExecuteAndWait's alarm()
// did, and a stalled ptxas then held a search for minutes).
TEST(ExecuteWithTimeout, ConcurrentDeadlinesHold) {
  std::string sleepPath = "/bin/sleep";
  if (!llvm::sys::fs::can_execute(sleepPath))
    GTEST_SKIP() << "no /bin/sleep";
  int slowCode = 0, quickCode = 1;
  std::string slowError, quickError;
  auto start = std::chrono::steady_clock::now();
  std::thread slow([&] {
    llvm::StringRef args[] = {sleepPath, "30"};
    slowCode = executeWithTimeout(sleepPath, args, {}, 1, &slowError);
  });
  std::thread quick([&] {
    llvm::StringRef args[] = {sleepPath, "0.2"};
    quickCode = executeWithTimeout(sleepPath, args, {}, 20, &quickError);
  });
  slow.join();
  quick.join();
  double seconds = std::chrono::duration<double>(
                       std::chrono::steady_clock::now() - start)
                       .count();
  EXPECT_EQ(quickCode, 0) << quickError;
  EXPECT_EQ(slowCode, -2);
  EXPECT_EQ(slowError, "timed out after 1 s");
  EXPECT_LT(seconds, 10.0);

  llvm::StringRef missing[] = {"/nonexistent/tool"};
  std::string error;
  EXPECT_EQ(executeWithTimeout("/nonexistent/tool", missing, {}, 1, &error),
            -1);
  EXPECT_FALSE(error.empty());
}
