//===- FingerprintTest.cpp - Unit tests of fingerprintKernel --------------===//
//
// What a kernel fingerprint keeps (the op graph, bucketed shapes, element
// types, target) and what it ignores (names, constant values, exact sizes
// within a power-of-two bucket).
//
//===----------------------------------------------------------------------===//

#include "foundry/Fingerprint/Fingerprint.h"
#include "foundry/Evolve/Search.h"
#include "foundry/InitAll.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

#include <regex>
#include <set>
#include <string>

using namespace mlir;
using namespace mlir::foundry;

namespace {
class FingerprintTest : public ::testing::Test {
protected:
  FingerprintTest() {
    DialectRegistry registry;
    registerAllDialects(registry);
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
  }

  /// The fingerprint of the only kernel of `source`.
  KernelFingerprint fingerprintOf(const std::string &source,
                                  llvm::StringRef target = "sm_90") {
    modules.push_back(parseSourceString<ModuleOp>(source, &context));
    EXPECT_TRUE(modules.back());
    auto kernel = *modules.back()->getOps<KernelOp>().begin();
    return fingerprintKernel(kernel, target);
  }

  /// The loop analysis of the only kernel of `source`.
  KernelShape shapeOf(const std::string &source) {
    modules.push_back(parseSourceString<ModuleOp>(source, &context));
    EXPECT_TRUE(modules.back());
    FailureOr<KernelShape> shape =
        analyzeKernel(*modules.back()->getOps<KernelOp>().begin());
    EXPECT_TRUE(succeeded(shape));
    return succeeded(shape) ? *shape : KernelShape();
  }

  /// The fresh proposals (no parent) of the built-in expert `name` for
  /// `shape`, one per random seed 0 to `seeds` - 1.
  static std::vector<std::string> proposalsOf(const KernelShape &shape,
                                              const std::string &name,
                                              unsigned seeds) {
    std::vector<std::string> schedules;
    for (const Expert &expert : builtinExperts())
      if (expert.name == name)
        for (unsigned seed = 0; seed < seeds; ++seed) {
          std::mt19937 rng(seed);
          ExpertRequest request{shape};
          schedules.push_back(expert.propose(request, rng));
        }
    return schedules;
  }

  MLIRContext context;
  std::vector<OwningOpRef<ModuleOp>> modules;
};

/// A row maximum over 64 rows of 8192.
constexpr const char *kRowMax = R"mlir(
foundry.kernel @row_max(%x: tensor<64x8192xf32>) -> tensor<64xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<64xf32>
  %f = linalg.fill ins(%ninf : f32) outs(%e : tensor<64xf32>) -> tensor<64xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<64x8192xf32>) outs(%f : tensor<64xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %m = arith.maximumf %v, %acc : f32
    linalg.yield %m : f32
  } -> tensor<64xf32>
  foundry.yield %r : tensor<64xf32>
})mlir";

/// A matmul + bias + LeakyReLU kernel of M x K times K x N.
std::string gemm(const std::string &name, int m, int n, int k,
                 const std::string &slope = "0.1") {
  auto t = [](int a, int b) {
    return "tensor<" + std::to_string(a) + "x" + std::to_string(b) + "xf32>";
  };
  std::string x = t(m, k), w = t(k, n), y = t(m, n);
  return "#id = affine_map<(i, j) -> (i, j)>\n"
         "#col = affine_map<(i, j) -> (j)>\n"
         "foundry.kernel @" +
         name + "(%x: " + x + ", %w: " + w + ", %b: tensor<" +
         std::to_string(n) + "xf32>) -> " + y +
         " {\n"
         "  %zero = arith.constant 0.0 : f32\n"
         "  %slope = arith.constant " +
         slope +
         " : f32\n"
         "  %e = tensor.empty() : " +
         y +
         "\n"
         "  %f = linalg.fill ins(%zero : f32) outs(%e : " +
         y + ") -> " + y +
         "\n"
         "  %mm = linalg.matmul ins(%x, %w : " +
         x + ", " + w + ") outs(%f : " + y + ") -> " + y +
         "\n"
         "  %r = linalg.generic {indexing_maps = [#id, #col, #id], "
         "iterator_types = [\"parallel\", \"parallel\"]} ins(%mm, %b : " +
         y + ", tensor<" + std::to_string(n) + "xf32>) outs(%e : " + y +
         ") {\n"
         "  ^bb0(%v: f32, %bias: f32, %o: f32):\n"
         "    %s = arith.addf %v, %bias : f32\n"
         "    %neg = arith.mulf %s, %slope : f32\n"
         "    %pos = arith.cmpf ogt, %s, %zero : f32\n"
         "    %l = arith.select %pos, %s, %neg : f32\n"
         "    linalg.yield %l : f32\n"
         "  } -> " +
         y +
         "\n"
         "  foundry.yield %r : " +
         y +
         "\n"
         "}\n";
}
} // namespace

TEST_F(FingerprintTest, NamesAndConstantsDoNotMatter) {
  KernelFingerprint a = fingerprintOf(gemm("gemm", 1024, 1024, 512));
  KernelFingerprint b = fingerprintOf(gemm("other", 1024, 1024, 512, "0.2"));
  EXPECT_EQ(a.exactKey(), b.exactKey());
  EXPECT_EQ(a.family, "contraction+elementwise");
  EXPECT_EQ(a.shapeBucket,
            "1024x512xf32, 512x1024xf32, 1024xf32 -> 1024x1024xf32");
}

TEST_F(FingerprintTest, TheKernelKeyIsTheKernelItself) {
  // Verdicts are reused for the kernel they were measured on only: a name
  // does not change it, a constant or a shape in the same bucket does,
  // though the fingerprint is the same.
  KernelFingerprint a = fingerprintOf(gemm("gemm", 1024, 1024, 512));
  KernelFingerprint renamed = fingerprintOf(gemm("other", 1024, 1024, 512));
  KernelFingerprint slope = fingerprintOf(gemm("gemm", 1024, 1024, 512, "0.2"));
  KernelFingerprint near = fingerprintOf(gemm("gemm", 1000, 1001, 500));
  EXPECT_EQ(a.kernelKey(), renamed.kernelKey());
  EXPECT_EQ(a.exactKey(), slope.exactKey());
  EXPECT_NE(a.kernelKey(), slope.kernelKey());
  EXPECT_EQ(a.exactKey(), near.exactKey());
  EXPECT_NE(a.kernelKey(), near.kernelKey());
  // A comparison predicate (L1 89's cumsum against L1 91's reverse one).
  std::string flipped = gemm("gemm", 1024, 1024, 512);
  size_t at = flipped.find("arith.cmpf ogt");
  ASSERT_NE(at, std::string::npos);
  flipped.replace(at, std::string("arith.cmpf ogt").size(), "arith.cmpf olt");
  KernelFingerprint other = fingerprintOf(flipped);
  EXPECT_EQ(a.exactKey(), other.exactKey());
  EXPECT_NE(a.kernelKey(), other.kernelKey());
  EXPECT_EQ(a.kernelKey().size(), 16u);
}

TEST_F(FingerprintTest, InputDistributionsAreExact) {
  std::string plain = gemm("g", 1024, 1024, 512);
  std::string weights = plain;
  const std::string w = "%w: tensor<512x1024xf32>";
  weights.replace(weights.find(w), w.size(),
                  w + " {foundry.init = \"uniform(-0.04, 0.04)\"}");
  KernelFingerprint a = fingerprintOf(plain);
  KernelFingerprint b = fingerprintOf(weights);
  // Verdicts found on other inputs are not reused; the schedules still are.
  EXPECT_NE(a.exactKey(), b.exactKey());
  EXPECT_EQ(a.graphKey(), b.graphKey());
  EXPECT_EQ(b.shapeBucket, "1024x512xf32, 512x1024xf32 ~uniform(-0.04, 0.04), "
                           "1024xf32 -> 1024x1024xf32");
}

TEST_F(FingerprintTest, ShapesBucketToPowersOfTwo) {
  KernelFingerprint exact = fingerprintOf(gemm("g", 1024, 1024, 512));
  KernelFingerprint near = fingerprintOf(gemm("g", 1000, 1001, 500));
  KernelFingerprint far = fingerprintOf(gemm("g", 4096, 4096, 4096));
  EXPECT_EQ(exact.exactKey(), near.exactKey());
  EXPECT_NE(exact.exactKey(), far.exactKey());
  // Same computation at another size: the graph still matches.
  EXPECT_EQ(exact.graphKey(), far.graphKey());
  EXPECT_EQ(exact.familyKey(), far.familyKey());
}

TEST_F(FingerprintTest, TheTargetAndTheOpGraphDo) {
  KernelFingerprint gpu = fingerprintOf(gemm("g", 64, 64, 64));
  KernelFingerprint cpu = fingerprintOf(gemm("g", 64, 64, 64), "cpu");
  EXPECT_NE(gpu.exactKey(), cpu.exactKey());
  EXPECT_NE(gpu.graphKey(), cpu.graphKey());
  // A ReLU instead of the LeakyReLU's select: another graph, same family.
  std::string relu = gemm("g", 64, 64, 64);
  size_t at = relu.find("arith.select %pos, %s, %neg");
  ASSERT_NE(at, std::string::npos);
  relu.replace(at, std::string("arith.select %pos, %s, %neg").size(),
               "arith.maximumf %s, %zero");
  KernelFingerprint other = fingerprintOf(relu);
  EXPECT_NE(gpu.graphKey(), other.graphKey());
  EXPECT_EQ(gpu.familyKey(), other.familyKey());
  EXPECT_EQ(gpu.exactKey().size(), 16u);
}

TEST(ScheduleChange, PassesAddedRemovedOrOptions) {
  EXPECT_EQ(scheduleChange("foundry-tile-blocks{sizes={4,4}}",
                           "foundry-tile-blocks{sizes={8,8}}"),
            "options");
  EXPECT_EQ(scheduleChange("foundry-tile-blocks{sizes={4,4}},foundry-unroll{"
                           "factor=2}",
                           "foundry-tile-blocks{sizes={4,4}},foundry-tile-"
                           "threads{sizes={1,1}},foundry-vectorize"),
            "+foundry-tile-threads +foundry-vectorize -foundry-unroll");
  EXPECT_EQ(scheduleChange("", "foundry-tile-blocks{sizes={1}}"),
            "+foundry-tile-blocks");
}

TEST(SplitAtEpilogue, ContractionKernelsThenTheRest) {
  // One GEMM kernel (options nested in braces), then the epilogue.
  auto [head, tail] = splitAtEpilogue(
      "foundry-tile-blocks{sizes={128,128} target=contraction},foundry-"
      "promote{operands={0,1} padding=4},foundry-mma,foundry-tile-blocks{"
      "sizes={1} target=result},foundry-reduce-threads{threads=256}");
  EXPECT_EQ(head, "foundry-tile-blocks{sizes={128,128} target=contraction},"
                  "foundry-promote{operands={0,1} padding=4},foundry-mma");
  EXPECT_EQ(tail, "foundry-tile-blocks{sizes={1} target=result},foundry-"
                  "reduce-threads{threads=256}");
  // Two chained GEMM kernels stay together in the head.
  std::tie(head, tail) = splitAtEpilogue(
      "foundry-tile-blocks{sizes={64,64} target=contraction},foundry-mma,"
      "foundry-tile-blocks{sizes={64,64} target=contraction},foundry-mma,"
      "foundry-tile-blocks{sizes={1}},foundry-vectorize");
  EXPECT_EQ(head, "foundry-tile-blocks{sizes={64,64} target=contraction},"
                  "foundry-mma,foundry-tile-blocks{sizes={64,64} "
                  "target=contraction},foundry-mma");
  EXPECT_EQ(tail, "foundry-tile-blocks{sizes={1}},foundry-vectorize");
  // No contraction kernel first, or no epilogue tiling: nothing to split.
  for (llvm::StringRef schedule :
       {"foundry-tile-blocks{sizes={1}},foundry-reduce-threads",
        "foundry-tile-blocks{sizes={64,64} target=contraction},foundry-mma",
        ""}) {
    std::tie(head, tail) = splitAtEpilogue(schedule);
    EXPECT_TRUE(head.empty() && tail.empty()) << schedule.str();
  }
}

TEST(SpliceAtEpilogue, OneSidesGemmWithTheOthersEpilogue) {
  // L2 23's shape of schedule: an im2col GEMM kernel, then the norm.
  std::string parent =
      "foundry-im2col,foundry-pad{k=32 m=32 n=64},foundry-tile-blocks{"
      "fuse=elementwise sizes={1,32,64} target=contraction},foundry-mma,"
      "foundry-tile-blocks{fuse=all sizes={1} target=result},foundry-reduce-"
      "threads{threads=256}";
  std::string fresh =
      "foundry-im2col,foundry-pad{k=16 m=32 n=128},foundry-tile-blocks{"
      "sizes={1,32,128} target=contraction},foundry-mma,foundry-tile-blocks{"
      "sizes=1},foundry-reduce-threads{threads=330 interleave=4}";
  EXPECT_EQ(spliceAtEpilogue(parent, fresh, /*headFromA=*/true),
            "foundry-im2col,foundry-pad{k=32 m=32 n=64},foundry-tile-blocks{"
            "fuse=elementwise sizes={1,32,64} target=contraction},foundry-mma,"
            "foundry-tile-blocks{sizes=1},foundry-reduce-threads{threads=330 "
            "interleave=4}");
  EXPECT_EQ(spliceAtEpilogue(parent, fresh, /*headFromA=*/false),
            "foundry-im2col,foundry-pad{k=16 m=32 n=128},foundry-tile-blocks{"
            "sizes={1,32,128} target=contraction},foundry-mma,foundry-tile-"
            "blocks{fuse=all sizes={1} target=result},foundry-reduce-threads{"
            "threads=256}");
  // Either side without a contraction kernel and an epilogue: nothing.
  EXPECT_EQ(spliceAtEpilogue(parent, "foundry-tile-blocks{sizes={1}}", true),
            "");
  EXPECT_EQ(spliceAtEpilogue("", fresh, false), "");
}

TEST(ReferenceSchedule, SplitOnlyForLargeScalarReductions) {
  std::string reason;
  KernelShape loss;
  loss.scalarReduction = {32768, 32768};
  EXPECT_EQ(referenceScheduleFor(loss, reason), "foundry-split-reduction");
  EXPECT_NE(reason.find("1073741824 elements on one thread"), std::string::npos)
      << reason;
  // Small enough for one thread: the naive schedule stays the reference.
  KernelShape small;
  small.scalarReduction = {37, 37};
  reason.clear();
  EXPECT_EQ(referenceScheduleFor(small, reason), "");
  EXPECT_EQ(reason, "");
  // A scalar the rest of the kernel reads (a Frobenius norm) is split too.
  KernelShape rows;
  rows.extents = {32768};
  rows.parallel = {true};
  rows.scalarReduction = {32768, 32768};
  EXPECT_EQ(referenceScheduleFor(rows, reason), "foundry-split-reduction");
  // Long reductions into few outputs (BatchNorm's statistics).
  KernelShape channels;
  channels.extents = {64, 64, 512, 512};
  channels.parallel = {true, true, true, true};
  channels.longReductionOutputs = 64;
  reason.clear();
  EXPECT_EQ(referenceScheduleFor(channels, reason),
            "foundry-split-reduction{outputs=64}");
  EXPECT_NE(reason.find("at most 64 outputs"), std::string::npos) << reason;
  // Unknown (dynamic, 0) extents count as large; no overflow on huge ones.
  KernelShape dynamic;
  dynamic.scalarReduction = {0, 4};
  EXPECT_EQ(referenceScheduleFor(dynamic, reason), "foundry-split-reduction");
  KernelShape huge;
  huge.scalarReduction = {int64_t{1} << 40, int64_t{1} << 40};
  EXPECT_EQ(referenceScheduleFor(huge, reason), "foundry-split-reduction");
}

/// A kernel multiplying an M x K by a K x N matrix (f32).
static std::string matmul(int64_t m, int64_t n, int64_t k) {
  auto type = [](int64_t rows, int64_t cols) {
    return "tensor<" + std::to_string(rows) + "x" + std::to_string(cols) +
           "xf32>";
  };
  std::string a = type(m, k), b = type(k, n), c = type(m, n);
  return "foundry.kernel @gemm(%a: " + a + ", %b: " + b + ") -> " + c +
         " {\n  %zero = arith.constant 0.0 : f32\n  %e = tensor.empty() : " +
         c + "\n  %f = linalg.fill ins(%zero : f32) outs(%e : " + c +
         ") -> " + c + "\n  %m = linalg.matmul ins(%a, %b : " + a + ", " + b +
         ") outs(%f : " + c + ") -> " + c + "\n  foundry.yield %m : " + c +
         "\n}\n";
}

TEST_F(FingerprintTest, LargeGemmsAreCheckedAgainstATiledReference) {
  // 8192 x 8192 x 4096 (2.7e11 multiply-adds): the naive schedule would
  // take seconds per launch; the reference is the 64x64 SIMT schedule.
  std::string reason;
  KernelShape large = shapeOf(matmul(8192, 8192, 4096));
  EXPECT_EQ(referenceScheduleFor(large, reason),
            "foundry-tile-blocks{sizes=64,64},foundry-tile-threads{sizes=4,4},"
            "foundry-tile-reduction{sizes=8},foundry-vectorize");
  EXPECT_NE(reason.find("GEMM(s) of 8192x8192x4096"), std::string::npos)
      << reason;
  // 4096^3 (6.9e10) stays on the naive schedule.
  reason.clear();
  EXPECT_EQ(referenceScheduleFor(shapeOf(matmul(4096, 4096, 4096)), reason),
            "");
  EXPECT_EQ(reason, "");
}

/// A kernel summing each row of a ROWS x COLS matrix.
static std::string rowSum(int64_t rows, int64_t cols) {
  std::string x = "tensor<" + std::to_string(rows) + "x" +
                  std::to_string(cols) + "xf32>",
              y = "tensor<" + std::to_string(rows) + "xf32>";
  return "foundry.kernel @rows(%x: " + x + ") -> " + y +
         " {\n"
         "  %zero = arith.constant 0.0 : f32\n"
         "  %e = tensor.empty() : " +
         y + "\n  %f = linalg.fill ins(%zero : f32) outs(%e : " + y + ") -> " +
         y +
         "\n"
         "  %s = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, "
         "j)>, affine_map<(i, j) -> (i)>], iterator_types = [\"parallel\", "
         "\"reduction\"]} ins(%x : " +
         x + ") outs(%f : " + y +
         ") {\n"
         "  ^bb0(%in: f32, %acc: f32):\n"
         "    %a = arith.addf %in, %acc : f32\n"
         "    linalg.yield %a : f32\n"
         "  } -> " +
         y + "\n  foundry.yield %s : " + y + "\n}\n";
}

TEST_F(FingerprintTest, LongRowsIntoFewOutputsAreSplitFirst) {
  auto rowsOf = [&](int64_t rows, int64_t cols) {
    return shapeOf(rowSum(rows, cols));
  };
  // 16 rows of 2^22: one block per row would leave most SMs idle. A row is
  // one loop, so the parts are not its iterations (one element each) but
  // the fewest that give 4 blocks per SM (16 x 64 = 1024 >= 4 x 132), each
  // 2^16 elements.
  KernelShape layerNorm = rowsOf(16, int64_t{1} << 22);
  EXPECT_EQ(layerNorm.longReductionOutputs, 16);
  EXPECT_EQ(layerNorm.splitFirst,
            "foundry-split-reduction{outputs=16 parts=64}");
  // Enough rows to fill the GPU, or rows short enough: no split.
  EXPECT_EQ(rowsOf(4096, int64_t{1} << 16).longReductionOutputs, 0);
  EXPECT_EQ(rowsOf(16, 4096).longReductionOutputs, 0);
  EXPECT_EQ(rowsOf(4096, 4096).splitFirst, "");
  // More than 2^22 per output is split whatever the output count (<= 4096).
  EXPECT_EQ(rowsOf(1024, int64_t{1} << 23).longReductionOutputs, 1024);
}

/// A BatchNorm's statistics: per channel, the sum of x and then the sum of
/// squared deviations of x from the mean, over 16 images of 64x64 (2^16
/// elements into each of 8 outputs).
constexpr const char *kChannelVariance = R"mlir(
foundry.kernel @channel_variance(%x: tensor<16x8x64x64xf32>) -> tensor<8xf32> {
  %zero = arith.constant 0.0 : f32
  %count = arith.constant 65536.0 : f32
  %e = tensor.empty() : tensor<8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(c, n, h, w) -> (n, c, h, w)>, affine_map<(c, n, h, w) -> (c)>], iterator_types = ["parallel", "reduction", "reduction", "reduction"]}
      ins(%x : tensor<16x8x64x64xf32>) outs(%f : tensor<8xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %r = arith.addf %v, %acc : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %mean = linalg.generic {indexing_maps = [affine_map<(c) -> (c)>, affine_map<(c) -> (c)>], iterator_types = ["parallel"]}
      ins(%s : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%t: f32, %o: f32):
    %m = arith.divf %t, %count : f32
    linalg.yield %m : f32
  } -> tensor<8xf32>
  %q = linalg.generic {indexing_maps = [affine_map<(c, n, h, w) -> (n, c, h, w)>, affine_map<(c, n, h, w) -> (c)>, affine_map<(c, n, h, w) -> (c)>], iterator_types = ["parallel", "reduction", "reduction", "reduction"]}
      ins(%x, %mean : tensor<16x8x64x64xf32>, tensor<8xf32>) outs(%f : tensor<8xf32>) {
  ^bb0(%v: f32, %m: f32, %acc: f32):
    %d = arith.subf %v, %m : f32
    %d2 = arith.mulf %d, %d : f32
    %r = arith.addf %d2, %acc : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  foundry.yield %q : tensor<8xf32>
}
)mlir";

/// The parts of a schedule's foundry-split-reduction and the threads and
/// piece width of its foundry-reduce-threads (0 where an option is absent).
struct PartThreads {
  int64_t parts = 0, threads = 0, width = 0;
  /// Whole warps, and pieces (if any) that divide each part of `loop`.
  bool fits(int64_t loop) const {
    return parts > 0 && threads > 0 && threads % 32 == 0 &&
           (width == 0 || (loop / parts) % (threads * width) == 0);
  }
};
static PartThreads partThreadsOf(llvm::StringRef schedule) {
  auto option = [&](llvm::StringRef pass, llvm::StringRef name) {
    size_t at = schedule.find(pass);
    if (at == llvm::StringRef::npos)
      return int64_t{0};
    llvm::StringRef options =
        schedule.drop_front(at).take_until([](char c) { return c == '}'; });
    size_t key = options.find((" " + name + "=").str());
    if (key == llvm::StringRef::npos)
      key = options.find(("{" + name + "=").str());
    int64_t value = 0;
    if (key == llvm::StringRef::npos ||
        options.drop_front(key + name.size() + 2).consumeInteger(10, value))
      return int64_t{0};
    return value;
  };
  return {option("foundry-split-reduction{", "parts"),
          option("foundry-reduce-threads{", "threads"),
          option("foundry-reduce-threads{", "interleave")};
}

TEST_F(FingerprintTest, SplitVariancesAreSometimesOnePass) {
  KernelShape variance = shapeOf(kChannelVariance);
  EXPECT_TRUE(variance.splitVariance);
  // The work of each image is in its inner loops (64x64): the parts stay
  // the images (the pass's default).
  ASSERT_EQ(variance.splitFirst, "foundry-split-reduction{outputs=8}");
  // One time in two the split and the first foundry-reduce-threads say
  // welford=true (replacing an explicit welford=false).
  const std::string rest = "foundry-tile-blocks{sizes=1,1,1,0 target=result},"
                           "foundry-reduce-threads{threads=256 welford=false},"
                           "foundry-tile-threads{sizes=0,0,0,4}";
  int welford = 0, plain = 0;
  for (unsigned seed = 0; seed < 32; ++seed) {
    std::mt19937 rng(seed);
    std::string schedule = withSplitFirst(variance, rest, rng);
    if (schedule == "foundry-split-reduction{outputs=8 welford=true},"
                    "foundry-tile-blocks{sizes=1,1,1,0 target=result},"
                    "foundry-reduce-threads{threads=256 welford=true},"
                    "foundry-tile-threads{sizes=0,0,0,4}")
      ++welford;
    else if (schedule == "foundry-split-reduction{outputs=8}," + rest)
      ++plain;
    else
      ADD_FAILURE() << schedule;
  }
  EXPECT_GT(welford, 0);
  EXPECT_GT(plain, 0);
  // welford=true is added where the options do not say it.
  for (unsigned seed = 0; seed < 32; ++seed) {
    std::mt19937 rng(seed);
    std::string schedule =
        withSplitFirst(variance, "foundry-reduce-threads{threads=64}", rng);
    EXPECT_TRUE(schedule == "foundry-split-reduction{outputs=8},"
                            "foundry-reduce-threads{threads=64}" ||
                schedule == "foundry-split-reduction{outputs=8 welford=true},"
                            "foundry-reduce-threads{threads=64 welford=true}")
        << schedule;
  }
  // A schedule that splits already, or an empty one, is left as it is.
  std::mt19937 rng(0);
  EXPECT_EQ(withSplitFirst(variance, "foundry-split-reduction{parts=4}", rng),
            "foundry-split-reduction{parts=4}");
  EXPECT_EQ(withSplitFirst(variance, "", rng), "");
  // A long sum without a variance never gets welford=true; its parts are
  // 64, or one time in two up to four times as many; each part (a row of
  // one loop) is split over the schedule's whole warps of threads, in
  // pieces that divide it, the rest of the schedule as it was.
  KernelShape sums = shapeOf(rowSum(16, int64_t{1} << 22));
  EXPECT_FALSE(sums.splitVariance);
  EXPECT_EQ(sums.splitLoop, int64_t{1} << 22);
  EXPECT_EQ(sums.splitPartsChoices, (std::vector<int64_t>{128, 256}));
  std::set<int64_t> widths;
  for (unsigned seed = 0; seed < 16; ++seed) {
    std::mt19937 seeded(seed);
    std::string schedule = withSplitFirst(sums, rest, seeded);
    PartThreads split = partThreadsOf(schedule);
    EXPECT_TRUE(split.parts == 64 || split.parts == 128 || split.parts == 256)
        << schedule;
    EXPECT_EQ(split.threads, 256) << schedule;
    EXPECT_TRUE(split.fits(sums.splitLoop)) << schedule;
    widths.insert(split.width);
    EXPECT_TRUE(llvm::StringRef(schedule).ends_with(
        "foundry-tile-threads{sizes=0,0,0,4}"))
        << schedule;
    EXPECT_NE(schedule.find("foundry-tile-blocks{sizes=1,1,1,0 target=result}"),
              std::string::npos)
        << schedule;
  }
  EXPECT_GE(widths.size(), 2u);
}

TEST_F(FingerprintTest, PoolingsSometimesTakeRowsPerThread) {
  // A max-pool over windows of 8 (L1 41's kind): one compute proposal in two
  // gives each thread 4 channels at one position of 128-wide rows.
  KernelShape pool = shapeOf(R"mlir(
foundry.kernel @pool(%x: tensor<4x16x1032xf32>) -> tensor<4x16x1025xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %w = tensor.empty() : tensor<8xf32>
  %e = tensor.empty() : tensor<4x16x1025xf32>
  %f = linalg.fill ins(%ninf : f32) outs(%e : tensor<4x16x1025xf32>) -> tensor<4x16x1025xf32>
  %y = linalg.pooling_ncw_max {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>}
      ins(%x, %w : tensor<4x16x1032xf32>, tensor<8xf32>) outs(%f : tensor<4x16x1025xf32>) -> tensor<4x16x1025xf32>
  foundry.yield %y : tensor<4x16x1025xf32>
})mlir");
  const std::string rows = "foundry-tile-blocks{sizes=1,8,128},"
                           "foundry-tile-threads{sizes=1,4,1},"
                           "foundry-vectorize";
  int drawn = 0;
  for (const std::string &schedule : proposalsOf(pool, "compute", 16))
    drawn += schedule == rows;
  EXPECT_GT(drawn, 0);
  EXPECT_LT(drawn, 16);
  // Not for a window longer than 64 (a row is then split over threads).
  std::string longWindow = R"mlir(
foundry.kernel @pool(%x: tensor<4x16x1152xf32>) -> tensor<4x16x1025xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %w = tensor.empty() : tensor<128xf32>
  %e = tensor.empty() : tensor<4x16x1025xf32>
  %f = linalg.fill ins(%ninf : f32) outs(%e : tensor<4x16x1025xf32>) -> tensor<4x16x1025xf32>
  %y = linalg.pooling_ncw_max {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>}
      ins(%x, %w : tensor<4x16x1152xf32>, tensor<128xf32>) outs(%f : tensor<4x16x1025xf32>) -> tensor<4x16x1025xf32>
  foundry.yield %y : tensor<4x16x1025xf32>
})mlir";
  for (const std::string &schedule :
       proposalsOf(shapeOf(longWindow), "compute", 16))
    EXPECT_NE(schedule, rows);
  EXPECT_EQ(pool.window, 8);
  // An average pool (L1 44's kind): the root divides the window sums of a
  // producer with the same parallel loops, and takes the rule too.
  KernelShape average = shapeOf(R"mlir(
#id = affine_map<(n, c, l) -> (n, c, l)>
foundry.kernel @avg(%x: tensor<4x16x1032xf32>) -> tensor<4x16x1025xf32> {
  %zero = arith.constant 0.0 : f32
  %eight = arith.constant 8.0 : f32
  %w = tensor.empty() : tensor<8xf32>
  %e = tensor.empty() : tensor<4x16x1025xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x16x1025xf32>) -> tensor<4x16x1025xf32>
  %s = linalg.pooling_ncw_sum {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>}
      ins(%x, %w : tensor<4x16x1032xf32>, tensor<8xf32>) outs(%f : tensor<4x16x1025xf32>) -> tensor<4x16x1025xf32>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%s : tensor<4x16x1025xf32>) outs(%e : tensor<4x16x1025xf32>) {
  ^bb0(%v: f32, %o: f32):
    %d = arith.divf %v, %eight : f32
    linalg.yield %d : f32
  } -> tensor<4x16x1025xf32>
  foundry.yield %y : tensor<4x16x1025xf32>
})mlir");
  EXPECT_EQ(average.window, 8);
  drawn = 0;
  for (const std::string &schedule : proposalsOf(average, "compute", 16))
    drawn += schedule == rows;
  EXPECT_GT(drawn, 0);
  EXPECT_LT(drawn, 16);
  // A 2-D max-pool (L1 42's kind, NCHW): 4 channels per thread, the width
  // whole per block (one thread per column).
  std::string pool2d = R"mlir(
foundry.kernel @pool2d(%x: tensor<2x8x35x35xf32>) -> tensor<2x8x32x32xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %w = tensor.empty() : tensor<4x4xf32>
  %e = tensor.empty() : tensor<2x8x32x32xf32>
  %f = linalg.fill ins(%ninf : f32) outs(%e : tensor<2x8x32x32xf32>) -> tensor<2x8x32x32xf32>
  %y = linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<2x8x35x35xf32>, tensor<4x4xf32>) outs(%f : tensor<2x8x32x32xf32>) -> tensor<2x8x32x32xf32>
  foundry.yield %y : tensor<2x8x32x32xf32>
})mlir";
  const std::string channels = "foundry-tile-blocks{sizes=1,4,1,0},"
                               "foundry-tile-threads{sizes=0,4,1,1},"
                               "foundry-vectorize";
  drawn = 0;
  for (const std::string &schedule :
       proposalsOf(shapeOf(pool2d), "compute", 16))
    drawn += schedule == channels;
  EXPECT_GT(drawn, 0);
  EXPECT_LT(drawn, 16);
}

TEST_F(FingerprintTest, LongSoftmaxRowsSometimesTakeClusters) {
  // A log-softmax over 256 rows of 2^16 (L1 24's kind, rows of 393216;
  // with fewer than 128 rows the statistics are split first): one
  // reduction proposal in two or so runs a row's 8 parts as a cluster of
  // blocks, 8192 elements each over 1024 threads.
  auto logSoftmax = [](int64_t row) {
    std::string text = R"mlir(
#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
foundry.kernel @logsoftmax(%x: tensor<256xROWxf32>) -> tensor<256xROWxf32> {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %me = tensor.empty() : tensor<256xf32>
  %mi = linalg.fill ins(%ninf : f32) outs(%me : tensor<256xf32>) -> tensor<256xf32>
  %max = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<256xROWxf32>) outs(%mi : tensor<256xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %m = arith.maximumf %v, %acc : f32
    linalg.yield %m : f32
  } -> tensor<256xf32>
  %se = tensor.empty() : tensor<256xf32>
  %si = linalg.fill ins(%zero : f32) outs(%se : tensor<256xf32>) -> tensor<256xf32>
  %sum = linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x, %max : tensor<256xROWxf32>, tensor<256xf32>) outs(%si : tensor<256xf32>) {
  ^bb0(%v: f32, %m: f32, %acc: f32):
    %d = arith.subf %v, %m : f32
    %e = math.exp %d : f32
    %s = arith.addf %e, %acc : f32
    linalg.yield %s : f32
  } -> tensor<256xf32>
  %le = tensor.empty() : tensor<256xf32>
  %lse = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%max, %sum : tensor<256xf32>, tensor<256xf32>) outs(%le : tensor<256xf32>) {
  ^bb0(%m: f32, %s: f32, %o: f32):
    %l = math.log %s : f32
    %a = arith.addf %m, %l : f32
    linalg.yield %a : f32
  } -> tensor<256xf32>
  %ye = tensor.empty() : tensor<256xROWxf32>
  %y = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %lse : tensor<256xROWxf32>, tensor<256xf32>) outs(%ye : tensor<256xROWxf32>) {
  ^bb0(%v: f32, %l: f32, %o: f32):
    %r = arith.subf %v, %l : f32
    linalg.yield %r : f32
  } -> tensor<256xROWxf32>
  foundry.yield %y : tensor<256xROWxf32>
})mlir";
    for (size_t at; (at = text.find("ROW")) != std::string::npos;)
      text.replace(at, 3, std::to_string(row));
    return text;
  };
  KernelShape rows = shapeOf(logSoftmax(65536));
  EXPECT_TRUE(rows.softmax);
  EXPECT_FALSE(rows.invertDivisors); // A log-softmax subtracts.
  EXPECT_EQ(rows.approxMath, "exp,log");
  const std::string cluster =
      "foundry-split-reduction{outputs=256 parts=8 cluster=true "
      "online=true},"
      "foundry-tile-blocks{fuse=all sizes={1,8192} target=result},"
      "foundry-reduce-threads{threads=1024 interleave=4 shuffle=true},"
      "foundry-tile-threads{sizes={0,8} interleave=4},foundry-vectorize,"
      "foundry-unroll{factor=2}";
  int drawn = 0;
  for (const std::string &schedule : proposalsOf(rows, "reduction", 16)) {
    drawn += schedule == cluster;
  }
  EXPECT_GT(drawn, 0);
  EXPECT_LT(drawn, 16);
  // Rows of 4096 fit the one-row-per-block schedules: no clusters.
  for (const std::string &schedule :
       proposalsOf(shapeOf(logSoftmax(4096)), "reduction", 16))
    EXPECT_EQ(schedule.find("cluster=true"), std::string::npos) << schedule;
}

TEST_F(FingerprintTest, SoftmaxClustersMultiplyByTheRowSumsReciprocal) {
  // A softmax over 256 rows of 2^16 divides by its row sums: the cluster
  // schedule multiplies by their reciprocals (foundry-invert-divisors).
  KernelShape softmax = shapeOf(R"mlir(
#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
foundry.kernel @softmax(%x: tensor<256x65536xf32>) -> tensor<256x65536xf32> {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %me = tensor.empty() : tensor<256xf32>
  %mi = linalg.fill ins(%ninf : f32) outs(%me : tensor<256xf32>) -> tensor<256xf32>
  %max = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<256x65536xf32>) outs(%mi : tensor<256xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %m = arith.maximumf %v, %acc : f32
    linalg.yield %m : f32
  } -> tensor<256xf32>
  %ee = tensor.empty() : tensor<256x65536xf32>
  %exp = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %max : tensor<256x65536xf32>, tensor<256xf32>) outs(%ee : tensor<256x65536xf32>) {
  ^bb0(%v: f32, %m: f32, %o: f32):
    %d = arith.subf %v, %m : f32
    %e = math.exp %d : f32
    linalg.yield %e : f32
  } -> tensor<256x65536xf32>
  %se = tensor.empty() : tensor<256xf32>
  %si = linalg.fill ins(%zero : f32) outs(%se : tensor<256xf32>) -> tensor<256xf32>
  %sum = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%exp : tensor<256x65536xf32>) outs(%si : tensor<256xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %a = arith.addf %v, %acc : f32
    linalg.yield %a : f32
  } -> tensor<256xf32>
  %ye = tensor.empty() : tensor<256x65536xf32>
  %y = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%exp, %sum : tensor<256x65536xf32>, tensor<256xf32>) outs(%ye : tensor<256x65536xf32>) {
  ^bb0(%e: f32, %s: f32, %o: f32):
    %r = arith.divf %e, %s : f32
    linalg.yield %r : f32
  } -> tensor<256x65536xf32>
  foundry.yield %y : tensor<256x65536xf32>
})mlir");
  EXPECT_TRUE(softmax.softmax);
  EXPECT_TRUE(softmax.invertDivisors);
  EXPECT_EQ(softmax.approxMath, "exp");
  int clusters = 0;
  for (const std::string &schedule : proposalsOf(softmax, "reduction", 16)) {
    if (schedule.find("cluster=true") == std::string::npos)
      continue;
    ++clusters;
    EXPECT_EQ(
        schedule.rfind("foundry-invert-divisors,foundry-split-reduction{", 0),
        0u)
        << schedule;
  }
  EXPECT_GT(clusters, 0);
}

/// Checks a GEMM's row and column loops and extents in `shape`.
static void expectGemmLoops(const KernelShape &shape, int64_t row, int64_t col,
                            bool swapped, int64_t m, int64_t n) {
  EXPECT_EQ(shape.gemmRowLoop, row);
  EXPECT_EQ(shape.gemmColLoop, col);
  EXPECT_EQ(shape.gemmSwapped, swapped);
  EXPECT_EQ(shape.gemmM, m);
  EXPECT_EQ(shape.gemmN, n);
}

TEST_F(FingerprintTest, GemmRowsAndColumnsFollowTheOutput) {
  // A plain matmul: rows m, columns n, as the two innermost loops.
  KernelShape matmul = shapeOf(R"mlir(
foundry.kernel @mm(%a: tensor<64x32xf32>, %b: tensor<32x128xf32>) -> tensor<64x128xf32> attributes {precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x128xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<64x128xf32>) -> tensor<64x128xf32>
  %m = linalg.matmul ins(%a, %b : tensor<64x32xf32>, tensor<32x128xf32>) outs(%f : tensor<64x128xf32>) -> tensor<64x128xf32>
  foundry.yield %m : tensor<64x128xf32>
})mlir");
  expectGemmLoops(matmul, 0, 1, false, 64, 128);
  // A pointwise convolution in NCHW: the columns (w) come from the image,
  // the first operand; the rows are the filters f.
  KernelShape pointwise = shapeOf(R"mlir(
foundry.kernel @pw(%x: tensor<2x16x4x256xf32>, %w: tensor<128x16xf32>) -> tensor<2x128x4x256xf32> attributes {precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x128x4x256xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x128x4x256xf32>) -> tensor<2x128x4x256xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(n, f, h, w, c) -> (n, c, h, w)>, affine_map<(n, f, h, w, c) -> (f, c)>, affine_map<(n, f, h, w, c) -> (n, f, h, w)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%x, %w : tensor<2x16x4x256xf32>, tensor<128x16xf32>) outs(%f : tensor<2x128x4x256xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<2x128x4x256xf32>
  foundry.yield %y : tensor<2x128x4x256xf32>
})mlir");
  expectGemmLoops(pointwise, 1, 3, true, 128, 256);
  // Every tensor-core GEMM the experts propose for it tiles the columns,
  // keeps the 128 filters whole per block (the grid has three dimensions),
  // and gives the image and its rows tile 1, warps tiling rows and columns.
  int mmaProposals = 0;
  for (const Expert &expert : builtinExperts())
    for (unsigned seed = 0; seed < 32; ++seed) {
      std::mt19937 rng(seed);
      ExpertRequest request{pointwise};
      std::string schedule = expert.propose(request, rng);
      if (schedule.find("foundry-mma") == std::string::npos)
        continue;
      ++mmaProposals;
      EXPECT_NE(schedule.find("foundry-tile-blocks{sizes=1,0,1,"),
                std::string::npos)
          << expert.name << ": " << schedule;
      EXPECT_NE(schedule.find("foundry-tile-warps{sizes=0,"), std::string::npos)
          << expert.name << ": " << schedule;
      EXPECT_NE(schedule.find(",0,32}"), std::string::npos)
          << expert.name << ": " << schedule;
    }
  EXPECT_GT(mmaProposals, 0);
}

TEST(FitsKernel, RootTileSizesMatchTheParallelLoops) {
  KernelShape pointwise;
  pointwise.extents = {2, 128, 4, 256, 16};
  pointwise.parallel = {true, true, true, true, false};
  // A 2-D GEMM's tiles do not fit four parallel loops; the kernel's own do.
  EXPECT_FALSE(fitsKernel("foundry-tile-blocks{sizes={32,64} target=result},"
                          "foundry-tile-threads{interleave=0 sizes={4,4}}",
                          pointwise));
  EXPECT_TRUE(fitsKernel("foundry-tile-blocks{sizes={1,0,1,64}},"
                         "foundry-tile-threads{sizes={0,4,0,4}}",
                         pointwise));
  // Unnormalized options, as a user writes them.
  EXPECT_FALSE(fitsKernel("foundry-tile-blocks{sizes=32,64}", pointwise));
  EXPECT_TRUE(fitsKernel("foundry-tile-blocks{sizes=1,0,1,64 target=result}",
                         pointwise));
  // A contraction kernel's tiles and the epilogue's after them: the
  // epilogue's count.
  EXPECT_TRUE(fitsKernel("foundry-tile-blocks{sizes={8,8} "
                         "target=contraction},foundry-mma,"
                         "foundry-tile-blocks{sizes={1,1,4,256}}",
                         pointwise));
  EXPECT_FALSE(fitsKernel("foundry-tile-blocks{sizes={8,8} "
                          "target=contraction},foundry-tile-blocks{sizes={4}}",
                          pointwise));
  // Rewrites of the root's loops first, and the naive schedule: not judged.
  EXPECT_TRUE(fitsKernel("foundry-im2col,foundry-tile-blocks{sizes={1,64,64} "
                         "target=contraction}",
                         pointwise));
  EXPECT_TRUE(fitsKernel("foundry-split-k{parts=4},"
                         "foundry-tile-blocks{sizes={4}}",
                         pointwise));
  EXPECT_TRUE(fitsKernel("", pointwise));
}

TEST_F(FingerprintTest, BroadcastStatisticsBelowTheRootAreReduced) {
  // y = ReLU((v - mean) / s) with v = x @ W and mean = column sums of v / 8
  // (BatchNorm over the batch, L2 #41): the statistics are broadcast along
  // the rows one op below the root, so the rows are reduced, the kernel is
  // no plain GEMM, and its GEMM is split off as a kernel of its own.
  KernelShape batchNorm = shapeOf(R"mlir(
foundry.kernel @bn(%x: tensor<8x16xf32>, %w: tensor<16x32xf32>) -> tensor<8x32xf32> attributes {precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x32xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8x32xf32>) -> tensor<8x32xf32>
  %v = linalg.matmul ins(%x, %w : tensor<8x16xf32>, tensor<16x32xf32>) outs(%f : tensor<8x32xf32>) -> tensor<8x32xf32>
  %ce = tensor.empty() : tensor<32xf32>
  %cf = linalg.fill ins(%zero : f32) outs(%ce : tensor<32xf32>) -> tensor<32xf32>
  %sum = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>], iterator_types = ["reduction", "parallel"]}
      ins(%v : tensor<8x32xf32>) outs(%cf : tensor<32xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %a, %acc : f32
    linalg.yield %s : f32
  } -> tensor<32xf32>
  %bn = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%v, %sum : tensor<8x32xf32>, tensor<32xf32>) outs(%e : tensor<8x32xf32>) {
  ^bb0(%a: f32, %m: f32, %out: f32):
    %d = arith.subf %a, %m : f32
    linalg.yield %d : f32
  } -> tensor<8x32xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%bn : tensor<8x32xf32>) outs(%e : tensor<8x32xf32>) {
  ^bb0(%a: f32, %out: f32):
    %r = arith.maximumf %a, %zero : f32
    linalg.yield %r : f32
  } -> tensor<8x32xf32>
  foundry.yield %y : tensor<8x32xf32>
})mlir");
  EXPECT_EQ(batchNorm.reduced, (std::vector<bool>{true, false}));
  EXPECT_FALSE(batchNorm.gemm);
  EXPECT_EQ(batchNorm.splitContractionLoops, 2);
  EXPECT_EQ(batchNorm.splitContractions, 1);
}

/// The last level of a blocked scan, y = off + x with the offsets (a row
/// sum) broadcast into the root's init.
static constexpr const char *kScanLastLevel = R"mlir(
foundry.kernel @offsets(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %zero = arith.constant 0.0 : f32
  %re = tensor.empty() : tensor<8xf32>
  %rf = linalg.fill ins(%zero : f32) outs(%re : tensor<8xf32>) -> tensor<8xf32>
  %sum = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x16xf32>) outs(%rf : tensor<8xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %acc, %in : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %e = tensor.empty() : tensor<8x16xf32>
  %init = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%sum : tensor<8xf32>) outs(%e : tensor<8x16xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<8x16xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<8x16xf32>) outs(%init : tensor<8x16xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %acc, %in : f32
    linalg.yield %s : f32
  } -> tensor<8x16xf32>
  foundry.yield %y : tensor<8x16xf32>
})mlir";

TEST_F(FingerprintTest, ScanOffsetsStayOutOfBlockTiles) {
  // The last level of a blocked scan, y = off + x with the offsets (a row
  // sum) broadcast into the root's init: block tiles fuse only what has no
  // reduction, whichever expert proposes them.
  KernelShape scan = shapeOf(kScanLastLevel);
  EXPECT_TRUE(scan.initFromReduction);
  for (const char *expert : {"parallelism", "compute", "memory"})
    for (const std::string &schedule : proposalsOf(scan, expert, 8))
      EXPECT_TRUE(
          llvm::StringRef(schedule).starts_with("foundry-tile-blocks{sizes=") &&
          llvm::StringRef(schedule).contains(" fuse=elementwise}"))
          << expert << ": " << schedule;
  // A root whose init is a fill (a plain GEMM) fuses everything.
  KernelShape plain = shapeOf(gemm("g", 64, 64, 64));
  EXPECT_FALSE(plain.initFromReduction);
  for (const std::string &schedule : proposalsOf(plain, "parallelism", 8))
    EXPECT_FALSE(llvm::StringRef(schedule).contains("fuse=")) << schedule;
}

TEST_F(FingerprintTest, ScansAreSometimesOneKernelPerRow) {
  // The reduction expert sometimes computes a whole scan in one block tile
  // per row, each level a phase over the block's threads (a softmax never:
  // SoftmaxesAreSometimesOnePass).
  KernelShape scan = shapeOf(kScanLastLevel);
  int phased = 0, other = 0;
  for (const std::string &schedule : proposalsOf(scan, "reduction", 32)) {
    if (!llvm::StringRef(schedule).contains("foundry-tile-phases")) {
      ++other;
      continue;
    }
    ++phased;
    EXPECT_TRUE(llvm::StringRef(schedule).starts_with(
        "foundry-tile-blocks{sizes=1},foundry-tile-phases{threads="))
        << schedule;
    EXPECT_FALSE(llvm::StringRef(schedule).contains("target=reduction"))
        << schedule;
  }
  EXPECT_GT(phased, 0);
  EXPECT_GT(other, 0);
}

TEST_F(FingerprintTest, ConvolutionsThatOthersReduceAfterAreSplit) {
  // A convolution, then a max over its channels: the convolution's parallel
  // loops (n, f, oh, ow) are what its own kernel tiles.
  KernelShape convMax = shapeOf(R"mlir(
foundry.kernel @conv_max(%x: tensor<2x3x10x9xf32>, %f: tensor<6x3x3x3xf32>) -> tensor<2x8x7xf32> {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<2x6x8x7xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<2x6x8x7xf32>) -> tensor<2x6x8x7xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %f : tensor<2x3x10x9xf32>, tensor<6x3x3x3xf32>) outs(%z : tensor<2x6x8x7xf32>) -> tensor<2x6x8x7xf32>
  %me = tensor.empty() : tensor<2x8x7xf32>
  %mi = linalg.fill ins(%ninf : f32) outs(%me : tensor<2x8x7xf32>) -> tensor<2x8x7xf32>
  %m = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>, affine_map<(n, c, h, w) -> (n, h, w)>], iterator_types = ["parallel", "reduction", "parallel", "parallel"]}
      ins(%c : tensor<2x6x8x7xf32>) outs(%mi : tensor<2x8x7xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %y = arith.maximumf %a, %acc : f32
    linalg.yield %y : f32
  } -> tensor<2x8x7xf32>
  foundry.yield %m : tensor<2x8x7xf32>
})mlir");
  EXPECT_EQ(convMax.splitConvolution, (std::vector<int64_t>{2, 6, 8, 7}));
  // The reduction expert computes the convolution first, as a kernel of its
  // own (the search prefixes the other experts' proposals the same way).
  for (const std::string &schedule : proposalsOf(convMax, "reduction", 16)) {
    if (!schedule.empty()) {
      EXPECT_NE(schedule.find("target=contraction"), std::string::npos)
          << schedule;
    }
  }
}

TEST_F(FingerprintTest, RowReductionsDrawWarpShuffles) {
  // A row maximum over 64 rows of 8192: the reduction expert splits each
  // row over threads, and one time in two (whole warps only) combines each
  // warp's partial results by shuffles first.
  KernelShape rowMax = shapeOf(kRowMax);
  EXPECT_EQ(rowMax.approxMath, ""); // No exp or log to approximate.
  int shuffles = 0, plain = 0;
  for (const std::string &schedule : proposalsOf(rowMax, "reduction", 32)) {
    size_t at = schedule.find("foundry-reduce-threads{threads=");
    ASSERT_NE(at, std::string::npos) << schedule;
    int64_t threads = std::stoll(schedule.substr(
        at + std::string("foundry-reduce-threads{threads=").size()));
    if (schedule.find("shuffle=true") == std::string::npos) {
      ++plain;
      continue;
    }
    ++shuffles;
    EXPECT_EQ(threads % 32, 0) << schedule;
  }
  EXPECT_GT(shuffles, 0);
  EXPECT_GT(plain, 0);
}

TEST_F(FingerprintTest, SoftmaxesAreSometimesOnePass) {
  // A softmax over rows of 8192 (max, then exp(x - max) summed): the
  // reduction expert sometimes fuses the maximum and the sum into one pass
  // (online=true); a row maximum alone never gets the option, which the
  // pass would refuse.
  KernelShape softmax = shapeOf(R"mlir(
foundry.kernel @softmax(%x: tensor<64x8192xf32>) -> tensor<64x8192xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %re = tensor.empty() : tensor<64xf32>
  %mi = linalg.fill ins(%ninf : f32) outs(%re : tensor<64xf32>) -> tensor<64xf32>
  %max = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<64x8192xf32>) outs(%mi : tensor<64xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %m = arith.maximumf %v, %acc : f32
    linalg.yield %m : f32
  } -> tensor<64xf32>
  %si = linalg.fill ins(%zero : f32) outs(%re : tensor<64xf32>) -> tensor<64xf32>
  %sum = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%x, %max : tensor<64x8192xf32>, tensor<64xf32>) outs(%si : tensor<64xf32>) {
  ^bb0(%v: f32, %m: f32, %acc: f32):
    %d = arith.subf %v, %m : f32
    %e = math.exp %d : f32
    %s = arith.addf %e, %acc : f32
    linalg.yield %s : f32
  } -> tensor<64xf32>
  %oe = tensor.empty() : tensor<64x8192xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%x, %max, %sum : tensor<64x8192xf32>, tensor<64xf32>, tensor<64xf32>) outs(%oe : tensor<64x8192xf32>) {
  ^bb0(%v: f32, %m: f32, %s: f32, %o: f32):
    %d = arith.subf %v, %m : f32
    %e = math.exp %d : f32
    %r = arith.divf %e, %s : f32
    linalg.yield %r : f32
  } -> tensor<64x8192xf32>
  foundry.yield %y : tensor<64x8192xf32>
})mlir");
  EXPECT_TRUE(softmax.softmax);
  int online = 0, twoPass = 0;
  for (const std::string &schedule : proposalsOf(softmax, "reduction", 32)) {
    ASSERT_NE(schedule.find("foundry-reduce-threads{"), std::string::npos)
        << schedule;
    // Phases (ScansAreSometimesOneKernelPerRow) would give each row's
    // maximum to one thread.
    EXPECT_EQ(schedule.find("foundry-tile-phases"), std::string::npos)
        << schedule;
    if (schedule.find("online=true") != std::string::npos)
      ++online;
    else
      ++twoPass;
  }
  EXPECT_GT(online, 0);
  EXPECT_GT(twoPass, 0);

  KernelShape rowMax = shapeOf(kRowMax);
  EXPECT_FALSE(rowMax.softmax);
  for (const std::string &schedule : proposalsOf(rowMax, "reduction", 32))
    EXPECT_EQ(schedule.find("online=true"), std::string::npos) << schedule;
}

TEST_F(FingerprintTest, VariancesSometimesJoinTheMeansPass) {
  // An instance norm over rows of 4096 (sum, mean, sum of (x - mean)^2,
  // then the normalized row): the reduction expert sometimes computes the
  // squared deviations in the pass of the sum (welford=true), and only in
  // row tiles; a softmax and a sum of squares without a mean never get the
  // option, which the pass would refuse.
  KernelShape norm = shapeOf(R"mlir(
#in = affine_map<(i, j) -> (i, j)>
#out = affine_map<(i, j) -> (i)>
foundry.kernel @norm(%x: tensor<64x4096xf32>) -> tensor<64x4096xf32> {
  %zero = arith.constant 0.0 : f32
  %count = arith.constant 4096.0 : f32
  %re = tensor.empty() : tensor<64xf32>
  %si = linalg.fill ins(%zero : f32) outs(%re : tensor<64xf32>) -> tensor<64xf32>
  %sum = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<64x4096xf32>) outs(%si : tensor<64xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %s = arith.addf %v, %acc : f32
    linalg.yield %s : f32
  } -> tensor<64xf32>
  %q = linalg.generic {indexing_maps = [#in, #out, #out], iterator_types = ["parallel", "reduction"]}
      ins(%x, %sum : tensor<64x4096xf32>, tensor<64xf32>) outs(%si : tensor<64xf32>) {
  ^bb0(%v: f32, %s: f32, %acc: f32):
    %m = arith.divf %s, %count : f32
    %d = arith.subf %v, %m : f32
    %d2 = arith.mulf %d, %d : f32
    %r = arith.addf %d2, %acc : f32
    linalg.yield %r : f32
  } -> tensor<64xf32>
  %oe = tensor.empty() : tensor<64x4096xf32>
  %y = linalg.generic {indexing_maps = [#in, #out, #out, #in], iterator_types = ["parallel", "parallel"]}
      ins(%x, %sum, %q : tensor<64x4096xf32>, tensor<64xf32>, tensor<64xf32>) outs(%oe : tensor<64x4096xf32>) {
  ^bb0(%v: f32, %s: f32, %sq: f32, %o: f32):
    %m = arith.divf %s, %count : f32
    %var = arith.divf %sq, %count : f32
    %r = math.rsqrt %var : f32
    %d = arith.subf %v, %m : f32
    %n = arith.mulf %d, %r : f32
    linalg.yield %n : f32
  } -> tensor<64x4096xf32>
  foundry.yield %y : tensor<64x4096xf32>
})mlir");
  EXPECT_TRUE(norm.variance);
  EXPECT_FALSE(norm.softmax);
  int welford = 0, twoPass = 0;
  for (const std::string &schedule : proposalsOf(norm, "reduction", 32)) {
    if (schedule.find("foundry-reduce-threads{") == std::string::npos)
      continue;
    if (schedule.find("welford=true") == std::string::npos) {
      ++twoPass;
      continue;
    }
    ++welford;
    EXPECT_EQ(schedule.find("foundry-split-reduction"), std::string::npos)
        << schedule;
  }
  EXPECT_GT(welford, 0);
  EXPECT_GT(twoPass, 0);

  KernelShape rowMax = shapeOf(kRowMax);
  EXPECT_FALSE(rowMax.variance);
  for (const std::string &schedule : proposalsOf(rowMax, "reduction", 32))
    EXPECT_EQ(schedule.find("welford=true"), std::string::npos) << schedule;

  // Column statistics (BatchNorm's, over the batch; the mean given):
  // reduce-threads cannot fuse them once a bias indexed like their output
  // is fused into the variance (L2 33), so no proposal asks for it.
  KernelShape columns = shapeOf(R"mlir(
#in = affine_map<(i, j) -> (i, j)>
#out = affine_map<(i, j) -> (j)>
foundry.kernel @column_var(%x: tensor<4096x64xf32>, %mean: tensor<64xf32>) -> tensor<64xf32> {
  %zero = arith.constant 0.0 : f32
  %re = tensor.empty() : tensor<64xf32>
  %si = linalg.fill ins(%zero : f32) outs(%re : tensor<64xf32>) -> tensor<64xf32>
  %q = linalg.generic {indexing_maps = [#in, #out, #out], iterator_types = ["reduction", "parallel"]}
      ins(%x, %mean : tensor<4096x64xf32>, tensor<64xf32>) outs(%si : tensor<64xf32>) {
  ^bb0(%v: f32, %m: f32, %acc: f32):
    %d = arith.subf %v, %m : f32
    %d2 = arith.mulf %d, %d : f32
    %r = arith.addf %d2, %acc : f32
    linalg.yield %r : f32
  } -> tensor<64xf32>
  foundry.yield %q : tensor<64xf32>
})mlir");
  EXPECT_FALSE(columns.variance);
  for (const std::string &schedule : proposalsOf(columns, "reduction", 32))
    EXPECT_EQ(schedule.find("welford=true"), std::string::npos) << schedule;
}

TEST_F(FingerprintTest, PoolsAfterConvolutionsAreSometimesPhases) {
  // A 3-D convolution, a 2x2x2 max-pool of (conv + bias) / 2, a global
  // average, a sum over channels (L2 8's chain, smaller): the reduction
  // expert sometimes tiles the pool (one output per thread, the scaled
  // convolution computed in its tile) and the average (one per block, over
  // threads) as kernels of their own before the root.
  KernelShape shape = shapeOf(R"mlir(
#id5 = affine_map<(n, f, d, h, w) -> (n, f, d, h, w)>
#ch = affine_map<(n, f, d, h, w) -> (f)>
foundry.kernel @chain(%x: tensor<2x3x10x18x18xf32>, %w: tensor<4x3x3x3x3xf32>, %b: tensor<4xf32>) -> tensor<2xf32> attributes {precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %two = arith.constant 2.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %ce = tensor.empty() : tensor<2x4x8x16x16xf32>
  %cf = linalg.fill ins(%zero : f32) outs(%ce : tensor<2x4x8x16x16xf32>) -> tensor<2x4x8x16x16xf32>
  %c = linalg.conv_3d_ncdhw_fcdhw {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>}
      ins(%x, %w : tensor<2x3x10x18x18xf32>, tensor<4x3x3x3x3xf32>) outs(%cf : tensor<2x4x8x16x16xf32>) -> tensor<2x4x8x16x16xf32>
  %s = linalg.generic {indexing_maps = [#id5, #ch, #id5], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%c, %b : tensor<2x4x8x16x16xf32>, tensor<4xf32>) outs(%ce : tensor<2x4x8x16x16xf32>) {
  ^bb0(%v: f32, %bv: f32, %o: f32):
    %a = arith.addf %v, %bv : f32
    %q = arith.divf %a, %two : f32
    linalg.yield %q : f32
  } -> tensor<2x4x8x16x16xf32>
  %win = tensor.empty() : tensor<2x2x2xf32>
  %pe = tensor.empty() : tensor<2x4x4x8x8xf32>
  %pf = linalg.fill ins(%ninf : f32) outs(%pe : tensor<2x4x4x8x8xf32>) -> tensor<2x4x4x8x8xf32>
  %p = linalg.generic {indexing_maps = [affine_map<(n, f, d, h, w, i, j, k) -> (n, f, d * 2 + i, h * 2 + j, w * 2 + k)>, affine_map<(n, f, d, h, w, i, j, k) -> (i, j, k)>, affine_map<(n, f, d, h, w, i, j, k) -> (n, f, d, h, w)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%s, %win : tensor<2x4x8x16x16xf32>, tensor<2x2x2xf32>) outs(%pf : tensor<2x4x4x8x8xf32>) {
  ^bb0(%v: f32, %u: f32, %acc: f32):
    %m = arith.maximumf %acc, %v : f32
    linalg.yield %m : f32
  } -> tensor<2x4x4x8x8xf32>
  %ge = tensor.empty() : tensor<2x4xf32>
  %gf = linalg.fill ins(%zero : f32) outs(%ge : tensor<2x4xf32>) -> tensor<2x4xf32>
  %g = linalg.generic {indexing_maps = [#id5, affine_map<(n, f, d, h, w) -> (n, f)>], iterator_types = ["parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%p : tensor<2x4x4x8x8xf32>) outs(%gf : tensor<2x4xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %a = arith.addf %acc, %v : f32
    linalg.yield %a : f32
  } -> tensor<2x4xf32>
  %te = tensor.empty() : tensor<2xf32>
  %tf = linalg.fill ins(%zero : f32) outs(%te : tensor<2xf32>) -> tensor<2xf32>
  %t = linalg.generic {indexing_maps = [affine_map<(n, f) -> (n, f)>, affine_map<(n, f) -> (n)>], iterator_types = ["parallel", "reduction"]}
      ins(%g : tensor<2x4xf32>) outs(%tf : tensor<2xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %a = arith.addf %acc, %v : f32
    linalg.yield %a : f32
  } -> tensor<2xf32>
  foundry.yield %t : tensor<2xf32>
})mlir");
  ASSERT_EQ(shape.reductionPhases.size(), 2u);
  EXPECT_EQ(shape.reductionPhases[0].parallel,
            (std::vector<int64_t>{2, 4, 4, 8, 8}));
  EXPECT_EQ(shape.reductionPhases[0].reduction,
            (std::vector<int64_t>{2, 2, 2}));
  EXPECT_EQ(shape.reductionPhases[1].reduction,
            (std::vector<int64_t>{4, 8, 8}));
  int phased = 0, fused = 0;
  for (const std::string &schedule : proposalsOf(shape, "reduction", 32)) {
    llvm::StringRef ref(schedule);
    if (!ref.contains("target=reduction")) {
      ++fused;
      continue;
    }
    ++phased;
    // The pool first (its window of 8: one output per thread or two), then
    // the average (256 per output: split over threads), then the root.
    size_t pool = ref.find("foundry-tile-blocks{sizes=1,1,1,0,0 target="
                           "reduction fuse=elementwise},foundry-tile-threads{"
                           "sizes=0,0,0,");
    size_t average = ref.find("foundry-tile-blocks{sizes=1,1 target="
                              "reduction fuse=elementwise},foundry-reduce-"
                              "threads{");
    EXPECT_NE(pool, llvm::StringRef::npos) << schedule;
    EXPECT_NE(average, llvm::StringRef::npos) << schedule;
    EXPECT_LT(pool, average) << schedule;
  }
  EXPECT_GT(phased, 0);
  EXPECT_GT(fused, 0);
}

TEST_F(FingerprintTest, SplitReductionsLeaveTheRootRowToThreads) {
  // x - mean(x) over each image (2 images of 4x64x512: 2^17 elements into
  // 2 outputs): the mean is split over blocks first, and the root, with no
  // reduction of its own, is elementwise over 4 loops.
  KernelShape centered = shapeOf(R"mlir(
foundry.kernel @centered(%x: tensor<2x4x64x512xf32>) -> tensor<2x4x64x512xf32> {
  %zero = arith.constant 0.0 : f32
  %se = tensor.empty() : tensor<2xf32>
  %sf = linalg.fill ins(%zero : f32) outs(%se : tensor<2xf32>) -> tensor<2xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>, affine_map<(n, c, h, w) -> (n)>], iterator_types = ["parallel", "reduction", "reduction", "reduction"]}
      ins(%x : tensor<2x4x64x512xf32>) outs(%sf : tensor<2xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %y = arith.addf %a, %acc : f32
    linalg.yield %y : f32
  } -> tensor<2xf32>
  %e = tensor.empty() : tensor<2x4x64x512xf32>
  %c = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>, affine_map<(n, c, h, w) -> (n)>, affine_map<(n, c, h, w) -> (n, c, h, w)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x, %s : tensor<2x4x64x512xf32>, tensor<2xf32>) outs(%e : tensor<2x4x64x512xf32>) {
  ^bb0(%a: f32, %m: f32, %out: f32):
    %d = arith.subf %a, %m : f32
    linalg.yield %d : f32
  } -> tensor<2x4x64x512xf32>
  foundry.yield %c : tensor<2x4x64x512xf32>
})mlir");
  ASSERT_EQ(centered.splitFirst, "foundry-split-reduction{outputs=2}");
  // The reduction expert's block tile keeps the 512-element rows whole and
  // spreads them over the block's threads (at most 1024, at least 32).
  std::vector<std::string> schedules = proposalsOf(centered, "reduction", 16);
  for (const std::string &schedule : schedules) {
    EXPECT_NE(schedule.find("foundry-tile-blocks{sizes=1,1,1,0}"),
              std::string::npos)
        << schedule;
    size_t threads = schedule.find("foundry-tile-threads{sizes=0,0,0,");
    ASSERT_NE(threads, std::string::npos) << schedule;
    EXPECT_LT(schedule.find("foundry-reduce-threads"), threads) << schedule;
    int64_t width = std::stoll(schedule.substr(
        threads + std::string("foundry-tile-threads{sizes=0,0,0,").size()));
    EXPECT_TRUE(width == 1 || width == 2 || width == 4) << schedule;
  }
  EXPECT_EQ(schedules.size(), 16u);
}

TEST_F(FingerprintTest, IslandSeedsStartFromTheClassicGemmTiles) {
  // A tensor-core GEMM with a KxN B: the memory expert's seed of an island
  // is always the wgmma configuration, B copied NxK first
  // (foundry-transpose-b, then 128x128 block tiles, 32-deep k-steps in four
  // stages, 64x128 warpgroup tiles), for every seed; its other fresh
  // proposals draw a measured configuration one time in three, that one or
  // the mma.sync one (32-deep k-steps double-buffered in padded shared
  // tiles, 64x32 warp tiles).
  KernelShape shape = shapeOf(R"mlir(
foundry.kernel @mm(%a: tensor<1024x512xf32>, %b: tensor<512x1024xf32>) -> tensor<1024x1024xf32> attributes {precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1024x1024xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %c = linalg.matmul ins(%a, %b : tensor<1024x512xf32>, tensor<512x1024xf32>) outs(%f : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  foundry.yield %c : tensor<1024x1024xf32>
})mlir");
  EXPECT_TRUE(shape.gemmKMajorB);
  EXPECT_FALSE(shape.gemmWgmma);
  EXPECT_TRUE(shape.gemmWgmmaAfterCopies);
  const std::string wgmma =
      "foundry-transpose-b,foundry-tile-blocks{sizes=128,128 "
      "target=contraction},foundry-tile-reduction{sizes=32},"
      "foundry-promote{operands=0,1 stages=4},"
      "foundry-tile-warpgroups{sizes=64,128},foundry-mma,"
      "foundry-tile-blocks{sizes=32,32 target=transpose},"
      "foundry-tile-threads{sizes=4,4},foundry-vectorize";
  const std::string mma =
      "foundry-tile-blocks{sizes=128,128},foundry-tile-reduction{sizes=32},"
      "foundry-promote{operands=0,1 padding=4 stages=2},"
      "foundry-tile-warps{sizes=64,32},foundry-tile-reduction{sizes=8},"
      "foundry-mma";
  int drawnWgmma = 0, drawnMma = 0;
  for (const Expert &expert : builtinExperts()) {
    if (expert.name != "memory")
      continue;
    for (unsigned seed = 0; seed < 32; ++seed) {
      std::mt19937 rng(seed);
      ExpertRequest seedRequest{shape};
      seedRequest.initial = true;
      EXPECT_EQ(expert.propose(seedRequest, rng), wgmma) << "seed " << seed;
      ExpertRequest other{shape};
      std::string proposal = expert.propose(other, rng);
      drawnWgmma += proposal == wgmma;
      drawnMma += proposal == mma;
    }
  }
  // Without `initial`, random draws: each configuration sometimes, neither
  // always.
  EXPECT_GT(drawnWgmma, 0);
  EXPECT_GT(drawnMma, 0);
  EXPECT_LT(drawnWgmma + drawnMma, 32);
}

TEST_F(FingerprintTest, BlockTilesLeaveShortLoopsWhole) {
  // Four parallel loops, of which the grid tiles three: the innermost (8,
  // whole in every tile drawn) stays whole, never the 4096 rows.
  KernelShape shape = shapeOf(R"mlir(
#id = affine_map<(i, g, u, t) -> (i, g, u, t)>
foundry.kernel @neg(%x: tensor<4096x64x16x8xf32>) -> tensor<4096x64x16x8xf32> {
  %e = tensor.empty() : tensor<4096x64x16x8xf32>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x : tensor<4096x64x16x8xf32>) outs(%e : tensor<4096x64x16x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<4096x64x16x8xf32>
  foundry.yield %y : tensor<4096x64x16x8xf32>
})mlir");
  for (const char *expert : {"parallelism", "compute", "memory"})
    for (const std::string &schedule : proposalsOf(shape, expert, 8)) {
      llvm::StringRef sizes =
          llvm::StringRef(schedule).split("sizes=").second.take_until(
              [](char c) { return c == '}' || c == ' '; });
      llvm::SmallVector<llvm::StringRef> loops;
      sizes.split(loops, ',');
      ASSERT_EQ(loops.size(), 4u) << schedule;
      EXPECT_NE(loops[0], "0") << expert << ": " << schedule;
      EXPECT_EQ(loops[3], "0") << expert << ": " << schedule;
      // The short innermost loop leaves the rest of the tile drawn (at
      // least 16 elements) to the loops outside it, not a tile of 8 x 1 x 1.
      const int64_t extents[] = {4096, 64, 16, 8};
      int64_t elements = 1;
      for (auto [size, extent] : llvm::zip(loops, extents)) {
        int64_t tile = 0;
        ASSERT_FALSE(size.getAsInteger(10, tile)) << schedule;
        elements *= tile == 0 ? extent : tile;
      }
      EXPECT_GE(elements, 16) << expert << ": " << schedule;
    }
}

TEST_F(FingerprintTest, IslandSeedsSplitGemmsOnTheClassicTiles) {
  // A GEMM whose columns are then reduced (a BatchNorm over the batch): the
  // reduction expert's seed of an island computes the GEMM as a kernel of
  // its own on the tuned warp tiles (TunedTiles.cpp), for every seed.
  KernelShape shape = shapeOf(R"mlir(
foundry.kernel @bn(%x: tensor<256x128xf32>, %w: tensor<128x256xf32>) -> tensor<256x256xf32> attributes {precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<256x256xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<256x256xf32>) -> tensor<256x256xf32>
  %v = linalg.matmul ins(%x, %w : tensor<256x128xf32>, tensor<128x256xf32>) outs(%f : tensor<256x256xf32>) -> tensor<256x256xf32>
  %ce = tensor.empty() : tensor<256xf32>
  %cf = linalg.fill ins(%zero : f32) outs(%ce : tensor<256xf32>) -> tensor<256xf32>
  %sum = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>], iterator_types = ["reduction", "parallel"]}
      ins(%v : tensor<256x256xf32>) outs(%cf : tensor<256xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %a, %acc : f32
    linalg.yield %s : f32
  } -> tensor<256xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%v, %sum : tensor<256x256xf32>, tensor<256xf32>) outs(%e : tensor<256x256xf32>) {
  ^bb0(%a: f32, %m: f32, %out: f32):
    %d = arith.subf %a, %m : f32
    linalg.yield %d : f32
  } -> tensor<256x256xf32>
  foundry.yield %y : tensor<256x256xf32>
})mlir");
  ASSERT_EQ(shape.splitContractions, 1);
  const std::string best =
      "foundry-tile-blocks{sizes=128,128 target=contraction},"
      "foundry-tile-reduction{sizes=32},"
      "foundry-promote{operands=0,1 padding=4 stages=2},"
      "foundry-tile-warps{sizes=64,32},foundry-tile-reduction{sizes=8},"
      "foundry-mma,";
  int classic = 0;
  for (const Expert &expert : builtinExperts()) {
    if (expert.name != "reduction")
      continue;
    for (unsigned seed = 0; seed < 16; ++seed) {
      std::mt19937 rng(seed);
      ExpertRequest seedRequest{shape};
      seedRequest.initial = true;
      EXPECT_TRUE(
          llvm::StringRef(expert.propose(seedRequest, rng)).starts_with(best))
          << "seed " << seed;
      ExpertRequest other{shape};
      classic += llvm::StringRef(expert.propose(other, rng)).starts_with(best);
    }
  }
  EXPECT_LT(classic, 16);
}

TEST_F(FingerprintTest, KMajorAIsCopiedBeforeTheTensorCores) {
  // torch.matmul(A.T, B): A stored KxM.
  KernelShape shape = shapeOf(R"mlir(
foundry.kernel @kt(%a: tensor<256x128xf32>, %b: tensor<256x512xf32>) -> tensor<128x512xf32> attributes {precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<128x512xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<128x512xf32>) -> tensor<128x512xf32>
  %c = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%a, %b : tensor<256x128xf32>, tensor<256x512xf32>) outs(%f : tensor<128x512xf32>) -> tensor<128x512xf32>
  foundry.yield %c : tensor<128x512xf32>
})mlir");
  EXPECT_TRUE(shape.gemmKMajorA);
  // Every tensor-core proposal copies A first and tiles the GEMM as a
  // kernel of its own; SIMT proposals leave A as it is.
  int mmaProposals = 0;
  for (const Expert &expert : builtinExperts())
    for (unsigned seed = 0; seed < 32; ++seed) {
      std::mt19937 rng(seed);
      ExpertRequest request{shape};
      std::string schedule = expert.propose(request, rng);
      bool mma = schedule.find("foundry-mma") != std::string::npos;
      EXPECT_EQ(schedule.rfind("foundry-transpose-a,", 0) == 0, mma)
          << expert.name << ": " << schedule;
      if (!mma)
        continue;
      ++mmaProposals;
      EXPECT_NE(schedule.find("target=contraction"), std::string::npos)
          << expert.name << ": " << schedule;
      // Each copy is then tiled as a kernel of its own (32x32 blocks, 4x4
      // elements per thread), after the GEMM.
      llvm::StringRef text(schedule);
      EXPECT_EQ(text.count("foundry-tile-blocks{sizes=32,32 target=transpose},"
                           "foundry-tile-threads{sizes=4,4},foundry-vectorize"),
                text.count("foundry-transpose-"))
          << expert.name << ": " << schedule;
      EXPECT_GT(text.find("target=transpose"), text.find("foundry-mma"))
          << expert.name << ": " << schedule;
    }
  EXPECT_GT(mmaProposals, 0);
  // An M-major A: no copy.
  KernelShape plain = shapeOf(R"mlir(
foundry.kernel @mm(%a: tensor<128x256xf32>, %b: tensor<256x512xf32>) -> tensor<128x512xf32> attributes {precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<128x512xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<128x512xf32>) -> tensor<128x512xf32>
  %c = linalg.matmul ins(%a, %b : tensor<128x256xf32>, tensor<256x512xf32>) outs(%f : tensor<128x512xf32>) -> tensor<128x512xf32>
  foundry.yield %c : tensor<128x512xf32>
})mlir");
  EXPECT_FALSE(plain.gemmKMajorA);
}

TEST_F(FingerprintTest, ConvolutionsSometimesGatherTheirOwnTiles) {
  // A 3x3 convolution on the tensor cores: the compute expert's im2col
  // proposals either read an im2col tensor written before the GEMM, or
  // (fuse=elementwise, an implicit GEMM) gather each staged tile in the
  // k-loop.
  KernelShape shape = shapeOf(R"mlir(
foundry.kernel @conv(%x: tensor<8x16x34x34xf32>, %w: tensor<64x16x3x3xf32>) -> tensor<8x64x32x32xf32> attributes {precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x64x32x32xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8x64x32x32xf32>) -> tensor<8x64x32x32xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<8x16x34x34xf32>, tensor<64x16x3x3xf32>) outs(%f : tensor<8x64x32x32xf32>) -> tensor<8x64x32x32xf32>
  foundry.yield %c : tensor<8x64x32x32xf32>
})mlir");
  ASSERT_TRUE(shape.im2col);
  ASSERT_TRUE(shape.tensorCores);
  int gathering = 0, reading = 0;
  for (const Expert &expert : builtinExperts()) {
    if (expert.name != "compute")
      continue;
    for (unsigned seed = 0; seed < 64; ++seed) {
      std::mt19937 rng(seed);
      ExpertRequest request{shape};
      std::string proposal = expert.propose(request, rng);
      llvm::StringRef schedule = proposal;
      if (!schedule.starts_with("foundry-im2col,"))
        continue;
      if (schedule.contains("target=contraction fuse=elementwise}")) {
        ++gathering;
        EXPECT_TRUE(schedule.contains("foundry-promote{")) << schedule.str();
      } else {
        ++reading;
        EXPECT_FALSE(schedule.contains("fuse=elementwise")) << schedule.str();
      }
    }
  }
  EXPECT_GT(gathering, 0);
  EXPECT_GT(reading, 0);
}

TEST_F(FingerprintTest, HalfPrecisionConvolutionsTakeHalfPrecisionSteps) {
  // bf16 images and filters into f32, then a bias and a ReLU: the im2col
  // GEMM's k-steps are 16 deep (m16n8k16) and its staged rows padded by 8
  // elements (16 bytes); after that GEMM the reduction expert tiles the
  // epilogue as elementwise (no foundry-reduce-threads: nothing is left to
  // reduce).
  KernelShape shape = shapeOf(R"mlir(
foundry.kernel @conv(%x: tensor<8x28x28x64xbf16>, %w: tensor<1x1x64x128xbf16>, %b: tensor<128xf32>) -> tensor<8x28x28x128xf32> attributes {precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x28x28x128xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8x28x28x128xf32>) -> tensor<8x28x28x128xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<8x28x28x64xbf16>, tensor<1x1x64x128xbf16>) outs(%f : tensor<8x28x28x128xf32>) -> tensor<8x28x28x128xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(n, h, w, c) -> (n, h, w, c)>, affine_map<(n, h, w, c) -> (c)>, affine_map<(n, h, w, c) -> (n, h, w, c)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%c, %b : tensor<8x28x28x128xf32>, tensor<128xf32>) outs(%e : tensor<8x28x28x128xf32>) {
  ^bb0(%v: f32, %bias: f32, %out: f32):
    %s = arith.addf %v, %bias : f32
    %relu = arith.maximumf %s, %zero : f32
    linalg.yield %relu : f32
  } -> tensor<8x28x28x128xf32>
  foundry.yield %r : tensor<8x28x28x128xf32>
})mlir");
  ASSERT_TRUE(shape.im2col);
  EXPECT_TRUE(shape.halfGemm);
  int mma = 0;
  for (const char *expert : {"compute", "reduction"})
    for (const std::string &proposal : proposalsOf(shape, expert, 32)) {
      llvm::StringRef schedule = proposal;
      if (!schedule.starts_with("foundry-im2col,") ||
          !schedule.contains("foundry-mma"))
        continue;
      ++mma;
      EXPECT_FALSE(schedule.contains("padding=4")) << proposal;
      EXPECT_TRUE(schedule.contains("foundry-tile-reduction{sizes=16},"
                                    "foundry-mma"))
          << proposal;
      EXPECT_FALSE(schedule.contains("foundry-reduce-threads")) << proposal;
    }
  EXPECT_GT(mma, 0);
}

TEST_F(FingerprintTest, PaddedPoolingWindowsMayReadThroughThePad) {
  // A max-pool window over a padded input: foundry-fold-pad applies.
  KernelShape pool = shapeOf(R"mlir(
foundry.kernel @pool(%x: tensor<2x3x37xf32>) -> tensor<2x3x38xf32> {
  %neg_inf = arith.constant 0xFF800000 : f32
  %p = tensor.pad %x low[0, 0, 4] high[0, 0, 4] {
  ^bb0(%i: index, %j: index, %l: index):
    tensor.yield %neg_inf : f32
  } : tensor<2x3x37xf32> to tensor<2x3x45xf32>
  %w = tensor.empty() : tensor<8xf32>
  %e = tensor.empty() : tensor<2x3x38xf32>
  %f = linalg.fill ins(%neg_inf : f32) outs(%e : tensor<2x3x38xf32>) -> tensor<2x3x38xf32>
  %y = linalg.pooling_ncw_max {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>}
      ins(%p, %w : tensor<2x3x45xf32>, tensor<8xf32>) outs(%f : tensor<2x3x38xf32>) -> tensor<2x3x38xf32>
  foundry.yield %y : tensor<2x3x38xf32>
})mlir");
  EXPECT_TRUE(pool.foldPad);
  // A padded convolution stays a named convolution for foundry-im2col.
  KernelShape conv = shapeOf(R"mlir(
foundry.kernel @conv(%x: tensor<1x2x6x6xf32>, %w: tensor<4x2x3x3xf32>) -> tensor<1x4x6x6xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i: index, %j: index, %h: index, %v: index):
    tensor.yield %zero : f32
  } : tensor<1x2x6x6xf32> to tensor<1x2x8x8xf32>
  %e = tensor.empty() : tensor<1x4x6x6xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%p, %w : tensor<1x2x8x8xf32>, tensor<4x2x3x3xf32>) outs(%f : tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  foundry.yield %c : tensor<1x4x6x6xf32>
})mlir");
  EXPECT_FALSE(conv.foldPad);
  EXPECT_TRUE(conv.im2col);
}

/// y = x W^T as nn.Linear stores W (out, in): both operands K-major, with
/// `precision` (the mma's contract).
static std::string linear(int m, int n, int k, const std::string &precision) {
  auto t = [](int a, int b) {
    return "tensor<" + std::to_string(a) + "x" + std::to_string(b) + "xf32>";
  };
  std::string x = t(m, k), w = t(n, k), y = t(m, n);
  return "foundry.kernel @linear(%x: " + x + ", %w: " + w + ") -> " + y +
         " attributes {precision = #foundry.precision<" + precision +
         ">} {\n"
         "  %zero = arith.constant 0.0 : f32\n"
         "  %e = tensor.empty() : " +
         y +
         "\n"
         "  %f = linalg.fill ins(%zero : f32) outs(%e : " +
         y + ") -> " + y +
         "\n"
         "  %y = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, "
         "k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, "
         "n)>] ins(%x, %w : " +
         x + ", " + w + ") outs(%f : " + y + ") -> " + y +
         "\n"
         "  foundry.yield %y : " +
         y + "\n}\n";
}

TEST_F(FingerprintTest, KMajorGemmsAreSeededOnWarpgroups) {
  // A GEMM whose operands are both K-major (nn.Linear) is wgmma's: the
  // memory expert's classic configuration then puts it on warpgroup tiles
  // (four stages, unpadded tiles). A KxN B, or an ieee precision, never.
  KernelShape linear3x = shapeOf(linear(1024, 1024, 512, "3xtf32"));
  EXPECT_TRUE(linear3x.gemmWgmma);
  int warpgroups = 0, tma = 0;
  for (const std::string &schedule : proposalsOf(linear3x, "memory", 24)) {
    llvm::StringRef text(schedule);
    if (!text.contains("foundry-tile-warpgroups"))
      continue;
    ++warpgroups;
    // Their operands loaded by TMA or by cp.async.
    tma += text.contains(" tma=true");
    EXPECT_TRUE(text.contains("foundry-tile-reduction{sizes=32},foundry-"
                              "promote{operands=0,1 stages=4") &&
                text.contains("},foundry-tile-warpgroups{sizes=64,128},"
                              "foundry-mma"))
        << schedule;
    EXPECT_FALSE(text.contains("padding")) << schedule;
  }
  EXPECT_GT(warpgroups, 0);
  EXPECT_GT(tma, 0);
  EXPECT_LT(tma, warpgroups);
  // fp32 operands are never warp-specialized (the GPU tail has it for f16
  // and bf16 only).
  for (const std::string &schedule : proposalsOf(linear3x, "memory", 24))
    EXPECT_FALSE(llvm::StringRef(schedule).contains("warp-specialize"))
        << schedule;

  // A KxN B is wgmma's after a copy (foundry-transpose-b; its seeds:
  // IslandSeedsStartFromTheClassicGemmTiles); an ieee precision never gets
  // tensor cores.
  KernelShape kxn = shapeOf(gemm("g", 1024, 1024, 512));
  EXPECT_FALSE(kxn.gemmWgmma);
  EXPECT_TRUE(kxn.gemmKMajorB);
  EXPECT_TRUE(kxn.gemmWgmmaAfterCopies);
  for (const std::string &schedule : proposalsOf(kxn, "memory", 24))
    EXPECT_FALSE(llvm::StringRef(schedule).contains("warpgroups")) << schedule;
  KernelShape ieee = shapeOf(linear(1024, 1024, 512, "ieee"));
  for (const std::string &schedule : proposalsOf(ieee, "memory", 24))
    EXPECT_FALSE(llvm::StringRef(schedule).contains("warpgroups")) << schedule;
  EXPECT_FALSE(linear3x.gemmKMajorB);
}

/// linear(...) followed by a ReLU: a GEMM with an elementwise epilogue.
static std::string linearRelu(int m, int n, int k) {
  std::string kernel = linear(m, n, k, "3xtf32");
  std::string y = "tensor<" + std::to_string(m) + "x" + std::to_string(n) +
                  "xf32>";
  size_t yield = kernel.find("  foundry.yield");
  return kernel.substr(0, yield) + "  %e2 = tensor.empty() : " + y +
         "\n  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, "
         "j)>, affine_map<(i, j) -> (i, j)>], iterator_types = [\"parallel\", "
         "\"parallel\"]} ins(%y : " +
         y + ") outs(%e2 : " + y +
         ") {\n  ^bb0(%in: f32, %out: f32):\n    %v = arith.maximumf %in, "
         "%zero : f32\n    linalg.yield %v : f32\n  } -> " +
         y + "\n  foundry.yield %r : " + y + "\n}\n";
}

TEST_F(FingerprintTest, GemmEpiloguesFuseIntoTensorCoreTiles) {
  // nn.Linear then a ReLU: the memory expert's seed puts the GEMM on
  // warpgroup tiles with the ReLU fused into them (one kernel: no
  // target=contraction, no second block tiling); other tensor-core
  // proposals fuse it one time in two.
  KernelShape fused = shapeOf(linearRelu(1024, 1024, 512));
  ASSERT_TRUE(fused.gemm);
  ASSERT_FALSE(fused.contraction);
  for (const Expert &expert : builtinExperts()) {
    if (expert.name != "memory")
      continue;
    std::mt19937 rng(0);
    ExpertRequest seed{fused};
    seed.initial = true;
    std::string schedule = expert.propose(seed, rng);
    EXPECT_TRUE(llvm::StringRef(schedule).starts_with(
        "foundry-tile-blocks{sizes=128,128},foundry-tile-reduction{"
        "sizes=32},foundry-promote{operands=0,1 stages=4},"
        "foundry-tile-warpgroups{sizes=64,128},foundry-mma"))
        << schedule;
    EXPECT_FALSE(llvm::StringRef(schedule).contains("target=contraction"))
        << schedule;
  }
  int fusedProposals = 0, split = 0;
  for (const std::string &schedule : proposalsOf(fused, "memory", 64)) {
    llvm::StringRef text(schedule);
    if (!text.contains("foundry-mma"))
      continue;
    if (text.contains("target=contraction"))
      ++split;
    else
      ++fusedProposals;
  }
  EXPECT_GT(fusedProposals, 0);
  EXPECT_GT(split, 0);

  // Where foundry-pad goes first, the GEMM is always a kernel of its own.
  KernelShape padded = shapeOf(linearRelu(1000, 1000, 500));
  int paddedProposals = 0;
  for (const std::string &schedule : proposalsOf(padded, "memory", 64)) {
    if (!llvm::StringRef(schedule).contains("foundry-pad"))
      continue;
    ++paddedProposals;
    EXPECT_TRUE(llvm::StringRef(schedule).contains("target=contraction"))
        << schedule;
  }
  EXPECT_GT(paddedProposals, 0);
}

TEST_F(FingerprintTest, ConvolutionGemmTilesDivideAnUnpaddableN) {
  // A 3-D convolution whose GEMM has N = 3 x 8 x 5 = 120 per image (no
  // power of two from 64 divides it) and M = 8 output channels, then a ReLU
  // over its five loops.
  KernelShape shape = shapeOf(R"mlir(
#id5 = affine_map<(n, f, d, h, w) -> (n, f, d, h, w)>
foundry.kernel @conv(%x: tensor<2x4x5x10x7xf32>, %w: tensor<8x4x3x3x3xf32>) -> tensor<2x8x3x8x5xf32> attributes {precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x8x3x8x5xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x8x3x8x5xf32>) -> tensor<2x8x3x8x5xf32>
  %c = linalg.conv_3d_ncdhw_fcdhw {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>}
      ins(%x, %w : tensor<2x4x5x10x7xf32>, tensor<8x4x3x3x3xf32>) outs(%f : tensor<2x8x3x8x5xf32>) -> tensor<2x8x3x8x5xf32>
  %r = linalg.generic {indexing_maps = [#id5, #id5], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%c : tensor<2x8x3x8x5xf32>) outs(%e : tensor<2x8x3x8x5xf32>) {
  ^bb0(%v: f32, %o: f32):
    %m = arith.maximumf %v, %zero : f32
    linalg.yield %m : f32
  } -> tensor<2x8x3x8x5xf32>
  foundry.yield %r : tensor<2x8x3x8x5xf32>
})mlir");
  ASSERT_TRUE(shape.im2col);
  EXPECT_EQ(shape.gemmN, 120);
  int dividing = 0, padded = 0, elementwise = 0;
  for (const Expert &expert : builtinExperts())
    for (unsigned seed = 0; seed < 64; ++seed) {
      std::mt19937 rng(seed);
      ExpertRequest request{shape};
      std::string schedule = expert.propose(request, rng);
      if (schedule.rfind("foundry-im2col,", 0) != 0 ||
          schedule.find("foundry-mma") == std::string::npos)
        continue;
      // 16x120 block tiles over three 16x40 warp tiles, N left unpadded;
      // or the powers of two over N padded to them.
      if (schedule.find("sizes=1,16,120 target=contraction") !=
          std::string::npos) {
        ++dividing;
        EXPECT_NE(schedule.find("foundry-tile-warps{sizes=0,16,40}"),
                  std::string::npos)
            << schedule;
      } else {
        ++padded;
      }
      // Nothing is left to reduce after the GEMM: no expert splits the
      // epilogue over threads. The reduction expert tiles it as an
      // elementwise op of its own; the others one depth slice per block,
      // 2x2 outputs per thread.
      EXPECT_EQ(schedule.find("foundry-reduce-threads"), std::string::npos)
          << expert.name << ": " << schedule;
      if (expert.name == "reduction")
        continue;
      ++elementwise;
      EXPECT_NE(schedule.find("foundry-tile-blocks{sizes=1,1,1,0,0},"
                              "foundry-tile-threads{sizes=0,0,1,2,2},"
                              "foundry-vectorize"),
                std::string::npos)
          << expert.name << ": " << schedule;
    }
  EXPECT_GT(dividing, 0);
  EXPECT_GT(padded, 0);
  EXPECT_GT(elementwise, 0);
}

/// A kernel on x : tensor<2x2x3x`h`x`w`xf32> whose first op sums each
/// (n, g) group over (c, h, w), x read through `map` (an affine map of
/// (n, g, c, h, w)), into %s : tensor<2x2xf32>; `tail` (ops after it, which
/// may read %s and %x) ends with the kernel's result `result` : `type`.
static std::string groupSumKernel(const std::string &map, int64_t h, int64_t w,
                                  const std::string &tail,
                                  const std::string &result,
                                  const std::string &type) {
  std::string x =
      "tensor<2x2x3x" + std::to_string(h) + "x" + std::to_string(w) + "xf32>";
  return "#in = affine_map<(n, g, c, h, w) -> " + map +
         ">\n"
         "#id = affine_map<(n, g, c, h, w) -> (n, g, c, h, w)>\n"
         "#group = affine_map<(n, g, c, h, w) -> (n, g)>\n"
         "#pair = affine_map<(n, g) -> (n, g)>\n"
         "#image = affine_map<(n, g) -> (n)>\n"
         "#one = affine_map<(n) -> (n)>\n"
         "foundry.kernel @k(%x: " +
         x + ") -> " + type +
         " {\n"
         "  %zero = arith.constant 0.0 : f32\n"
         "  %e = tensor.empty() : tensor<2x2xf32>\n"
         "  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x2xf32>) -> "
         "tensor<2x2xf32>\n"
         "  %s = linalg.generic {indexing_maps = [#in, #group], "
         "iterator_types = [\"parallel\", \"parallel\", \"reduction\", "
         "\"reduction\", \"reduction\"]} ins(%x : " +
         x +
         ") outs(%f : tensor<2x2xf32>) {\n"
         "  ^bb0(%a: f32, %acc: f32):\n"
         "    %r = arith.addf %a, %acc : f32\n"
         "    linalg.yield %r : f32\n"
         "  } -> tensor<2x2xf32>\n" +
         tail + "  foundry.yield " + result + " : " + type + "\n}\n";
}

TEST_F(FingerprintTest, ReductionThreadsInterleaveOverMergedRows) {
  // Group statistics over (channel, h, w) = 3 x 6 x 30 = 540 elements with
  // rows of 30: too short for the 32 to 512 threads the reduction expert
  // draws. foundry-reduce-threads merges the three loops, so the expert
  // interleaves over 540 (a thread count dividing 540 / 4 = 135) instead
  // of never interleaving: for a root that reduces itself (the sums alone),
  // for one that reads the reduction (x minus its group's mean), and for
  // one that only combines reductions before it (L2 23's mean per image of
  // its GroupNorm's output: the row is the first reduction's).
  std::string sums =
      groupSumKernel("(n, g, c, h, w)", 6, 30, "", "%s", "tensor<2x2xf32>");
  std::string centered = groupSumKernel(
      "(n, g, c, h, w)", 6, 30,
      "  %count = arith.constant 540.0 : f32\n"
      "  %ye = tensor.empty() : tensor<2x2x3x6x30xf32>\n"
      "  %y = linalg.generic {indexing_maps = [#id, #group, #id], "
      "iterator_types = [\"parallel\", \"parallel\", \"parallel\", "
      "\"parallel\", \"parallel\"]} ins(%x, %s : tensor<2x2x3x6x30xf32>, "
      "tensor<2x2xf32>) outs(%ye : tensor<2x2x3x6x30xf32>) {\n"
      "  ^bb0(%a: f32, %t: f32, %o: f32):\n"
      "    %m = arith.divf %t, %count : f32\n"
      "    %d = arith.subf %a, %m : f32\n"
      "    linalg.yield %d : f32\n"
      "  } -> tensor<2x2x3x6x30xf32>\n",
      "%y", "tensor<2x2x3x6x30xf32>");
  std::string combined = groupSumKernel(
      "(n, g, c, h, w)", 6, 30,
      "  %count = arith.constant 1080.0 : f32\n"
      "  %te = tensor.empty() : tensor<2xf32>\n"
      "  %tf = linalg.fill ins(%zero : f32) outs(%te : tensor<2xf32>) -> "
      "tensor<2xf32>\n"
      "  %t = linalg.generic {indexing_maps = [#pair, #image], "
      "iterator_types = [\"parallel\", \"reduction\"]} ins(%s : "
      "tensor<2x2xf32>) outs(%tf : tensor<2xf32>) {\n"
      "  ^bb0(%a: f32, %acc: f32):\n"
      "    %r = arith.addf %a, %acc : f32\n"
      "    linalg.yield %r : f32\n"
      "  } -> tensor<2xf32>\n"
      "  %y = linalg.generic {indexing_maps = [#one, #one], iterator_types "
      "= [\"parallel\"]} ins(%t : tensor<2xf32>) outs(%te : tensor<2xf32>) "
      "{\n"
      "  ^bb0(%a: f32, %o: f32):\n"
      "    %m = arith.divf %a, %count : f32\n"
      "    linalg.yield %m : f32\n"
      "  } -> tensor<2xf32>\n",
      "%y", "tensor<2xf32>");
  // The loop analysis knows what the pass merges: (channel, h, w) of the
  // group sums, not the groups a later sum over them adds up; read
  // transposed (h and w swapped), only the innermost loop.
  EXPECT_EQ(shapeOf(sums).mergedRow, 540);
  EXPECT_EQ(shapeOf(groupSumKernel("(n, g, c, w, h)", 30, 6, "", "%s",
                                   "tensor<2x2xf32>"))
                .mergedRow,
            30);
  KernelShape combinedShape = shapeOf(combined);
  ASSERT_EQ(combinedShape.reductionPhases.size(), 2u);
  EXPECT_EQ(combinedShape.reductionPhases[0].mergedRow, 540);
  EXPECT_EQ(combinedShape.reductionPhases[1].mergedRow, 2);
  std::regex options("foundry-reduce-threads\\{threads=([0-9]+)"
                     "( interleave=([0-9]+))?");
  for (const std::string &source : {sums, centered, combined}) {
    KernelShape shape = shapeOf(source);
    int merged = 0;
    for (const std::string &schedule : proposalsOf(shape, "reduction", 64)) {
      std::smatch match;
      if (!std::regex_search(schedule, match, options) || !match[3].matched)
        continue;
      int64_t threads = std::stoll(match[1]);
      int64_t width = std::stoll(match[3]);
      EXPECT_EQ(540 % (threads * width), 0) << schedule;
      merged += threads * width > 30;
    }
    EXPECT_GT(merged, 0) << source;
  }
}

TEST_F(FingerprintTest, RegisterBoundParentsGetOneMoreBlockPerSm) {
  // After a parent whose registers bound its occupancy (one block of 1024
  // threads per SM), the parallelism expert sometimes proposes the parent
  // itself with ptxas asked for two blocks per SM; never when the parent
  // bounds its launches already, or when more blocks would not fit.
  KernelShape rowMax = shapeOf(kRowMax);
  const std::string parent =
      "foundry-tile-blocks{sizes=1},foundry-reduce-threads{threads=1024}";
  Diagnosis registerBound;
  registerBound.occupancy = sm90Occupancy(1024, 64, 0);
  registerBound.threadsPerBlock = 1024;
  ASSERT_EQ(registerBound.occupancy.limiter, "registers");
  ASSERT_EQ(registerBound.occupancy.blocksPerSm, 1);
  auto proposals = [&](const std::string &from, const Diagnosis &d) {
    std::vector<std::string> schedules;
    for (const Expert &expert : builtinExperts())
      if (expert.name == "parallelism")
        for (unsigned seed = 0; seed < 16; ++seed) {
          std::mt19937 rng(seed);
          ExpertRequest request{rowMax, from, &d};
          schedules.push_back(expert.propose(request, rng));
        }
    return schedules;
  };
  int bounded = 0, other = 0;
  for (const std::string &schedule : proposals(parent, registerBound)) {
    if (schedule == parent + ",foundry-launch-bounds{min-blocks=2}")
      ++bounded;
    else
      ++other;
    EXPECT_FALSE(llvm::StringRef(schedule).contains("min-blocks=3"))
        << schedule;
  }
  EXPECT_GT(bounded, 0);
  EXPECT_GT(other, 0);
  // Bounded already, or not bound by registers, or 2048 threads resident.
  Diagnosis warpBound = registerBound;
  warpBound.occupancy = sm90Occupancy(1024, 32, 0);
  ASSERT_EQ(warpBound.occupancy.limiter, "warps");
  Diagnosis full = registerBound;
  full.threadsPerBlock = 2048;
  for (const auto &[from, d] :
       {std::pair{parent + ",foundry-launch-bounds{min-blocks=2}",
                  registerBound},
        std::pair{parent, warpBound}, std::pair{parent, full}})
    for (const std::string &schedule : proposals(from, d))
      EXPECT_NE(schedule, from + ",foundry-launch-bounds{min-blocks=2}")
          << schedule;
}

TEST(SpliceSchedules, HeadsKeepTheirKernelRewrites) {
  // The kernel-level rewrites in front go with the head, options and all
  // (foundry-approx-math's braces do not end the head).
  std::string a = "foundry-approx-math{functions=exp},foundry-invert-"
                  "divisors,foundry-tile-blocks{sizes={1,4096}},foundry-"
                  "reduce-threads{threads=1024}";
  std::string b = "foundry-tile-blocks{sizes={2,2048}},foundry-tile-threads{"
                  "sizes={0,8}},foundry-vectorize";
  EXPECT_EQ(spliceSchedules(a, b, /*headFromA=*/true),
            "foundry-approx-math{functions=exp},foundry-invert-divisors,"
            "foundry-tile-blocks{sizes={1,4096}},foundry-tile-threads{"
            "sizes={0,8}},foundry-vectorize");
  EXPECT_EQ(spliceSchedules(a, b, /*headFromA=*/false),
            "foundry-tile-blocks{sizes={2,2048}},foundry-reduce-threads{"
            "threads=1024}");
  // The rewrites the analysis looked through (KernelShape::rewriteFirst,
  // no options) are kernel rewrites too: a split of the loss's scalar
  // reduction stays the head, the other side's thread reduction its tail
  // (the split was lost, the "head" was the rewrite and the split).
  std::string loss = "foundry-gather-one-hot-reductions,foundry-approx-math{"
                     "functions={exp,log}},foundry-split-reduction{parts=64},"
                     "foundry-reduce-threads{threads=512}";
  std::string split = "foundry-split-reduction{parts=256},foundry-reduce-"
                      "threads{threads=128 online=true}";
  EXPECT_EQ(spliceSchedules(loss, split, /*headFromA=*/true),
            "foundry-gather-one-hot-reductions,foundry-approx-math{"
            "functions={exp,log}},foundry-split-reduction{parts=64},"
            "foundry-reduce-threads{threads=128 online=true}");
  EXPECT_EQ(spliceSchedules(loss, split, /*headFromA=*/false),
            "foundry-split-reduction{parts=256},foundry-reduce-threads{"
            "threads=512}");
  // Reductions tiled as kernels of their own stay in front of the root's.
  std::string phases = "foundry-tile-blocks{sizes={1} target=reduction},"
                       "foundry-reduce-threads{threads=256},foundry-tile-"
                       "blocks{sizes={1,512}},foundry-vectorize";
  EXPECT_EQ(spliceSchedules(phases, b, /*headFromA=*/false),
            "foundry-tile-blocks{sizes={1} target=reduction},foundry-reduce-"
            "threads{threads=256},foundry-tile-blocks{sizes={2,2048}},"
            "foundry-vectorize");
  // One pass, an im2col or a transposed operand: nothing to splice.
  EXPECT_EQ(spliceSchedules("foundry-tile-blocks{sizes={1,4096}}", b, true),
            "");
  EXPECT_EQ(spliceSchedules("foundry-im2col,foundry-tile-blocks{sizes={64,"
                            "64}},foundry-mma",
                            b, true),
            "");
  // A contraction kernel's head needs the other side's epilogue tiling.
  EXPECT_EQ(spliceSchedules("foundry-tile-blocks{sizes={64,64} target="
                            "contraction},foundry-mma,foundry-tile-blocks{"
                            "sizes={1}},foundry-vectorize",
                            b, true),
            "");
}

/// Counts the proposals of the built-in experts for `shape` (32 seeds each,
/// every other one an island's seed) that put it on the tensor cores, and
/// checks each: warp tiles take m16n8k16's k-steps of 16 in rows padded by
/// 8 halves; warpgroup tiles take k-steps of 64 halves (one 128-byte
/// swizzled row of m64nNk16) staged unpadded, B copied NxK first where
/// `copiesB`. Returns {warp-tile proposals, warpgroup-tile proposals}.
static std::pair<int, int> checkHalfGemmProposals(const KernelShape &shape,
                                                   bool copiesB) {
  int warp = 0, warpgroup = 0;
  for (const Expert &expert : builtinExperts())
    for (unsigned seed = 0; seed < 32; ++seed) {
      std::mt19937 rng(seed);
      ExpertRequest request{shape};
      request.initial = seed % 2;
      std::string proposal = expert.propose(request, rng);
      llvm::StringRef schedule = proposal;
      if (!schedule.contains("foundry-mma"))
        continue;
      EXPECT_FALSE(schedule.contains("padding=4")) << schedule.str();
      if (schedule.contains("foundry-tile-warpgroups")) {
        ++warpgroup;
        EXPECT_TRUE(schedule.contains("foundry-tile-reduction{sizes=64},"
                                      "foundry-promote{operands=0,1 stages="))
            << schedule.str();
        EXPECT_EQ(schedule.contains("foundry-transpose-b"), copiesB)
            << schedule.str();
        continue;
      }
      ++warp;
      EXPECT_TRUE(schedule.contains("foundry-tile-reduction{sizes=16},"
                                    "foundry-mma"))
          << schedule.str();
    }
  return {warp, warpgroup};
}

TEST_F(FingerprintTest, HalfGemmsTakeSixteenDeepKSteps) {
  // f16 operands into f32, B stored KxN: tensor-core proposals on warp
  // tiles (m16n8k16) and on warpgroup tiles, B read in place (wgmma reads
  // a 16-bit B MN-major).
  KernelShape shape = shapeOf(R"mlir(
foundry.kernel @gemm(%a: tensor<512x256xf16>, %b: tensor<256x512xf16>) -> tensor<512x512xf32> attributes {precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<512x512xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<512x512xf32>) -> tensor<512x512xf32>
  %m = linalg.matmul ins(%a, %b : tensor<512x256xf16>, tensor<256x512xf16>) outs(%f : tensor<512x512xf32>) -> tensor<512x512xf32>
  foundry.yield %m : tensor<512x512xf32>
})mlir");
  ASSERT_TRUE(shape.halfGemm);
  ASSERT_TRUE(shape.tensorCores);
  EXPECT_TRUE(shape.gemmWgmma);
  EXPECT_TRUE(shape.gemmKMajorB);
  auto [warp, warpgroup] = checkHalfGemmProposals(shape, /*copiesB=*/false);
  EXPECT_GT(warp, 0);
  EXPECT_GT(warpgroup, 0);
  // bf16 with B stored NxK (nn.Linear's weight): wgmma reads it in place.
  KernelShape linear = shapeOf(R"mlir(
#x = affine_map<(m, n, k) -> (m, k)>
#w = affine_map<(m, n, k) -> (n, k)>
#y = affine_map<(m, n, k) -> (m, n)>
foundry.kernel @linear(%a: tensor<512x256xbf16>, %b: tensor<512x256xbf16>) -> tensor<512x512xf32> attributes {precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<512x512xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<512x512xf32>) -> tensor<512x512xf32>
  %m = linalg.matmul indexing_maps = [#x, #w, #y] ins(%a, %b : tensor<512x256xbf16>, tensor<512x256xbf16>) outs(%f : tensor<512x512xf32>) -> tensor<512x512xf32>
  foundry.yield %m : tensor<512x512xf32>
})mlir");
  ASSERT_TRUE(linear.halfGemm);
  EXPECT_TRUE(linear.gemmWgmma);
  auto [linearWarp, linearWarpgroup] =
      checkHalfGemmProposals(linear, /*copiesB=*/false);
  (void)linearWarp;
  EXPECT_GT(linearWarpgroup, 0);
  // Its warpgroup tiles (as wide as the block tile) are loaded by TMA, and
  // by a producer warpgroup, in some proposals: never warp-specialized
  // without TMA.
  int tma = 0, specialized = 0;
  for (const std::string &schedule : proposalsOf(linear, "memory", 48)) {
    llvm::StringRef text(schedule);
    tma += text.contains(" tma=true");
    if (text.contains("warp-specialize=true")) {
      ++specialized;
      EXPECT_TRUE(text.contains(" tma=true warp-specialize=true")) << schedule;
    }
  }
  EXPECT_GT(tma, specialized);
  EXPECT_GT(specialized, 0);
  // The same GEMM on f32 keeps k-steps of 8.
  KernelShape f32 = shapeOf(R"mlir(
foundry.kernel @gemm(%a: tensor<512x256xf32>, %b: tensor<256x512xf32>) -> tensor<512x512xf32> attributes {precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<512x512xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<512x512xf32>) -> tensor<512x512xf32>
  %m = linalg.matmul ins(%a, %b : tensor<512x256xf32>, tensor<256x512xf32>) outs(%f : tensor<512x512xf32>) -> tensor<512x512xf32>
  foundry.yield %m : tensor<512x512xf32>
})mlir");
  EXPECT_FALSE(f32.halfGemm);
}

/// A sum down the rows of a `rows` x `columns` matrix (a column sum: the
/// reduced loop indexes the input's rows, the output's columns are its
/// contiguous dimension).
static std::string columnSum(int64_t rows, int64_t columns) {
  std::string r = std::to_string(rows), c = std::to_string(columns);
  return R"mlir(
foundry.kernel @column_sum(%x: tensor<)mlir" +
         r + "x" + c + R"mlir(xf32>) -> tensor<)mlir" + c + R"mlir(xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<)mlir" +
         c + R"mlir(xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<)mlir" +
         c + R"mlir(xf32>) -> tensor<)mlir" + c + R"mlir(xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(j, i) -> (i, j)>, affine_map<(j, i) -> (j)>], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<)mlir" +
         r + "x" + c + R"mlir(xf32>) outs(%f : tensor<)mlir" + c +
         R"mlir(xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %y = arith.addf %a, %acc : f32
    linalg.yield %y : f32
  } -> tensor<)mlir" +
         c + R"mlir(xf32>
  foundry.yield %s : tensor<)mlir" +
         c + R"mlir(xf32>
})mlir";
}

TEST_F(FingerprintTest, OuterAxisReductionsTileSeveralOutputsPerBlock) {
  // A column sum over 512 rows (too short to split): the reduction expert
  // gives each block a few consecutive columns, which its threads read
  // contiguously for their chunks of rows, never one column per block.
  KernelShape columns = shapeOf(columnSum(512, 1024));
  ASSERT_TRUE(columns.reducesOuterAxis);
  EXPECT_EQ(columns.columnSplitParts, 0);
  std::regex blocks(R"(^foundry-tile-blocks\{sizes=(4|8|16|32)\},)"
                    R"(foundry-reduce-threads\{threads=\d+( shuffle=true)?\})");
  for (const std::string &schedule : proposalsOf(columns, "reduction", 16))
    EXPECT_TRUE(std::regex_search(schedule, blocks)) << schedule;
  EXPECT_NE(describeStructure(columns, "reduction")
                .find("reduction along an outer axis"),
            std::string::npos);

  // A row sum reads its rows contiguously: one row per block, as before.
  KernelShape rows = shapeOf(rowSum(1024, 4096));
  EXPECT_FALSE(rows.reducesOuterAxis);
  EXPECT_EQ(rows.columnSplitParts, 0);
  for (const std::string &schedule : proposalsOf(rows, "reduction", 16))
    EXPECT_TRUE(llvm::StringRef(schedule).starts_with(
        "foundry-tile-blocks{sizes=1},foundry-reduce-threads"))
        << schedule;
}

TEST_F(FingerprintTest, ColumnSumsIntoFewOutputsAreSplitIntoParts) {
  // 1024 columns of 65536 rows: one thread per column would keep 1024 of
  // Hopper's 270,336 resident threads busy. The rows are split into the
  // fewest parts that give every resident thread a (column, part): 512
  // parts of 128 rows (256 would give 262,144); the widths divide 1024.
  KernelShape tall = shapeOf(columnSum(65536, 1024));
  EXPECT_EQ(tall.columnSplitParts, 512);
  EXPECT_EQ(tall.columnSplitWidths, (std::vector<int64_t>{32, 64, 128, 256}));
  EXPECT_NE(describeStructure(tall, "reduction").find("too few outputs"),
            std::string::npos);
  // The reduction expert's seed, and most of its proposals, split so: each
  // block a part's rows of W consecutive columns, one column per thread.
  std::regex split(R"(^foundry-split-reduction\{outputs=1024 parts=512 )"
                   R"(width=(32|64|128|256)\},foundry-tile-threads\{sizes=1\})");
  for (const Expert &expert : builtinExperts()) {
    if (expert.name != "reduction")
      continue;
    std::mt19937 rng(7);
    ExpertRequest request{tall};
    request.initial = true;
    EXPECT_TRUE(std::regex_search(expert.propose(request, rng), split));
  }
  int splits = 0;
  for (const std::string &schedule : proposalsOf(tall, "reduction", 32))
    splits += std::regex_search(schedule, split);
  EXPECT_GE(splits, 16);

  // Parts keep at least 16 rows each: 2048 rows give at most 128 parts.
  EXPECT_EQ(shapeOf(columnSum(2048, 1024)).columnSplitParts, 128);
  // Enough columns to fill the target (262,144 threads of 270,336 is more
  // than half), or no width dividing them (1000 columns): not split.
  EXPECT_EQ(shapeOf(columnSum(4096, 262144)).columnSplitParts, 0);
  EXPECT_EQ(shapeOf(columnSum(65536, 1000)).columnSplitParts, 0);
}

TEST_F(FingerprintTest, GatedMlpsPutEachContractionOnTheTensorCores) {
  // silu(x Wg^T) * (x Wu^T): two contractions sharing x, an elementwise
  // root. Every tensor-core proposal tiles each contraction as a kernel of
  // its own on the tensor cores (two `target=contraction` GEMMs), then the
  // epilogue; none fuses both into the root's tile.
  KernelShape mlp = shapeOf(R"mlir(
foundry.kernel @gated_mlp(%x: tensor<256x128xf32>, %wg: tensor<512x128xf32>, %wu: tensor<512x128xf32>) -> tensor<256x512xf32> attributes {precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<256x512xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<256x512xf32>) -> tensor<256x512xf32>
  %g = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%x, %wg : tensor<256x128xf32>, tensor<512x128xf32>) outs(%f : tensor<256x512xf32>) -> tensor<256x512xf32>
  %u = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%x, %wu : tensor<256x128xf32>, tensor<512x128xf32>) outs(%f : tensor<256x512xf32>) -> tensor<256x512xf32>
  %o = tensor.empty() : tensor<256x512xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%g, %u : tensor<256x512xf32>, tensor<256x512xf32>) outs(%o : tensor<256x512xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %n = arith.negf %a : f32
    %ex = math.exp %n : f32
    %d = arith.addf %one, %ex : f32
    %s = arith.divf %a, %d : f32
    %r = arith.mulf %s, %b : f32
    linalg.yield %r : f32
  } -> tensor<256x512xf32>
  foundry.yield %y : tensor<256x512xf32>
})mlir");
  ASSERT_TRUE(mlp.gemm);
  EXPECT_EQ(mlp.gemmContractions, 2);
  int onTensorCores = 0;
  for (const char *name : {"memory", "compute"})
    for (const std::string &schedule : proposalsOf(mlp, name, 24)) {
      llvm::StringRef text(schedule);
      if (!text.contains("foundry-mma"))
        continue;
      ++onTensorCores;
      EXPECT_EQ(text.count("foundry-mma"), 2u) << schedule;
      EXPECT_EQ(text.count("target=contraction"), 2u) << schedule;
    }
  EXPECT_GT(onTensorCores, 0);
}

TEST_F(FingerprintTest, ArgmaxesAreAnalyzedAsTwoReductions) {
  // torch-mlir's argmax over a vocabulary (32 rows of 128256): one generic
  // of value and index, which no partial reduction takes. The analysis
  // sees the two reductions foundry-decompose-arg-reductions makes of it:
  // rows reduced by the reduction expert (no longer refused as a root of
  // several results), too few rows for the SMs, so split over blocks first.
  KernelShape argmax = shapeOf(R"mlir(
foundry.kernel @argmax(%x: tensor<32x128256xf32>) -> tensor<32xi64> {
  %neg_inf = arith.constant 0xFF800000 : f32
  %c0 = arith.constant 0 : i64
  %ve = tensor.empty() : tensor<32xf32>
  %v0 = linalg.fill ins(%neg_inf : f32) outs(%ve : tensor<32xf32>) -> tensor<32xf32>
  %ie = tensor.empty() : tensor<32xi64>
  %i0 = linalg.fill ins(%c0 : i64) outs(%ie : tensor<32xi64>) -> tensor<32xi64>
  %r:2 = linalg.generic {indexing_maps = [affine_map<(r, v) -> (r, v)>, affine_map<(r, v) -> (r)>, affine_map<(r, v) -> (r)>], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<32x128256xf32>) outs(%v0, %i0 : tensor<32xf32>, tensor<32xi64>) {
  ^bb0(%in: f32, %value: f32, %index: i64):
    %v = linalg.index 1 : index
    %v_i64 = arith.index_cast %v : index to i64
    %max = arith.maximumf %in, %value : f32
    %greater = arith.cmpf ogt, %in, %value : f32
    %new = arith.select %greater, %v_i64, %index : i64
    linalg.yield %max, %new : f32, i64
  } -> (tensor<32xf32>, tensor<32xi64>)
  foundry.yield %r#1 : tensor<32xi64>
})mlir");
  EXPECT_EQ(argmax.rewriteFirst, "foundry-decompose-arg-reductions");
  EXPECT_FALSE(argmax.multiResultRoot);
  EXPECT_EQ(argmax.longReductionOutputs, 32);
  EXPECT_TRUE(llvm::StringRef(argmax.splitFirst)
                  .starts_with("foundry-split-reduction{outputs=32 parts="))
      << argmax.splitFirst;
  EXPECT_NE(describeStructure(argmax, "reduction").find("argmax/argmin"),
            std::string::npos);
  // 24 parts of 5344 give Hopper's 132 SMs four blocks each; up to four
  // times as many, each part at least 1024 long and dividing 128256, are
  // drawn one time in two.
  EXPECT_NE(argmax.splitFirst.find(" parts=24}"), std::string::npos);
  EXPECT_EQ(argmax.splitPartsChoices, (std::vector<int64_t>{32, 48, 64, 96}));
  std::set<std::string> drawn;
  for (unsigned seed = 0; seed < 32; ++seed) {
    std::mt19937 rng(seed);
    std::string schedule =
        withSplitFirst(argmax, "foundry-reduce-threads{threads=32}", rng);
    size_t at = schedule.find(" parts=");
    ASSERT_NE(at, std::string::npos) << schedule;
    drawn.insert(schedule.substr(at, schedule.find('}', at) - at));
  }
  EXPECT_TRUE(drawn.count(" parts=24")) << drawn.size();
  EXPECT_GE(drawn.size(), 3u);
  // Every proposal, once split, reduces each part over whole warps of
  // threads, in pieces that divide the part where it interleaves
  // (5344 = 32 x 167: one warp of 1-element pieces, else contiguous
  // chunks).
  EXPECT_EQ(argmax.splitLoop, 128256);
  for (const char *expert : {"reduction", "parallelism", "memory"})
    for (const std::string &proposal : proposalsOf(argmax, expert, 8)) {
      std::mt19937 rng(7);
      std::string schedule = withSplitFirst(argmax, proposal, rng);
      EXPECT_TRUE(partThreadsOf(schedule).fits(argmax.splitLoop)) << schedule;
    }
  // A plain row maximum has no rewrite.
  EXPECT_EQ(shapeOf(rowSum(64, 8192)).rewriteFirst, "");
}

TEST_F(FingerprintTest, DecodeGemmsAreSplitOverKLikeRows) {
  // x @ W^T with 8 tokens (W stored as nn.Linear stores it): the reduction
  // expert proposes it as matrix-vector products, every token and one to
  // four output features per block, K over whole warps of threads in
  // pieces that divide it; a GEMM with 128 rows gets no such proposal.
  auto linear = [](int64_t m) {
    std::string t = "tensor<" + std::to_string(m) + "x4096xf32>";
    return R"mlir(
foundry.kernel @linear(%x: )mlir" + t + R"mlir(, %w: tensor<4096x4096xf32>) -> )mlir" + t + R"mlir( attributes {precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : )mlir" + t + R"mlir(
  %f = linalg.fill ins(%zero : f32) outs(%e : )mlir" + t + ") -> " + t + R"mlir(
  %y = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%x, %w : )mlir" + t + R"mlir(, tensor<4096x4096xf32>) outs(%f : )mlir" + t + ") -> " + t + R"mlir(
  foundry.yield %y : )mlir" + t + R"mlir(
})mlir";
  };
  KernelShape decode = shapeOf(linear(8));
  ASSERT_TRUE(decode.gemm);
  int gemv = 0;
  for (const std::string &proposal : proposalsOf(decode, "reduction", 16)) {
    llvm::StringRef schedule = proposal;
    if (!schedule.contains("foundry-reduce-threads"))
      continue;
    ++gemv;
    EXPECT_TRUE(schedule.starts_with("foundry-tile-blocks{sizes=0,1}") ||
                schedule.starts_with("foundry-tile-blocks{sizes=0,2}") ||
                schedule.starts_with("foundry-tile-blocks{sizes=0,4}"))
        << proposal;
    PartThreads split = partThreadsOf(("foundry-split-reduction{parts=1}," +
                                       schedule)
                                          .str());
    EXPECT_TRUE(split.fits(4096)) << proposal;
  }
  EXPECT_GT(gemv, 0);
  for (const std::string &proposal :
       proposalsOf(shapeOf(linear(128)), "reduction", 16))
    EXPECT_EQ(proposal.find("foundry-reduce-threads"), std::string::npos)
        << proposal;
}

/// An NLL loss's pick of each row's target in `scores` (4096 rows of 32000:
/// the sum over the classes of select(class == target, score, 0), as
/// torch-mlir lowers it), summed to a scalar; the kernel's body from there
/// to its end. `%zero`, `%e` (an empty tensor<4096xf32>) and `%targets`
/// must be defined.
static std::string pickAndSum(const std::string &scores) {
  return R"mlir(
  %pi = linalg.fill ins(%zero : f32) outs(%e : tensor<4096xf32>) -> tensor<4096xf32>
  %picked = linalg.generic {indexing_maps = [affine_map<(n, v) -> (n, v)>, affine_map<(n, v) -> (n)>, affine_map<(n, v) -> (n)>], iterator_types = ["parallel", "reduction"]}
      ins()mlir" + scores + R"mlir(, %targets : tensor<4096x32000xf32>, tensor<4096xf32>) outs(%pi : tensor<4096xf32>) {
  ^bb0(%in: f32, %t: f32, %acc: f32):
    %v = linalg.index 1 : index
    %t_i64 = arith.fptosi %t : f32 to i64
    %target = arith.index_cast %t_i64 : i64 to index
    %hit = arith.cmpi eq, %v, %target : index
    %term = arith.select %hit, %in, %zero : f32
    %s = arith.addf %acc, %term : f32
    linalg.yield %s : f32
  } -> tensor<4096xf32>
  %te = tensor.empty() : tensor<f32>
  %tf = linalg.fill ins(%zero : f32) outs(%te : tensor<f32>) -> tensor<f32>
  %total = linalg.generic {indexing_maps = [affine_map<(n) -> (n)>, affine_map<(n) -> ()>], iterator_types = ["reduction"]}
      ins(%picked : tensor<4096xf32>) outs(%tf : tensor<f32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %acc, %in : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  foundry.yield %total : tensor<f32>
})mlir";
}

TEST_F(FingerprintTest, OneHotSumsAreAnalyzedAsGathers) {
  // An NLL loss's pick (the sum over the classes of select(class ==
  // target, x, 0)) then a mean: analyzed after
  // foundry-gather-one-hot-reductions, which every proposal starts with: a
  // reduction to a scalar over the rows, no long row left.
  KernelShape loss = shapeOf(R"mlir(
foundry.kernel @nll(%x: tensor<4096x32000xf32>, %targets: tensor<4096xf32>) -> tensor<f32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4096xf32>
)mlir" + pickAndSum("%x"));
  EXPECT_EQ(loss.rewriteFirst, "foundry-gather-one-hot-reductions");
  EXPECT_EQ(loss.scalarReduction, (std::vector<int64_t>{4096}));
  EXPECT_NE(describeStructure(loss, "reduction").find("gather"),
            std::string::npos);
}

TEST_F(FingerprintTest, LossPartsOfSeveralRowsAreNotOnePass) {
  // A cross-entropy (log-softmax over 4096 rows of 32000, the target's
  // log-probability picked, summed to a scalar): the reduction expert
  // splits the rows into parts over blocks. A part of several rows holds
  // several rows' maxima and sums, so no online softmax there; and threads
  // x pieces interleave only where they divide the 32000-element rows the
  // block's threads split.
  KernelShape loss = shapeOf(R"mlir(
#id = affine_map<(n, v) -> (n, v)>
#row = affine_map<(n, v) -> (n)>
foundry.kernel @loss(%x: tensor<4096x32000xf32>, %targets: tensor<4096xf32>) -> tensor<f32> {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<4096xf32>
  %mi = linalg.fill ins(%ninf : f32) outs(%e : tensor<4096xf32>) -> tensor<4096xf32>
  %max = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4096x32000xf32>) outs(%mi : tensor<4096xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %m = arith.maximumf %v, %acc : f32
    linalg.yield %m : f32
  } -> tensor<4096xf32>
  %si = linalg.fill ins(%zero : f32) outs(%e : tensor<4096xf32>) -> tensor<4096xf32>
  %sum = linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x, %max : tensor<4096x32000xf32>, tensor<4096xf32>) outs(%si : tensor<4096xf32>) {
  ^bb0(%v: f32, %m: f32, %acc: f32):
    %d = arith.subf %v, %m : f32
    %x_e = math.exp %d : f32
    %s = arith.addf %acc, %x_e : f32
    linalg.yield %s : f32
  } -> tensor<4096xf32>
  %le = tensor.empty() : tensor<4096x32000xf32>
  %logp = linalg.generic {indexing_maps = [#id, #row, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %max, %sum : tensor<4096x32000xf32>, tensor<4096xf32>, tensor<4096xf32>) outs(%le : tensor<4096x32000xf32>) {
  ^bb0(%v: f32, %m: f32, %s: f32, %o: f32):
    %d = arith.subf %v, %m : f32
    %l = math.log %s : f32
    %r = arith.subf %d, %l : f32
    linalg.yield %r : f32
  } -> tensor<4096x32000xf32>
)mlir" + pickAndSum("%logp"));
  ASSERT_TRUE(loss.softmax);
  ASSERT_EQ(loss.scalarReduction, (std::vector<int64_t>{4096}));
  int online = 0;
  std::regex parts("parts=([0-9]+)"), pieces("threads=([0-9]+) interleave=([0-9]+)");
  for (const std::string &schedule : proposalsOf(loss, "reduction", 64)) {
    std::smatch match;
    bool severalRows = std::regex_search(schedule, match, parts) &&
                       std::stoll(match[1]) != 0;
    bool onePass = schedule.find("online=true") != std::string::npos;
    EXPECT_FALSE(severalRows && onePass) << schedule;
    online += onePass;
    if (std::regex_search(schedule, match, pieces)) {
      EXPECT_EQ(32000 % (std::stoll(match[1]) * std::stoll(match[2])), 0)
          << schedule;
    }
  }
  EXPECT_GT(online, 0);
}

TEST_F(FingerprintTest, ConcatenationsAreAnalyzedReadInPlace) {
  // A rotary embedding (q * cos + rotate_half(q) * sin, rotate_half a
  // tensor.concat of a negated slice and a slice): analyzed after
  // foundry-gather-concats, which every proposal starts with; elementwise.
  KernelShape rope = shapeOf(R"mlir(
#id = affine_map<(b, h, s, d) -> (b, h, s, d)>
#table = affine_map<(b, h, s, d) -> (s, d)>
foundry.kernel @rope(%q: tensor<1x32x2048x128xf32>, %cos: tensor<2048x128xf32>, %sin: tensor<2048x128xf32>) -> tensor<1x32x2048x128xf32> {
  %x1 = tensor.extract_slice %q[0, 0, 0, 0] [1, 32, 2048, 64] [1, 1, 1, 1] : tensor<1x32x2048x128xf32> to tensor<1x32x2048x64xf32>
  %x2 = tensor.extract_slice %q[0, 0, 0, 64] [1, 32, 2048, 64] [1, 1, 1, 1] : tensor<1x32x2048x128xf32> to tensor<1x32x2048x64xf32>
  %ne = tensor.empty() : tensor<1x32x2048x64xf32>
  %neg = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x2 : tensor<1x32x2048x64xf32>) outs(%ne : tensor<1x32x2048x64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<1x32x2048x64xf32>
  %rot = tensor.concat dim(3) %neg, %x1 : (tensor<1x32x2048x64xf32>, tensor<1x32x2048x64xf32>) -> tensor<1x32x2048x128xf32>
  %ye = tensor.empty() : tensor<1x32x2048x128xf32>
  %y = linalg.generic {indexing_maps = [#id, #table, #id, #table, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%q, %cos, %rot, %sin : tensor<1x32x2048x128xf32>, tensor<2048x128xf32>, tensor<1x32x2048x128xf32>, tensor<2048x128xf32>) outs(%ye : tensor<1x32x2048x128xf32>) {
  ^bb0(%qv: f32, %c: f32, %r: f32, %sn: f32, %out: f32):
    %qc = arith.mulf %qv, %c : f32
    %rs = arith.mulf %r, %sn : f32
    %sum = arith.addf %qc, %rs : f32
    linalg.yield %sum : f32
  } -> tensor<1x32x2048x128xf32>
  foundry.yield %y : tensor<1x32x2048x128xf32>
})mlir");
  EXPECT_EQ(rope.rewriteFirst, "foundry-gather-concats");
  EXPECT_FALSE(rope.hasReduction);
  EXPECT_NE(describeStructure(rope, "elementwise").find("concatenation"),
            std::string::npos);
}

TEST_F(FingerprintTest, FewOutputsAreJudgedAgainstTheTargetsMultiprocessors) {
  // 100 outputs of 2^16 elements each: fewer outputs than Hopper's 132
  // SMs, so the reduction is split over blocks first; on a target with 64
  // multiprocessors, 100 outputs fill it and it is not.
  std::string source = rowSum(100, 65536);
  EXPECT_EQ(shapeOf(source).longReductionOutputs, 100);
  TargetInfo small = TargetInfo::hopper();
  small.multiprocessors = 64;
  modules.push_back(parseSourceString<ModuleOp>(source, &context));
  FailureOr<KernelShape> onSmall =
      analyzeKernel(*modules.back()->getOps<KernelOp>().begin(), small);
  ASSERT_TRUE(succeeded(onSmall));
  EXPECT_EQ(onSmall->longReductionOutputs, 0);
  EXPECT_EQ(onSmall->target, &small);
}

TEST(TargetInfo, KnownTargetsByName) {
  const TargetInfo *cuda = TargetInfo::lookup("cuda");
  ASSERT_TRUE(cuda);
  EXPECT_TRUE(cuda->isGpu());
  EXPECT_EQ(cuda->chip, "sm_90a");
  EXPECT_EQ(cuda->maxWarpsPerMultiprocessor(), 64);
  const TargetInfo *cpu = TargetInfo::lookup("cpu");
  ASSERT_TRUE(cpu);
  EXPECT_FALSE(cpu->isGpu());
  EXPECT_FALSE(cpu->warpShuffles);
  EXPECT_EQ(TargetInfo::lookup("tpu"), nullptr);
}

TEST_F(FingerprintTest, TunedTilesAreTheTargetsRow) {
  // The island seed of a K-major GEMM on the tensor cores takes the tuned
  // warpgroup tiles of its target; a target without a row of its own
  // falls back to Hopper's.
  const char *source = R"mlir(
foundry.kernel @linear(%x: tensor<1024x2048xf32>, %w: tensor<512x2048xf32>) -> tensor<1024x512xf32> attributes {precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1024x512xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1024x512xf32>) -> tensor<1024x512xf32>
  %y = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%x, %w : tensor<1024x2048xf32>, tensor<512x2048xf32>) outs(%f : tensor<1024x512xf32>) -> tensor<1024x512xf32>
  foundry.yield %y : tensor<1024x512xf32>
})mlir";
  KernelShape shape = shapeOf(source);
  ASSERT_TRUE(shape.gemmWgmma);
  TargetInfo other = TargetInfo::hopper();
  other.fingerprintTarget = "sm_100";
  for (const TargetInfo *target : {&TargetInfo::hopper(),
                                   static_cast<const TargetInfo *>(&other)}) {
    shape.target = target;
    for (const Expert &expert : builtinExperts()) {
      if (expert.name != "memory")
        continue;
      std::mt19937 rng(0);
      ExpertRequest request{shape};
      request.initial = true;
      std::string seed = expert.propose(request, rng);
      EXPECT_NE(seed.find("foundry-tile-warpgroups{sizes=64,128}"),
                std::string::npos)
          << seed;
      EXPECT_NE(seed.find("foundry-promote{operands=0,1 stages=4}"),
                std::string::npos)
          << seed;
    }
  }
}
