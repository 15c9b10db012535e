//===- UntrustedInput.h - Limits on input read from outside -----*- C++ -*-===//
//
// What every foundry tool does before it parses text that came from outside
// (a kernel file, stdin, an IR patch, a cubin or manifest): read it only from
// a regular file or stdin, at most kMaxInputBytes, and refuse MLIR text that
// nests deeper than MLIR's recursive-descent parser can take. The parser
// recurses once per nested bracket (and once per term of an affine sum), so
// a few thousand levels overflow the stack: a crash, not a diagnostic.
// These limits are far above any real kernel. The parse itself then runs
// where a crash of the parser (an upstream defect on some malformed text)
// cannot take the process down: runUntrustedParse. LLVMSupport only, so
// that foundry-run, which links no MLIR, uses it too.
//
//===----------------------------------------------------------------------===//

#ifndef FOUNDRY_SUPPORT_UNTRUSTEDINPUT_H
#define FOUNDRY_SUPPORT_UNTRUSTEDINPUT_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/LogicalResult.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace mlir::foundry {

/// The deepest nesting accepted in MLIR text. Kernels nest a few tens of
/// levels; MLIR's parser overflows an 8 MiB stack after about 2,000 nested
/// regions or 6,000 nested arrays.
constexpr unsigned kMaxNestingDepth = 512;

/// The largest input file (or stdin) a tool reads: 1 GiB.
constexpr uint64_t kMaxInputBytes = uint64_t(1) << 30;

/// Where MLIR text first nests too deep: the byte offset of the bracket (or
/// operator, or alias reference) beyond the limit, and its 1-based line and
/// column (in bytes, as MLIR's diagnostics count them).
struct DeepNesting {
  size_t offset;
  unsigned line, column;
};

/// The first place where `text` nests deeper than `maxDepth` levels, or
/// none. One level is counted for:
///  - each open bracket: ( [ { and <, except the < of "<=". A closing
///    bracket closes the innermost open one of its kind; a > closes only an
///    open < (the > of "->" and ">=" never does), and a closing bracket with
///    no open one of its kind is ignored, so closing brackets first buy no
///    depth for opening ones after them;
///  - each + and - (not "->") of a chain of terms: the affine parser
///    recurses on each term of a sum and on each unary minus. A chain runs
///    through identifiers, numbers, *, whitespace and comments, and ends at
///    any other punctuation (, : = " and the like) of its bracket level;
///  - the depth of an alias definition (#name = ... or !name = ... at the
///    top level), wherever the alias is used: a chain of aliases, each
///    wrapping the last, builds IR as deep as nested brackets.
/// String literals (with their escapes) and // comments are skipped.
std::optional<DeepNesting>
findDeepNesting(llvm::StringRef text, unsigned maxDepth = kMaxNestingDepth);

/// The deepest nesting of `text`, counted as findDeepNesting does.
unsigned nestingDepth(llvm::StringRef text);

/// Fails with `error` ("NAME:LINE:COL: error: ...", naming the first place
/// beyond the limit) when `text`, named `name`, nests deeper than
/// `maxDepth` (findDeepNesting).
llvm::LogicalResult checkNestingDepth(llvm::StringRef text,
                                      llvm::StringRef name, std::string &error,
                                      unsigned maxDepth = kMaxNestingDepth);

/// Reads `path`, or stdin for "-" (named "<stdin>"), into a null-terminated
/// buffer. Refuses, with `error` ("PATH: why"), anything but a regular file
/// (a directory, a device such as /dev/zero, a FIFO, a socket) and more than
/// `maxBytes` bytes, before reading any of it (stdin: as soon as more has
/// come).
std::unique_ptr<llvm::MemoryBuffer>
readUntrustedFile(llvm::StringRef path, std::string &error,
                  uint64_t maxBytes = kMaxInputBytes);

/// readUntrustedFile, then checkNestingDepth: MLIR text fit for the parser.
std::unique_ptr<llvm::MemoryBuffer> readUntrustedMlir(llvm::StringRef path,
                                                      std::string &error);

/// The stack of the thread an untrusted parse runs on: far more than the
/// parser needs for kMaxNestingDepth levels (about 1 MiB), with room for
/// sanitizer builds.
constexpr unsigned kUntrustedParseStackBytes = 64u << 20;

/// Runs `parse`, a parse of untrusted MLIR text (after checkNestingDepth),
/// on a thread of its own with a kUntrustedParseStackBytes stack, under
/// llvm::CrashRecoveryContext. Returns false when it crashed: some upstream
/// op parsers dereference what a failed parse left null (linalg.broadcast
/// with a malformed `dimensions` list, MLIR 22). The diagnostics the parser
/// emitted before it crashed have been reported; what it built is leaked,
/// and the caller should refuse the input and use none of it. The context
/// it parsed into stays usable: such crashes happen in an op's parse hook,
/// outside the context's uniquing. Recovery is best effort, for the thread
/// it creates only: the verifier after a parse runs on the worker threads of
/// a multithreaded context (several isolated ops at one level), where a
/// crash is not caught; parse whole files single-threaded (parseKernels).
bool runUntrustedParse(llvm::function_ref<void()> parse);

/// What a tool says about an input whose parse crashed.
std::string parserCrashedMessage(llvm::StringRef name);

} // namespace mlir::foundry

#endif // FOUNDRY_SUPPORT_UNTRUSTEDINPUT_H
