//===- LlmExpert.h - Experts that ask an LLM over HTTP ----------*- C++ -*-===//
//
// LLM experts implement the same Expert interface as the built-in ones. One
// asks an OpenAI-compatible chat-completions endpoint for schedules. The
// request carries the search's context (kernel IR, loop analysis, best so
// far, recent diagnoses, the library's experience, the schedule passes).
// The reply is untrusted data: only a JSON list of proposals is read from
// it; each schedule must parse as a pipeline of foundry schedule passes
// alone, and a rewritten kernel (an IR patch, Genome.h) must parse within
// limits as one foundry.kernel. Anything else is dropped with a reason. A
// rewritten kernel is compiled like the kernel itself, only after the
// search has checked it (same signature and numerical contract; arith,
// math, linalg and tensor ops alone), and its results are checked against
// the unpatched kernel's reference; nothing else from a reply is run.
//
//===----------------------------------------------------------------------===//

#ifndef FOUNDRY_EVOLVE_LLMEXPERT_H
#define FOUNDRY_EVOLVE_LLMEXPERT_H

#include "foundry/Evolve/Search.h"
#include "foundry/Transforms/SchedulePasses.h"

#include <string>
#include <vector>

namespace mlir::foundry {

/// One LLM expert of an experts configuration (--experts FILE.yaml).
struct LlmExpertConfig {
  std::string name;
  /// Full URL of a chat-completions endpoint, e.g.
  /// http://localhost:8000/v1/chat/completions.
  std::string url;
  std::string model;
  /// Name of the environment variable holding the API key (sent as
  /// "Authorization: Bearer KEY"); empty: no key.
  std::string apiKeyEnv;
  double temperature = 0.7;
  /// Schedules asked for per request.
  int proposals = 4;
  int timeoutSeconds = 60;
  int maxTokens = 2048;
};

/// An experts configuration: the LLM experts, and which built-in experts
/// to keep (all when no `builtin` list is given; none for `builtin: []`).
struct ExpertsConfig {
  std::vector<LlmExpertConfig> llm;
  std::vector<std::string> builtin;
  bool builtinListed = false;
};

/// Reads an experts configuration (YAML). Format, with defaults:
///
///   builtin: [parallelism, compute, memory, reduction]
///   experts:
///     - name: llm-1
///       url: http://localhost:8000/v1/chat/completions
///       model: some-model
///       api_key_env: OPENAI_API_KEY   # optional
///       temperature: 0.7
///       proposals: 4
///       timeout_seconds: 60
///       max_tokens: 2048
///
/// Returns false with `error` ("PATH:LINE:COL: why") on malformed input.
bool parseExpertsConfig(const std::string &path, ExpertsConfig &config,
                        std::string &error);

/// One schedule an LLM proposed, with its rationale and, optionally, a
/// rewritten kernel (the text of an IR patch, see Genome.h; "" for none).
struct LlmProposal {
  std::string schedule, rationale, kernel;
};

/// Checks that `schedule` parses as a pipeline of schedule passes only
/// (schedulePassNames(), at the top level, no nesting); fills `normalized`.
bool validateSchedule(MLIRContext *context, llvm::StringRef schedule,
                      std::string &normalized, std::string &error);

/// Checks an untrusted genome (Genome.h): its schedule with
/// validateSchedule (it may be empty when the genome has an IR patch), its
/// patch with normalizePatch; fills `normalized` (normalizeGenome's form).
bool validateGenome(MLIRContext *context, llvm::StringRef genome,
                    std::string &normalized, std::string &error);

/// The body of a chat-completions request asking for `count` schedules,
/// with `context` (the search's state, see Search) as the user message.
std::string buildLlmRequest(const LlmExpertConfig &config,
                            llvm::StringRef context, int count);

/// Reads the schedules out of a chat-completions response body: the first
/// JSON object in choices[0].message.content (code fences allowed) of the
/// form {"proposals": [{"schedule": "...", "rationale": "...", "kernel":
/// "..."}]} ("kernel", a rewritten foundry.kernel, is optional). At most 16
/// proposals with schedules of at most 4096 characters are kept. Returns false
/// with `error` when no such list is found.
bool parseLlmResponse(llvm::StringRef body, std::vector<LlmProposal> &proposals,
                      std::string &error);

/// An Expert backed by `config`. Its genomes are the validated schedules,
/// each with its rewritten kernel, when it has one, as an IR patch
/// (normalizePatch; checked against the kernel by the search, see
/// applyPatch). It keeps a queue of validated proposals,
/// refilled by one HTTP request when empty. After a failed request it logs
/// the reason through `log` and proposes nothing more in this search.
/// Rejected proposals are logged with their reason too.
Expert makeLlmExpert(const LlmExpertConfig &config, MLIRContext *context,
                     std::function<void(const std::string &)> log);

} // namespace mlir::foundry

#endif // FOUNDRY_EVOLVE_LLMEXPERT_H
