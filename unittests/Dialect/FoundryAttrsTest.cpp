//===- FoundryAttrsTest.cpp - Unit tests of the foundry attributes -------===//
//
// Tolerance arithmetic, precision ordering and boundary-type checks, which
// lit cannot reach directly.
//
//===----------------------------------------------------------------------===//

#include "foundry/Dialect/Foundry/IR/Foundry.h"

#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

#include <limits>

using namespace mlir;
using namespace mlir::foundry;

namespace {
class FoundryAttrsTest : public ::testing::Test {
protected:
  FoundryAttrsTest() { context.loadDialect<FoundryDialect>(); }
  MLIRContext context;
};
} // namespace

TEST_F(FoundryAttrsTest, ToleranceFollowsKernelBenchRule) {
  auto tol = ToleranceAttr::get(&context, 1e-4, 1e-4);
  // |out - ref| <= atol + rtol * |ref|.
  EXPECT_TRUE(tol.accepts(1.0, 1.0));
  EXPECT_TRUE(tol.accepts(100.0 + 0.0101, 100.0)); // bound 1e-4 + 1e-2
  EXPECT_FALSE(tol.accepts(100.0 + 0.0102, 100.0));
  EXPECT_TRUE(tol.accepts(0.0 + 0.99e-4, 0.0));
  EXPECT_FALSE(tol.accepts(0.0 + 1.01e-4, 0.0));
  EXPECT_FALSE(tol.accepts(-1.0, 1.0));
}

TEST_F(FoundryAttrsTest, ToleranceRejectsNonFinite) {
  auto tol = ToleranceAttr::get(&context, 1.0, 1.0);
  double nan = std::numeric_limits<double>::quiet_NaN();
  double inf = std::numeric_limits<double>::infinity();
  EXPECT_FALSE(tol.accepts(nan, 0.0));
  EXPECT_FALSE(tol.accepts(0.0, nan));
  EXPECT_FALSE(tol.accepts(inf, inf));
  EXPECT_FALSE(tol.accepts(1.0, -inf));
}

TEST_F(FoundryAttrsTest, PrecisionOrdersByAccuracy) {
  auto ieee = PrecisionAttr::get(&context, Precision::ieee);
  auto tf32x3 = PrecisionAttr::get(&context, Precision::tf32x3);
  auto bf16 = PrecisionAttr::get(&context, Precision::bf16);
  EXPECT_TRUE(ieee.allows(Precision::ieee));
  EXPECT_FALSE(ieee.allows(Precision::tf32x3));
  EXPECT_TRUE(tf32x3.allows(Precision::ieee));
  EXPECT_TRUE(tf32x3.allows(Precision::tf32x3));
  EXPECT_FALSE(tf32x3.allows(Precision::tf32));
  EXPECT_TRUE(bf16.allows(Precision::tf32));
  EXPECT_EQ(stringifyPrecision(Precision::tf32x3), "3xtf32");
  EXPECT_EQ(symbolizePrecision("3xtf32"), Precision::tf32x3);
  EXPECT_FALSE(symbolizePrecision("fp8").has_value());
}

TEST_F(FoundryAttrsTest, BoundaryTypes) {
  Builder b(&context);
  auto f32 = b.getF32Type();
  EXPECT_FALSE(checkKernelBoundaryType(RankedTensorType::get({4, 8}, f32)));
  EXPECT_FALSE(
      checkKernelBoundaryType(RankedTensorType::get({3}, b.getI1Type())));
  std::optional<std::string> dynamic = checkKernelBoundaryType(
      RankedTensorType::get({ShapedType::kDynamic, 8}, f32));
  ASSERT_TRUE(dynamic.has_value());
  EXPECT_NE(dynamic->find("static shape"), std::string::npos);
  std::optional<std::string> memref =
      checkKernelBoundaryType(MemRefType::get({4}, f32));
  ASSERT_TRUE(memref.has_value());
  EXPECT_NE(memref->find("ranked tensor"), std::string::npos);
  std::optional<std::string> index =
      checkKernelBoundaryType(RankedTensorType::get({4}, b.getIndexType()));
  ASSERT_TRUE(index.has_value());
  EXPECT_NE(index->find("unsupported element type"), std::string::npos);
  EXPECT_FALSE(isAllowedBodyDialect("scf"));
  EXPECT_TRUE(isAllowedBodyDialect("linalg"));
}
