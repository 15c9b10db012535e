//===- Fingerprint.h - Kernel fingerprints ----------------------*- C++ -*-===//
//
// A kernel's identity in the experience library and in tuning specs: its op
// graph in canonical form (SSA names, symbol names, constant values and exact
// shapes left out), its shapes bucketed to powers of two, its element types
// and the target. Retrieval looks up the exact fingerprint first, then the
// same op graph with other shapes, then the same op family (DESIGN.md,
// issue 5).
//
//===----------------------------------------------------------------------===//

#ifndef FOUNDRY_FINGERPRINT_FINGERPRINT_H
#define FOUNDRY_FINGERPRINT_FINGERPRINT_H

#include "foundry/Dialect/Foundry/IR/Foundry.h"

#include <string>

namespace mlir::foundry {

/// The fingerprint of one kernel for one target.
struct KernelFingerprint {
  /// One line per op of the kernel body, in order: the op name, its operands
  /// as kernel-argument or op-result positions, the ranks and element types
  /// of its results, and for linalg ops the iterator types, indexing maps and
  /// the op names of the body. Independent of SSA and symbol names,
  /// constant values and dimension sizes.
  std::string opGraph;
  /// Argument and result shapes, each dimension rounded up to a power of two
  /// (1000 and 1024 share a bucket), with element types: "1024x1024xf32,...";
  /// an argument with a foundry.init is followed by " ~" and its value
  /// ("32x32xf32 ~uniform(-0.1, 0.1)").
  std::string shapeBucket;
  /// The sorted set of op families in the kernel ("contraction",
  /// "convolution", "pooling", "reduction", "elementwise", "reshape"), '+'
  /// joined.
  std::string family;
  /// The compilation target, e.g. "sm_90" or "cpu".
  std::string target;
  /// The kernel itself: the op printed in MLIR's generic form without
  /// locations, its symbol name and schedule left out. Unlike the
  /// fingerprint, it tells apart kernels that differ in a constant, a
  /// comparison predicate or a shape within a bucket (a cumsum and a reverse
  /// cumsum over the same rows share every other part).
  std::string identity;

  /// 16-hex-digit digests (xxh3) of the exact fingerprint, of the op graph
  /// alone (same computation, other shapes), and of the family: the
  /// library's retrieval levels.
  std::string exactKey() const;
  std::string graphKey() const;
  std::string familyKey() const;
  /// 16-hex-digit digest of the identity and the target: the key of the
  /// library's verdicts, reused only for this very kernel.
  std::string kernelKey() const;
};

/// Fingerprints `kernel` for `target`.
KernelFingerprint fingerprintKernel(KernelOp kernel, llvm::StringRef target);

} // namespace mlir::foundry

#endif // FOUNDRY_FINGERPRINT_FINGERPRINT_H
