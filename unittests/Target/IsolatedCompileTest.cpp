//===- IsolatedCompileTest.cpp - compile() in a child process -------------===//
//
// The parent side of compileInChildProcess against stand-in workers (shell
// scripts) that crash, hang, exit without a reply or reply with garbage; the
// real worker is exercised by test/Tools/compile-isolate.test.
//
//===----------------------------------------------------------------------===//

#include "foundry/Target/IsolatedCompile.h"

#include <gtest/gtest.h>

#include <string>

using namespace mlir::foundry;

namespace {
/// A worker that runs `script` under /bin/sh; the request directory is $2.
CompileWorker shellWorker(const std::string &script, unsigned timeout = 30) {
  CompileWorker worker;
  worker.program = "/bin/sh";
  worker.args = {"-c", script, "sh"};
  worker.timeoutSeconds = timeout;
  return worker;
}

CompileResult compileWith(const CompileWorker &worker,
                          const CompileOptions &options = {}) {
  return compileInChildProcess("foundry.kernel @k() {}", "", options, "k.mlir",
                               worker);
}
} // namespace

TEST(IsolatedCompileTest, ACrashIsAResultWithTheChildsLastWords) {
  CompileResult result =
      compileWith(shellWorker("echo 'Assertion \"x\" failed.'; kill -SEGV $$"));
  EXPECT_FALSE(result.succeeded);
  EXPECT_EQ(result.stage, "crash");
  EXPECT_NE(result.diagnostics.find("killed by signal 11"), std::string::npos)
      << result.diagnostics;
  EXPECT_NE(result.diagnostics.find("Assertion \"x\" failed."),
            std::string::npos)
      << result.diagnostics;
}

TEST(IsolatedCompileTest, AHangIsKilledAtTheTimeout) {
  CompileResult result = compileWith(shellWorker("exec sleep 30", 1));
  EXPECT_EQ(result.stage, "timeout");
  EXPECT_NE(result.diagnostics.find("timed out after 1 s"), std::string::npos)
      << result.diagnostics;
  EXPECT_LT(result.seconds, 20);
}

TEST(IsolatedCompileTest, CancellingKillsTheChild) {
  std::atomic<bool> cancel{true};
  CompileOptions options;
  options.cancel = &cancel;
  CompileResult result = compileWith(shellWorker("exec sleep 30"), options);
  EXPECT_EQ(result.stage, "cancelled");
  EXPECT_LT(result.seconds, 20);
}

TEST(IsolatedCompileTest, NoReplyOrAMalformedOneIsAWorkerFailure) {
  CompileResult silent = compileWith(shellWorker("echo gone; exit 3"));
  EXPECT_EQ(silent.stage, "worker");
  EXPECT_NE(silent.diagnostics.find("exited with status 3"), std::string::npos)
      << silent.diagnostics;
  EXPECT_NE(silent.diagnostics.find("gone"), std::string::npos);

  CompileResult garbage =
      compileWith(shellWorker("echo '{' > \"$2/result.json\""));
  EXPECT_EQ(garbage.stage, "worker");
  EXPECT_NE(garbage.diagnostics.find("not JSON"), std::string::npos)
      << garbage.diagnostics;

  CompileResult wrongType = compileWith(shellWorker(
      "echo '{\"succeeded\": true, \"stage\": \"done\", \"diagnostics\": "
      "\"\", \"seconds\": 1, \"kernels\": 7}' > \"$2/result.json\""));
  EXPECT_EQ(wrongType.stage, "worker");
  EXPECT_FALSE(wrongType.succeeded);
  EXPECT_NE(wrongType.diagnostics.find("kernels"), std::string::npos)
      << wrongType.diagnostics;
}

TEST(IsolatedCompileTest, AMissingWorkerIsAWorkerFailure) {
  CompileWorker worker;
  worker.program = "/nonexistent/foundry-worker";
  CompileResult result = compileWith(worker);
  EXPECT_EQ(result.stage, "worker");
  EXPECT_FALSE(result.succeeded);
}

TEST(IsolatedCompileTest, TheRequestCarriesTheOptionsAndTheReplyComesBack) {
  // The worker checks the request and answers with a fixed reply, a PTX
  // and a cubin.
  CompileOptions options;
  options.target = "sm_90";
  options.ptxasTimeoutSeconds = 17;
  CompileResult result = compileInChildProcess(
      "SOURCE", "foundry-unroll{factor=2}", options, "k.mlir",
      shellWorker(
          "d=$2; grep -q '\"ptxas_timeout_seconds\":17' $d/request.json && "
          "grep -q 'foundry-unroll{factor=2}' $d/request.json && "
          "grep -q SOURCE $d/source.mlir || exit 9; "
          "printf 'PTX' > $d/kernel.ptx; printf 'CUBIN' > $d/kernel.cubin; "
          "echo '{\"succeeded\": true, \"stage\": \"done\", \"diagnostics\": "
          "\"\", \"seconds\": 0.5, \"kernels\": [{\"name\": \"k\"}], "
          "\"resources\": {\"k_0\": {\"registers\": 40, \"barriers\": 1, "
          "\"shared_bytes\": 0, \"stack_frame_bytes\": 0, "
          "\"spill_store_bytes\": 8, \"spill_load_bytes\": 4, "
          "\"constant_bytes\": 380}}, \"ptxas_log\": \"LOG\"}' > "
          "$d/result.json"));
  ASSERT_TRUE(result.succeeded) << result.stage << ": " << result.diagnostics;
  EXPECT_EQ(result.stage, "done");
  EXPECT_EQ(result.ptx, "PTX");
  EXPECT_EQ(std::string(result.cubin.begin(), result.cubin.end()), "CUBIN");
  EXPECT_EQ(result.ptxasLog, "LOG");
  ASSERT_EQ(result.manifest.size(), 1u);
  ASSERT_EQ(result.resources.count("k_0"), 1u);
  EXPECT_EQ(result.resources["k_0"].registers, 40);
  EXPECT_EQ(result.resources["k_0"].spillStoreBytes, 8);
  EXPECT_EQ(result.resources["k_0"].constantBytes, 380);
}

TEST(IsolatedCompileTest, ToJSONReadsBack) {
  CompileResult original;
  original.succeeded = false;
  original.stage = "ptxas";
  original.diagnostics = "error: too long\n";
  original.seconds = 2.5;
  original.manifest.push_back(llvm::json::Object{{"name", "k"}});
  original.resources["k"].registers = 255;
  original.resources["k"].sharedBytes = 4096;
  llvm::json::Object json = toJSON(original);
  CompileResult back;
  llvm::json::Path::Root root;
  ASSERT_TRUE(fromJSON(llvm::json::Value(std::move(json)), back, root));
  EXPECT_EQ(back.succeeded, original.succeeded);
  EXPECT_EQ(back.stage, original.stage);
  EXPECT_EQ(back.diagnostics, original.diagnostics);
  EXPECT_EQ(back.seconds, original.seconds);
  EXPECT_EQ(back.manifest, original.manifest);
  EXPECT_EQ(back.resources["k"].registers, 255);
  EXPECT_EQ(back.resources["k"].sharedBytes, 4096);
}
