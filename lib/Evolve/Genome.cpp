//===- Genome.cpp - Genomes: schedules and IR patches ---------------------===//
//
// This file implements the text form of genomes, their normalization and
// digest, and the checks and application of IR patches.
//
//===----------------------------------------------------------------------===//

#include "foundry/Evolve/Genome.h"
#include "foundry/Support/UntrustedInput.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

using namespace mlir;
using namespace mlir::foundry;

GenomeParts mlir::foundry::splitGenome(llvm::StringRef genome) {
  auto [schedule, patch] = genome.split('\n');
  return {schedule, patch};
}

std::string mlir::foundry::joinGenome(llvm::StringRef schedule,
                                      llvm::StringRef patch) {
  if (patch.empty())
    return schedule.str();
  return (schedule + "\n" + patch).str();
}

std::string mlir::foundry::displayGenome(llvm::StringRef genome) {
  GenomeParts parts = splitGenome(genome);
  std::string text = parts.schedule.empty() ? "naive" : parts.schedule.str();
  if (!parts.patch.empty())
    text += " + IR patch " + genomeHash(parts.patch).substr(0, 8);
  return text;
}

/// Parses `patch` in `context` into the one foundry.kernel it must hold;
/// `module` owns it. Fails with `error`.
static FailureOr<KernelOp> parsePatch(MLIRContext *context,
                                      llvm::StringRef patch,
                                      OwningOpRef<ModuleOp> &module,
                                      std::string &error) {
  if (patch.size() > kMaxPatchBytes) {
    error = "the IR patch is longer than " + std::to_string(kMaxPatchBytes) +
            " bytes";
    return failure();
  }
  // MLIR's parser recurses on each level: hostile depth would overflow the
  // stack before any rule could reject it.
  if (std::optional<DeepNesting> deep =
          findDeepNesting(patch, kMaxPatchNestingDepth)) {
    error = "patch:" + std::to_string(deep->line) + ":" +
            std::to_string(deep->column) + ": the IR patch nests deeper than " +
            std::to_string(kMaxPatchNestingDepth) +
            " levels (brackets, terms of a sum, aliases)";
    return failure();
  }
  std::string first;
  {
    ScopedDiagnosticHandler handler(context, [&](Diagnostic &d) {
      if (first.empty() && d.getSeverity() == DiagnosticSeverity::Error) {
        llvm::raw_string_ostream os(first);
        if (auto loc = dyn_cast<FileLineColLoc>(d.getLocation()))
          os << loc.getFilename().getValue() << ":" << loc.getLine() << ":"
             << loc.getColumn() << ": ";
        os << d.str();
      }
      return success();
    });
    ParserConfig config(context);
    if (!runUntrustedParse([&] {
          module = parseSourceString<ModuleOp>(patch, config, "patch");
        })) {
      error = (first.empty() ? std::string("patch") : first) +
              " (then the MLIR parser crashed on the IR patch: refused)";
      return failure();
    }
  }
  if (!module) {
    error = first.empty() ? "the IR patch does not parse" : first;
    return failure();
  }
  Block *body = module->getBody();
  auto kernel = body->empty() ? KernelOp() : dyn_cast<KernelOp>(body->front());
  if (!kernel || !llvm::hasSingleElement(*body)) {
    error = "an IR patch is one foundry.kernel op";
    return failure();
  }
  // A resource blob prints under another key at each parse, so the patch
  // would normalize (and hash) differently each time.
  if (kernel
          ->walk([](Operation *op) {
            return op->getAttrDictionary()
                           .walk([](DenseResourceElementsAttr) {
                             return WalkResult::interrupt();
                           })
                           .wasInterrupted()
                       ? WalkResult::interrupt()
                       : WalkResult::advance();
          })
          .wasInterrupted()) {
    error = "an IR patch may not hold dense_resource constants (use "
            "dense<...>)";
    return failure();
  }
  return kernel;
}

FailureOr<std::string> mlir::foundry::normalizePatch(MLIRContext *context,
                                                     llvm::StringRef patch,
                                                     std::string &error) {
  OwningOpRef<ModuleOp> module;
  FailureOr<KernelOp> kernel = parsePatch(context, patch, module, error);
  if (failed(kernel))
    return failure();
  std::string text;
  llvm::raw_string_ostream os(text);
  kernel->print(os);
  return text;
}

/// Normalizes a schedule: parsed as a pass pipeline and printed back.
static FailureOr<std::string> normalizeSchedule(llvm::StringRef schedule,
                                                std::string &error) {
  if (schedule.trim().empty())
    return std::string();
  OpPassManager pm("builtin.module");
  std::string messages;
  llvm::raw_string_ostream stream(messages);
  if (failed(parsePassPipeline(schedule, pm, stream))) {
    error = llvm::StringRef(messages).trim().str();
    return failure();
  }
  std::string text;
  llvm::raw_string_ostream out(text);
  pm.printAsTextualPipeline(out);
  // "builtin.module(a,b)" -> "a,b".
  llvm::StringRef inner(text);
  if (inner.consume_front("builtin.module(") && inner.consume_back(")"))
    return inner.str();
  return text;
}

FailureOr<std::string> mlir::foundry::normalizeGenome(MLIRContext *context,
                                                      llvm::StringRef genome,
                                                      std::string &error) {
  GenomeParts parts = splitGenome(genome);
  FailureOr<std::string> schedule = normalizeSchedule(parts.schedule, error);
  if (failed(schedule))
    return failure();
  if (parts.patch.trim().empty())
    return *schedule;
  FailureOr<std::string> patch = normalizePatch(context, parts.patch, error);
  if (failed(patch))
    return failure();
  return joinGenome(*schedule, *patch);
}

std::string mlir::foundry::genomeHash(llvm::StringRef normalizedGenome) {
  return llvm::utohexstr(llvm::xxh3_64bits(normalizedGenome),
                         /*LowerCase=*/true, 16);
}

LogicalResult mlir::foundry::applyPatch(KernelOp kernel, llvm::StringRef patch,
                                        std::string &error) {
  OwningOpRef<ModuleOp> module;
  FailureOr<KernelOp> parsed =
      parsePatch(kernel.getContext(), patch, module, error);
  if (failed(parsed))
    return failure();
  KernelOp replacement = *parsed;
  auto typeText = [](FunctionType type) {
    std::string text;
    llvm::raw_string_ostream(text) << type;
    return text;
  };
  if (replacement.getFunctionType() != kernel.getFunctionType()) {
    error = "the IR patch's signature " +
            typeText(replacement.getFunctionType()) + " is not the kernel's " +
            typeText(kernel.getFunctionType());
    return failure();
  }
  // The numerical contract is the kernel's: a patch cannot loosen it.
  if (replacement.getToleranceAttr() &&
      replacement.getEffectiveTolerance() != kernel.getEffectiveTolerance()) {
    error = "an IR patch may not change the kernel's tolerance";
    return failure();
  }
  if (replacement.getPrecisionAttr() &&
      replacement.getEffectivePrecision() != kernel.getEffectivePrecision()) {
    error = "an IR patch may not change the kernel's precision";
    return failure();
  }
  if (replacement.getScheduleAttr()) {
    error = "an IR patch carries no schedule (the genome's schedule applies)";
    return failure();
  }
  // Outermost first: an op of another dialect is named, not its body's.
  WalkResult walk =
      replacement.getBody().walk<WalkOrder::PreOrder>([&](Operation *op) {
        llvm::StringRef dialect = op->getName().getDialectNamespace();
        if (!isa<YieldOp>(op) &&
            !llvm::is_contained({"arith", "math", "linalg", "tensor"},
                                dialect)) {
          error = "an IR patch may only use arith, math, linalg and tensor "
                  "ops; it has '" +
                  op->getName().getStringRef().str() + "'";
          return WalkResult::interrupt();
        }
        // foundry.* attributes steer the schedule passes (split tiles):
        // the schedule's business, not the patch's.
        for (NamedAttribute attr : op->getDiscardableAttrs())
          if (attr.getName().getValue().starts_with("foundry.")) {
            error = "an IR patch may not set '" +
                    attr.getName().getValue().str() + "' on '" +
                    op->getName().getStringRef().str() + "'";
            return WalkResult::interrupt();
          }
        if (auto pad = dyn_cast<tensor::PadOp>(op))
          if (llvm::any_of(pad.getStaticLow(),
                           [](int64_t v) { return v < 0; }) ||
              llvm::any_of(pad.getStaticHigh(),
                           [](int64_t v) { return v < 0; })) {
            error = "an IR patch's tensor.pad has negative padding";
            return WalkResult::interrupt();
          }
        return WalkResult::advance();
      });
  if (walk.wasInterrupted())
    return failure();
  // The patch verified when parsed, with the kernel's signature: moved
  // under the kernel's name and attributes, it still does.
  kernel.getBody().takeBody(replacement.getBody());
  // The workload is that of the code that runs: compile() counts it again.
  kernel.removeWorkloadAttr();
  return success();
}
