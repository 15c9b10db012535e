//===- Compile.cpp - Compile one candidate -------------------------------===//

#include "foundry/Target/Compile.h"

#include "foundry/Dialect/Foundry/IR/Foundry.h"
#include "foundry/InitAll.h"
#include "foundry/Pipelines/Pipelines.h"
#include "foundry/Support/UntrustedInput.h"
#include "foundry/Transforms/Passes.h"
#include "foundry/Transforms/SchedulePasses.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <chrono>
#include <mutex>

using namespace mlir;
using namespace mlir::foundry;

/// Process-wide set-up, once: passes for pipeline parsing, the CUDA toolkit
/// path for libdevice, and the dialect registry every context copies.
static const DialectRegistry &globalRegistry() {
  static DialectRegistry *registry = [] {
    registerAllPasses();
    configureCudaToolkitPath();
    auto *r = new DialectRegistry();
    registerAllDialects(*r);
    return r;
  }();
  return *registry;
}

OwningOpRef<ModuleOp> mlir::foundry::parseKernels(llvm::SourceMgr &sourceMgr,
                                                  MLIRContext *context,
                                                  std::string &error) {
  const llvm::MemoryBuffer *text =
      sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
  if (failed(checkNestingDepth(text->getBuffer(), text->getBufferIdentifier(),
                               error)))
    return nullptr;
  // The verifier that follows the parse runs on the context's worker
  // threads when it has them, outside the recovery of runUntrustedParse:
  // single-threaded for the parse (the tools load their kernels before they
  // use the context for anything else).
  bool threaded = context->isMultithreadingEnabled();
  if (threaded)
    context->disableMultithreading();
  OwningOpRef<ModuleOp> module;
  bool survived = runUntrustedParse(
      [&] { module = parseSourceFile<ModuleOp>(sourceMgr, context); });
  if (threaded)
    context->enableMultithreading();
  if (!survived) {
    error = parserCrashedMessage(text->getBufferIdentifier());
    return nullptr;
  }
  if (!module)
    return nullptr;
  for (auto func : llvm::make_early_inc_range(module->getOps<func::FuncOp>()))
    if (failed(outlineKernel(func)))
      return nullptr;
  return module;
}

OwningOpRef<ModuleOp> mlir::foundry::loadKernelFile(llvm::StringRef path,
                                                    llvm::SourceMgr &sourceMgr,
                                                    MLIRContext *context,
                                                    std::string &error) {
  std::unique_ptr<llvm::MemoryBuffer> file = readUntrustedFile(path, error);
  if (!file)
    return nullptr;
  sourceMgr.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
  return parseKernels(sourceMgr, context, error);
}

CompileResult mlir::foundry::compile(llvm::StringRef source,
                                     llvm::StringRef schedule,
                                     const CompileOptions &options,
                                     llvm::StringRef sourceName) {
  auto start = std::chrono::steady_clock::now();
  CompileResult result;
  auto finish = [&](bool ok) {
    result.succeeded = ok;
    result.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
            .count();
    return std::move(result);
  };

  // One context per compilation, no internal thread pool: callers run many
  // compilations in parallel instead.
  MLIRContext context(globalRegistry(), MLIRContext::Threading::DISABLED);
  context.printOpOnDiagnostic(false);
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(source, sourceName), llvm::SMLoc());
  llvm::raw_string_ostream diagnostics(result.diagnostics);
  SourceMgrDiagnosticHandler handler(sourceMgr, &context, diagnostics);

  std::string error;
  OwningOpRef<ModuleOp> module = parseKernels(sourceMgr, &context, error);
  if (!module) {
    if (!error.empty())
      diagnostics << error << "\n";
    return finish(false);
  }
  if (module->getOps<KernelOp>().empty()) {
    emitError(module->getLoc(), "no foundry.kernel or func.func on tensors");
    return finish(false);
  }

  // FLOPs and minimum bytes for the manifest (the runner's roofline), where
  // the kernel does not carry them yet; a kernel they cannot be counted for
  // (dynamic shapes) simply has none.
  for (KernelOp kernel : module->getOps<KernelOp>()) {
    if (kernel.getWorkloadAttr())
      continue;
    ScopedDiagnosticHandler quiet(&context, [](Diagnostic &) {
      return success();
    });
    if (FailureOr<WorkloadAttr> workload = computeWorkload(kernel);
        succeeded(workload))
      kernel.setWorkloadAttr(*workload);
  }

  result.stage = "schedule";
  PassManager schedulePm(&context);
  std::string parseErrors;
  llvm::raw_string_ostream parseErrorStream(parseErrors);
  if (!schedule.empty() &&
      failed(parsePassPipeline(schedule, schedulePm, parseErrorStream))) {
    emitError(module->getLoc(), "the schedule does not parse: ") << parseErrors;
    return finish(false);
  }
  // A nested pipeline (builtin.module(...)) would run on no op at all, and
  // a lowering pass would leave the tail nothing to launch.
  if (std::optional<std::string> problem = scheduleProblem(schedulePm)) {
    emitError(module->getLoc(), "the schedule ")
        << *problem
        << " (foundry-* schedule passes only, unwrapped; the lowering tail "
           "is added here)";
    return finish(false);
  }
  if (options.widenToF64)
    for (KernelOp kernel : module->getOps<KernelOp>())
      if (failed(widenKernelToF64(kernel, /*keepInterface=*/true)))
        return finish(false);
  if (failed(schedulePm.run(*module)))
    return finish(false);

  result.stage = "lower";
  if (options.target == "cpu") {
    PassManager pm(&context);
    buildFoundryToLLVMPipeline(pm);
    if (failed(pm.run(*module)))
      return finish(false);
    result.stage = "done";
    return finish(true);
  }
  if (!llvm::StringRef(options.target).starts_with("sm_")) {
    emitError(module->getLoc(), "unknown target '")
        << options.target << "' (sm_XY or cpu)";
    return finish(false);
  }
  // The NVPTX backend aborts the process on a chip its PTX version does not
  // support; say so here instead.
  if (std::optional<std::string> why =
          checkNVPTXTarget(options.target, options.features)) {
    emitError((*module->getOps<KernelOp>().begin()).getLoc(), "target ")
        << options.target << ": " << *why;
    return finish(false);
  }
  FoundryToNVVMOptions nvvmOptions;
  nvvmOptions.chip = options.target;
  nvvmOptions.features = options.features;
  nvvmOptions.blockSize = options.naiveBlockSize;
  PassManager gpuPm(&context);
  buildFoundryToGpuPipeline(gpuPm, nvvmOptions);
  if (failed(gpuPm.run(*module)))
    return finish(false);
  FailureOr<llvm::json::Array> manifest = buildLaunchManifest(*module);
  if (failed(manifest))
    return finish(false);
  result.manifest = std::move(*manifest);
  PassManager serializePm(&context);
  buildFoundryNVVMSerializePipeline(serializePm, nvvmOptions);
  if (failed(serializePm.run(*module)))
    return finish(false);
  FailureOr<std::string> ptx = extractPtx(*module);
  if (failed(ptx))
    return finish(false);
  result.ptx = std::move(*ptx);

  if (!options.assemble) {
    result.stage = "done";
    return finish(true);
  }
  result.stage = "ptxas";
  if (options.maxPtxBytes && result.ptx.size() > options.maxPtxBytes) {
    diagnostics << "error: " << result.ptx.size()
                << " bytes of PTX, more than the limit of "
                << options.maxPtxBytes
                << ": the schedule unrolls too much (foundry-vectorize "
                   "max-elements, foundry-unroll, tile sizes); not assembled\n";
    return finish(false);
  }
  llvm::Expected<PtxasResult> assembled =
      runPtxas(result.ptx, options.target, options.ptxasTimeoutSeconds,
               options.cancel);
  if (!assembled) {
    diagnostics << llvm::toString(assembled.takeError()) << "\n";
    return finish(false);
  }
  result.cubin = std::move(assembled->cubin);
  result.resources = std::move(assembled->resources);
  result.ptxasLog = std::move(assembled->log);
  // A private buffer the schedule left per thread (a whole row, say)
  // becomes local memory; past the hardware's 512 KiB per thread the launch
  // fails (CUDA C++ Programming Guide, "Technical Specifications per
  // Compute Capability"), so reject it here with the reason.
  constexpr int64_t maxLocalBytes = 512 * 1024;
  for (const auto &[entry, resources] : result.resources)
    if (resources.stackFrameBytes > maxLocalBytes) {
      result.stage = "resources";
      diagnostics << "error: kernel '" << entry << "' needs "
                  << resources.stackFrameBytes
                  << " bytes of local memory per thread (stack frame), "
                     "more than the 512 KiB a thread can have: the schedule "
                     "leaves a large buffer private to each thread; "
                     "distribute it over threads (foundry-tile-threads) or "
                     "tile it smaller\n";
      return finish(false);
    }
  result.stage = "done";
  return finish(true);
}

llvm::json::Object mlir::foundry::toJSON(const CompileResult &result) {
  llvm::json::Object resources;
  for (const auto &[name, r] : result.resources)
    resources[name] = toJSON(r);
  return llvm::json::Object{
      {"succeeded", result.succeeded},
      {"stage", result.stage},
      {"diagnostics", result.diagnostics},
      {"seconds", result.seconds},
      {"ptx_bytes", static_cast<int64_t>(result.ptx.size())},
      {"cubin_bytes", static_cast<int64_t>(result.cubin.size())},
      {"kernels", llvm::json::Array(result.manifest)},
      {"resources", std::move(resources)}};
}
