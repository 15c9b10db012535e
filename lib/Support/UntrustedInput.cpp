//===- UntrustedInput.cpp - Limits on input read from outside ------------===//
//
// This file implements the nesting scan of MLIR text and the bounded read of
// input files declared in UntrustedInput.h.
//
//===----------------------------------------------------------------------===//

#include "foundry/Support/UntrustedInput.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/Errc.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"

#include <algorithm>
#include <limits>

using namespace mlir::foundry;

namespace {
/// One open bracket: the character that closes it, and the + and - of the
/// chain of terms that runs at its level.
struct Level {
  char closer;
  unsigned chain;
};

/// The scan behind findDeepNesting and nestingDepth: one pass over the
/// text, keeping the open brackets, the chains of terms and the depth of
/// each alias defined so far.
class NestingScan {
public:
  NestingScan(llvm::StringRef text, uint64_t maxDepth)
      : text(text), maxDepth(maxDepth) {}

  /// The offset of the first place beyond the limit, if any.
  std::optional<size_t> run();

  /// The deepest nesting reached (up to the first place beyond the limit).
  uint64_t deepest = 0;

private:
  uint64_t depth() const { return levels.size() + chains; }
  unsigned &chain() { return levels.empty() ? topChain : levels.back().chain; }
  /// Ends the chain of terms at the current level.
  void endChain() {
    chains -= chain();
    chain() = 0;
  }
  /// Records `reached` (also as the depth of the alias being defined);
  /// true when it is beyond the limit.
  bool reach(uint64_t reached) {
    deepest = std::max(deepest, reached);
    if (currentAlias)
      *currentAlias = std::max<uint64_t>(*currentAlias, reached);
    return reached > maxDepth;
  }
  /// The offset of the first character after whitespace and // comments
  /// from `pos`.
  size_t skipTrivia(size_t pos) const;
  /// Handles the # or ! at `pos` and the name after it; returns the offset
  /// of the name's last character. `beyond` is set when an alias reference
  /// goes beyond the limit.
  size_t symbol(size_t pos, bool &beyond);

  llvm::StringRef text;
  uint64_t maxDepth;
  llvm::SmallVector<Level> levels;
  unsigned topChain = 0;
  /// The sum of the chains of every level, the top one included.
  uint64_t chains = 0;
  /// The depth of each alias, and that of the one being defined: from its
  /// definition to the next one at the top level or the first use of the
  /// alias. That extent holds the alias's value, and may hold ops after it,
  /// which only makes the alias count deeper than it is.
  llvm::StringMap<uint64_t> aliases;
  uint64_t *currentAlias = nullptr;
};
} // namespace

static bool isNameChar(char c) {
  return llvm::isAlnum(c) || c == '_' || c == '$' || c == '.';
}

/// Characters that neither open nor close anything and do not end a chain
/// of terms: what an affine expression is made of besides + and -.
static bool continuesChain(char c) {
  return isNameChar(c) || c == '%' || c == '*' || llvm::isSpace(c);
}

size_t NestingScan::skipTrivia(size_t pos) const {
  while (pos < text.size()) {
    if (llvm::isSpace(text[pos])) {
      ++pos;
    } else if (text.substr(pos).starts_with("//")) {
      pos = text.find('\n', pos);
      if (pos == llvm::StringRef::npos)
        return text.size();
    } else {
      break;
    }
  }
  return pos;
}

size_t NestingScan::symbol(size_t pos, bool &beyond) {
  size_t end = pos + 1;
  while (end < text.size() && isNameChar(text[end]))
    ++end;
  llvm::StringRef name = text.slice(pos + 1, end);
  if (name.empty())
    return pos;
  if (levels.empty()) {
    size_t next = skipTrivia(end);
    if (next < text.size() && text[next] == '=' &&
        !(next + 1 < text.size() && text[next + 1] == '=')) {
      // A definition (or redefinition): its depth is counted afresh.
      uint64_t &depthOfAlias = aliases[text.slice(pos, end)];
      depthOfAlias = 0;
      currentAlias = &depthOfAlias;
      return end - 1;
    }
  }
  auto it = aliases.find(text.slice(pos, end));
  if (it == aliases.end())
    return end - 1;
  // An alias cannot be used in its own definition: a use of the one being
  // defined is past its end.
  if (&it->second == currentAlias)
    currentAlias = nullptr;
  beyond = reach(depth() + it->second);
  return end - 1;
}

std::optional<size_t> NestingScan::run() {
  const size_t size = text.size();
  for (size_t i = 0; i < size; ++i) {
    char c = text[i];
    switch (c) {
    case '"':
      // A string literal ends at its closing quote; the lexer refuses one
      // that reaches the end of its line.
      endChain();
      for (++i; i < size && text[i] != '"' && text[i] != '\n'; ++i)
        if (text[i] == '\\' && i + 1 < size && text[i + 1] != '\n')
          ++i;
      continue;
    case '/':
      if (i + 1 < size && text[i + 1] == '/') {
        // A comment is invisible to the parser: it ends no chain.
        i = text.find('\n', i);
        if (i == llvm::StringRef::npos)
          return std::nullopt;
        continue;
      }
      endChain();
      continue;
    case '<':
      if (i + 1 < size && text[i + 1] == '=') {
        endChain();
        ++i;
        continue;
      }
      [[fallthrough]];
    case '(':
    case '[':
    case '{':
      levels.push_back({c == '<'   ? '>'
                        : c == '(' ? ')'
                        : c == '[' ? ']'
                                   : '}',
                        0});
      if (reach(depth()))
        return i;
      continue;
    case '>':
      if (i + 1 < size && text[i + 1] == '=') {
        endChain();
        ++i;
        continue;
      }
      [[fallthrough]];
    case ')':
    case ']':
    case '}': {
      // The innermost open bracket of this kind closes, with any < left
      // open above it (a < that was no bracket); a > closes only a <.
      auto open =
          std::find_if(levels.rbegin(), levels.rend(), [&](const Level &l) {
            return l.closer == c || l.closer != '>';
          });
      if (open == levels.rend() || open->closer != c)
        continue;
      size_t keep = levels.size() - 1 - (open - levels.rbegin());
      for (size_t l = keep; l < levels.size(); ++l)
        chains -= levels[l].chain;
      levels.resize(keep);
      continue;
    }
    case '-':
      if (i + 1 < size && text[i + 1] == '>') {
        endChain();
        ++i;
        continue;
      }
      [[fallthrough]];
    case '+':
      ++chain();
      ++chains;
      if (reach(depth()))
        return i;
      continue;
    case '#':
    case '!': {
      endChain();
      bool beyond = false;
      size_t last = symbol(i, beyond);
      if (beyond)
        return i;
      i = last;
      continue;
    }
    default:
      if (!continuesChain(c))
        endChain();
      continue;
    }
  }
  return std::nullopt;
}

std::optional<DeepNesting> mlir::foundry::findDeepNesting(llvm::StringRef text,
                                                          unsigned maxDepth) {
  NestingScan scan(text, maxDepth);
  std::optional<size_t> offset = scan.run();
  if (!offset)
    return std::nullopt;
  llvm::StringRef before = text.take_front(*offset);
  size_t lineStart = before.rfind('\n');
  lineStart = lineStart == llvm::StringRef::npos ? 0 : lineStart + 1;
  return DeepNesting{*offset, unsigned(before.count('\n') + 1),
                     unsigned(*offset - lineStart + 1)};
}

unsigned mlir::foundry::nestingDepth(llvm::StringRef text) {
  NestingScan scan(text, std::numeric_limits<uint64_t>::max());
  (void)scan.run();
  return unsigned(
      std::min<uint64_t>(scan.deepest, std::numeric_limits<unsigned>::max()));
}

llvm::LogicalResult mlir::foundry::checkNestingDepth(llvm::StringRef text,
                                                     llvm::StringRef name,
                                                     std::string &error,
                                                     unsigned maxDepth) {
  std::optional<DeepNesting> deep = findDeepNesting(text, maxDepth);
  if (!deep)
    return llvm::success();
  error =
      (name + ":" + llvm::Twine(deep->line) + ":" + llvm::Twine(deep->column) +
       ": error: nests deeper than " + llvm::Twine(maxDepth) +
       " levels (brackets, terms of a sum, aliases); refused before "
       "MLIR's parser overflows its stack")
          .str();
  return llvm::failure();
}

/// What `type` is, for a message about a file that is not a regular one.
static const char *describe(llvm::sys::fs::file_type type) {
  using llvm::sys::fs::file_type;
  switch (type) {
  case file_type::directory_file:
    return "a directory";
  case file_type::character_file:
    return "a character device";
  case file_type::block_file:
    return "a block device";
  case file_type::fifo_file:
    return "a FIFO";
  case file_type::socket_file:
    return "a socket";
  default:
    return "of an unknown type";
  }
}

/// Fails with `error` unless `status` is that of a regular file of at most
/// `maxBytes` bytes.
static llvm::LogicalResult checkStatus(llvm::StringRef path,
                                       const llvm::sys::fs::file_status &status,
                                       uint64_t maxBytes, std::string &error) {
  if (status.type() != llvm::sys::fs::file_type::regular_file) {
    error =
        (path + ": not a regular file (" + describe(status.type()) + ")").str();
    return llvm::failure();
  }
  if (status.getSize() > maxBytes) {
    error = (path + ": " + llvm::Twine(status.getSize()) +
             " bytes, over the limit of " + llvm::Twine(maxBytes) +
             " bytes for an input")
                .str();
    return llvm::failure();
  }
  return llvm::success();
}

/// Reads stdin to its end, failing as soon as it has given more than
/// `maxBytes` bytes.
static std::unique_ptr<llvm::MemoryBuffer> readStdin(uint64_t maxBytes,
                                                     std::string &error) {
  std::string bytes;
  char chunk[64 * 1024];
  for (;;) {
    llvm::Expected<size_t> read =
        llvm::sys::fs::readNativeFile(llvm::sys::fs::getStdinHandle(), chunk);
    if (!read) {
      error = "<stdin>: " + llvm::toString(read.takeError());
      return nullptr;
    }
    if (*read == 0)
      break;
    if (bytes.size() + *read > maxBytes) {
      error = "<stdin>: more than the limit of " + std::to_string(maxBytes) +
              " bytes for an input";
      return nullptr;
    }
    bytes.append(chunk, *read);
  }
  return llvm::MemoryBuffer::getMemBufferCopy(bytes, "<stdin>");
}

std::unique_ptr<llvm::MemoryBuffer>
mlir::foundry::readUntrustedFile(llvm::StringRef path, std::string &error,
                                 uint64_t maxBytes) {
  if (path == "-")
    return readStdin(maxBytes, error);
  // Checked before opening, which blocks on a FIFO, and again on what was
  // opened, in case the path changed in between.
  llvm::sys::fs::file_status status;
  if (std::error_code ec = llvm::sys::fs::status(path, status)) {
    error = (path + ": " + ec.message()).str();
    return nullptr;
  }
  if (failed(checkStatus(path, status, maxBytes, error)))
    return nullptr;
  llvm::Expected<llvm::sys::fs::file_t> file =
      llvm::sys::fs::openNativeFileForRead(path);
  if (!file) {
    error = (path + ": " + llvm::toString(file.takeError())).str();
    return nullptr;
  }
  std::unique_ptr<llvm::MemoryBuffer> buffer;
  if (std::error_code ec = llvm::sys::fs::status(*file, status)) {
    error = (path + ": " + ec.message()).str();
  } else if (succeeded(checkStatus(path, status, maxBytes, error))) {
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> read =
        llvm::MemoryBuffer::getOpenFile(*file, path, status.getSize());
    if (read)
      buffer = std::move(*read);
    else
      error = (path + ": " + read.getError().message()).str();
  }
  llvm::sys::fs::closeFile(*file);
  return buffer;
}

std::unique_ptr<llvm::MemoryBuffer>
mlir::foundry::readUntrustedMlir(llvm::StringRef path, std::string &error) {
  std::unique_ptr<llvm::MemoryBuffer> buffer = readUntrustedFile(path, error);
  if (buffer && failed(checkNestingDepth(buffer->getBuffer(),
                                         buffer->getBufferIdentifier(), error)))
    return nullptr;
  return buffer;
}

bool mlir::foundry::runUntrustedParse(llvm::function_ref<void()> parse) {
  // Handlers for SIGSEGV and the like, installed once; outside a recovery
  // context they hand the signal on (a crash elsewhere stays a crash).
  static bool enabled = (llvm::CrashRecoveryContext::Enable(), true);
  (void)enabled;
  llvm::CrashRecoveryContext recovery;
  return recovery.RunSafelyOnThread(parse, kUntrustedParseStackBytes);
}

std::string mlir::foundry::parserCrashedMessage(llvm::StringRef name) {
  return (name + ": the MLIR parser crashed on this input (a defect of the "
                 "parser on malformed text; its error before the crash, if "
                 "any, is above): refused")
      .str();
}
