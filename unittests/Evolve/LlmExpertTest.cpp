//===- LlmExpertTest.cpp - Untrusted LLM replies -------------------------===//

#include "foundry/Evolve/LlmExpert.h"
#include "foundry/Evolve/Search.h"

#include "foundry/InitAll.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/JSON.h"

#include <gtest/gtest.h>

#include <random>
#include <set>

using namespace mlir;
using namespace mlir::foundry;

/// A chat-completions body whose message content is `content`.
static std::string reply(const std::string &content) {
  std::string text;
  llvm::raw_string_ostream(text) << llvm::json::Value(llvm::json::Object{
      {"choices", llvm::json::Array{llvm::json::Object{
                      {"message", llvm::json::Object{{"role", "assistant"},
                                                     {"content", content}}}}}}});
  return text;
}

TEST(LlmResponse, ReadsProposalsInsideProseAndFences) {
  std::vector<LlmProposal> proposals;
  std::string error;
  ASSERT_TRUE(parseLlmResponse(
      reply("Sure!\n```json\n{\"proposals\": [{\"schedule\": \"a{x=1}\", "
            "\"rationale\": \"r\"}, {\"schedule\": \"b\"}, {\"no\": 1}]}\n```"),
      proposals, error))
      << error;
  ASSERT_EQ(proposals.size(), 2u);
  EXPECT_EQ(proposals[0].schedule, "a{x=1}");
  EXPECT_EQ(proposals[0].rationale, "r");
  EXPECT_EQ(proposals[1].schedule, "b");
}

TEST(LlmResponse, SkipsBracesInStringsAndUnparsableObjects) {
  std::vector<LlmProposal> proposals;
  std::string error;
  ASSERT_TRUE(parseLlmResponse(
      reply("{not json} {\"proposals\": [{\"schedule\": \"x{s=}}\"}]}"),
      proposals, error))
      << error;
  ASSERT_EQ(proposals.size(), 1u);
  EXPECT_EQ(proposals[0].schedule, "x{s=}}");
}

TEST(LlmResponse, RejectsWhatIsNotAReply) {
  std::vector<LlmProposal> proposals;
  std::string error;
  EXPECT_FALSE(parseLlmResponse("<html>502</html>", proposals, error));
  EXPECT_NE(error.find("not JSON"), std::string::npos) << error;
  EXPECT_FALSE(parseLlmResponse("{\"choices\": []}", proposals, error));
  EXPECT_NE(error.find("choices[0].message.content"), std::string::npos);
  EXPECT_FALSE(parseLlmResponse(reply("I cannot help with that."), proposals,
                                error));
  EXPECT_NE(error.find("\"proposals\""), std::string::npos);
  EXPECT_TRUE(proposals.empty());
}

TEST(LlmResponse, KeepsAtMostSixteenBoundedProposals) {
  std::string list;
  for (int i = 0; i < 40; ++i)
    list += std::string(i ? "," : "") + "{\"schedule\": \"s" +
            std::to_string(i) + "\"}";
  list += ",{\"schedule\": \"" + std::string(5000, 'x') + "\"}";
  std::vector<LlmProposal> proposals;
  std::string error;
  ASSERT_TRUE(parseLlmResponse(reply("{\"proposals\": [" + list + "]}"),
                               proposals, error));
  EXPECT_EQ(proposals.size(), 16u);
}

TEST(ScheduleValidation, OnlyTopLevelSchedulePasses) {
  registerAllPasses();
  MLIRContext context;
  std::string normalized, error;
  EXPECT_TRUE(validateSchedule(
      &context, "foundry-tile-blocks{sizes=64,64},foundry-vectorize",
      normalized, error))
      << error;
  EXPECT_EQ(normalized.rfind(
                "foundry-tile-blocks{fuse=all sizes={64,64} target=result}", 0),
            0u)
      << normalized;
  EXPECT_FALSE(validateSchedule(&context, "canonicalize", normalized, error));
  EXPECT_NE(error.find("not a schedule pass"), std::string::npos) << error;
  EXPECT_FALSE(validateSchedule(
      &context, "foundry-tile-blocks{sizes=1},foundry-to-nvvm", normalized,
      error));
  EXPECT_FALSE(
      validateSchedule(&context, "foundry-tile-blocks{", normalized, error));
  EXPECT_NE(error.find("does not parse"), std::string::npos) << error;
  EXPECT_FALSE(validateSchedule(&context, std::string(5000, 'a'), normalized,
                                error));
}

TEST(ScheduleValidation, EveryBuiltinProposalIsASchedule) {
  // What the built-in experts propose is what LLM experts may propose and
  // what the library imports: the same list of schedule passes. (It once
  // lacked foundry-pad, -split-k and -im2col, and a library holding their
  // schedules no longer imported.)
  registerAllPasses();
  MLIRContext context;
  KernelShape irregular; // L1 8: padded GEMMs.
  irregular.extents = {8205, 2949, 5921};
  irregular.parallel = {true, true, false};
  irregular.reduced = {false, false, false};
  irregular.contraction = irregular.gemm = irregular.tensorCores = true;
  irregular.gemmM = 8205, irregular.gemmN = 2949, irregular.gemmK = 5921;
  KernelShape largeK = irregular; // L1 6: split-K.
  largeK.extents = {256, 256, 524288};
  largeK.gemmM = 256, largeK.gemmN = 256, largeK.gemmK = 524288;
  KernelShape conv; // L1 50: im2col.
  conv.extents = {10, 96, 55, 55, 3, 11, 11};
  conv.parallel = {true, true, true, true, false, false, false};
  conv.reduced.assign(7, false);
  conv.im2col = conv.im2colRoot = conv.tensorCores = true;
  conv.gemmM = 96, conv.gemmN = 55 * 55, conv.gemmK = 363;
  std::set<std::string> passes;
  for (const KernelShape *shape : {&irregular, &largeK, &conv})
    for (const Expert &expert : builtinExperts())
      for (unsigned seed = 0; seed < 24; ++seed) {
        std::mt19937 rng(seed);
        ExpertRequest request{*shape};
        std::string schedule = expert.propose(request, rng);
        if (schedule.empty())
          continue;
        std::string normalized, error;
        EXPECT_TRUE(validateSchedule(&context, schedule, normalized, error))
            << expert.name << ": " << schedule << ": " << error;
        for (const std::string &name : schedulePassNames())
          if (schedule.find(name + "{") != std::string::npos ||
              schedule.find(name + ",") != std::string::npos ||
              llvm::StringRef(schedule).ends_with(name))
            passes.insert(name);
      }
  for (const char *name : {"foundry-pad", "foundry-split-k", "foundry-im2col"})
    EXPECT_TRUE(passes.count(name)) << name << " never proposed";
}

TEST(ScheduleValidation, EverySchedulePassValidates) {
  // Each pass a schedule may use (the defs of class SchedulePass in
  // Passes.td), alone with its default options, is a registered pass and a
  // schedule (a hand-kept list once lacked foundry-fold-pad and
  // foundry-tile-warpgroups, which the search proposes, and the KernelBench
  // library export holding their schedules no longer imported). The
  // registered foundry passes are listed in test/Tools/foundry-passes.test.
  registerAllPasses();
  MLIRContext context;
  for (const std::string &name : schedulePassNames()) {
    EXPECT_NE(PassInfo::lookup(name), nullptr) << name;
    std::string normalized, error;
    EXPECT_TRUE(validateSchedule(&context, name, normalized, error))
        << name << ": " << error;
  }
  for (const char *name : {"foundry-tile-blocks", "foundry-reduce-threads",
                           "foundry-split-reduction", "foundry-mma",
                           "foundry-decompose-arg-reductions"})
    EXPECT_TRUE(llvm::is_contained(schedulePassNames(), name)) << name;
  // Lowering passes are not.
  for (const char *name : {"foundry-to-nvvm", "foundry-bufferize",
                           "foundry-map-forall-to-gpu", "foundry-widen-to-f64",
                           "foundry-outline-kernels"}) {
    EXPECT_FALSE(llvm::is_contained(schedulePassNames(), name)) << name;
    std::string normalized, error;
    EXPECT_FALSE(validateSchedule(&context, name, normalized, error)) << name;
  }
}

TEST(LlmResponse, RejectsHostileNesting) {
  // llvm::json parses recursively: deep nesting must be refused before.
  std::vector<LlmProposal> proposals;
  std::string error;
  std::string deep(100000, '[');
  EXPECT_FALSE(parseLlmResponse(deep, proposals, error));
  EXPECT_NE(error.find("deeper than"), std::string::npos) << error;
  EXPECT_FALSE(parseLlmResponse(reply(std::string(50000, '[')), proposals,
                                error));
  EXPECT_NE(error.find("deeper than"), std::string::npos) << error;
}
