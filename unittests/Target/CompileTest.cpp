//===- CompileTest.cpp - compile() API -----------------------------------===//

#include "foundry/Target/Compile.h"

#include "gtest/gtest.h"

#include <thread>
#include <vector>

using namespace mlir::foundry;

static const char *kMatmul = R"mlir(
func.func @mm(%a: tensor<70x50xf32>, %b: tensor<50x90xf32>) -> tensor<70x90xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<70x90xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<70x90xf32>) -> tensor<70x90xf32>
  %c = linalg.matmul ins(%a, %b : tensor<70x50xf32>, tensor<50x90xf32>)
                     outs(%f : tensor<70x90xf32>) -> tensor<70x90xf32>
  return %c : tensor<70x90xf32>
}
)mlir";

static const char *kSchedule =
    "foundry-tile-blocks{sizes=32,32},foundry-tile-threads{sizes=4,4},"
    "foundry-tile-reduction{sizes=8}";

static CompileOptions ptxOnly() {
  CompileOptions options;
  options.assemble = false;
  return options;
}

TEST(Compile, ProducesPtxAndLaunchManifest) {
  CompileResult r = compile(kMatmul, kSchedule, ptxOnly());
  ASSERT_TRUE(r.succeeded) << r.diagnostics;
  EXPECT_EQ(r.stage, "done");
  EXPECT_NE(r.ptx.find(".target sm_90"), std::string::npos);
  ASSERT_EQ(r.manifest.size(), 1u);
  const llvm::json::Object *kernel = r.manifest[0].getAsObject();
  ASSERT_NE(kernel, nullptr);
  const llvm::json::Array *launches = kernel->getArray("launches");
  ASSERT_NE(launches, nullptr);
  ASSERT_EQ(launches->size(), 1u);
  // 70x90 in 32x32 tiles: 3x3 blocks; 4x4 register tiles: 8x8 threads.
  const llvm::json::Object *launch = (*launches)[0].getAsObject();
  EXPECT_EQ(*launch->getArray("grid"), llvm::json::Array({3, 3, 1}));
  EXPECT_EQ(*launch->getArray("block"), llvm::json::Array({8, 8, 1}));
  // The names outlive compile()'s MLIRContext (they were borrowed
  // StringRefs into it once, and came back as garbage after a later
  // compilation reused the memory).
  CompileResult other = compile(kMatmul, "", ptxOnly());
  ASSERT_TRUE(other.succeeded) << other.diagnostics;
  std::string name = kernel->getString("name").value_or("").str();
  EXPECT_FALSE(name.empty());
  EXPECT_EQ(name.find('\0'), std::string::npos);
  std::string symbol = launch->getString("kernel").value_or("").str();
  EXPECT_EQ(symbol, name + "_kernel");
  EXPECT_EQ(launch->getString("module").value_or("").str(), name + "_kernel");
}

TEST(Compile, ReportsTheStageAndTheReason) {
  CompileResult bad = compile("func.func @f(", "", ptxOnly(), "bad.mlir");
  EXPECT_FALSE(bad.succeeded);
  EXPECT_EQ(bad.stage, "parse");
  EXPECT_NE(bad.diagnostics.find("bad.mlir:1:"), std::string::npos);

  CompileResult unknown = compile(kMatmul, "foundry-no-such-pass", ptxOnly());
  EXPECT_FALSE(unknown.succeeded);
  EXPECT_EQ(unknown.stage, "schedule");
  EXPECT_NE(unknown.diagnostics.find("foundry-no-such-pass"),
            std::string::npos);

  CompileResult tooMany = compile(kMatmul,
                                  "foundry-tile-blocks{sizes=64,64},"
                                  "foundry-tile-threads{sizes=1,1}",
                                  ptxOnly());
  EXPECT_FALSE(tooMany.succeeded);
  EXPECT_EQ(tooMany.stage, "schedule");
  EXPECT_NE(tooMany.diagnostics.find("more than 1024 threads"),
            std::string::npos);
}

TEST(Compile, RefusesToAssembleHugePtx) {
  // The limit applies before ptxas runs (so this needs no ptxas): PTX over
  // maxPtxBytes fails at stage ptxas with the reason.
  CompileOptions options;
  options.maxPtxBytes = 1000;
  CompileResult r = compile(kMatmul, kSchedule, options);
  EXPECT_FALSE(r.succeeded);
  EXPECT_EQ(r.stage, "ptxas");
  EXPECT_NE(r.diagnostics.find("bytes of PTX, more than the limit of 1000"),
            std::string::npos)
      << r.diagnostics;
  EXPECT_GT(r.ptx.size(), 1000u);
}

TEST(Compile, IsSafeOnManyThreads) {
  CompileResult reference = compile(kMatmul, kSchedule, ptxOnly());
  ASSERT_TRUE(reference.succeeded) << reference.diagnostics;
  constexpr int kThreads = 4;
  std::vector<CompileResult> results(kThreads);
  std::vector<std::thread> threads;
  for (int i = 0; i < kThreads; ++i)
    threads.emplace_back(
        [&, i] { results[i] = compile(kMatmul, kSchedule, ptxOnly()); });
  for (std::thread &t : threads)
    t.join();
  for (const CompileResult &r : results) {
    ASSERT_TRUE(r.succeeded) << r.diagnostics;
    EXPECT_EQ(r.ptx, reference.ptx);
  }
}

TEST(Compile, CpuTarget) {
  CompileOptions options;
  options.target = "cpu";
  CompileResult r = compile(kMatmul, kSchedule, options);
  EXPECT_TRUE(r.succeeded) << r.diagnostics;
  CompileOptions wrong;
  wrong.target = "tpu";
  CompileResult w = compile(kMatmul, "", wrong);
  EXPECT_FALSE(w.succeeded);
  EXPECT_NE(w.diagnostics.find("unknown target 'tpu'"), std::string::npos);
}
