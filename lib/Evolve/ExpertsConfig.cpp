//===- ExpertsConfig.cpp - The --experts YAML file ------------------------===//
//
// This file reads an experts configuration with yaml-cpp. yaml-cpp reports
// malformed input with exceptions, so this file alone is compiled with
// -fexceptions; every exception ends here as an error message. The file is
// read as untrusted input (readUntrustedFile: a regular file of at most
// 1 GiB).
//
//===----------------------------------------------------------------------===//

#include "foundry/Evolve/LlmExpert.h"
#include "foundry/Support/UntrustedInput.h"

#include <yaml-cpp/yaml.h>

using namespace mlir::foundry;

namespace {
/// An error at a YAML node, as "PATH:LINE:COL: why".
struct ConfigError {
  std::string message;
};

std::string at(const std::string &path, const YAML::Mark &mark) {
  // An empty document has no node, and so no position.
  if (mark.is_null())
    return path + ": ";
  return path + ":" + std::to_string(mark.line + 1) + ":" +
         std::to_string(mark.column + 1) + ": ";
}

std::string at(const std::string &path, const YAML::Node &node) {
  return at(path, node.Mark());
}
} // namespace

bool mlir::foundry::parseExpertsConfig(const std::string &path,
                                       ExpertsConfig &config,
                                       std::string &error) {
  std::unique_ptr<llvm::MemoryBuffer> file = readUntrustedFile(path, error);
  if (!file)
    return false;
  try {
    YAML::Node root = YAML::Load(file->getBuffer().str());
    if (!root.IsMap())
      throw ConfigError{at(path, root) + (root.IsNull()
                                              ? "no YAML document in the file; "
                                                "expected a map with 'experts' "
                                                "and/or 'builtin'"
                                              : "expected a map with 'experts' "
                                                "and/or 'builtin'")};
    static const char *const builtins[] = {"parallelism", "compute", "memory",
                                           "reduction"};
    for (const auto &entry : root) {
      std::string key = entry.first.as<std::string>();
      if (key == "builtin") {
        if (!entry.second.IsSequence())
          throw ConfigError{at(path, entry.second) +
                            "'builtin' must be a list of expert names"};
        config.builtinListed = true;
        for (const YAML::Node &name : entry.second) {
          std::string text = name.as<std::string>();
          if (!llvm::is_contained(builtins, text))
            throw ConfigError{at(path, name) + "unknown built-in expert '" +
                              text +
                              "' (parallelism, compute, memory, reduction)"};
          config.builtin.push_back(text);
        }
      } else if (key == "experts") {
        if (!entry.second.IsSequence())
          throw ConfigError{at(path, entry.second) +
                            "'experts' must be a list"};
        for (const YAML::Node &node : entry.second) {
          if (!node.IsMap())
            throw ConfigError{at(path, node) + "an expert is a map"};
          LlmExpertConfig expert;
          for (const auto &field : node) {
            std::string name = field.first.as<std::string>();
            const YAML::Node &value = field.second;
            if (name == "name")
              expert.name = value.as<std::string>();
            else if (name == "url")
              expert.url = value.as<std::string>();
            else if (name == "model")
              expert.model = value.as<std::string>();
            else if (name == "api_key_env")
              expert.apiKeyEnv = value.as<std::string>();
            else if (name == "temperature")
              expert.temperature = value.as<double>();
            else if (name == "proposals")
              expert.proposals = value.as<int>();
            else if (name == "timeout_seconds")
              expert.timeoutSeconds = value.as<int>();
            else if (name == "max_tokens")
              expert.maxTokens = value.as<int>();
            else
              throw ConfigError{at(path, field.first) + "unknown field '" +
                                name +
                                "' (name, url, model, api_key_env, "
                                "temperature, proposals, timeout_seconds, "
                                "max_tokens)"};
          }
          if (expert.name.empty() || expert.url.empty())
            throw ConfigError{at(path, node) +
                              "an expert needs a 'name' and a 'url'"};
          if (!llvm::StringRef(expert.url).starts_with("http://") &&
              !llvm::StringRef(expert.url).starts_with("https://"))
            throw ConfigError{at(path, node) + "'url' must be http:// or "
                                               "https://"};
          if (expert.proposals < 1 || expert.proposals > 16 ||
              expert.timeoutSeconds < 1 || expert.timeoutSeconds > 3600 ||
              expert.maxTokens < 1 || expert.maxTokens > 1000000 ||
              !(expert.temperature >= 0 && expert.temperature <= 2))
            throw ConfigError{at(path, node) +
                              "'proposals' must be 1 to 16, 'temperature' 0 "
                              "to 2, 'timeout_seconds' 1 to 3600 and "
                              "'max_tokens' 1 to 1000000"};
          static const char *const reserved[] = {
              "parallelism", "compute", "memory", "reduction", "naive",
              "library", "crossover"};
          if (llvm::is_contained(reserved, expert.name) ||
              llvm::any_of(config.llm, [&](const LlmExpertConfig &other) {
                return other.name == expert.name;
              }))
            throw ConfigError{at(path, node) + "expert name '" + expert.name +
                              "' is taken (built-in or repeated)"};
          config.llm.push_back(std::move(expert));
        }
      } else {
        throw ConfigError{at(path, entry.first) + "unknown key '" + key +
                          "' (experts, builtin)"};
      }
    }
    return true;
  } catch (const ConfigError &e) {
    error = e.message;
  } catch (const YAML::Exception &e) {
    error = at(path, e.mark) + e.msg;
  } catch (const std::exception &e) {
    error = path + ": " + e.what();
  }
  return false;
}
