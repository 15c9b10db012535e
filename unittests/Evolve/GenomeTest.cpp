//===- GenomeTest.cpp - Genomes with IR patches ---------------------------===//

#include "foundry/Evolve/Genome.h"
#include "foundry/Evolve/LlmExpert.h"
#include "foundry/Evolve/Search.h"

#include "foundry/InitAll.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

#include <string>

using namespace mlir;
using namespace mlir::foundry;

namespace {
/// y = 2x over 4x8, written as a kernel named `name` with `attributes`,
/// computing `value` from %in (and %two).
std::string doubling(const std::string &value = "arith.mulf %in, %two : f32",
                     const std::string &attributes = "",
                     const std::string &shape = "4x8",
                     const std::string &name = "k") {
  return "#id = affine_map<(i, j) -> (i, j)>\nfoundry.kernel @" + name +
         "(%x: tensor<" + shape + "xf32>) -> tensor<" + shape + "xf32>" +
         attributes +
         " {\n  %two = arith.constant 2.0 : f32\n  %e = tensor.empty() : "
         "tensor<" +
         shape +
         "xf32>\n  %y = linalg.generic {indexing_maps = [#id, #id], "
         "iterator_types = [\"parallel\", \"parallel\"]} ins(%x : tensor<" +
         shape + "xf32>) outs(%e : tensor<" + shape +
         "xf32>) {\n  ^bb0(%in: f32, %out: f32):\n    %v = " + value +
         "\n    linalg.yield %v : f32\n  } -> tensor<" + shape +
         "xf32>\n  foundry.yield %y : tensor<" + shape + "xf32>\n}\n";
}

class GenomeTest : public ::testing::Test {
protected:
  GenomeTest() {
    registerAllPasses();
    DialectRegistry registry;
    registerAllDialects(registry);
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
  }

  /// The kernel @k of a fresh module parsed from `source`.
  KernelOp kernelOf(const std::string &source) {
    modules.push_back(parseSourceString<ModuleOp>(source, &context));
    EXPECT_TRUE(modules.back());
    return modules.back()->lookupSymbol<KernelOp>("k");
  }

  MLIRContext context;
  std::vector<OwningOpRef<ModuleOp>> modules;
};
} // namespace

TEST(Genome, SplitsAtTheFirstNewline) {
  GenomeParts plain = splitGenome("a{x=1},b");
  EXPECT_EQ(plain.schedule, "a{x=1},b");
  EXPECT_TRUE(plain.patch.empty());
  GenomeParts patched = splitGenome("a\nfoundry.kernel @k() {\n}");
  EXPECT_EQ(patched.schedule, "a");
  EXPECT_EQ(patched.patch, "foundry.kernel @k() {\n}");
  EXPECT_EQ(joinGenome("a", ""), "a");
  EXPECT_EQ(joinGenome("a", "p\nq"), "a\np\nq");
  EXPECT_EQ(joinGenome("", "p"), "\np");
  EXPECT_EQ(splitGenome(joinGenome("", "p")).schedule, "");
  EXPECT_EQ(displayGenome(""), "naive");
  EXPECT_EQ(displayGenome("a,b"), "a,b");
  std::string shown = displayGenome("a\np");
  EXPECT_EQ(shown, "a + IR patch " + genomeHash("p").substr(0, 8));
  EXPECT_EQ(displayGenome("\np").rfind("naive + IR patch ", 0), 0u);
}

TEST_F(GenomeTest, NormalizesPatchesToOneText) {
  std::string error;
  FailureOr<std::string> a =
      normalizeGenome(&context, "foundry-vectorize\n" + doubling(), error);
  ASSERT_TRUE(succeeded(a)) << error;
  // Other SSA names, spacing and a module around it: the same genome.
  std::string other = doubling();
  for (auto [from, to] : {std::pair{"%v ", "%w "}, {"%two", "%c2"}})
    for (size_t at; (at = other.find(from)) != std::string::npos;)
      other.replace(at, strlen(from), to);
  // "#id = ...\nfoundry.kernel ..." -> "#id = ...\nmodule {\nfoundry.kernel
  // ...}".
  other.insert(other.find('\n') + 1, "module {\n");
  FailureOr<std::string> b = normalizeGenome(
      &context, "foundry-vectorize{max-elements=1024}\n" + other + "}", error);
  ASSERT_TRUE(succeeded(b)) << error;
  EXPECT_EQ(*a, *b);
  EXPECT_EQ(genomeHash(*a), genomeHash(*b));
  EXPECT_EQ(splitGenome(*a).schedule, "foundry-vectorize{max-elements=1024}");
  // Normal forms are fixed points.
  FailureOr<std::string> again = normalizeGenome(&context, *a, error);
  ASSERT_TRUE(succeeded(again)) << error;
  EXPECT_EQ(*again, *a);
  // Another computation is another genome.
  FailureOr<std::string> c = normalizeGenome(
      &context, "foundry-vectorize\n" + doubling("arith.addf %in, %in : f32"),
      error);
  ASSERT_TRUE(succeeded(c)) << error;
  EXPECT_NE(*c, *a);
}

TEST_F(GenomeTest, RefusesPatchesThatAreNotOneKernel) {
  std::string error;
  auto refused = [&](const std::string &patch) {
    error.clear();
    bool failedToNormalize =
        failed(normalizeGenome(&context, "foundry-vectorize\n" + patch, error));
    return failedToNormalize && !error.empty();
  };
  EXPECT_TRUE(refused("foundry.kernel @k(%x: tensor<4xf32>"));
  EXPECT_EQ(error.rfind("patch:1:", 0), 0u) << error;
  EXPECT_TRUE(refused("func.func @f() {\n  return\n}"));
  EXPECT_NE(error.find("one foundry.kernel op"), std::string::npos) << error;
  std::string second = doubling("arith.mulf %in, %two : f32", "", "4x8", "k2");
  EXPECT_TRUE(refused(doubling() + second.substr(second.find('\n') + 1)));
  EXPECT_NE(error.find("one foundry.kernel op"), std::string::npos) << error;
  EXPECT_TRUE(refused("foundry.kernel @k() " + std::string(5000, '(')));
  EXPECT_NE(error.find("nests deeper"), std::string::npos) << error;
  EXPECT_TRUE(
      refused("foundry.kernel @k() -> tensor<" + std::string(100, '<')));
  // Brackets in a comment neither nest nor unnest; closing brackets first
  // do not buy depth for the opening ones after them.
  EXPECT_TRUE(refused("// " + std::string(100, '(') + "\n" + doubling()) ==
              false)
      << error;
  EXPECT_TRUE(refused("// " + std::string(100, ')') + "\n" + doubling() +
                      "// x\n" + "foundry.kernel @k() " +
                      std::string(40, '(')));
  EXPECT_NE(error.find("nests deeper"), std::string::npos) << error;
  // A chain of unary minus recurses in the affine parser as brackets do.
  std::string minuses;
  for (int i = 0; i < 40; ++i)
    minuses += "- ";
  EXPECT_TRUE(
      refused("#m = affine_map<(d0) -> (" + minuses + "d0)>\n" + doubling()));
  EXPECT_NE(error.find("nests deeper"), std::string::npos) << error;
  // The > of ">=" closes nothing: rounds of 29 [ followed by affine_sets
  // of 32 ">=" each counted 32 levels, while the parser recursed 7,000
  // deep. The first level beyond the limit is named.
  std::string round = std::string(29, '[') + "affine_set<(d0):(";
  for (int i = 0; i < 31; ++i)
    round += "d0>=0,";
  round += "d0>=0)>,";
  std::string deep = "module attributes {x = ";
  for (int i = 0; i < 240; ++i)
    deep += round;
  deep += "1" + std::string(29 * 240, ']') + "} {}";
  ASSERT_LE(deep.size(), kMaxPatchBytes);
  EXPECT_TRUE(refused(deep));
  EXPECT_EQ(error.rfind("patch:1:266: the IR patch nests deeper than 32", 0),
            0u)
      << error;
  // An affine_set with as many ">=" in a patch that nests little is fine.
  std::string set = "#s = affine_set<(d0) : (";
  for (int i = 0; i < 100; ++i)
    set += "d0 >= 0, ";
  EXPECT_FALSE(refused(set + "d0 >= 0)>\n" + doubling())) << error;
  EXPECT_TRUE(refused(doubling() + "// " + std::string(kMaxPatchBytes, 'x')));
  EXPECT_NE(error.find("longer than"), std::string::npos) << error;
  // The schedule part is still checked.
  EXPECT_TRUE(
      failed(normalizeGenome(&context, "nonsense-pass\n" + doubling(), error)));
}

TEST_F(GenomeTest, AppliesAPatchUnderTheKernelsContract) {
  KernelOp kernel = kernelOf(doubling(
      "arith.mulf %in, %two : f32",
      " attributes {precision = #foundry.precision<3xtf32>, tolerance = "
      "#foundry.tolerance<atol = 1.0e-3, rtol = 1.0e-3>, workload = "
      "#foundry.workload<flops = 32, bytes = 256>}"));
  ASSERT_TRUE(kernel);
  std::string error;
  ASSERT_TRUE(succeeded(
      applyPatch(kernel, doubling("arith.addf %in, %in : f32"), error)))
      << error;
  // The kernel's body is the patch's; its name and contract are its own.
  std::string text;
  llvm::raw_string_ostream(text) << kernel;
  EXPECT_NE(text.find("arith.addf"), std::string::npos) << text;
  EXPECT_EQ(text.find("arith.mulf"), std::string::npos) << text;
  EXPECT_EQ(kernel.getSymName(), "k");
  EXPECT_EQ(kernel.getEffectivePrecision(), Precision::tf32x3);
  EXPECT_DOUBLE_EQ(kernel.getEffectiveTolerance().getAtolValue(), 1e-3);
  EXPECT_TRUE(succeeded(verify(kernel)));
  // The unpatched body's workload no longer describes the code.
  EXPECT_FALSE(kernel.getWorkloadAttr());
  // A patch may restate the contract, under another name.
  EXPECT_TRUE(succeeded(applyPatch(
      kernel,
      doubling("arith.mulf %in, %two : f32",
               " attributes {precision = #foundry.precision<3xtf32>}", "4x8",
               "renamed"),
      error)))
      << error;
  EXPECT_EQ(kernel.getSymName(), "k");
}

TEST_F(GenomeTest, RefusesPatchesThatBreakTheContract) {
  KernelOp kernel = kernelOf(doubling());
  ASSERT_TRUE(kernel);
  std::string before;
  llvm::raw_string_ostream(before) << kernel;
  std::string error;
  auto refused = [&](const std::string &patch, llvm::StringRef why) {
    error.clear();
    bool refusedIt = failed(applyPatch(kernel, patch, error));
    EXPECT_NE(error.find(why.str()), std::string::npos) << error << "\n"
                                                        << patch;
    return refusedIt;
  };
  EXPECT_TRUE(refused(doubling("arith.mulf %in, %two : f32", "", "4x4"),
                      "is not the kernel's"));
  EXPECT_TRUE(refused(
      doubling("arith.mulf %in, %two : f32",
               " attributes {tolerance = #foundry.tolerance<atol = 1.0, "
               "rtol = 1.0>}"),
      "may not change the kernel's tolerance"));
  EXPECT_TRUE(refused(doubling("arith.mulf %in, %two : f32",
                               " attributes {precision = "
                               "#foundry.precision<bf16>}"),
                      "may not change the kernel's precision"));
  EXPECT_TRUE(refused(doubling("arith.mulf %in, %two : f32",
                               " attributes {schedule = "
                               "#foundry.schedule<\"foundry-vectorize\">}"),
                      "carries no schedule"));
  std::string wrapped = doubling();
  wrapped.replace(wrapped.find("  %y = linalg"), 0,
                  "  %w = scf.execute_region -> f32 {\n    scf.yield %two : "
                  "f32\n  }\n");
  EXPECT_TRUE(refused(wrapped, "it has 'scf.execute_region'"));
  EXPECT_TRUE(refused("foundry.kernel @k(", "patch:1:"));
  // Attributes that steer schedule passes are the schedule's.
  std::string steered = doubling();
  steered.replace(steered.find("} ins("), 1, ", foundry.split_tile = 2}");
  EXPECT_TRUE(refused(steered, "may not set 'foundry.split_tile'"));
  // Resource blobs would hash differently at each parse.
  std::string blob = doubling("arith.addf %in, %c : f32");
  blob.replace(blob.find("  %e = "), 0,
               "  %r = arith.constant dense_resource<__elided__> : "
               "tensor<2xf32>\n  %c = tensor.extract %r[%i0] : "
               "tensor<2xf32>\n");
  blob.replace(blob.find("  %r = "), 0, "  %i0 = arith.constant 0 : index\n");
  EXPECT_TRUE(refused(blob, "dense_resource"));
  // A negative high padding cuts the tensor instead of padding it.
  std::string cut = doubling();
  cut.replace(cut.find("ins(%x"), 6, "ins(%p");
  cut.replace(cut.find("  %e = "), 0,
              "  %p = tensor.pad %x low[1, 0] high[-1, 0] {\n  ^bb0(%a: "
              "index, %b: index):\n    tensor.yield %two : f32\n  } : "
              "tensor<4x8xf32> to tensor<4x8xf32>\n");
  EXPECT_TRUE(refused(cut, "negative padding"));
  // Nothing of a refused patch reached the kernel.
  std::string after;
  llvm::raw_string_ostream(after) << kernel;
  EXPECT_EQ(after, before);
}

TEST_F(GenomeTest, UntrustedGenomesAreValidatedWhole) {
  std::string normalized, error;
  EXPECT_TRUE(validateGenome(&context, "\n" + doubling(), normalized, error))
      << error;
  EXPECT_EQ(splitGenome(normalized).schedule, "");
  EXPECT_FALSE(validateGenome(&context, "canonicalize\n" + doubling(),
                              normalized, error));
  EXPECT_NE(error.find("not a schedule pass"), std::string::npos) << error;
  EXPECT_FALSE(validateGenome(&context, "foundry-vectorize\nfoundry.kernel",
                              normalized, error));
}

TEST(Genome, PatchesAreChangesTheInsightsRecord) {
  EXPECT_EQ(scheduleChange("a", "a\np"), "+patch");
  EXPECT_EQ(scheduleChange("a\np", "a"), "-patch");
  EXPECT_EQ(scheduleChange("a\np", "a\nq"), "patch");
  EXPECT_EQ(scheduleChange("a\np", "a,b\np"), "+b");
}
