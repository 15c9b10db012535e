//===- Compare.h - Element-wise comparison against a reference --*- C++ -*-===//
//
// KernelBench's correctness rule, element by element on the host:
// |out - ref| <= atol + rtol * |ref| for every element, with the non-finite
// values matched as numpy.isclose(out, ref, atol, rtol, equal_nan=True)
// does (isClose below). Also recognizes the poison pattern the runtime
// writes into every output before a launch, so an element the kernel never
// wrote is reported as such.
//
// This header is self-contained (no MLIR, no CUDA): the CPU runner
// (foundry-cpu-run) and the CPU search include it for isClose, so every
// comparison of foundry follows one rule.
//
//===----------------------------------------------------------------------===//

#ifndef FOUNDRY_RUNTIME_COMPARE_H
#define FOUNDRY_RUNTIME_COMPARE_H

#include <cmath>
#include <cstdint>
#include <string>

namespace foundry::runtime {

/// Whether `out` matches the reference value `ref`: a NaN matches only a
/// NaN, an infinity only the same infinity, and finite values when
/// |out - ref| <= atol + rtol * |ref|. A kernel whose reference computes
/// NaN (log of a negative input) is judged on the elements where it is
/// defined, and a candidate that gives NaN where the reference does not
/// still fails. The device comparison (DeviceKernels.cpp) is the same rule.
inline bool isClose(double out, double ref, double atol, double rtol) {
  if (std::isnan(out) || std::isnan(ref))
    return std::isnan(out) && std::isnan(ref);
  if (std::isinf(out) || std::isinf(ref))
    return out == ref;
  return std::fabs(out - ref) <= atol + rtol * std::fabs(ref);
}

/// What one comparison of an output with its reference found.
struct CompareStats {
  int64_t elements = 0;
  /// Elements that are not isClose to their reference.
  int64_t mismatches = 0;
  /// Elements still holding the poison pattern (never written).
  int64_t unwritten = 0;
  /// Elements whose reference value itself is NaN or Inf.
  int64_t badReference = 0;
  /// Row-major index of the first mismatch, -1 if none.
  int64_t firstFailingIndex = -1;
  double firstFailingValue = 0, firstFailingReference = 0;
  /// Largest |out - ref| and |out - ref| / |ref| (over finite elements).
  double maxAbsError = 0, maxRelError = 0;
  /// Range of the reference values (to recognize a constant output).
  double referenceMin = 0, referenceMax = 0;

  bool passed() const { return mismatches == 0 && elements > 0; }
  /// Folds `other` (another trial of the same output) into this one.
  void merge(const CompareStats &other);
};

/// The bit pattern written into every element of an output before a
/// launch: a quiet NaN with a payload that arithmetic does not produce.
/// Returns false for an element type it does not know. `bytes` is 1 to 8.
bool poisonPattern(const std::string &elementType, uint64_t &bits, int &bytes);

/// Compares `count` elements of type `elementType` at `output` against
/// `reference` with tolerance (atol, rtol).
CompareStats compareBuffers(const std::string &elementType, const void *output,
                            const void *reference, int64_t count, double atol,
                            double rtol);

/// The value of element `index` of a buffer of `elementType`, as a double.
double elementAsDouble(const std::string &elementType, const void *data,
                       int64_t index);

} // namespace foundry::runtime

#endif // FOUNDRY_RUNTIME_COMPARE_H
