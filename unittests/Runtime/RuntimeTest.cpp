//===- RuntimeTest.cpp - Manifest parsing and output comparison -----------===//
//
// The GPU-free parts of the runtime: launch-manifest validation, the
// element-wise tolerance rule, poison recognition and .npy output.
//
//===----------------------------------------------------------------------===//

#include "foundry/Runtime/Compare.h"
#include "foundry/Runtime/Evaluate.h"
#include "foundry/Runtime/Manifest.h"

#include "gtest/gtest.h"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>

using namespace foundry::runtime;

static const char *kManifest = R"({
  "kernels": [{
    "name": "relu", "precision": "ieee",
    "tolerance": {"atol": 0.0001, "rtol": 0.0001},
    "workload": {"flops": 11100, "bytes": 88800},
    "arguments": [
      {"role": "input", "element_type": "f32", "shape": [37, 300], "bytes": 44400},
      {"role": "output", "index": 0, "element_type": "f32", "shape": [37, 300], "bytes": 44400}],
    "launches": [{"kernel": "relu_kernel", "module": "relu_kernel", "args": [0, 1],
                  "grid": [2, 37, 1], "block": [256, 1, 1], "dynamic_shared_memory": 0}]
  }],
  "version": 1
})";

TEST(Manifest, ParsesLaunchesAndArguments) {
  std::vector<ManifestKernel> kernels;
  std::string error;
  ASSERT_TRUE(parseManifest(kManifest, kernels, error)) << error;
  ASSERT_EQ(kernels.size(), 1u);
  const ManifestKernel &kernel = kernels[0];
  EXPECT_EQ(kernel.name, "relu");
  EXPECT_DOUBLE_EQ(kernel.atol, 1e-4);
  EXPECT_EQ(kernel.flops, 11100);
  ASSERT_EQ(kernel.arguments.size(), 2u);
  EXPECT_EQ(kernel.arguments[1].role, ManifestArgument::Role::Output);
  EXPECT_EQ(kernel.arguments[1].numElements(), 37 * 300);
  ASSERT_EQ(kernel.launches.size(), 1u);
  EXPECT_EQ(kernel.launches[0].grid[1], 37u);
  EXPECT_EQ(kernel.launches[0].block[0], 256u);
  EXPECT_EQ(kernel.launches[0].args, (std::vector<int64_t>{0, 1}));
  EXPECT_EQ(kernel.launches[0].clusterBlocks(), 1u);
}

TEST(Manifest, ReadsHowInputsAreDrawn) {
  std::string text = kManifest;
  const std::string input = "{\"role\": \"input\", ";
  text.replace(text.find(input), input.size(),
               input + "\"init\": {\"distribution\": \"uniform\", "
                       "\"low\": -0.25, \"high\": 0.75}, ");
  std::vector<ManifestKernel> kernels;
  std::string error;
  ASSERT_TRUE(parseManifest(text, kernels, error)) << error;
  const ManifestArgument &drawn = kernels[0].arguments[0];
  EXPECT_TRUE(drawn.hasInit);
  EXPECT_FALSE(drawn.normal);
  EXPECT_DOUBLE_EQ(drawn.shift, -0.25);
  EXPECT_DOUBLE_EQ(drawn.scale, 1.0);
  EXPECT_FALSE(kernels[0].arguments[1].hasInit);

  text.replace(text.find("\"uniform\", \"low\": -0.25, \"high\": 0.75"),
               strlen("\"uniform\", \"low\": -0.25, \"high\": 0.75"),
               "\"normal\", \"mean\": 2, \"std\": 0.5");
  ASSERT_TRUE(parseManifest(text, kernels, error)) << error;
  EXPECT_TRUE(kernels[0].arguments[0].normal);
  EXPECT_DOUBLE_EQ(kernels[0].arguments[0].shift, 2.0);
  EXPECT_DOUBLE_EQ(kernels[0].arguments[0].scale, 0.5);

  for (auto [bad, message] : {std::pair{"\"std\": 0.5", "\"std\": -1"},
                              std::pair{"\"normal\"", "\"poisson\""},
                              std::pair{"\"mean\": 2", "\"mean\": \"2\""}}) {
    std::string broken = text;
    broken.replace(broken.find(bad), strlen(bad), message);
    error.clear();
    EXPECT_FALSE(parseManifest(broken, kernels, error)) << message;
    EXPECT_EQ(error.rfind("kernels[0].arguments[0].init", 0), 0u) << error;
  }
}

/// Replaces the first `from` in kManifest by `to`.
static std::string mutated(const std::string &from, const std::string &to) {
  std::string text = kManifest;
  size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  return text.replace(at, from.size(), to);
}

TEST(Manifest, RejectsWhatWouldLaunchWrongly) {
  struct Case {
    std::string from, to, error;
  } cases[] = {
      {"\"bytes\": 44400}", "\"bytes\": 44000}",
       "kernels[0].arguments[0].bytes: 44000 bytes do not match the shape "
       "(44400)"},
      {"\"args\": [0, 1]", "\"args\": [0, 2]",
       "kernels[0].launches[0].args: value 2 out of range"},
      {"\"block\": [256, 1, 1]", "\"block\": [256, 8, 1]",
       "kernels[0].launches[0].block: more than 1024 threads"},
      {"\"grid\": [2, 37, 1]", "\"grid\": [2, 37]",
       "kernels[0].launches[0]: grid and block need 3 entries each"},
      {"\"role\": \"input\"", "\"role\": \"scratch\"",
       "kernels[0].arguments[0].role: unknown role 'scratch'"},
      {"\"element_type\": \"f32\"", "\"element_type\": \"f7\"",
       "kernels[0].arguments[0].element_type: unsupported element type 'f7'"},
      {"\"atol\": 0.0001", "\"atol\": -1",
       "kernels[0].tolerance.atol: expected a non-negative number"},
      {"{\"kernel\": \"relu_kernel\", ", "{",
       "kernels[0].launches[0].kernel: missing"},
      {"\"dynamic_shared_memory\": 0}",
       "\"dynamic_shared_memory\": 0, \"cluster\": [4, 1, 1]}",
       "kernels[0].launches[0].cluster: does not divide the grid"},
      {"\"dynamic_shared_memory\": 0}",
       "\"dynamic_shared_memory\": 0, \"cluster\": [2, 37, 1]}",
       "kernels[0].launches[0].cluster: value 37 out of range"},
  };
  for (const Case &c : cases) {
    std::vector<ManifestKernel> kernels;
    std::string error;
    EXPECT_FALSE(parseManifest(mutated(c.from, c.to), kernels, error));
    EXPECT_EQ(error, c.error);
  }
  std::vector<ManifestKernel> kernels;
  std::string error;
  EXPECT_FALSE(parseManifest("{\"kernels\": [", kernels, error));
  EXPECT_EQ(error, "manifest: not valid JSON");
  EXPECT_FALSE(parseManifest("{\"kernels\": []}", kernels, error));
  EXPECT_EQ(error, "manifest.kernels: no kernel");
}

TEST(Manifest, ReadsThreadBlockClusters) {
  std::vector<ManifestKernel> kernels;
  std::string error;
  ASSERT_TRUE(parseManifest(mutated("\"dynamic_shared_memory\": 0}",
                                    "\"dynamic_shared_memory\": 0, "
                                    "\"cluster\": [2, 1, 1]}"),
                            kernels, error))
      << error;
  EXPECT_EQ(kernels[0].launches[0].cluster[0], 2u);
  EXPECT_EQ(kernels[0].launches[0].clusterBlocks(), 2u);
}

TEST(Manifest, ReadsTensorMaps) {
  const std::string output =
      "{\"role\": \"output\", \"index\": 0, \"element_type\": \"f32\", "
      "\"shape\": [37, 300], \"bytes\": 44400}";
  auto withMap = [&](const std::string &map) {
    return mutated(output, output + ", {\"role\": \"tensor_map\", "
                                    "\"element_type\": \"i64\", \"shape\": "
                                    "[16], \"bytes\": 128, \"tensor_map\": " +
                               map + "}");
  };
  std::vector<ManifestKernel> kernels;
  std::string error;
  ASSERT_TRUE(parseManifest(
      withMap("{\"buffer\": 0, \"box\": [32, 37], \"swizzle\": 128}"),
      kernels, error))
      << error;
  ASSERT_EQ(kernels[0].arguments.size(), 3u);
  const ManifestArgument &map = kernels[0].arguments[2];
  EXPECT_EQ(map.role, ManifestArgument::Role::TensorMap);
  EXPECT_EQ(map.tensorMap.buffer, 0);
  EXPECT_EQ(map.tensorMap.box, (std::vector<int64_t>{32, 37}));
  EXPECT_EQ(map.tensorMap.swizzle, 128);

  struct Case {
    std::string map, error;
  } cases[] = {
      {"{\"buffer\": 3, \"box\": [32, 37], \"swizzle\": 128}",
       "kernels[0].arguments[2].tensor_map.buffer: value 3 out of range [0, "
       "2]"},
      {"{\"buffer\": 2, \"box\": [32, 37], \"swizzle\": 128}",
       "kernels[0].arguments[2].tensor_map.buffer: maps another tensor map"},
      {"{\"buffer\": 0, \"box\": [32], \"swizzle\": 128}",
       "kernels[0].arguments[2].tensor_map.box: expected one entry per "
       "dimension of argument #0 (1 to 5 of them)"},
      {"{\"buffer\": 0, \"box\": [64, 37], \"swizzle\": 128}",
       "kernels[0].arguments[2].tensor_map.box: the innermost box dimension "
       "takes 256 bytes; it must be a multiple of 16 and, with a swizzle, at "
       "most the swizzle's bytes"},
      {"{\"buffer\": 0, \"box\": [32, 300], \"swizzle\": 128}",
       "kernels[0].arguments[2].tensor_map.box: value 300 out of range"},
      {"{\"buffer\": 0, \"box\": [32, 37], \"swizzle\": 96}",
       "kernels[0].arguments[2].tensor_map.swizzle: expected 0, 32, 64 or "
       "128"},
      {"{\"buffer\": 0, \"box\": [32, 37]}",
       "kernels[0].arguments[2].tensor_map.swizzle: missing"},
  };
  for (const Case &c : cases) {
    error.clear();
    EXPECT_FALSE(parseManifest(withMap(c.map), kernels, error)) << c.map;
    EXPECT_EQ(error, c.error);
  }
}

TEST(Compare, AppliesKernelBenchTolerance) {
  // |out - ref| <= atol + rtol * |ref| with atol = rtol = 1e-4.
  float ref[] = {1.0f, 100.0f, 0.0f, -2.0f};
  float out[] = {1.00015f, 100.01f, 0.00009f, -2.0f};
  CompareStats ok = compareBuffers("f32", out, ref, 4, 1e-4, 1e-4);
  EXPECT_TRUE(ok.passed());
  EXPECT_EQ(ok.firstFailingIndex, -1);
  EXPECT_NEAR(ok.maxAbsError, 0.01, 1e-4);

  out[1] = 100.03f; // 0.03 > 1e-4 + 1e-2
  out[3] = NAN;
  CompareStats bad = compareBuffers("f32", out, ref, 4, 1e-4, 1e-4);
  EXPECT_FALSE(bad.passed());
  EXPECT_EQ(bad.mismatches, 2);
  EXPECT_EQ(bad.firstFailingIndex, 1);
  EXPECT_NEAR(bad.firstFailingValue, 100.03, 1e-3);
  EXPECT_EQ(bad.referenceMin, -2.0);
  EXPECT_EQ(bad.referenceMax, 100.0);
}

TEST(Compare, NonFiniteValuesMatchAsNumpyIsCloseWithEqualNan) {
  // NaN matches NaN, an infinity the same infinity, nothing else.
  float ref[] = {NAN, INFINITY, -INFINITY, INFINITY, 1.0f, NAN, INFINITY};
  float out[] = {NAN, INFINITY, -INFINITY, -INFINITY, NAN, 1.0f, 1e30f};
  CompareStats stats = compareBuffers("f32", out, ref, 7, 1e-4, 1e-4);
  EXPECT_EQ(stats.mismatches, 4);
  EXPECT_EQ(stats.firstFailingIndex, 3);
  EXPECT_EQ(stats.badReference, 6);
  EXPECT_TRUE(isClose(NAN, NAN, 0, 0));
  EXPECT_TRUE(isClose(-INFINITY, -INFINITY, 0, 0));
  EXPECT_FALSE(isClose(INFINITY, 1e308, 1e-4, 1e-4));
  EXPECT_FALSE(isClose(NAN, 0, 1e-4, 1e-4));
}

TEST(Compare, RecognizesPoisonAsUnwritten) {
  uint64_t bits;
  int bytes;
  ASSERT_TRUE(poisonPattern("f32", bits, bytes));
  ASSERT_EQ(bytes, 4);
  uint32_t poison = static_cast<uint32_t>(bits);
  float out[3] = {1.0f, 0, 0}, ref[3] = {1.0f, 2.0f, 3.0f};
  std::memcpy(&out[1], &poison, 4);
  std::memcpy(&out[2], &poison, 4);
  CompareStats stats = compareBuffers("f32", out, ref, 3, 1e-4, 1e-4);
  EXPECT_EQ(stats.unwritten, 2);
  EXPECT_EQ(stats.mismatches, 2);
  EXPECT_TRUE(std::isnan(out[1])); // the poison is a NaN: it never passes
}

TEST(Compare, LargeBuffersSplitAcrossThreadsKeepTheFirstFailure) {
  std::vector<float> ref(3 << 20, 1.0f), out(ref);
  out[2500000] = 5.0f;
  out[3000000] = 7.0f;
  CompareStats stats = compareBuffers("f32", out.data(), ref.data(),
                                      int64_t(ref.size()), 1e-4, 1e-4);
  EXPECT_EQ(stats.elements, int64_t(ref.size()));
  EXPECT_EQ(stats.mismatches, 2);
  EXPECT_EQ(stats.firstFailingIndex, 2500000);
  EXPECT_DOUBLE_EQ(stats.maxAbsError, 6.0);
}

TEST(Compare, DecodesHalfAndBFloat) {
  uint16_t half = 0x3C00;   // 1.0
  uint16_t bfloat = 0x4040; // 3.0
  EXPECT_EQ(elementAsDouble("f16", &half, 0), 1.0);
  EXPECT_EQ(elementAsDouble("bf16", &bfloat, 0), 3.0);
}

TEST(Npy, WritesAHeaderNumpyReads) {
  float data[6] = {0, 1, 2, 3, 4, 5};
  std::string path = ::testing::TempDir() + "/foundry-test.npy";
  std::string error;
  ASSERT_TRUE(writeNpy(path, "f32", {2, 3}, data, sizeof(data), error))
      << error;
  std::ifstream in(path, std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)),
                    std::istreambuf_iterator<char>());
  ASSERT_GE(bytes.size(), 10u);
  EXPECT_EQ(bytes.substr(0, 6), "\x93NUMPY");
  size_t headerLength = uint8_t(bytes[8]) | (uint8_t(bytes[9]) << 8);
  EXPECT_EQ((10 + headerLength) % 64, 0u);
  std::string header = bytes.substr(10, headerLength);
  EXPECT_NE(header.find("'descr': '<f4'"), std::string::npos);
  EXPECT_NE(header.find("'shape': (2,3)"), std::string::npos);
  EXPECT_EQ(bytes.size(), 10 + headerLength + sizeof(data));
  std::remove(path.c_str());
}

TEST(Result, SummaryAndFailureRoundTrip) {
  std::string stage;
  bool ok = true;
  double median = 1;
  ASSERT_TRUE(readResultSummary(failureJson("x.cubin", "timeout", "killed"),
                                stage, ok, median));
  EXPECT_EQ(stage, "timeout");
  EXPECT_FALSE(ok);
  EXPECT_EQ(median, 0);
  EXPECT_FALSE(readResultSummary("not json", stage, ok, median));
  Ceilings ceilings{4.2e12, 6.0e13, 7.0e14, 3.5e14}, back;
  ASSERT_TRUE(ceilingsFromJson(ceilingsToJson(ceilings), back));
  EXPECT_EQ(back.copyBytesPerSecond, 4.2e12);
  EXPECT_EQ(back.tensorF16FlopsPerSecond, 7.0e14);
  EXPECT_EQ(back.tensorTf32FlopsPerSecond, 3.5e14);
  EXPECT_FALSE(ceilingsFromJson("{\"copy_bytes_per_second\": -1}", back));
  // A file from before the tensor cores were measured: they stay 0.
  Ceilings old;
  ASSERT_TRUE(ceilingsFromJson("{\"copy_bytes_per_second\": 4e12, "
                               "\"fp32_flops_per_second\": 6e13}",
                               old));
  EXPECT_EQ(old.tensorF16FlopsPerSecond, 0);
  EXPECT_FALSE(ceilingsFromJson(
      "{\"copy_bytes_per_second\": 4e12, \"fp32_flops_per_second\": 6e13, "
      "\"tensor_f16_flops_per_second\": \"fast\"}",
      old));
}

TEST(Roofline, ComputeCeilingFollowsThePrecision) {
  Ceilings ceilings{4.2e12, 6.0e13, 7.2e14, 3.6e14};
  ComputeCeiling ieee = computeCeiling(ceilings, "ieee", {"f32", "f32"});
  EXPECT_EQ(ieee.flopsPerSecond, 6.0e13);
  EXPECT_EQ(ieee.name, "FP32 peak");
  ComputeCeiling tf32 = computeCeiling(ceilings, "tf32", {"f32"});
  EXPECT_EQ(tf32.flopsPerSecond, 3.6e14);
  EXPECT_EQ(tf32.name, "tf32 tensor-core peak");
  ComputeCeiling split = computeCeiling(ceilings, "3xtf32", {"f32", "f32"});
  EXPECT_EQ(split.flopsPerSecond, 1.2e14);
  EXPECT_EQ(split.name, "tf32 tensor-core peak / 3");
  // f16 or bf16 inputs go on m16n8k16 or wgmma k16 at the f16 rate, under
  // any precision that allows tensor cores.
  EXPECT_EQ(computeCeiling(ceilings, "3xtf32", {"bf16", "bf16"}).name,
            "f16 tensor-core peak");
  EXPECT_EQ(computeCeiling(ceilings, "bf16", {"f32"}).flopsPerSecond,
            7.2e14);
  // IEEE keeps f16 inputs on the FP32 units.
  EXPECT_EQ(computeCeiling(ceilings, "ieee", {"f16"}).name, "FP32 peak");
}

TEST(Integrity, CallsAndGlobals) {
  const char *clean = ".version 8.0\n.target sm_90\n"
                      ".func (.param .b32 r) __nv_expf(.param .b32 x)\n"
                      ".visible .entry k(.param .u64 p)\n{\n"
                      "  .shared .align 4 .b8 tile[1024];\n  ret;\n}\n";
  EXPECT_EQ(checkPtxCallsAndGlobals(clean).status, "passed");
  EXPECT_EQ(checkPtxCallsAndGlobals("").status, "skipped");
  std::string printf = std::string(clean) +
                       ".extern .func (.param .b32 r) vprintf(.param .b64 f, "
                       ".param .b64 a);\n";
  IntegrityCheck call = checkPtxCallsAndGlobals(printf);
  EXPECT_EQ(call.status, "failed");
  EXPECT_NE(call.detail.find("vprintf"), std::string::npos);
  std::string global =
      std::string(clean) + ".visible .global .align 4 .u32 counter;\n";
  IntegrityCheck state = checkPtxCallsAndGlobals(global);
  EXPECT_EQ(state.status, "failed");
  EXPECT_NE(state.detail.find("counter"), std::string::npos);
}

TEST(Integrity, PrecisionPolicy) {
  const char *tf32 =
      "  mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%f1}, {%r1}, "
      "{%r2}, {%f2};\n";
  EXPECT_EQ(checkPtxPrecision(tf32, "ieee").status, "failed");
  EXPECT_EQ(checkPtxPrecision(tf32, "tf32").status, "passed");
  EXPECT_EQ(checkPtxPrecision(tf32, "3xtf32").status, "passed");
  EXPECT_EQ(checkPtxPrecision(tf32, "bf16").status, "failed");
  // Loads and moves of the kernel's own types are not reduced precision.
  EXPECT_EQ(checkPtxPrecision("  ld.global.f32 %f1, [%rd1];\n", "ieee").status,
            "passed");
  EXPECT_EQ(checkPtxPrecision("", "ieee").status, "skipped");
  // An f16 (bf16) mma on a kernel whose inputs are all f16 (bf16) computes
  // on the kernel's own values: allowed where tensor cores are (not ieee).
  const char *f16 = "  mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
                    "{%f1}, {%r1}, {%r2}, {%f2};\n";
  const char *bf16 = "  mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 "
                     "{%f1}, {%r1}, {%r2}, {%f2};\n";
  EXPECT_EQ(checkPtxPrecision(f16, "3xtf32", {"f16", "f16"}).status, "passed");
  EXPECT_EQ(checkPtxPrecision(bf16, "tf32", {"bf16", "bf16"}).status, "passed");
  EXPECT_EQ(checkPtxPrecision(f16, "ieee", {"f16", "f16"}).status, "failed");
  // An mma of a 16-bit type no input has is reduced precision: the other
  // 16-bit type, inputs of both, or no inputs known.
  EXPECT_EQ(checkPtxPrecision(bf16, "3xtf32", {"f16", "f16"}).status, "failed");
  EXPECT_EQ(checkPtxPrecision(f16, "3xtf32", {"f16", "bf16"}).status, "failed");
  EXPECT_EQ(checkPtxPrecision(f16, "3xtf32").status, "failed");
  EXPECT_EQ(checkPtxPrecision(f16, "3xtf32", {"f32", "f32"}).status, "failed");
  // An fp32 input beside the 16-bit ones (a bias) is fine, unless fp32
  // values are rounded to the 16-bit type, in any rounding mode.
  EXPECT_EQ(checkPtxPrecision(f16, "3xtf32", {"f16", "f16", "f32"}).status,
            "passed");
  EXPECT_EQ(checkPtxPrecision(std::string("  cvt.rz.f16.f32 %h1, %f1;\n") + f16,
                              "3xtf32", {"f16", "f32"}, {"f32"})
                .status,
            "failed");
  // Integer inputs (indices) do not count.
  EXPECT_EQ(checkPtxPrecision(f16, "3xtf32", {"f16", "i64"}).status, "passed");
  // Accumulating in f16 is reduced precision.
  const char *f16Acc = "  mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 "
                       "{%r1}, {%r2}, {%r3}, {%r4};\n";
  EXPECT_EQ(checkPtxPrecision(f16Acc, "3xtf32", {"f16", "f16"}).status,
            "failed");
  // wgmma on the kernel's own 16-bit values into f32: allowed as mma.sync
  // is; on fp32 inputs, or accumulating in f16, it is not.
  const char *wgmmaBf16 =
      "  wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 {%f1}, %rd1, "
      "%rd2, p, 1, 1, 0, 0;\n";
  const char *wgmmaF16Acc =
      "  wgmma.mma_async.sync.aligned.m64n128k16.f16.f16.f16 {%r1}, %rd1, "
      "%rd2, p, 1, 1, 0, 0;\n";
  EXPECT_EQ(checkPtxPrecision(wgmmaBf16, "3xtf32", {"bf16", "bf16"}).status,
            "passed");
  EXPECT_EQ(checkPtxPrecision(wgmmaBf16, "ieee", {"bf16", "bf16"}).status,
            "failed");
  EXPECT_EQ(checkPtxPrecision(wgmmaBf16, "3xtf32", {"f32", "f32"}).status,
            "failed");
  EXPECT_EQ(checkPtxPrecision(wgmmaF16Acc, "3xtf32", {"f16", "f16"}).status,
            "failed");
  // fp32 values rounded to f16 (an intermediate for a second GEMM) are
  // reduced precision, unless the kernel's output is f16 itself.
  std::string rounded = std::string("  cvt.rn.f16.f32 %h1, %f1;\n") + f16;
  EXPECT_EQ(
      checkPtxPrecision(rounded, "3xtf32", {"f16", "f16"}, {"f32"}).status,
      "failed");
  EXPECT_EQ(
      checkPtxPrecision(rounded, "3xtf32", {"f16", "f16"}, {"f16"}).status,
      "passed");
  // Rounding to a 16-bit type the kernel does not use, with no mma at all:
  // bf16 values used where rounding changed nothing pass any comparison.
  const char *roundTrip = "  cvt.rn.bf16.f32 %h1, %f1;\n"
                          "  cvt.f32.bf16 %f3, %h1;\n";
  EXPECT_EQ(checkPtxPrecision(roundTrip, "ieee", {"f32"}, {"f32"}).status,
            "failed");
  EXPECT_EQ(checkPtxPrecision("  cvt.rn.f16x2.f32 %r1, %f1, %f2;\n", "tf32",
                              {"f32"}, {"f32"})
                .status,
            "failed");
  // The kernel's own types, or a precision that allows the type, may be
  // rounded to (a bf16 output; a bf16 input's intermediate).
  EXPECT_EQ(checkPtxPrecision(roundTrip, "ieee", {"f32"}, {"bf16"}).status,
            "passed");
  EXPECT_EQ(checkPtxPrecision(roundTrip, "ieee", {"bf16"}, {"f32"}).status,
            "passed");
  EXPECT_EQ(checkPtxPrecision(roundTrip, "bf16", {"f32"}, {"f32"}).status,
            "passed");
  // tf32 and fp8 in any rounding mode.
  EXPECT_EQ(checkPtxPrecision("  cvt.rn.tf32.f32 %r1, %f1;\n", "ieee").status,
            "failed");
  EXPECT_EQ(checkPtxPrecision("  cvt.rn.tf32.f32 %r1, %f1;\n", "tf32").status,
            "passed");
  EXPECT_EQ(
      checkPtxPrecision("  cvt.rn.satfinite.e4m3x2.f32 %h1, %f1, %f2;\n",
                        "3xtf32")
          .status,
      "failed");
  // Widening is not rounding.
  EXPECT_EQ(checkPtxPrecision("  cvt.f32.bf16 %f3, %h1;\n", "ieee", {"f32"},
                              {"f32"})
                .status,
            "passed");
}
