//===- ApplySchedules.cpp - Run kernels' schedules in a pipeline ----------===//
//
// This file implements foundry-apply-schedules: each kernel's own
// #foundry.schedule, or a tuning spec's schedule for its fingerprint, run on
// that kernel alone.
//
//===----------------------------------------------------------------------===//

#include "foundry/Fingerprint/Fingerprint.h"
#include "foundry/Transforms/Passes.h"
#include "foundry/Transforms/SchedulePasses.h"
#include "foundry/Transforms/TuningSpec.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/StringExtras.h"

#include <map>
#include <set>

namespace mlir::foundry {
#define GEN_PASS_DEF_FOUNDRYAPPLYSCHEDULESPASS
#include "foundry/Transforms/Passes.h.inc"
} // namespace mlir::foundry

using namespace mlir;
using namespace mlir::foundry;

namespace {
struct ApplySchedulesPass
    : foundry::impl::FoundryApplySchedulesPassBase<ApplySchedulesPass> {
  using Base::Base;

  /// The dialects any schedule pass may create: a schedule is only known
  /// once the kernels are read, and dialects cannot be loaded then.
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<FoundryDialect>();
    for (const std::string &name : schedulePassNames()) {
      OpPassManager pm(ModuleOp::getOperationName());
      if (succeeded(parsePassPipeline(name, pm, llvm::nulls())))
        pm.getDependentDialects(registry);
    }
  }

  LogicalResult initialize(MLIRContext *context) override {
    specEntries.clear();
    if (spec.empty())
      return success();
    FailureOr<std::vector<TuningSpecEntry>> entries =
        readTuningSpec(spec, context);
    if (failed(entries))
      return failure();
    std::set<std::string> otherTargets;
    for (TuningSpecEntry &entry : *entries) {
      if (entry.target != target) {
        otherTargets.insert(entry.target);
        continue;
      }
      // The first entry of a key wins, as export-spec writes one per key.
      specEntries.emplace(std::pair(entry.match, entry.key), std::move(entry));
    }
    if (specEntries.empty() && !otherTargets.empty())
      emitWarning(UnknownLoc::get(context))
          << "foundry-apply-schedules: the tuning spec " << spec
          << " has no schedules for target '" << target.getValue()
          << "', only for " << llvm::join(otherTargets, ", ");
    return success();
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    for (KernelOp kernel : llvm::to_vector(module.getOps<KernelOp>())) {
      if (ScheduleAttr own = kernel.getScheduleAttr()) {
        kernel.removeScheduleAttr();
        if (failed(runSchedule(kernel, own.getPipeline(), "its schedule")))
          return signalPassFailure();
        continue;
      }
      if (specEntries.empty())
        continue;
      KernelFingerprint fingerprint = fingerprintKernel(kernel, target);
      std::string keys[] = {fingerprint.kernelKey(), fingerprint.exactKey(),
                            fingerprint.graphKey()};
      for (auto [level, key] : llvm::zip_equal(kTuningSpecLevels, keys)) {
        auto it = specEntries.find({level.str(), key});
        if (it == specEntries.end())
          continue;
        FailureOr<bool> applied = trySpecSchedule(kernel, it->second);
        if (failed(applied))
          return signalPassFailure();
        if (*applied)
          break;
      }
    }
  }

private:
  /// Parses `schedule` into `pm`, or emits an error at `kernel` naming
  /// `source` (where the schedule came from).
  static LogicalResult parseSchedule(KernelOp kernel, StringRef schedule,
                                     StringRef source, OpPassManager &pm) {
    if (schedule == "foundry-naive")
      return success();
    std::string errors;
    llvm::raw_string_ostream stream(errors);
    if (failed(parsePassPipeline(schedule, pm, stream)))
      return kernel.emitError() << source << " does not parse: " << errors;
    if (std::optional<std::string> problem = scheduleProblem(pm))
      return kernel.emitError()
             << source << " " << *problem
             << " (foundry-* schedule passes only, unwrapped)";
    return success();
  }

  /// Runs `pm` on `kernel` alone: in a module of its own nested in the one
  /// this pass runs on, whose ops then take the kernel's place.
  LogicalResult runOnKernel(KernelOp kernel, OpPassManager &pm) {
    OpBuilder builder(kernel);
    auto holder = ModuleOp::create(builder, kernel.getLoc());
    kernel->moveBefore(holder.getBody(), holder.getBody()->end());
    LogicalResult result = runPipeline(pm, holder);
    ModuleOp module = getOperation();
    for (Operation &op : llvm::make_early_inc_range(*holder.getBody())) {
      if (auto symbol = dyn_cast<SymbolOpInterface>(op);
          symbol && module.lookupSymbol(symbol.getNameAttr())) {
        op.emitError("the schedule made a symbol of a name the module has");
        result = failure();
      }
      op.moveBefore(holder);
    }
    holder.erase();
    return result;
  }

  /// Runs `schedule` on `kernel` in place; errors are the schedule's.
  LogicalResult runSchedule(KernelOp kernel, StringRef schedule,
                            StringRef source) {
    OpPassManager pm(ModuleOp::getOperationName());
    if (failed(parseSchedule(kernel, schedule, source, pm)))
      return failure();
    return runOnKernel(kernel, pm);
  }

  /// Runs the spec's `entry` on a copy of `kernel`, which replaces the kernel
  /// when it succeeds (true). When it fails (false), the kernel stays as it
  /// is and a warning says why. A spec schedule that does not parse is an
  /// error (failure).
  FailureOr<bool> trySpecSchedule(KernelOp kernel,
                                  const TuningSpecEntry &entry) {
    std::string source = "the tuning spec's " + entry.match +
                         "-level schedule (measured on @" + entry.kernel + ")";
    OpPassManager pm(ModuleOp::getOperationName());
    if (failed(parseSchedule(kernel, entry.schedule, source, pm)))
      return failure();
    OpBuilder builder(kernel);
    auto copy = cast<KernelOp>(builder.clone(*kernel));
    std::string firstError, trialName;
    LogicalResult ran = success();
    {
      ScopedDiagnosticHandler collect(&getContext(), [&](Diagnostic &diag) {
        if (diag.getSeverity() == DiagnosticSeverity::Error &&
            firstError.empty())
          firstError = diag.str();
        return success();
      });
      // The copy has a name of its own (a C identifier, as kernels' names
      // must be) until the kernel is erased.
      ModuleOp module = getOperation();
      std::string base = kernel.getSymName().str() + "_foundry_trial";
      trialName = base;
      for (int i = 1; module.lookupSymbol(trialName); ++i)
        trialName = base + std::to_string(i);
      copy.setSymName(trialName);
      ran = runOnKernel(copy, pm);
    }
    // The schedule may have replaced the copy by other ops: find it again.
    auto result = getOperation().lookupSymbol<KernelOp>(trialName);
    if (failed(ran)) {
      if (result)
        result.erase();
      kernel.emitWarning()
          << source << " fails on this kernel: " << firstError
          << "; trying the next match, the kernel naive without one";
      return false;
    }
    if (!result)
      return kernel.emitError()
             << source << " left no kernel named @" << kernel.getSymName();
    result.setSymName(kernel.getSymName());
    kernel.erase();
    return true;
  }

  std::map<std::pair<std::string, std::string>, TuningSpecEntry> specEntries;
};
} // namespace
