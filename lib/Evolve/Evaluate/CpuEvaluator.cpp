//===- CpuEvaluator.cpp - Candidates judged on the CPU
//----------------------===//
//
// This file implements the cpu target's evaluation: each candidate run by
// the JIT in a child process on the search's inputs, checked against the
// naive schedule (a patched kernel also on a normal and a wide draw), timed,
// and recorded in the library.
//
//===----------------------------------------------------------------------===//

#include "SearchState.h"

#include "foundry/Evolve/LlmExpert.h"
#include "foundry/Runtime/Compare.h"
#include "foundry/Transforms/Passes.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <set>
#include <thread>

using namespace mlir;
using namespace mlir::foundry;
using namespace mlir::foundry::detail;

/// Compares the f32 outputs of a run (`outputs`, by result number) with
/// `reference` (the same) within atol/rtol; empty when they match, else
/// where they first differ.
static std::string compareOutputs(
    ArrayRef<BufferSpec> specs, const std::vector<std::vector<char>> &reference,
    const std::vector<std::vector<char>> &outputs, double atol, double rtol) {
  for (const BufferSpec &spec : specs) {
    if (spec.role != BufferSpec::Role::Output || !spec.elementType.isF32())
      continue;
    size_t index = spec.index;
    if (index >= reference.size() || index >= outputs.size() ||
        outputs[index].size() != reference[index].size())
      return "output #" + std::to_string(index) + " is missing or has " +
             "another size";
    const float *want =
        reinterpret_cast<const float *>(reference[index].data());
    const float *got = reinterpret_cast<const float *>(outputs[index].data());
    for (size_t i = 0; i < reference[index].size() / 4; ++i)
      if (!::foundry::runtime::isClose(got[i], want[i], atol, rtol))
        return "output #" + std::to_string(index) +
               " differs from the naive schedule at index " + std::to_string(i);
  }
  return "";
}

std::vector<std::vector<char>> Search::makeCpuInputs(KernelOp kernel,
                                                     Draw draw) {
  std::vector<std::vector<char>> inputs;
  for (auto [index, type] : llvm::enumerate(kernel.getArgumentTypes())) {
    auto tensor = cast<RankedTensorType>(type);
    InputInit init;
    bool wide = draw == Draw::Wide;
    if (draw != Draw::Uniform)
      init.distribution = InputInit::Distribution::Normal;
    if (auto spec =
            kernel.getArgAttrOfType<StringAttr>(index, InputInit::kAttrName)) {
      (void)parseInputInit(spec.getValue(), init); // The verifier checked it.
      wide = false; // The init is the input's domain.
    }
    std::uniform_real_distribution<float> uniform(0.0f, 1.0f);
    std::normal_distribution<float> standard(0.0f, 1.0f);
    std::uniform_int_distribution<int> sixteenth(0, 15);
    bool isNormal = init.distribution == InputInit::Distribution::Normal;
    std::vector<char> bytes(*getCheckedBufferBytes(tensor));
    for (size_t i = 0; i < bytes.size() / 4; ++i) {
      float unit = isNormal ? standard(rng_) : uniform(rng_);
      float v = float(init.shift() + init.scale() * unit);
      if (wide)
        v = sixteenth(rng_) == 0 ? 0.0f : float(kWideScale) * unit;
      std::memcpy(bytes.data() + 4 * i, &v, 4);
    }
    inputs.push_back(std::move(bytes));
  }
  return inputs;
}

void Search::evaluateOnCpu(Evaluated &record) {
  // A patched kernel runs on the same inputs and is checked against the
  // unpatched kernel's naive schedule.
  GenomeParts parts = splitGenome(record.genome);
  OwningOpRef<ModuleOp> patched;
  if (!parts.patch.empty()) {
    std::string error;
    patched = patchedModule(parts.patch, error);
    if (!patched) {
      record.stage = "patch";
      record.diagnosis = error;
      return;
    }
  }
  ModuleOp module = patched ? *patched : module_;
  // Anything can happen in the child: a crash, a hang, an error.
  auto runIsolated = [&](ArrayRef<std::vector<char>> inputs,
                         unsigned timedRuns) {
    IsolatedCpuRun run =
        runKernelOnCpuIsolated(module, kernelName_, parts.schedule, inputs,
                               timedRuns, cpuTimeoutSeconds_);
    using Outcome = IsolatedCpuRun::Outcome;
    if (run.outcome != Outcome::Ran) {
      record.stage = run.outcome == Outcome::Crashed    ? "crash"
                     : run.outcome == Outcome::TimedOut ? "timeout"
                                                        : "schedule";
      record.diagnosis = run.error;
    }
    return run;
  };
  IsolatedCpuRun run = runIsolated(inputs_, options_.timedRuns);
  if (run.outcome != IsolatedCpuRun::Outcome::Ran)
    return;
  std::vector<std::vector<char>> reference;
  for (auto [spec, data] : llvm::zip(naive_.specs, naive_.data))
    if (spec.role == BufferSpec::Role::Output) {
      reference.resize(std::max<size_t>(reference.size(), spec.index + 1));
      reference[spec.index] = data;
    }
  std::string mismatch =
      compareOutputs(naive_.specs, reference, run.outputs, atol_, rtol_);
  if (mismatch.empty() && patched) {
    if (otherDraws_.empty()) {
      auto kernel = module_.lookupSymbol<KernelOp>(kernelName_);
      for (Draw draw : {Draw::Normal, Draw::Wide}) {
        OtherDraw other{draw, makeCpuInputs(kernel, draw), {}};
        // The unpatched kernel's naive schedule, trusted: run here.
        FailureOr<CpuRun> naive =
            runKernelOnCpu(module_, kernelName_, "", other.inputs);
        if (failed(naive)) {
          record.stage = "correctness";
          record.diagnosis = "the naive schedule fails on the other inputs";
          otherDraws_.clear();
          return;
        }
        for (auto [spec, data] : llvm::zip(naive->specs, naive->data))
          if (spec.role == BufferSpec::Role::Output) {
            other.reference.resize(
                std::max<size_t>(other.reference.size(), spec.index + 1));
            other.reference[spec.index] = std::move(data);
          }
        otherDraws_.push_back(std::move(other));
      }
    }
    for (const OtherDraw &other : otherDraws_) {
      IsolatedCpuRun run = runIsolated(other.inputs, 0);
      if (run.outcome != IsolatedCpuRun::Outcome::Ran)
        return;
      // Values 64 times larger round 64 times coarser: the absolute
      // tolerance scales with them (a reordered sum near zero would fail
      // otherwise); a cheat's error is of the order of the values.
      double atol = other.draw == Draw::Wide ? kWideScale * atol_ : atol_;
      mismatch = compareOutputs(naive_.specs, other.reference, run.outputs,
                                atol, rtol_);
      if (!mismatch.empty()) {
        mismatch += other.draw == Draw::Normal
                        ? " on normal inputs"
                        : " on wide inputs (normal with a standard deviation "
                          "of 64, one in 16 exactly 0; atol x 64)";
        break;
      }
    }
  }
  if (!mismatch.empty()) {
    record.stage = "correctness";
    record.diagnosis = mismatch;
    return;
  }
  record.stage = "ok";
  record.ok = true;
  record.medianMs = median(run.milliseconds);
}

void Search::recordInLibrary(const Evaluated &record) {
  if (!library_)
    return;
  CandidateRecord stored;
  stored.kernelKey = fingerprint_.kernelKey();
  stored.genomeHash = record.hash;
  stored.genome = record.genome;
  stored.run = run_;
  stored.stage = record.stage;
  stored.ok = record.ok;
  stored.medianMs = record.medianMs;
  stored.diagnosis = record.diagnosis;
  std::string error;
  if (!library_->recordCandidate(stored, error)) {
    // The search goes on; the user hears of it, and the report counts it.
    if (++result_.libraryFailures <= 3 && options_.progress)
      options_.progress("foundry-evolve: library: cannot record a "
                        "candidate: " +
                        error);
  }
}

void Search::remeasureLibraryBest() {
  if (target_.isGpu())
    return; // verifyBest times the best again, whatever its origin.
  // The naive schedule's time: this run's own measurement of it (the
  // reference run) when its record came from the library.
  for (const Evaluated &e : result_.evaluated)
    if (e.genome.empty() && e.fromLibrary && !naive_.milliseconds.empty()) {
      result_.naiveMs = median(naive_.milliseconds);
      break;
    }
  // This run's measurements of library verdicts, by genome hash.
  std::map<std::string, Evaluated> measured;
  auto current = [&](const Evaluated &e) -> const Evaluated & {
    auto it = measured.find(e.hash);
    return it == measured.end() ? e : it->second;
  };
  for (int remeasured = 0;; ++remeasured) {
    const Evaluated *best = nullptr;
    for (const Evaluated &e : result_.evaluated) {
      const Evaluated &c = current(e);
      // After a few library times that did not hold, only this run's own.
      if (c.ok && !(c.fromLibrary && remeasured >= 8) &&
          (!best || c.medianMs < best->medianMs))
        best = &c;
    }
    if (!best)
      return; // Nothing passed: result_.best is the failure it was.
    if (!best->fromLibrary) {
      result_.best = *best;
      return;
    }
    Evaluated again = *best;
    again.stage.clear();
    again.ok = false;
    again.medianMs = 0;
    again.diagnosis.clear();
    again.cached = false;
    again.fromLibrary = false;
    evaluateOnCpu(again);
    if (options_.progress)
      options_.progress(
          "timed again (its time was the library's): " +
          (again.ok ? llvm::formatv("{0:F4} ms", again.medianMs).str()
                    : again.stage) +
          " (library: " + llvm::formatv("{0:F4} ms", best->medianMs).str() +
          ")  " + displayGenome(again.genome));
    recordInLibrary(again);
    measured[again.hash] = std::move(again);
  }
}
