//===- Compare.cpp - Element-wise comparison against a reference ----------===//
//
// This file implements compareBuffers and the poison patterns.
//
//===----------------------------------------------------------------------===//

#include "foundry/Runtime/Compare.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <thread>
#include <vector>

using namespace foundry::runtime;

void CompareStats::merge(const CompareStats &other) {
  if (firstFailingIndex < 0 && other.firstFailingIndex >= 0) {
    firstFailingIndex = other.firstFailingIndex;
    firstFailingValue = other.firstFailingValue;
    firstFailingReference = other.firstFailingReference;
  }
  if (elements == 0) {
    referenceMin = other.referenceMin;
    referenceMax = other.referenceMax;
  } else if (other.elements > 0) {
    referenceMin = std::min(referenceMin, other.referenceMin);
    referenceMax = std::max(referenceMax, other.referenceMax);
  }
  elements += other.elements;
  mismatches += other.mismatches;
  unwritten += other.unwritten;
  badReference += other.badReference;
  maxAbsError = std::max(maxAbsError, other.maxAbsError);
  maxRelError = std::max(maxRelError, other.maxRelError);
}

bool foundry::runtime::poisonPattern(const std::string &elementType,
                                     uint64_t &bits, int &bytes) {
  if (elementType == "f32") {
    bits = 0x7FD00BADu;
    bytes = 4;
  } else if (elementType == "f64") {
    bits = 0x7FD00BAD7FD00BADull; // two f32 patterns: a quiet f64 NaN too
    bytes = 8;
  } else if (elementType == "f16") {
    bits = 0x7E5Bu;
    bytes = 2;
  } else if (elementType == "bf16") {
    bits = 0x7FDBu;
    bytes = 2;
  } else if (elementType == "i32") {
    bits = 0x7FD00BADu;
    bytes = 4;
  } else if (elementType == "i64") {
    bits = 0x7FD00BAD7FD00BADull;
    bytes = 8;
  } else if (elementType == "i16") {
    bits = 0x7E5Bu;
    bytes = 2;
  } else if (elementType == "i8" || elementType == "i1") {
    bits = 0xBDu;
    bytes = 1;
  } else {
    return false;
  }
  return true;
}

static double halfToDouble(uint16_t h) {
  int sign = h >> 15, exponent = (h >> 10) & 0x1F, mantissa = h & 0x3FF;
  double value;
  if (exponent == 0)
    value = std::ldexp(mantissa, -24);
  else if (exponent == 31)
    value = mantissa ? NAN : INFINITY;
  else
    value = std::ldexp(mantissa + 1024, exponent - 25);
  return sign ? -value : value;
}

double foundry::runtime::elementAsDouble(const std::string &elementType,
                                         const void *data, int64_t index) {
  const char *base = static_cast<const char *>(data);
  if (elementType == "f32") {
    float v;
    std::memcpy(&v, base + index * 4, 4);
    return v;
  }
  if (elementType == "f64") {
    double v;
    std::memcpy(&v, base + index * 8, 8);
    return v;
  }
  if (elementType == "f16") {
    uint16_t v;
    std::memcpy(&v, base + index * 2, 2);
    return halfToDouble(v);
  }
  if (elementType == "bf16") {
    uint16_t v;
    std::memcpy(&v, base + index * 2, 2);
    uint32_t wide = uint32_t(v) << 16;
    float f;
    std::memcpy(&f, &wide, 4);
    return f;
  }
  if (elementType == "i64") {
    int64_t v;
    std::memcpy(&v, base + index * 8, 8);
    return static_cast<double>(v);
  }
  if (elementType == "i32") {
    int32_t v;
    std::memcpy(&v, base + index * 4, 4);
    return v;
  }
  if (elementType == "i16") {
    int16_t v;
    std::memcpy(&v, base + index * 2, 2);
    return v;
  }
  int8_t v;
  std::memcpy(&v, base + index, 1);
  return v;
}

/// Compares elements [begin, end) with a decoder chosen once per buffer.
static CompareStats compareRange(double (*decode)(const void *, int64_t),
                                 const void *output, const void *reference,
                                 int64_t begin, int64_t end, double atol,
                                 double rtol, bool hasPoison, uint64_t poison,
                                 int bytes) {
  CompareStats stats;
  stats.elements = end - begin;
  bool first = true;
  for (int64_t i = begin; i < end; ++i) {
    double out = decode(output, i);
    double ref = decode(reference, i);
    if (!std::isfinite(ref)) {
      ++stats.badReference;
    } else if (first) {
      stats.referenceMin = stats.referenceMax = ref;
      first = false;
    } else {
      stats.referenceMin = std::min(stats.referenceMin, ref);
      stats.referenceMax = std::max(stats.referenceMax, ref);
    }
    if (hasPoison) {
      uint64_t bits = 0;
      std::memcpy(&bits, static_cast<const char *>(output) + i * bytes, bytes);
      if (bits == poison)
        ++stats.unwritten;
    }
    double diff = std::fabs(out - ref);
    bool finite = std::isfinite(out) && std::isfinite(ref);
    if (finite) {
      stats.maxAbsError = std::max(stats.maxAbsError, diff);
      if (ref != 0)
        stats.maxRelError = std::max(stats.maxRelError, diff / std::fabs(ref));
    }
    if (!isClose(out, ref, atol, rtol)) {
      if (stats.firstFailingIndex < 0) {
        stats.firstFailingIndex = i;
        stats.firstFailingValue = out;
        stats.firstFailingReference = ref;
      }
      ++stats.mismatches;
    }
  }
  return stats;
}

template <typename T> static double decodeAs(const void *data, int64_t i) {
  T value;
  std::memcpy(&value, static_cast<const char *>(data) + i * sizeof(T),
              sizeof(T));
  return static_cast<double>(value);
}

static double decodeHalf(const void *data, int64_t i) {
  uint16_t bits;
  std::memcpy(&bits, static_cast<const char *>(data) + i * 2, 2);
  return halfToDouble(bits);
}

static double decodeBFloat(const void *data, int64_t i) {
  uint16_t bits;
  std::memcpy(&bits, static_cast<const char *>(data) + i * 2, 2);
  uint32_t wide = uint32_t(bits) << 16;
  float value;
  std::memcpy(&value, &wide, 4);
  return value;
}

CompareStats foundry::runtime::compareBuffers(const std::string &elementType,
                                              const void *output,
                                              const void *reference,
                                              int64_t count, double atol,
                                              double rtol) {
  double (*decode)(const void *, int64_t) = decodeAs<int8_t>;
  if (elementType == "f32")
    decode = decodeAs<float>;
  else if (elementType == "f64")
    decode = decodeAs<double>;
  else if (elementType == "f16")
    decode = decodeHalf;
  else if (elementType == "bf16")
    decode = decodeBFloat;
  else if (elementType == "i64")
    decode = decodeAs<int64_t>;
  else if (elementType == "i32")
    decode = decodeAs<int32_t>;
  else if (elementType == "i16")
    decode = decodeAs<int16_t>;
  uint64_t poison = 0;
  int bytes = 0;
  bool hasPoison = poisonPattern(elementType, poison, bytes);
  // Large outputs (KernelBench has 1.6 G-element ones) in parallel chunks,
  // merged in order so the first failing index stays the first.
  unsigned workers = std::max(1u, std::thread::hardware_concurrency());
  if (count < (int64_t(1) << 20) || workers == 1)
    return compareRange(decode, output, reference, 0, count, atol, rtol,
                        hasPoison, poison, bytes);
  std::vector<CompareStats> parts(workers);
  std::vector<std::thread> threads;
  int64_t chunk = (count + workers - 1) / workers;
  for (unsigned w = 0; w < workers; ++w)
    threads.emplace_back([&, w] {
      int64_t begin = std::min<int64_t>(count, int64_t(w) * chunk);
      int64_t end = std::min<int64_t>(count, begin + chunk);
      parts[w] = compareRange(decode, output, reference, begin, end, atol, rtol,
                              hasPoison, poison, bytes);
    });
  for (std::thread &thread : threads)
    thread.join();
  CompareStats stats;
  for (const CompareStats &part : parts)
    if (part.elements)
      stats.merge(part);
  return stats;
}
