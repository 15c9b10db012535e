//===- Genome.h - Schedules and IR patches ----------------------*- C++ -*-===//
//
// A genome is a schedule (a pipeline of foundry schedule passes) and,
// optionally, an IR patch: a foundry.kernel whose body replaces the kernel's
// before the schedule runs. As text, a genome is its schedule, then, when it
// has a patch, a newline and the patched kernel:
//
//   foundry-tile-blocks{sizes={1,0}},foundry-reduce-threads{threads=64}
//   foundry.kernel @softmax(%x: tensor<8x64xf32>) -> tensor<8x64xf32> { ... }
//
// A schedule never holds a newline, so the first one splits the two. Patches
// come from experts (LLM experts over HTTP) and are untrusted: parsed with
// limits, applied only to a copy of the kernel, under the kernel's own
// signature, tolerance and precision, and every patched candidate is checked
// against the reference of the unpatched kernel, like any other.
//
//===----------------------------------------------------------------------===//

#ifndef FOUNDRY_EVOLVE_GENOME_H
#define FOUNDRY_EVOLVE_GENOME_H

#include "foundry/Dialect/Foundry/IR/Foundry.h"

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace mlir::foundry {

/// The two parts of a genome's text: its schedule ("" for the naive one) and
/// its IR patch ("" for none).
struct GenomeParts {
  llvm::StringRef schedule, patch;
};

/// Splits `genome` at its first newline (see the file comment).
GenomeParts splitGenome(llvm::StringRef genome);

/// The text of the genome with `schedule` and `patch` ("" for none).
std::string joinGenome(llvm::StringRef schedule, llvm::StringRef patch);

/// A genome on one line, for logs and tables: its schedule ("naive" when
/// empty), then " + IR patch <8 hex digits of the patch's digest>" when it
/// has one.
std::string displayGenome(llvm::StringRef genome);

/// The longest IR patch accepted, in bytes.
constexpr size_t kMaxPatchBytes = 64 * 1024;

/// The deepest nesting of an IR patch accepted, as findDeepNesting
/// (UntrustedInput.h) counts it.
constexpr unsigned kMaxPatchNestingDepth = 32;

/// The canonical text of an IR patch: parsed in `context` (as source
/// "patch"), it must be one foundry.kernel op (alone or in a module), at
/// most kMaxPatchBytes long and nested at most kMaxPatchNestingDepth deep;
/// printed back in custom form. Failure with `error` ("patch:LINE:COL: why")
/// otherwise.
FailureOr<std::string>
normalizePatch(MLIRContext *context, llvm::StringRef patch, std::string &error);

/// The canonical text of a genome: its schedule parsed as a pass pipeline
/// and printed back, and its patch normalized (normalizePatch); failure with
/// `error` when either does not parse.
FailureOr<std::string> normalizeGenome(MLIRContext *context,
                                       llvm::StringRef genome,
                                       std::string &error);

/// The digest of a normalized genome that the experience library keys
/// candidates by (16 hex digits of XXH3-64).
std::string genomeHash(llvm::StringRef normalizedGenome);

/// Replaces the body of `kernel` by the body of the kernel in `patch`.
/// The patch must have the kernel's signature, may not set another
/// tolerance or precision than the kernel's, nor a schedule, and may only
/// use ops of the arith, math, linalg and tensor dialects (and
/// foundry.yield); the kernel keeps its name, tolerance and precision, and
/// loses its workload attribute, which compile() then counts for the
/// patched body (diagnoses describe the code that runs). Fails with `error`
/// (and leaves
/// `kernel` unchanged) when the patch breaks one of these rules or the
/// patched kernel does not verify; call it on a copy.
LogicalResult applyPatch(KernelOp kernel, llvm::StringRef patch,
                         std::string &error);

} // namespace mlir::foundry

#endif // FOUNDRY_EVOLVE_GENOME_H
