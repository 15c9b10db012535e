//===- ReplayDriver.cpp - Runs a fuzz target without libFuzzer ------------===//
//
// The main() of the fuzz targets in a build without libFuzzer (GCC, the
// default build, CI): every input file (or file of an input folder) is run,
// then -runs=N inputs made by blind mutations of them (seeded by -seed=S:
// the same run every time). libFuzzer, which needs Clang and instruments the
// code for coverage, is the real fuzzer (scripts/fuzz.sh); this driver only
// keeps the targets, the corpus and its regressions running in every build.
//
// Flags, a subset of libFuzzer's: -runs=N -seed=S -max_len=BYTES
// -dict=FILE (libFuzzer's dictionary format: one "token" per line)
// -artifact_prefix=PATH. An input that crashes the target is written to
// PATH + "crash-input" (by the signal handler) before the process dies with
// the signal. (Once a target has used runUntrustedParse, LLVM's crash
// recovery handlers come first and hand other crashes on to this one, on
// the crashing stack: a stack overflow then dies without the artifact.)
//
//===----------------------------------------------------------------------===//

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstdlib>
#include <fcntl.h>
#include <random>
#include <string>
#include <unistd.h>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

namespace {

/// The input being run, for the crash handler.
const std::string *volatile current = nullptr;
std::string crashPath;

void onCrash(int signal) {
  if (current && !crashPath.empty()) {
    int fd = ::open(crashPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd >= 0) {
      size_t done = 0;
      while (done < current->size()) {
        ssize_t n = ::write(fd, current->data() + done, current->size() - done);
        if (n <= 0)
          break;
        done += size_t(n);
      }
      ::close(fd);
    }
    static const char note[] = "replay driver: the input that crashed is "
                               "written to the artifact path\n";
    (void)!::write(2, note, sizeof(note) - 1);
  }
  std::signal(signal, SIG_DFL);
  std::raise(signal);
}

void installCrashHandler() {
  // A stack overflow leaves no stack to run the handler on.
  static std::vector<char> altStack(1 << 16);
  stack_t ss{};
  ss.ss_sp = altStack.data();
  ss.ss_size = altStack.size();
  sigaltstack(&ss, nullptr);
  struct sigaction action {};
  action.sa_handler = onCrash;
  action.sa_flags = SA_ONSTACK;
  for (int signal : {SIGSEGV, SIGBUS, SIGABRT, SIGFPE, SIGILL})
    sigaction(signal, &action, nullptr);
}

/// libFuzzer's dictionary format: "token" per line, # comments, \xNN and
/// \\ \" escapes.
bool readDictionary(llvm::StringRef path, std::vector<std::string> &tokens) {
  auto file = llvm::MemoryBuffer::getFile(path);
  if (!file)
    return false;
  llvm::SmallVector<llvm::StringRef> lines;
  (*file)->getBuffer().split(lines, '\n');
  for (llvm::StringRef line : lines) {
    line = line.trim();
    size_t open = line.find('"');
    if (line.empty() || line.starts_with("#") ||
        open == llvm::StringRef::npos || !line.ends_with("\"") ||
        line.size() < open + 2)
      continue;
    llvm::StringRef body = line.slice(open + 1, line.size() - 1);
    std::string token;
    for (size_t i = 0; i < body.size(); ++i) {
      if (body[i] != '\\' || i + 1 == body.size()) {
        token += body[i];
      } else if (body[i + 1] == 'x' && i + 3 < body.size() &&
                 llvm::isHexDigit(body[i + 2]) &&
                 llvm::isHexDigit(body[i + 3])) {
        token += char(llvm::hexFromNibbles(body[i + 2], body[i + 3]));
        i += 3;
      } else {
        token += body[++i];
      }
    }
    tokens.push_back(token);
  }
  return true;
}

/// One to four blind edits of `input`: byte flips, insertions and erasures,
/// repeated slices (deep nesting), dictionary tokens, splices with another
/// input, truncation.
std::string mutate(std::string input, const std::vector<std::string> &corpus,
                   const std::vector<std::string> &tokens, size_t maxLen,
                   std::mt19937_64 &rng) {
  auto below = [&](size_t n) { return n ? size_t(rng() % n) : 0; };
  for (size_t edits = 1 + below(4); edits; --edits) {
    size_t at = below(input.size() + 1);
    switch (below(7)) {
    case 0:
      if (!input.empty())
        input[below(input.size())] ^= char(1u << below(8));
      break;
    case 1:
      input.insert(at, 1, char(below(256)));
      break;
    case 2:
      input.erase(at, below(16) + 1);
      break;
    case 3: {
      size_t length = below(std::min<size_t>(input.size() - at, 64) + 1);
      std::string slice = input.substr(at, length);
      for (size_t times = 1 + below(64); times && slice.size(); --times)
        input.insert(at, slice);
      break;
    }
    case 4:
      if (!tokens.empty())
        input.insert(at, tokens[below(tokens.size())]);
      break;
    case 5: {
      const std::string &other = corpus[below(corpus.size())];
      size_t from = below(other.size() + 1);
      input = input.substr(0, at) + other.substr(from, below(256));
      break;
    }
    default:
      input.resize(at);
      break;
    }
  }
  if (input.size() > maxLen)
    input.resize(maxLen);
  return input;
}

int usage(const char *argv0) {
  llvm::errs() << "usage: " << argv0
               << " [-runs=N] [-seed=S] [-max_len=BYTES] [-dict=FILE] "
                  "[-artifact_prefix=PATH] INPUT_FILE_OR_FOLDER...\n";
  return 2;
}

} // namespace

int main(int argc, char **argv) {
  uint64_t runs = 0, seed = 1, maxLen = 65536;
  std::vector<std::string> tokens, paths;
  for (int i = 1; i < argc; ++i) {
    llvm::StringRef arg(argv[i]);
    llvm::StringRef value = arg.split('=').second;
    if (arg.starts_with("-runs=")) {
      if (value.getAsInteger(10, runs))
        return usage(argv[0]);
    } else if (arg.starts_with("-seed=")) {
      if (value.getAsInteger(10, seed))
        return usage(argv[0]);
    } else if (arg.starts_with("-max_len=")) {
      if (value.getAsInteger(10, maxLen) || maxLen == 0)
        return usage(argv[0]);
    } else if (arg.starts_with("-dict=")) {
      if (!readDictionary(value, tokens)) {
        llvm::errs() << argv[0] << ": cannot read the dictionary " << value
                     << "\n";
        return 2;
      }
    } else if (arg.starts_with("-artifact_prefix=")) {
      crashPath = value.str() + "crash-input";
    } else if (arg.starts_with("-")) {
      return usage(argv[0]);
    } else {
      paths.push_back(arg.str());
    }
  }

  std::vector<std::string> corpus;
  auto addFile = [&](const std::string &path) {
    auto file = llvm::MemoryBuffer::getFile(path);
    if (!file) {
      llvm::errs() << argv[0] << ": " << path << ": "
                   << file.getError().message() << "\n";
      return false;
    }
    corpus.push_back((*file)->getBuffer().str());
    return true;
  };
  for (const std::string &path : paths) {
    if (!llvm::sys::fs::is_directory(path)) {
      if (!addFile(path))
        return 2;
      continue;
    }
    std::error_code ec;
    std::vector<std::string> files;
    for (llvm::sys::fs::directory_iterator it(path, ec), end; it != end && !ec;
         it.increment(ec))
      if (llvm::sys::fs::is_regular_file(it->path()))
        files.push_back(it->path());
    llvm::sort(files);
    for (const std::string &file : files)
      if (!addFile(file))
        return 2;
  }
  if (corpus.empty())
    corpus.push_back("");

  installCrashHandler();
  auto start = std::chrono::steady_clock::now();
  uint64_t executed = 0;
  auto runOne = [&](const std::string &input) {
    current = &input;
    LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t *>(input.data()),
                           input.size());
    current = nullptr;
    ++executed;
  };
  for (const std::string &input : corpus)
    runOne(input);
  std::mt19937_64 rng(seed);
  for (uint64_t i = 0; i < runs; ++i)
    runOne(mutate(corpus[rng() % corpus.size()], corpus, tokens, maxLen, rng));
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  llvm::outs() << "replay driver: " << corpus.size() << " inputs and " << runs
               << " mutations (seed " << seed << ") run in "
               << llvm::format("%.1f", seconds) << " s\n"
               << "stat::number_of_executed_units: " << executed << "\n";
  return 0;
}
