//===- UntrustedInputTest.cpp - Unit tests of the input limits ------------===//
//
// How deep MLIR text nests as findDeepNesting counts it (brackets, the
// arrows and comparisons that are none, strings, comments, chains of terms,
// aliases), where it reports the first place beyond the limit, and which
// files readUntrustedFile refuses.
//
//===----------------------------------------------------------------------===//

#include "foundry/Support/UntrustedInput.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <string>
#include <sys/stat.h>
#include <unistd.h>

using namespace mlir::foundry;

/// `text` repeated `n` times.
static std::string repeat(const std::string &text, int n) {
  std::string out;
  for (int i = 0; i < n; ++i)
    out += text;
  return out;
}

TEST(NestingDepth, CountsEveryKindOfBracket) {
  EXPECT_EQ(nestingDepth(""), 0u);
  EXPECT_EQ(nestingDepth("f32"), 0u);
  EXPECT_EQ(nestingDepth("tensor<4xf32>"), 1u);
  EXPECT_EQ(nestingDepth("([{<>}])"), 4u);
  EXPECT_EQ(nestingDepth("(a)(b)[c]{d}<e>"), 1u);
  EXPECT_EQ(nestingDepth("func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> "
                         "{\n  return %x : tensor<4xf32>\n}\n"),
            2u);
}

TEST(NestingDepth, ArrowsAndComparisonsAreNoBrackets) {
  EXPECT_EQ(nestingDepth("affine_map<(d0) -> (d0)>"), 2u);
  // The > of "->" and ">=" closes nothing, the < of "<=" opens nothing.
  EXPECT_EQ(nestingDepth("<-><-><->"), 3u);
  EXPECT_EQ(nestingDepth("<>=<>=<>="), 3u);
  EXPECT_EQ(nestingDepth("<=<=<=(<=)"), 1u);
  EXPECT_EQ(nestingDepth("affine_set<(d0) : (d0 >= 0, d0 - 1 >= 0)>"), 3u);
  // The bypass of the patch check this replaces: each round of 28 [ was
  // undone by the >= of an affine_set, so 8,400 levels counted as 28.
  std::string round = repeat("[", 28) + "affine_set<(d0) : (" +
                      repeat("d0 >= 0, ", 30) + "d0 >= 0)>, ";
  std::string bypass = repeat(round, 300) + repeat("]", 28 * 300);
  EXPECT_EQ(nestingDepth(bypass), 28u * 300 + 2);
}

TEST(NestingDepth, IgnoresClosingBracketsWithNothingOpen) {
  EXPECT_EQ(nestingDepth(">>>((("), 3u);
  EXPECT_EQ(nestingDepth(")))]]]}}}((("), 3u);
  // A > closes only a <; a ) closes its ( and any < left open above it.
  EXPECT_EQ(nestingDepth("((>((("), 5u);
  EXPECT_EQ(nestingDepth("(<<)((("), 3u);
  // A ] does not close a (.
  EXPECT_EQ(nestingDepth("(]((("), 4u);
}

TEST(NestingDepth, SkipsStringsAndComments) {
  EXPECT_EQ(nestingDepth("\"((((<<<<[[[[\""), 0u);
  EXPECT_EQ(nestingDepth("\"\\\"((\" ("), 1u);
  EXPECT_EQ(nestingDepth("\"\\\\\" ("), 1u);
  EXPECT_EQ(nestingDepth("\"))))\" ((("), 3u);
  // A string ends at its line's end, as the lexer's does.
  EXPECT_EQ(nestingDepth("\"((\n("), 1u);
  EXPECT_EQ(nestingDepth("// ((((\n("), 1u);
  EXPECT_EQ(nestingDepth("( // ))))\n(("), 3u);
  EXPECT_EQ(nestingDepth("// no newline (((("), 0u);
  // A single / is no comment.
  EXPECT_EQ(nestingDepth("/((/"), 2u);
}

TEST(NestingDepth, CountsChainsOfTerms) {
  EXPECT_EQ(nestingDepth("(d0 + d0 + d0)"), 3u);
  EXPECT_EQ(nestingDepth("(- - - d0)"), 4u);
  // * and words do not end a sum; ",", "=", ":" and strings do.
  EXPECT_EQ(nestingDepth("(d0 + d0 * 2 + d0 floordiv 2 + %s)"), 4u);
  EXPECT_EQ(nestingDepth("[-1, -2, -3]"), 2u);
  EXPECT_EQ(nestingDepth("{a = -1.0e-5}"), 3u);
  EXPECT_EQ(nestingDepth("-1 : i32\n-2 : i32\n"), 1u);
  // Comments and line breaks do not end a sum.
  EXPECT_EQ(nestingDepth("(d0 + // +\n d0 +\n d0)"), 3u);
  // The terms before a bracket stay open inside it.
  EXPECT_EQ(nestingDepth("d0 + (d0 + (d0))"), 4u);
  EXPECT_EQ(nestingDepth("(d0 + d0) + (d0 + d0)"), 3u);
  // Arrows end nothing of the kind and count no term.
  EXPECT_EQ(nestingDepth("(d0) -> (d0)"), 1u);
  std::string sum = "affine_map<(d0) -> (" + repeat("d0 + ", 1000) + "d0)>";
  EXPECT_EQ(nestingDepth(sum), 1002u);
}

TEST(NestingDepth, CountsTheAliasesUsed) {
  EXPECT_EQ(nestingDepth("#a0 = [1]\n#a1 = [#a0]\n#a2 = [#a1]\n"), 3u);
  EXPECT_EQ(nestingDepth("!t0 = tuple<f32>\n!t1 = tuple<!t0>\n"
                         "func.func @f(%x: !t1)"),
            3u);
  // A definition found past a comment.
  EXPECT_EQ(nestingDepth("#a // =\n = [[1]]\n#b = [#a]"), 3u);
  // A chain of 1,000 aliases is 1,000 levels deep.
  std::string chain = "#a0 = [1]\n";
  for (int i = 1; i < 1000; ++i)
    chain +=
        "#a" + std::to_string(i) + " = [#a" + std::to_string(i - 1) + "]\n";
  EXPECT_EQ(nestingDepth(chain), 1000u);
  // Uses of an alias after its definition do not deepen it.
  std::string uses =
      "#m = affine_map<(d0) -> (d0)>\n" + repeat("{[#m]}\n", 1000);
  EXPECT_EQ(nestingDepth(uses), 4u);
  // A redefinition is counted afresh; names that are no alias count nothing.
  EXPECT_FALSE(findDeepNesting("#a = [[[1]]]\n#a = [1]\n#b = [[#a]]", 3));
  EXPECT_TRUE(findDeepNesting("#a = [[[1]]]\n#b = [[#a]]", 3));
  EXPECT_EQ(nestingDepth("[#foundry.tile<[1]>, !llvm.ptr]"), 3u);
}

TEST(FindDeepNesting, NamesTheFirstPlaceBeyondTheLimit) {
  EXPECT_FALSE(findDeepNesting("((()))", 3));
  std::optional<DeepNesting> deep = findDeepNesting("a\nbc(((", 2);
  ASSERT_TRUE(deep);
  EXPECT_EQ(deep->offset, 6u);
  EXPECT_EQ(deep->line, 2u);
  EXPECT_EQ(deep->column, 5u);
  // Before the first line break, and with brackets closed on the way.
  deep = findDeepNesting("(())((( ", 2);
  ASSERT_TRUE(deep);
  EXPECT_EQ(deep->line, 1u);
  EXPECT_EQ(deep->column, 7u);
  // The term of a sum beyond the limit.
  deep = findDeepNesting("\n\n  (d0 + d0 + d0)", 2);
  ASSERT_TRUE(deep);
  EXPECT_EQ(deep->line, 3u);
  EXPECT_EQ(deep->column, 12u);
  // The use of an alias beyond the limit.
  deep = findDeepNesting("#a = [[1]]\n#b = [#a]\n", 2);
  ASSERT_TRUE(deep);
  EXPECT_EQ(deep->line, 2u);
  EXPECT_EQ(deep->column, 7u);
  // 100,000 levels stop at the first beyond the default limit.
  deep = findDeepNesting(repeat("[", 100000) + repeat("]", 100000));
  ASSERT_TRUE(deep);
  EXPECT_EQ(deep->offset, size_t(kMaxNestingDepth));
  EXPECT_EQ(deep->column, kMaxNestingDepth + 1);
}

TEST(CheckNestingDepth, SaysWhereAndWhy) {
  std::string error;
  EXPECT_TRUE(succeeded(checkNestingDepth("(())", "k.mlir", error, 2)));
  EXPECT_TRUE(error.empty());
  EXPECT_TRUE(failed(checkNestingDepth("\n (((", "k.mlir", error, 2)));
  EXPECT_EQ(error.rfind("k.mlir:2:4: error: nests deeper than 2 levels", 0), 0u)
      << error;
}

namespace {
/// A folder of its own under the test's temporary directory.
class ReadUntrustedFile : public ::testing::Test {
protected:
  void SetUp() override {
    llvm::SmallString<128> path;
    ASSERT_FALSE(
        llvm::sys::fs::createUniqueDirectory("foundry-untrusted", path));
    dir = std::string(path);
  }
  void TearDown() override { llvm::sys::fs::remove_directories(dir); }

  std::string write(const std::string &name, const std::string &bytes) {
    std::string path = dir + "/" + name;
    std::error_code ec;
    llvm::raw_fd_ostream(path, ec) << bytes;
    EXPECT_FALSE(ec);
    return path;
  }

  std::string dir;
};
} // namespace

TEST_F(ReadUntrustedFile, ReadsARegularFileWithinTheLimit) {
  std::string error;
  std::string path = write("k.mlir", "module {}\n");
  std::unique_ptr<llvm::MemoryBuffer> buffer =
      readUntrustedFile(path, error, 10);
  ASSERT_TRUE(buffer) << error;
  EXPECT_EQ(buffer->getBuffer(), "module {}\n");
  EXPECT_EQ(buffer->getBufferIdentifier(), path);
  // The MLIR lexer reads up to the terminating null.
  EXPECT_EQ(*buffer->getBufferEnd(), '\0');
}

TEST_F(ReadUntrustedFile, RefusesWhatIsNoRegularFileOrTooLarge) {
  std::string error;
  EXPECT_FALSE(readUntrustedFile("/dev/zero", error));
  EXPECT_EQ(error, "/dev/zero: not a regular file (a character device)");
  EXPECT_FALSE(readUntrustedFile(dir, error));
  EXPECT_EQ(error, dir + ": not a regular file (a directory)");
  // A FIFO is refused before it is opened (which would wait for a writer).
  std::string fifo = dir + "/fifo";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  EXPECT_FALSE(readUntrustedFile(fifo, error));
  EXPECT_EQ(error, fifo + ": not a regular file (a FIFO)");
  std::string big = write("big.mlir", std::string(11, ' '));
  EXPECT_FALSE(readUntrustedFile(big, error, 10));
  EXPECT_EQ(error, big + ": 11 bytes, over the limit of 10 bytes for an input");
  EXPECT_FALSE(readUntrustedFile(dir + "/missing.mlir", error));
  EXPECT_EQ(error, dir + "/missing.mlir: No such file or directory");
}

TEST_F(ReadUntrustedFile, ChecksTheNestingOfMlir) {
  std::string error;
  std::string path = write("deep.mlir", "// x\n" + repeat("[", 1000));
  EXPECT_FALSE(readUntrustedMlir(path, error));
  EXPECT_EQ(
      error.rfind(path + ":2:513: error: nests deeper than 512 levels", 0), 0u)
      << error;
  EXPECT_TRUE(readUntrustedMlir(write("ok.mlir", "module {}\n"), error));
}
