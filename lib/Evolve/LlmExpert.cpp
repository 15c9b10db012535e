//===- LlmExpert.cpp - Experts that ask an LLM over HTTP ------------------===//
//
// This file implements the request, the parsing and validation of replies,
// and the HTTP transport (libcurl) of LLM experts.
//
//===----------------------------------------------------------------------===//

#include "foundry/Evolve/LlmExpert.h"
#include "foundry/Transforms/SchedulePasses.h"

#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <curl/curl.h>

#include <cstdlib>
#include <deque>
#include <memory>
#include <mutex>

using namespace mlir;
using namespace mlir::foundry;

/// `text` (from an LLM's reply) fit for a terminal: bytes other than
/// printable ASCII (escape sequences, bells, carriage returns, invalid
/// UTF-8) as \XX, backslashes and double quotes escaped.
static std::string printable(llvm::StringRef text) {
  std::string escaped;
  llvm::raw_string_ostream os(escaped);
  llvm::printEscapedString(text, os);
  return escaped;
}

bool mlir::foundry::validateSchedule(MLIRContext *context,
                                     llvm::StringRef schedule,
                                     std::string &normalized,
                                     std::string &error) {
  if (schedule.size() > 4096) {
    error = "longer than 4096 characters";
    return false;
  }
  OpPassManager pm("builtin.module");
  std::string messages;
  llvm::raw_string_ostream stream(messages);
  if (failed(parsePassPipeline(schedule, pm, stream))) {
    error = "does not parse as a pass pipeline: " +
            llvm::StringRef(messages).trim().split('\n').first.str();
    return false;
  }
  if (std::optional<std::string> problem = scheduleProblem(pm)) {
    error = *problem;
    return false;
  }
  FailureOr<std::string> text = normalizeGenome(context, schedule, error);
  if (failed(text))
    return false;
  normalized = *text;
  return true;
}

bool mlir::foundry::validateGenome(MLIRContext *context, llvm::StringRef genome,
                                   std::string &normalized,
                                   std::string &error) {
  GenomeParts parts = splitGenome(genome);
  std::string schedule;
  // A patch alone runs under the naive schedule.
  if (!(parts.schedule.empty() && !parts.patch.empty()) &&
      !validateSchedule(context, parts.schedule, schedule, error))
    return false;
  if (parts.patch.empty()) {
    normalized = schedule;
    return true;
  }
  FailureOr<std::string> patch = normalizePatch(context, parts.patch, error);
  if (failed(patch))
    return false;
  normalized = joinGenome(schedule, *patch);
  return true;
}

std::string mlir::foundry::buildLlmRequest(const LlmExpertConfig &config,
                                           llvm::StringRef context,
                                           int count) {
  std::string system =
      "You are an expert in GPU kernel optimization for NVIDIA Hopper GPUs "
      "(sm_90a: H100, H200) working inside Kernel Foundry, a compiler that "
      "optimizes MLIR kernels by searching schedules. A schedule is an MLIR "
      "pass pipeline made only of foundry schedule passes, separated by "
      "commas, with options in braces, e.g. "
      "foundry-tile-blocks{sizes=64,64},foundry-tile-threads{"
      "sizes=4,4},foundry-tile-reduction{sizes=8},foundry-vectorize. "
      "Propose schedules that are likely to be faster than the best so far, "
      "using the diagnoses. A proposal may also rewrite the kernel: its "
      "optional \"kernel\" field is a whole foundry.kernel op with the same "
      "signature whose body replaces the kernel's before the schedule runs "
      "(ops of the arith, math, linalg and tensor dialects only; the "
      "kernel's tolerance and precision stay), e.g. to fuse, reorder or "
      "simplify its ops; it is checked against the original kernel on "
      "random inputs. Answer with JSON only, of the form "
      "{\"proposals\": [{\"schedule\": \"...\", \"rationale\": \"...\", "
      "\"kernel\": \"...\" (optional)}]}.";
  std::string user = context.str() + "\n\nPropose " + std::to_string(count) +
                     " distinct schedules.";
  llvm::json::Object body{
      {"model", config.model},
      {"temperature", config.temperature},
      {"max_tokens", config.maxTokens},
      {"messages",
       llvm::json::Array{
           llvm::json::Object{{"role", "system"}, {"content", system}},
           llvm::json::Object{{"role", "user"}, {"content", user}}}}};
  std::string text;
  llvm::raw_string_ostream(text) << llvm::json::Value(std::move(body));
  return text;
}

/// Calls `visit(index, c)` for each character of `text` from `start` that
/// is outside a JSON string literal (quotes and escapes tracked), until
/// `visit` returns false.
static void forEachOutsideStrings(
    llvm::StringRef text, size_t start,
    llvm::function_ref<bool(size_t, char)> visit) {
  bool inString = false, escaped = false;
  for (size_t i = start; i < text.size(); ++i) {
    char c = text[i];
    if (inString) {
      if (escaped)
        escaped = false;
      else if (c == '\\')
        escaped = true;
      else if (c == '"')
        inString = false;
    } else if (c == '"') {
      inString = true;
    } else if (!visit(i, c)) {
      return;
    }
  }
}

/// The first balanced JSON object in `text` that parses, if any.
static std::optional<llvm::json::Value> firstJsonObject(llvm::StringRef text) {
  for (size_t start = text.find('{'); start != llvm::StringRef::npos;
       start = text.find('{', start + 1)) {
    int depth = 0;
    std::optional<llvm::json::Value> found;
    forEachOutsideStrings(text, start, [&](size_t i, char c) {
      if (c == '{')
        ++depth;
      else if (c == '}' && --depth == 0) {
        llvm::Expected<llvm::json::Value> value =
            llvm::json::parse(text.slice(start, i + 1));
        if (value)
          found = std::move(*value);
        else
          llvm::consumeError(value.takeError());
        return false;
      }
      return true;
    });
    if (found)
      return found;
  }
  return std::nullopt;
}

/// The deepest nesting of [ and { in `text` outside strings: llvm::json
/// parses recursively, so hostile depth would overflow the stack.
static int jsonDepth(llvm::StringRef text) {
  int depth = 0, deepest = 0;
  forEachOutsideStrings(text, 0, [&](size_t, char c) {
    if (c == '[' || c == '{')
      deepest = std::max(deepest, ++depth);
    else if (c == ']' || c == '}')
      --depth;
    return true;
  });
  return deepest;
}

bool mlir::foundry::parseLlmResponse(llvm::StringRef body,
                                     std::vector<LlmProposal> &proposals,
                                     std::string &error) {
  // A reply nested deeper than this is not a list of schedules.
  constexpr int maxDepth = 64;
  if (jsonDepth(body) > maxDepth) {
    error = "the reply nests JSON deeper than " + std::to_string(maxDepth) +
            " levels";
    return false;
  }
  llvm::Expected<llvm::json::Value> response = llvm::json::parse(body);
  if (!response) {
    error = "the reply is not JSON: " + llvm::toString(response.takeError());
    return false;
  }
  const llvm::json::Object *root = response->getAsObject();
  const llvm::json::Array *choices = root ? root->getArray("choices") : nullptr;
  const llvm::json::Object *first =
      choices && !choices->empty() ? (*choices)[0].getAsObject() : nullptr;
  const llvm::json::Object *message =
      first ? first->getObject("message") : nullptr;
  std::optional<llvm::StringRef> content =
      message ? message->getString("content") : std::nullopt;
  if (!content) {
    error = "the reply has no choices[0].message.content";
    return false;
  }
  if (jsonDepth(*content) > maxDepth) {
    error = "the content nests JSON deeper than " + std::to_string(maxDepth) +
            " levels";
    return false;
  }
  std::optional<llvm::json::Value> object = firstJsonObject(*content);
  const llvm::json::Array *list =
      object && object->getAsObject()
          ? object->getAsObject()->getArray("proposals")
          : nullptr;
  if (!list) {
    error = "the content holds no JSON object with a \"proposals\" list";
    return false;
  }
  for (const llvm::json::Value &item : *list) {
    if (proposals.size() >= 16)
      break;
    const llvm::json::Object *proposal = item.getAsObject();
    std::optional<llvm::StringRef> schedule =
        proposal ? proposal->getString("schedule") : std::nullopt;
    if (!schedule || schedule->size() > 4096)
      continue;
    std::optional<llvm::StringRef> rationale =
        proposal->getString("rationale");
    // A "kernel" that is not a string is not a patch: the proposal is
    // dropped, not evaluated as a schedule alone.
    std::optional<llvm::StringRef> kernel = proposal->getString("kernel");
    if (!kernel && proposal->get("kernel") &&
        proposal->get("kernel")->kind() != llvm::json::Value::Null)
      continue;
    proposals.push_back({schedule->str(),
                         rationale ? rationale->take_front(1000).str() : "",
                         kernel ? kernel->str() : ""});
  }
  return true;
}

/// libcurl write callback: appends to a std::string, at most 4 MiB.
static size_t appendBody(char *data, size_t size, size_t count, void *out) {
  std::string &body = *static_cast<std::string *>(out);
  size_t bytes = size * count;
  if (body.size() + bytes > (size_t(4) << 20))
    return 0; // abort: a reply this large is not a list of schedules
  body.append(data, bytes);
  return bytes;
}

/// libcurl progress callback: a non-zero return aborts the transfer (the
/// search was interrupted).
static int checkStop(void *stop, curl_off_t, curl_off_t, curl_off_t,
                     curl_off_t) {
  auto *fn = static_cast<const std::function<bool()> *>(stop);
  return *fn && (*fn)() ? 1 : 0;
}

/// POSTs `body` as JSON to `config.url` within `timeoutSeconds`, giving up
/// when `stop` says so; fills `reply` or `error`.
static bool httpPost(const LlmExpertConfig &config, const std::string &body,
                     long timeoutSeconds, const std::function<bool()> &stop,
                     std::string &reply, std::string &error) {
  static std::once_flag once;
  std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
  std::unique_ptr<CURL, void (*)(CURL *)> curl(curl_easy_init(),
                                               curl_easy_cleanup);
  if (!curl) {
    error = "cannot initialize libcurl";
    return false;
  }
  curl_slist *headers =
      curl_slist_append(nullptr, "Content-Type: application/json");
  std::string authorization;
  if (!config.apiKeyEnv.empty()) {
    const char *key = std::getenv(config.apiKeyEnv.c_str());
    if (!key || !*key) {
      curl_slist_free_all(headers);
      error = "environment variable " + config.apiKeyEnv + " is not set";
      return false;
    }
    authorization = std::string("Authorization: Bearer ") + key;
    headers = curl_slist_append(headers, authorization.c_str());
  }
  char message[CURL_ERROR_SIZE] = "";
  curl_easy_setopt(curl.get(), CURLOPT_URL, config.url.c_str());
  curl_easy_setopt(curl.get(), CURLOPT_HTTPHEADER, headers);
  curl_easy_setopt(curl.get(), CURLOPT_POSTFIELDS, body.c_str());
  curl_easy_setopt(curl.get(), CURLOPT_POSTFIELDSIZE, long(body.size()));
  curl_easy_setopt(curl.get(), CURLOPT_TIMEOUT, timeoutSeconds);
  curl_easy_setopt(curl.get(), CURLOPT_NOPROGRESS, 0L);
  curl_easy_setopt(curl.get(), CURLOPT_XFERINFOFUNCTION, checkStop);
  curl_easy_setopt(curl.get(), CURLOPT_XFERINFODATA,
                   const_cast<std::function<bool()> *>(&stop));
  curl_easy_setopt(curl.get(), CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(curl.get(), CURLOPT_WRITEFUNCTION, appendBody);
  curl_easy_setopt(curl.get(), CURLOPT_WRITEDATA, &reply);
  curl_easy_setopt(curl.get(), CURLOPT_ERRORBUFFER, message);
  CURLcode code = curl_easy_perform(curl.get());
  curl_slist_free_all(headers);
  if (code != CURLE_OK) {
    error = code == CURLE_ABORTED_BY_CALLBACK ? "interrupted"
            : code == CURLE_WRITE_ERROR       ? "the reply is over 4 MiB"
            : *message                        ? message
                                              : curl_easy_strerror(code);
    return false;
  }
  long status = 0;
  curl_easy_getinfo(curl.get(), CURLINFO_RESPONSE_CODE, &status);
  if (status != 200) {
    error = "HTTP " + std::to_string(status) + ": " +
            llvm::StringRef(reply).take_front(200).str();
    return false;
  }
  return true;
}

Expert mlir::foundry::makeLlmExpert(
    const LlmExpertConfig &config, MLIRContext *context,
    std::function<void(const std::string &)> log) {
  struct State {
    std::deque<LlmProposal> queue;
    bool disabled = false;
    /// Replies in a row with no valid schedule.
    int empty = 0;
  };
  auto state = std::make_shared<State>();
  return {config.name, [config, context, log,
                        state](const ExpertRequest &request, std::mt19937 &) {
            if (state->queue.empty() && !state->disabled) {
              std::string reply, error;
              std::vector<LlmProposal> proposals;
              std::string text =
                  request.context ? request.context() : std::string();
              if (!request.parent.empty())
                text += "\n\nMutate this parent schedule: " + request.parent;
              // Within the search's time budget, if it has one.
              long timeout = config.timeoutSeconds;
              if (request.secondsLeft > 0)
                timeout = std::max<long>(
                    1, std::min<long>(timeout, long(request.secondsLeft)));
              else if (request.secondsLeft < 0)
                return std::string(); // the budget is spent
              if (!httpPost(config,
                            buildLlmRequest(config, text, config.proposals),
                            timeout, request.stop, reply, error) ||
                  !parseLlmResponse(reply, proposals, error)) {
                state->disabled = true;
                if (log)
                  log("expert " + config.name + ": " + printable(error) +
                      "; it proposes nothing more in this search");
                return std::string();
              }
              for (LlmProposal &p : proposals) {
                std::string normalized, why;
                auto reject = [&] {
                  if (log)
                    log("expert " + config.name + ": rejected '" +
                        printable(llvm::StringRef(p.schedule).take_front(120)) +
                        "'" + (p.kernel.empty() ? "" : " with a kernel") +
                        ": " + printable(why));
                };
                // Schedules hold no newline: a schedule with one would
                // pass for a genome with a patch.
                if (llvm::StringRef(p.schedule).contains('\n')) {
                  why = "holds a newline";
                  reject();
                  continue;
                }
                if (!validateGenome(context, joinGenome(p.schedule, p.kernel),
                                    normalized, why)) {
                  reject();
                  continue;
                }
                state->queue.push_back({normalized, p.rationale, ""});
              }
              if (state->queue.empty()) {
                // Twice in a row: this expert has nothing to offer here.
                state->disabled = ++state->empty >= 2;
                if (log)
                  log("expert " + config.name + ": no valid schedule in the "
                                                "reply" +
                      (state->disabled
                           ? "; it proposes nothing more in this search"
                           : ""));
              } else {
                state->empty = 0;
              }
            }
            if (state->queue.empty())
              return std::string();
            LlmProposal next = std::move(state->queue.front());
            state->queue.pop_front();
            if (request.rationale)
              *request.rationale = next.rationale;
            return next.schedule;
          }};
}
