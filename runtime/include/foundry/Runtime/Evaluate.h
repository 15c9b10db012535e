//===- Evaluate.h - Verify and time a candidate on the GPU ------*- C++ -*-===//
//
// The judge of a candidate: runs a compiled kernel (cubin + launch manifest)
// on fresh random inputs, checks it against a reference compiled from the
// same kernel (the naive schedule) on the same GPU, runs the integrity
// checks, and times it with KernelBench's protocol. The schema of the JSON
// result is in docs/evaluation.md.
//
//===----------------------------------------------------------------------===//

#ifndef FOUNDRY_RUNTIME_EVALUATE_H
#define FOUNDRY_RUNTIME_EVALUATE_H

#include "foundry/Runtime/Compare.h"
#include "foundry/Runtime/Cuda.h"
#include "foundry/Runtime/Manifest.h"

#include <string>
#include <vector>

namespace foundry::runtime {

/// A compiled kernel ready to load: its image and its manifest entry.
struct Candidate {
  /// Where it came from (a path), for messages.
  std::string name;
  /// cubin bytes, or PTX text (loaded through the driver JIT).
  std::string image;
  ManifestKernel kernel;
  /// The PTX, when known: the precision check reads its instructions.
  std::string ptx;
};

/// How to evaluate. The defaults are KernelBench's protocol.
struct EvaluateOptions {
  /// Correctness trials, each with fresh inputs from seed + trial.
  int trials = 5;
  uint32_t seed = 0;
  /// For inputs without a foundry.init: "uniform" ((0, 1): KernelBench's
  /// [0, 1) without 0), "normal" (mean 0, variance 1) or "wide" (mean 0,
  /// standard deviation 64, one element in 16 exactly 0).
  std::string distribution = "uniform";
  /// Run the integrity checks (determinism, read-only inputs, sensitivity,
  /// precision, speed of light) in addition to correctness.
  bool integrity = true;
  bool time = true;
  int warmup = 3;
  /// Timed runs; the first is discarded.
  int timedRuns = 100;
  /// Written before every timed run so that no run starts with a warm L2.
  size_t l2FlushBytes = size_t(256) << 20;
  /// A candidate faster than `speedOfLightMargin` x the roofline floor is
  /// rejected as a measurement error or a cheat.
  double speedOfLightMargin = 0.9;
  /// Time the reference before and after the candidate (to see drift); a
  /// search times its naive schedule once and turns this off.
  bool timeBaseline = true;
  /// Timed runs of the reference; 0: timedRuns.
  int baselineRuns = 0;
  /// Early pruning (Tensor Comprehensions' autotuner does the same): when
  /// > 0, the candidate's timing stops after `pruneAfterRuns` timed runs
  /// if their median is above this many ms, and is marked pruned.
  double pruneAboveMs = 0;
  int pruneAfterRuns = 10;
  /// When > 0, a timing stops once its timed runs add up to more than this
  /// many ms, after at least 3 of them (2 once the first is discarded): a
  /// search times a 300 ms naive schedule in a few runs, not 20. Warm-up
  /// runs are not counted. The median is over the runs made.
  double maxTimingMs = 0;
  /// When > 0, after the candidate's timing, this many more runs (same
  /// protocol: fresh inputs, poisoned outputs, cold L2) with a CUDA event
  /// between consecutive launches give each launch's median time
  /// (EvaluateResult::launchMs): which kernel of a multi-kernel candidate
  /// the time goes to. Kept apart from the timing itself so that the extra
  /// events never perturb the candidate's median.
  int launchRuns = 0;
  /// When > 0, a candidate whose first launch takes longer than this many
  /// ms ends at stage "too-slow" before its trials and checks.
  double maxFirstLaunchMs = 0;
  /// When set, the reference's outputs on each set of inputs are kept in
  /// this directory and read back, instead of computed again, by later
  /// evaluations against the same reference and seed (a search's
  /// candidates). Files are only read if complete; I/O failures fall back to
  /// running the reference. References whose outputs exceed 256 MB in all
  /// are never cached (the disk is slower than computing them again).
  std::string referenceCacheDirectory;
  /// Writes inputs and outputs of the first trial as .npy files here.
  std::string dumpNpyDirectory;
};

/// Statistics of timed runs, in milliseconds.
struct TimingStats {
  int runs = 0;
  double mean = 0, median = 0, min = 0, max = 0, stddev = 0;
  /// Stopped early: slower than EvaluateOptions::pruneAboveMs.
  bool pruned = false;
};

/// The outcome of one named integrity check.
struct IntegrityCheck {
  std::string name;
  /// "passed", "failed" or "skipped".
  std::string status;
  std::string detail;
};

/// Device ceilings measured once per run.
struct Ceilings {
  /// Device-to-device copy bandwidth, bytes read + written per second.
  double copyBytesPerSecond = 0;
  /// FP32 FMA throughput, FLOP/s (2 per FMA).
  double fp32FlopsPerSecond = 0;
  /// Dense tensor-core throughput through wgmma m64n256 with f32
  /// accumulation, FLOP/s (2 per multiply-add): f16 operands (bf16 runs at
  /// the same rate on sm_90) and tf32 ones. 0 when not measured (a ceilings
  /// file written before they were).
  double tensorF16FlopsPerSecond = 0, tensorTf32FlopsPerSecond = 0;
};

/// The compute ceiling a kernel's FLOPs are measured against.
struct ComputeCeiling {
  /// FLOP/s; 0 when the ceiling that applies was not measured.
  double flopsPerSecond = 0;
  /// E.g. "FP32 peak", "f16 tensor-core peak", "tf32 tensor-core peak / 3".
  std::string name;
};

/// The ceiling for a kernel of `precision` (#foundry.precision: "ieee",
/// "3xtf32", "tf32", "bf16") whose floating-point inputs have
/// `inputTypes` ("f32", "f16", "bf16", ...): ieee the FP32 FMA peak; f16
/// or bf16 inputs on tensor cores, or precision bf16, the f16 tensor-core
/// peak; tf32 the tf32 one; 3xtf32 a third of it (three products per
/// multiply-add).
ComputeCeiling computeCeiling(const Ceilings &ceilings,
                              const std::string &precision,
                              const std::vector<std::string> &inputTypes);

/// Everything one evaluation found.
struct EvaluateResult {
  /// The last stage reached: "load", "launch", "too-slow" (see
  /// EvaluateOptions::maxFirstLaunchMs), "correctness", "integrity",
  /// "timing" or "ok" (everything passed).
  std::string stage = "load";
  bool ok = false;
  std::vector<std::string> errors;
  /// Per output, merged over the trials.
  std::vector<CompareStats> outputs;
  int trials = 0;
  /// The reference output is (nearly) constant: correctness says little, so
  /// the problem is marked degenerate instead of trusting the checks.
  bool degenerate = false;
  std::vector<IntegrityCheck> checks;
  TimingStats candidate, baselineStart, baselineEnd;
  /// Median ms of each launch of the manifest, in launch order (empty
  /// unless EvaluateOptions::launchRuns > 0 and the timing completed).
  std::vector<double> launchMs;
  /// max(flops / compute ceiling, bytes / bandwidth) in ms, 0 when unknown
  /// (the compute term 0 when that ceiling was not measured).
  double floorMs = 0;
  /// The compute ceiling of the kernel (computeCeiling).
  ComputeCeiling compute;
};

/// Runs evaluations on one GPU. Not thread-safe: one evaluation at a time.
class Evaluator {
public:
  explicit Evaluator(Cuda &cuda) : cuda_(cuda) {}

  /// Measures the copy bandwidth (1 GiB device-to-device copies) and the
  /// FP32 FMA peak (a PTX kernel of independent FMA chains). Returns false
  /// with `error` set on a CUDA failure.
  bool measureCeilings(Ceilings &ceilings, std::string &error);

  /// Evaluates `candidate` against `reference` (the same kernel, naive
  /// schedule). Never throws; a CUDA error ends the evaluation at the stage
  /// where it happened (after a launch fault the context is unusable: the
  /// caller must not evaluate again in this process).
  EvaluateResult evaluate(const Candidate &candidate,
                          const Candidate &reference,
                          const EvaluateOptions &options,
                          const Ceilings &ceilings);

private:
  Cuda &cuda_;
};

/// Integrity check "calls-and-globals" on a module's PTX: no `.extern
/// .func` (libdevice is linked in, so an external function is an outside
/// library or a host callback such as vprintf) and no mutable `.global`
/// variable (state surviving from one launch to the next). Skipped for an
/// empty `ptx`.
IntegrityCheck checkPtxCallsAndGlobals(const std::string &ptx);

/// Integrity check "precision": no tf32, bf16, f16 or fp8 tensor-core or
/// conversion instruction in `ptx` that `precision` (#foundry.precision:
/// ieee, tf32, 3xtf32, bf16, f16) does not allow. An f16 or bf16 mma into
/// an f32 accumulator (`.f32.f16.f16`) is also allowed, under any precision
/// but ieee, when every floating-point type in `inputTypes` (the kernel's
/// input element types, "f16", "f32", ...) is that type and the PTX rounds
/// no f32 to it (`cvt.rn.f16.f32`) unless one of `outputTypes` is it: its
/// operands are then the kernel's own values, not fp32 data rounded down,
/// and its products are exact. (An f16 kernel with an f16 output could
/// still round an fp32 intermediate for a second GEMM; not caught.) A
/// conversion of f32 to bf16 or f16 (`cvt.rn.bf16.f32`, `cvt.rn.f16x2.f32`)
/// fails wherever the type is neither in `inputTypes`, `outputTypes` nor the
/// precision: the kernel's IR has no such value to round.
IntegrityCheck
checkPtxPrecision(const std::string &ptx, const std::string &precision,
                  const std::vector<std::string> &inputTypes = {},
                  const std::vector<std::string> &outputTypes = {});

/// The result as JSON text (schema: docs/evaluation.md).
std::string toJson(const EvaluateResult &result, const Candidate &candidate,
                   const EvaluateOptions &options, const Ceilings &ceilings,
                   const std::string &deviceName);

/// Reads back what a batch needs from a result written by toJson: the
/// stage, whether it passed and the candidate's median time (0 if untimed).
/// Returns false on text that is not such a result.
bool readResultSummary(const std::string &json, std::string &stage, bool &ok,
                       double &medianMs);

/// A result for an evaluation that produced none itself (the child process
/// crashed or timed out): `stage` is "crash" or "timeout".
std::string failureJson(const std::string &candidate, const std::string &stage,
                        const std::string &error);

/// Ceilings as JSON text, and back (false on malformed text).
std::string ceilingsToJson(const Ceilings &ceilings);
bool ceilingsFromJson(const std::string &json, Ceilings &ceilings);

/// Writes a C-order .npy file (format 1.0) of `count` elements of
/// `elementType` with `shape`. Returns false with `error` on I/O failure.
bool writeNpy(const std::string &path, const std::string &elementType,
              const std::vector<int64_t> &shape, const void *data, size_t bytes,
              std::string &error);

} // namespace foundry::runtime

#endif // FOUNDRY_RUNTIME_EVALUATE_H
