//===- CudaEvaluator.cpp - Candidates judged on the GPU
//---------------------===//
//
// This file implements the cuda target's evaluation: candidates compiled
// ahead on a thread pool (each in a child process), judged by a foundry-run
// child against the reference, diagnosed from ptxas's resources and the
// measured ceilings, and the best verified again with the final protocol.
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

void Search::precompile(const std::vector<std::string> &genomes) {
  if (!target_.isGpu())
    return;
  std::vector<std::string> todo;
  for (const std::string &genome : genomes) {
    std::string error;
    FailureOr<std::string> normal =
        normalizeGenome(module_.getContext(), genome, error);
    if (failed(normal) || compiling_.count(*normal) ||
        llvm::is_contained(todo, *normal))
      continue;
    std::string hash = genomeHash(*normal);
    if (seen_.count(hash) || cachedVerdict(hash))
      continue;
    todo.push_back(*normal);
  }
  if (todo.empty())
    return;
  if (!compilePool_) {
    unsigned threads =
        options_.compileThreads
            ? options_.compileThreads
            : llvm::hardware_concurrency().compute_thread_count();
    compilePool_ = std::make_unique<llvm::DefaultThreadPool>(
        llvm::hardware_concurrency(threads));
  }
  CompileOptions compileOptions;
  compileOptions.target = target_.chip;
  compileOptions.ptxasTimeoutSeconds = ptxasTimeout();
  compileOptions.cancel = &cancelCompiles_;
  // Each task owns copies of what it reads (kernelName_ does not change
  // during a search). A patch that does not apply is left to
  // evaluateOnGpu, which says why.
  for (const std::string &genome : todo) {
    std::string error;
    std::string source = sourceFor(genome, error);
    if (source.empty())
      continue;
    std::string schedule = splitGenome(genome).schedule.str();
    compiling_[genome] =
        compilePool_->async([this, source, schedule, compileOptions] {
          return compileCandidate(source, schedule, compileOptions);
        });
  }
}

bool Search::compiledYet(const std::string &normal) {
  auto it = compiling_.find(normal);
  return it == compiling_.end() ||
         it->second.wait_for(std::chrono::seconds(0)) ==
             std::future_status::ready;
}

size_t Search::nextCompiled(const std::vector<std::string> &genomes,
                            std::vector<bool> &taken, size_t inOrder) {
  // compiling_ is keyed by normal form: normalized once, not at every poll.
  std::vector<std::string> normals;
  for (const std::string &genome : genomes) {
    std::string error;
    FailureOr<std::string> normal =
        normalizeGenome(module_.getContext(), genome, error);
    normals.push_back(succeeded(normal) ? *normal : genome);
  }
  while (true) {
    bool left = false;
    for (size_t i = 0; i < genomes.size(); ++i) {
      if (taken[i])
        continue;
      left = true;
      if (compiledYet(normals[i])) {
        taken[i] = true;
        return i;
      }
      if (i < inOrder)
        break;
    }
    if (!left || outOfBudget())
      return SIZE_MAX;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

void Search::stopCompiling() {
  cancelCompiles_ = true;
  if (compilePool_)
    compilePool_->wait();
  compiling_.clear();
}

std::string Search::writeCandidate(const CompileResult &result,
                                   const std::string &stem,
                                   std::string &error) {
  std::string base = options_.workDirectory + "/" + stem;
  llvm::json::Object manifest{{"version", 1},
                              {"kernels", llvm::json::Array(result.manifest)}};
  std::string manifestText;
  llvm::raw_string_ostream(manifestText)
      << llvm::json::Value(std::move(manifest));
  std::pair<const char *, llvm::StringRef> files[] = {
      {".cubin", llvm::StringRef(result.cubin.data(), result.cubin.size())},
      {".json", manifestText},
      {".ptx", result.ptx}};
  for (auto [suffix, data] : files) {
    std::error_code ec;
    llvm::raw_fd_ostream out(base + suffix, ec);
    if (ec) {
      error = base + suffix + ": " + ec.message();
      return "";
    }
    out << data;
  }
  return base + ".cubin";
}

std::optional<llvm::json::Value>
Search::runRunner(const std::string &cubin, const std::string &reference,
                  const std::string &stem,
                  const std::vector<std::string> &extra, int &code,
                  std::string &message, bool &executionFailed) {
  std::string resultPath = options_.workDirectory + "/" + stem + ".result.json";
  llvm::sys::fs::remove(resultPath);
  std::vector<std::string> args = {options_.runner,
                                   cubin,
                                   "--reference",
                                   reference,
                                   "-o",
                                   resultPath,
                                   "--ceilings",
                                   options_.workDirectory + "/ceilings.json"};
  if (options_.device >= 0)
    args.push_back("--device=" + std::to_string(options_.device));
  args.insert(args.end(), extra.begin(), extra.end());
  std::vector<llvm::StringRef> argRefs(args.begin(), args.end());
  // No candidate's child outlives the search's time budget by much (the
  // final verification has the whole timeout).
  unsigned timeout = options_.timeoutSeconds;
  if (options_.budgetSeconds > 0 && stem != "final")
    timeout = std::min<unsigned>(timeout,
                                 unsigned(std::max(30.0, secondsLeft() + 30)));
  code = llvm::sys::ExecuteAndWait(options_.runner, argRefs, std::nullopt, {},
                                   timeout, 0, &message, &executionFailed);
  auto buffer = llvm::MemoryBuffer::getFile(resultPath);
  if (!buffer)
    return std::nullopt;
  llvm::Expected<llvm::json::Value> value =
      llvm::json::parse((*buffer)->getBuffer());
  if (!value) {
    llvm::consumeError(value.takeError());
    return std::nullopt;
  }
  return std::move(*value);
}

/// The "errors" strings of a foundry-run result (none for a null result).
static std::vector<std::string> resultErrors(const llvm::json::Object *result) {
  std::vector<std::string> errors;
  if (const llvm::json::Array *array =
          result ? result->getArray("errors") : nullptr)
    for (const llvm::json::Value &e : *array)
      if (std::optional<llvm::StringRef> text = e.getAsString())
        errors.push_back(text->str());
  return errors;
}

std::optional<llvm::json::Value>
Search::runChecked(const std::string &cubin, const std::string &stem,
                   const std::vector<std::string> &extra, int &code,
                   std::string &message, bool &executionFailed,
                   bool widenAtol) {
  std::vector<std::string> args = extra;
  if (widenAtol && widenedAtol_ > 0)
    args.push_back(llvm::formatv("--atol={0:e16}", widenedAtol_).str());
  return runRunner(cubin, referenceCubin_, stem, args, code, message,
                   executionFailed);
}

void Search::verifyBest() {
  if (!target_.isGpu() || !result_.best.ok)
    return;
  // The passing candidates, fastest first, each genome once.
  std::vector<const Evaluated *> order;
  std::set<std::string> seen;
  for (const Evaluated &e : result_.evaluated)
    if (e.ok && seen.insert(e.hash).second)
      order.push_back(&e);
  llvm::stable_sort(order, [](const Evaluated *a, const Evaluated *b) {
    return a->medianMs < b->medianMs;
  });
  constexpr int kFinalAttempts = 3;
  int attempts = 0;
  for (const Evaluated *candidate : order) {
    bool naive = candidate->genome.empty();
    if (attempts >= kFinalAttempts && !naive)
      continue; // After a few failures only the naive schedule is left.
    ++attempts;
    Evaluated tried = *candidate;
    FinalVerdict verdict = verifyFinal(tried);
    if (verdict == FinalVerdict::Passed) {
      result_.best = std::move(tried);
      return;
    }
    // Failed: the library must not offer it as a passing candidate again.
    // Without a verdict (the runner crashed), the candidate is not blamed.
    if (verdict == FinalVerdict::Failed) {
      tried.stage = "correctness";
      recordInLibrary(tried);
    }
    if (options_.progress)
      options_.progress("the best (" + displayGenome(tried.genome) + ") " +
                        tried.diagnosis);
    result_.rejected.push_back(tried);
    result_.best = tried;
    if (naive)
      return;
  }
}

Search::FinalVerdict Search::verifyFinal(Evaluated &best) {
  std::string cubin =
      options_.workDirectory + "/" +
      (best.genome.empty() ? std::string("naive") : "cand-" + best.hash) +
      ".cubin";
  if (!llvm::sys::fs::exists(cubin)) {
    // Found in the library, not compiled in this run: compile it now.
    CompileOptions compileOptions;
    compileOptions.target = target_.chip;
    std::string error;
    std::string source = sourceFor(best.genome, error);
    CompileResult compiled;
    if (!source.empty())
      compiled = compileCandidate(source, splitGenome(best.genome).schedule,
                                  compileOptions);
    if (!compiled.succeeded ||
        writeCandidate(compiled, "cand-" + best.hash, error).empty()) {
      best.ok = false;
      best.diagnosis = "the library's best no longer compiles: " +
                       (error.empty() ? compiled.diagnostics : error);
      return FinalVerdict::NoVerdict;
    }
  }
  if (options_.progress)
    options_.progress("final verification of the best: " +
                      std::to_string(options_.finalTrials) + " trials, " +
                      std::to_string(options_.finalRuns) + " timed runs");
  int code = 0;
  std::string message;
  bool executionFailed = false;
  // The naive schedule is timed before and after the best for the speedup:
  // gpuRuns runs, or as many as fit in about 2 s each time when it is slow
  // (a naive GEMM at 1.3 s per launch); the best gets the full protocol.
  unsigned baselineRuns = options_.gpuRuns;
  if (result_.naiveMs > 0)
    baselineRuns = std::clamp<unsigned>(
        static_cast<unsigned>(2000 / result_.naiveMs), 3, options_.gpuRuns);
  std::vector<std::string> args = {
      "--trials", std::to_string(options_.finalTrials), "--runs",
      std::to_string(options_.finalRuns), "--baseline-runs",
      std::to_string(baselineRuns),
      // 100 runs of a best that takes 0.6 s each would take a minute:
      // such a best is timed in about 10 s (at least 3 runs).
      "--max-timing-ms=10000"};
  // A reference that is not the naive schedule (referenceScheduleFor's)
  // gives no speedup over it: not timed (a softmax over a vocabulary's
  // f64 reference, 40 runs of it, kept an H100's final verification past
  // four minutes, 2026-12-06).
  if (!result_.referenceSchedule.empty())
    args.push_back("--no-baseline-timing");
  std::optional<llvm::json::Value> parsed =
      runChecked(cubin, "final", args, code, message, executionFailed);
  const llvm::json::Object *result = parsed ? parsed->getAsObject() : nullptr;
  result_.searchMs = best.medianMs;
  result_.verified = result && result->getBoolean("ok").value_or(false);
  if (!result) {
    best.ok = false;
    best.diagnosis =
        "got no verdict from the final verification: " +
        (executionFailed ? "cannot run " + options_.runner + ": " + message
         : code == -2    ? std::string("foundry-run timed out")
         : code == 3     ? std::string("foundry-run found no GPU")
                         : "foundry-run exited with " + std::to_string(code));
    return FinalVerdict::NoVerdict;
  }
  if (!result_.verified) {
    best.ok = false;
    best.diagnosis = "failed the final verification";
    for (const std::string &error : resultErrors(result))
      best.diagnosis += ": " + error;
    return FinalVerdict::Failed;
  }
  // The reported time is this measurement, never the search's (which can
  // be the library's, from an earlier run).
  const llvm::json::Object *timing = result->getObject("timing");
  const llvm::json::Object *candidate =
      timing ? timing->getObject("candidate") : nullptr;
  std::optional<double> finalMs =
      candidate ? candidate->getNumber("median_ms") : std::nullopt;
  if (!finalMs || !(*finalMs > 0)) {
    best.ok = false;
    best.diagnosis = "the final verification returned no time";
    result_.verified = false;
    return FinalVerdict::NoVerdict;
  }
  best.medianMs = *finalMs;
  best.fromLibrary = false;
  if (const llvm::json::Object *baseline = timing->getObject("baseline_start");
      baseline && result_.referenceSchedule.empty())
    result_.naiveMs = baseline->getNumber("median_ms").value_or(0);
  if (const llvm::json::Object *roofline = result->getObject("roofline"))
    result_.fractionOfRoofline =
        roofline->getNumber("fraction_of_roofline").value_or(0);
  // The diagnosis's fractions, at the verified time.
  if (best.diagnosed && best.medianMs > 0) {
    double scale = result_.searchMs / best.medianMs;
    best.diag.memoryFraction *= scale;
    best.diag.computeFraction *= scale;
  }
  return FinalVerdict::Passed;
}

void Search::evaluateOnGpu(Evaluated &record) {
  if (record.genome.empty() && naiveTooSlow_) {
    record.stage = "too-slow";
    record.diagnosis = result_.referenceReason;
    return;
  }
  CompileResult compiled;
  if (auto it = compiling_.find(record.genome); it != compiling_.end()) {
    compiled = it->second.get();
    compiling_.erase(it);
  } else {
    std::string error;
    std::string source = sourceFor(record.genome, error);
    if (source.empty()) {
      record.stage = "patch";
      record.diagnosis = error;
      return;
    }
    CompileOptions compileOptions;
    compileOptions.target = target_.chip;
    compileOptions.ptxasTimeoutSeconds = ptxasTimeout();
    compiled = compileCandidate(source, splitGenome(record.genome).schedule,
                                compileOptions);
  }
  if (!compiled.succeeded) {
    // crash and timeout come from the compile child; worker (the child
    // could not start or answer) and cancelled (the search ended) are not
    // the candidate's fault and are not kept.
    record.stage = llvm::is_contained({"schedule", "resources", "crash",
                                       "timeout", "worker", "cancelled"},
                                      compiled.stage)
                       ? compiled.stage
                       : "compile";
    record.diagnosis = compiled.diagnostics;
    return;
  }
  std::string error;
  std::string cubin = writeCandidate(compiled, "cand-" + record.hash, error);
  if (cubin.empty()) {
    record.stage = "compile";
    record.diagnosis = error;
    return;
  }
  std::vector<std::string> args = {"--trials",
                                   std::to_string(options_.gpuTrials), "--runs",
                                   std::to_string(options_.gpuRuns)};
  // The naive schedule is a candidate itself (the first); the final
  // verification times it again with the full protocol.
  args.push_back("--no-baseline-timing");
  // Every candidate is checked on the same inputs (seed 0, 1, ...): the
  // reference runs once per set of inputs, not once per candidate.
  args.push_back("--reference-cache=" + options_.workDirectory +
                 "/reference-cache");
  // A slow candidate (a naive GEMM at 300 ms) is timed in a few runs: its
  // 20 would take most of a one-minute budget.
  args.push_back("--max-timing-ms=2000");
  if (options_.pruneFactor > 0 && result_.best.ok) {
    args.push_back("--prune-above-ms=" + std::to_string(options_.pruneFactor *
                                                        result_.best.medianMs));
    // A candidate 5x slower than the best is not worth its trials (50 ms
    // at least: the first launch runs cold).
    args.push_back("--max-first-launch-ms=" +
                   std::to_string(std::max(50.0, 5 * result_.best.medianMs)));
  }
  int code = 0;
  std::string message;
  bool executionFailed = false;
  std::optional<llvm::json::Value> parsed = runChecked(
      cubin, "cand-" + record.hash, args, code, message, executionFailed);
  const llvm::json::Object *result = parsed ? parsed->getAsObject() : nullptr;
  if (!result) {
    // No result: the child hung, crashed, or there is no GPU.
    record.stage = code == -2 ? "timeout" : code == 3 ? "no-gpu" : "crash";
    noGpu_ |= code == 3;
    record.diagnosis = executionFailed
                           ? "cannot run " + options_.runner + ": " + message
                           : "foundry-run exited with " + std::to_string(code);
    return;
  }
  record.stage = result->getString("stage").value_or("crash").str();
  record.ok = result->getBoolean("ok").value_or(false);
  for (const std::string &error : resultErrors(result))
    record.diagnosis += (record.diagnosis.empty() ? "" : "; ") + error;
  if (const llvm::json::Object *timing = result->getObject("timing")) {
    if (const llvm::json::Object *candidate = timing->getObject("candidate")) {
      record.medianMs = candidate->getNumber("median_ms").value_or(0);
      record.pruned = candidate->getBoolean("pruned").value_or(false);
    }
  }
  if (record.genome.empty() && record.ok)
    result_.naiveMs = record.medianMs;
  if (record.genome.empty() && record.stage == "correctness")
    if (const llvm::json::Array *outputs = result->getArray("outputs"))
      for (const llvm::json::Value &output : *outputs)
        if (const llvm::json::Object *o = output.getAsObject())
          naiveMaxAbsError_ = std::max(
              naiveMaxAbsError_, o->getNumber("max_abs_error").value_or(0));
  // The reference's NaN and infinities (foundry-run's count), once: what
  // explains candidates that all fail on the same elements.
  if (record.genome.empty() && options_.progress)
    if (const llvm::json::Array *outputs = result->getArray("outputs"))
      for (auto [index, output] : llvm::enumerate(*outputs))
        if (const llvm::json::Object *o = output.getAsObject())
          if (int64_t bad = o->getInteger("non_finite_reference").value_or(0))
            options_.progress(
                llvm::formatv("note: naive: reference output #{0} has {1} "
                              "NaN or infinite values of {2}; a candidate "
                              "matches them only with the same value",
                              index, bad, o->getInteger("elements").value_or(0))
                    .str());
  if (record.ok && record.medianMs <= 0)
    record.ok = false;
  // A patched kernel is also checked on normal and on wide inputs (normal
  // with a standard deviation of 64): a reference whose output is constant
  // on inputs in (0, 1) would let a patch returning that constant through,
  // and a patch wrong only for large or negative inputs (a ReLU zeroing
  // values above 6) passes on (0, 1) and on most normal draws.
  if (record.ok && !splitGenome(record.genome).patch.empty()) {
    for (llvm::StringRef draw : {"normal", "wide"}) {
      std::vector<std::string> args = {
          "--trials", "2", "--no-time", "--distribution=" + draw.str(),
          "--reference-cache=" + options_.workDirectory + "/reference-cache"};
      // Values 64 times larger round 64 times coarser: the absolute
      // tolerance scales with them (a reordered sum near zero would fail
      // otherwise); a cheat's error is of the order of the values.
      if (draw == "wide")
        args.push_back(llvm::formatv("--atol={0:e16}",
                                     kWideScale * (widenedAtol_ > 0
                                                       ? widenedAtol_
                                                       : atol_))
                           .str());
      std::optional<llvm::json::Value> other =
          runChecked(cubin, "cand-" + record.hash + "-" + draw.str(), args,
                     code, message, executionFailed, /*widenAtol=*/false);
      const llvm::json::Object *checked =
          other ? other->getAsObject() : nullptr;
      if (!checked || !checked->getBoolean("ok").value_or(false)) {
        record.ok = false;
        record.stage =
            checked ? "correctness" : code == -2 ? "timeout" : "crash";
        record.diagnosis =
            ("passed on uniform inputs, not on " + draw + " inputs").str();
        for (const std::string &error : resultErrors(checked))
          record.diagnosis += ": " + error;
        return;
      }
    }
  }
  // The diagnosis: the heaviest launch's resources, the measured fractions.
  DiagnosisInput input;
  input.tensorCores = shape_.tensorCores;
  input.multiprocessors = target_.multiprocessors;
  input.medianMs = record.ok ? record.medianMs : 0;
  for (const llvm::json::Value &kernel : compiled.manifest) {
    const llvm::json::Object *object = kernel.getAsObject();
    const llvm::json::Array *launches =
        object ? object->getArray("launches") : nullptr;
    for (const llvm::json::Value &launch :
         launches ? *launches : llvm::json::Array()) {
      const llvm::json::Object *l = launch.getAsObject();
      if (!l)
        continue;
      auto product = [&](llvm::StringRef key) {
        int64_t value = 1;
        if (const llvm::json::Array *dims = l->getArray(key))
          for (const llvm::json::Value &dim : *dims)
            value *= dim.getAsInteger().value_or(1);
        return value;
      };
      int64_t blocks = product("grid"), threads = product("block");
      if (blocks * threads < input.blocks * input.threadsPerBlock)
        continue;
      input.blocks = blocks;
      input.threadsPerBlock = threads;
      std::string entry = l->getString("kernel").value_or("").str();
      input.sharedBytes = l->getInteger("dynamic_shared_memory").value_or(0);
      if (auto it = compiled.resources.find(entry);
          it != compiled.resources.end()) {
        input.registers = it->second.registers;
        input.sharedBytes += it->second.sharedBytes;
        input.spillBytes =
            it->second.spillStoreBytes + it->second.spillLoadBytes;
      }
    }
  }
  if (const llvm::json::Object *ceilings = result->getObject("ceilings")) {
    input.copyBytesPerSecond =
        ceilings->getNumber("copy_bytes_per_second").value_or(0);
    input.computeFlopsPerSecond =
        ceilings->getNumber("fp32_flops_per_second").value_or(0);
  }
  if (const llvm::json::Object *roofline = result->getObject("roofline")) {
    input.flops = roofline->getNumber("flops").value_or(0);
    input.bytes = roofline->getNumber("bytes").value_or(0);
    // The ceiling of the kernel's precision (runners before it was
    // reported: the FP32 peak above).
    if (std::optional<llvm::StringRef> name =
            roofline->getString("compute_ceiling")) {
      input.computeCeiling = name->str();
      input.computeFlopsPerSecond =
          roofline->getNumber("compute_flops_per_second").value_or(0);
    }
  }
  if (input.copyBytesPerSecond > 0 && input.computeFlopsPerSecond > 0)
    result_.roofline = {input.flops, input.bytes, input.copyBytesPerSecond,
                        input.computeFlopsPerSecond, input.computeCeiling};
  record.diag = diagnose(input);
  record.diagnosed = true;
  if (record.ok)
    record.diagnosis = record.diag.hint;
}
