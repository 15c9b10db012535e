//===- LibraryTest.cpp - Unit tests of the experience library -------------===//
//
// Recording and finding candidates (the results cache), retrieval by exact
// fingerprint, then op graph, then family, and persistence across reopening.
//
//===----------------------------------------------------------------------===//

#include "foundry/Evolve/Library.h"

#include <gtest/gtest.h>

#include <cstdio>

using namespace mlir::foundry;

static KernelFingerprint fingerprint(const std::string &graph,
                                     const std::string &shapes,
                                     const std::string &family) {
  KernelFingerprint f;
  f.opGraph = graph;
  f.shapeBucket = shapes;
  f.family = family;
  f.target = "sm_90";
  f.identity = graph + " " + shapes;
  return f;
}

static CandidateRecord candidate(const KernelFingerprint &kernel,
                                 const std::string &genome, bool ok,
                                 double ms) {
  CandidateRecord record;
  record.kernelKey = kernel.kernelKey();
  record.genomeHash = "h-" + genome;
  record.genome = genome;
  record.stage = ok ? "ok" : "correctness";
  record.ok = ok;
  record.medianMs = ms;
  record.diagnosis = "{}";
  return record;
}

TEST(ExperienceLibrary, CachesAndRetrievesByClosestMatch) {
  std::string error;
  std::unique_ptr<ExperienceLibrary> library =
      ExperienceLibrary::open(":memory:", error);
  ASSERT_TRUE(library) << error;
  KernelFingerprint big = fingerprint("matmul", "4096", "contraction");
  KernelFingerprint small = fingerprint("matmul", "64", "contraction");
  KernelFingerprint other = fingerprint("bmm", "64", "contraction");
  KernelFingerprint relu = fingerprint("relu", "64", "elementwise");
  for (const KernelFingerprint *f : {&big, &small, &other, &relu})
    ASSERT_TRUE(library->addKernel(*f, "k", error)) << error;
  int64_t run = library->beginRun(7, "{}", error);
  ASSERT_GT(run, 0) << error;

  ASSERT_TRUE(library->recordCandidate(candidate(big, "slow", true, 9), error));
  ASSERT_TRUE(library->recordCandidate(candidate(big, "fast", true, 3), error));
  ASSERT_TRUE(
      library->recordCandidate(candidate(big, "wrong", false, 1), error));
  ASSERT_TRUE(
      library->recordCandidate(candidate(small, "tiny", true, 1), error));
  ASSERT_TRUE(
      library->recordCandidate(candidate(other, "bmm", true, 2), error));
  ASSERT_TRUE(library->recordCandidate(candidate(relu, "vec", true, 1), error));

  // The results cache: a genome evaluated before is found, failed or not.
  std::optional<CandidateRecord> cached =
      library->findCandidate(big.kernelKey(), "h-wrong");
  ASSERT_TRUE(cached);
  EXPECT_FALSE(cached->ok);
  EXPECT_EQ(cached->stage, "correctness");
  EXPECT_FALSE(library->findCandidate(big.kernelKey(), "h-never"));

  // Exact kernel first (fastest first, failures never), then the same graph
  // at other shapes, then the same family; never another family.
  std::vector<CandidateRecord> found = library->retrieve(big, 10);
  ASSERT_EQ(found.size(), 4u);
  EXPECT_EQ(found[0].genome, "fast");
  EXPECT_EQ(found[0].match, "exact");
  EXPECT_EQ(found[1].genome, "slow");
  EXPECT_EQ(found[2].genome, "tiny");
  EXPECT_EQ(found[2].match, "graph");
  EXPECT_EQ(found[3].genome, "bmm");
  EXPECT_EQ(found[3].match, "family");
  EXPECT_EQ(library->retrieve(big, 1).size(), 1u);

  // Recording a genome again replaces its record.
  ASSERT_TRUE(library->recordCandidate(candidate(big, "slow", true, 1), error));
  EXPECT_EQ(library->retrieve(big, 1)[0].genome, "slow");
  ExperienceLibrary::Stats stats = library->stats();
  EXPECT_EQ(stats.kernels, 4);
  EXPECT_EQ(stats.runs, 1);
  EXPECT_EQ(stats.candidates, 6);
  EXPECT_EQ(stats.passed, 5);
}

TEST(ExperienceLibrary, VerdictsStayWithTheirKernel) {
  // Two kernels of one fingerprint (a cumsum and a reverse cumsum): each
  // keeps its own verdicts; the other's schedules are still retrieved as
  // seeds, at the exact level.
  std::string error;
  std::unique_ptr<ExperienceLibrary> library =
      ExperienceLibrary::open(":memory:", error);
  ASSERT_TRUE(library) << error;
  KernelFingerprint forward = fingerprint("scan", "32768", "reduction");
  KernelFingerprint reverse = forward;
  reverse.identity += " ugt";
  ASSERT_EQ(forward.exactKey(), reverse.exactKey());
  ASSERT_NE(forward.kernelKey(), reverse.kernelKey());
  for (const KernelFingerprint *f : {&forward, &reverse})
    ASSERT_TRUE(library->addKernel(*f, "k", error)) << error;
  ASSERT_GT(library->beginRun(1, "{}", error), 0) << error;
  ASSERT_TRUE(
      library->recordCandidate(candidate(forward, "rows", true, 3.8), error));
  EXPECT_TRUE(library->findCandidate(forward.kernelKey(), "h-rows"));
  EXPECT_FALSE(library->findCandidate(reverse.kernelKey(), "h-rows"));
  std::vector<CandidateRecord> found = library->retrieve(reverse, 10);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].genome, "rows");
  EXPECT_EQ(found[0].match, "exact");
  EXPECT_EQ(library->stats().kernels, 2);
}

TEST(ExperienceLibrary, RetrievesOnlyWhatBeatNaive) {
  std::string error;
  std::unique_ptr<ExperienceLibrary> library =
      ExperienceLibrary::open(":memory:", error);
  ASSERT_TRUE(library) << error;
  KernelFingerprint gemm = fingerprint("matmul", "4096", "contraction");
  KernelFingerprint neighbour = fingerprint("matmul", "1024", "contraction");
  for (const KernelFingerprint *f : {&gemm, &neighbour})
    ASSERT_TRUE(library->addKernel(*f, "k", error)) << error;
  ASSERT_GT(library->beginRun(1, "{}", error), 0) << error;
  // The neighbour's naive schedule took 300 ms: a schedule at 500 ms passed
  // its check but is no experience to seed a search with, nor is naive.
  for (auto [genome, ms] : {std::pair{"", 300.0}, std::pair{"slower", 500.0},
                            std::pair{"faster", 3.0}})
    ASSERT_TRUE(library->recordCandidate(candidate(neighbour, genome, true, ms),
                                         error));
  std::vector<CandidateRecord> found = library->retrieve(gemm, 10, true);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].genome, "faster");
  // `foundry-library best` still lists every passing schedule.
  EXPECT_EQ(library->retrieve(gemm, 10).size(), 3u);
}

TEST(ExperienceLibrary, RunsKeepTheirConfiguration) {
  std::string error;
  std::unique_ptr<ExperienceLibrary> library =
      ExperienceLibrary::open(":memory:", error);
  ASSERT_TRUE(library) << error;
  int64_t first = library->beginRun(1, "seed=1 reference=naive", error);
  int64_t second = library->beginRun(1, "seed=1 reference=f64", error);
  ASSERT_GT(first, 0) << error;
  ASSERT_GT(second, first) << error;
  EXPECT_EQ(library->runConfiguration(first), "seed=1 reference=naive");
  EXPECT_EQ(library->runConfiguration(second), "seed=1 reference=f64");
  EXPECT_EQ(library->runConfiguration(second + 1), std::nullopt);
  EXPECT_EQ(library->findRun("seed=1 reference=f64"), second);
}

TEST(ExperienceLibrary, PersistsAcrossReopening) {
  std::string path = ::testing::TempDir() + "/foundry-library-test.sqlite";
  std::remove(path.c_str());
  std::string error;
  KernelFingerprint kernel = fingerprint("softmax", "1024", "reduction");
  {
    auto library = ExperienceLibrary::open(path, error);
    ASSERT_TRUE(library) << error;
    ASSERT_TRUE(library->addKernel(kernel, "softmax", error)) << error;
    ASSERT_TRUE(
        library->recordCandidate(candidate(kernel, "rows", true, 4), error));
  }
  auto reopened = ExperienceLibrary::open(path, error);
  ASSERT_TRUE(reopened) << error;
  std::optional<CandidateRecord> found =
      reopened->findCandidate(kernel.kernelKey(), "h-rows");
  ASSERT_TRUE(found);
  EXPECT_EQ(found->genome, "rows");
  EXPECT_DOUBLE_EQ(found->medianMs, 4);
  for (const char *suffix : {"", "-wal", "-shm"})
    std::remove((path + suffix).c_str());
}

TEST(ExperienceLibrary, ReportsAnUnopenablePath) {
  std::string error;
  EXPECT_FALSE(ExperienceLibrary::open("/nonexistent-dir/x/lib.sqlite", error));
  EXPECT_NE(error.find("/nonexistent-dir/x/lib.sqlite"), std::string::npos);
}

TEST(Insights, SumOverRunsAndExcludeTheResumedOne) {
  std::string error;
  std::unique_ptr<ExperienceLibrary> library =
      ExperienceLibrary::open(":memory:", error);
  ASSERT_TRUE(library) << error;
  ASSERT_TRUE(library->recordInsight("fam", "compute", "+foundry-unroll", 1,
                                     2.0, error));
  ASSERT_TRUE(library->recordInsight("fam", "compute", "+foundry-unroll", 1,
                                     0.5, error));
  ASSERT_TRUE(library->recordInsight("fam", "compute", "+foundry-unroll", 2, 0,
                                     error));
  ASSERT_TRUE(library->recordInsight("other", "memory", "options", 2, 1.5,
                                     error));
  std::vector<ExperienceLibrary::Insight> all = library->insights("fam");
  ASSERT_EQ(all.size(), 1u);
  EXPECT_EQ(all[0].tries, 3);
  EXPECT_EQ(all[0].passed, 2);
  EXPECT_EQ(all[0].improvements, 1);
  EXPECT_DOUBLE_EQ(all[0].gain, 2.5);
  std::vector<ExperienceLibrary::Insight> before = library->insights("fam", 2);
  ASSERT_EQ(before.size(), 1u);
  EXPECT_EQ(before[0].tries, 2);
  EXPECT_EQ(library->insights("").size(), 2u);
}

TEST(Insights, ImportingAnExportIntoItsOwnLibraryChangesNothing) {
  std::string error;
  std::unique_ptr<ExperienceLibrary> library =
      ExperienceLibrary::open(":memory:", error);
  ASSERT_TRUE(library) << error;
  ASSERT_TRUE(
      library->recordInsight("fam", "compute", "options", 1, 2.0, error));
  ASSERT_TRUE(library->recordInsight("fam", "compute", "options", 2, 0, error));
  // What an export of this library says (a total over its runs).
  std::vector<ExperienceLibrary::Insight> exported = library->insights("");
  ASSERT_EQ(exported.size(), 1u);
  for (int i = 0; i < 2; ++i)
    ASSERT_TRUE(library->addInsight(exported[0], 0, error)) << error;
  std::vector<ExperienceLibrary::Insight> after = library->insights("");
  ASSERT_EQ(after.size(), 1u);
  EXPECT_EQ(after[0].tries, 2);
  EXPECT_EQ(after[0].passed, 1);
  EXPECT_EQ(after[0].improvements, 1);
  EXPECT_DOUBLE_EQ(after[0].gain, 2.0);
  // Another library's larger total raises this one's to it, not beyond.
  ExperienceLibrary::Insight larger = exported[0];
  larger.tries = 5;
  larger.passed = 3;
  larger.gain = 3.5;
  ASSERT_TRUE(library->addInsight(larger, 0, error)) << error;
  ASSERT_TRUE(library->addInsight(larger, 0, error)) << error;
  after = library->insights("");
  EXPECT_EQ(after[0].tries, 5);
  EXPECT_EQ(after[0].passed, 3);
  EXPECT_EQ(after[0].improvements, 1);
  EXPECT_DOUBLE_EQ(after[0].gain, 3.5);
}
