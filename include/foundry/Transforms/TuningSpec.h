//===- TuningSpec.h - Tuned schedules kept outside the compiler -*- C++ -*-===//
//
// A tuning spec is an MLIR file holding the best verified schedule per
// kernel fingerprint, for a compiler to apply to the kernels it meets
// (foundry-apply-schedules{spec=FILE}); foundry-library export-spec writes
// it from an experience library. It is one builtin.module with one
// attribute, an array of dictionaries:
//
//   module attributes {foundry.tuning_spec = [
//     {match = "kernel", key = "0f3c...", target = "sm_90", kernel = "softmax",
//      median_ms = 1.72e-02 : f64,
//      schedule = #foundry.schedule<"foundry-tile-blocks{...}">}, ...]} {
//   }
//
// `match` is the fingerprint level `key` is a digest of (Fingerprint.h):
// "kernel" (the very kernel), "exact" (its op graph and shape buckets) or
// "graph" (its op graph, any shapes). `kernel` (the name of the kernel the
// schedule was measured on) and `median_ms` (its verified time there) are
// for the reader.
//
//===----------------------------------------------------------------------===//

#ifndef FOUNDRY_TRANSFORMS_TUNINGSPEC_H
#define FOUNDRY_TRANSFORMS_TUNINGSPEC_H

#include "mlir/IR/MLIRContext.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace mlir::foundry {

/// The attribute of the spec's module that holds its entries.
inline constexpr llvm::StringLiteral kTuningSpecAttr = "foundry.tuning_spec";

/// The fingerprint levels of a spec, in the order they are looked up.
inline constexpr llvm::StringLiteral kTuningSpecLevels[] = {"kernel", "exact",
                                                            "graph"};

/// One schedule of a spec.
struct TuningSpecEntry {
  std::string match;
  std::string key;
  std::string target;
  std::string kernel;
  double medianMs = 0;
  std::string schedule;
};

/// Reads the spec at `path` (an untrusted file: UntrustedInput.h limits).
/// On failure emits diagnostics in `context` (file:line:col for MLIR syntax,
/// the entry's position for a malformed entry) and returns failure.
FailureOr<std::vector<TuningSpecEntry>> readTuningSpec(llvm::StringRef path,
                                                       MLIRContext *context);

/// The text of a spec holding `entries`, after a comment of `header` lines.
std::string printTuningSpec(llvm::ArrayRef<TuningSpecEntry> entries,
                            llvm::ArrayRef<std::string> header,
                            MLIRContext *context);

} // namespace mlir::foundry

#endif // FOUNDRY_TRANSFORMS_TUNINGSPEC_H
