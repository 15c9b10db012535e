//===- CpuRunner.cpp - Run kernels on the CPU through the JIT ------------===//

#include "foundry/Target/CpuRunner.h"

#include "foundry/Dialect/Foundry/IR/Foundry.h"
#include "foundry/Pipelines/Pipelines.h"
#include "foundry/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/TargetSelect.h"

#include <chrono>
#include <cstring>
#include <mutex>

using namespace mlir;
using namespace mlir::foundry;

/// The bufferized signature of `func`: roles from foundry.output and
/// foundry.workspace argument attributes, shapes from the memref types.
static FailureOr<std::vector<BufferSpec>> readSignature(func::FuncOp func) {
  std::vector<BufferSpec> specs;
  int64_t inputs = 0;
  for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i) {
    auto type = dyn_cast<MemRefType>(func.getArgument(i).getType());
    if (!type || !type.hasStaticShape() ||
        !type.getElementType().isIntOrFloat())
      return func.emitOpError("foundry cpu runner: argument #")
             << i << " is not a static memref of scalars";
    BufferSpec spec;
    spec.elementType = type.getElementType();
    spec.shape.assign(type.getShape().begin(), type.getShape().end());
    std::optional<int64_t> bytes = getCheckedBufferBytes(type);
    if (!bytes)
      return func.emitOpError("foundry cpu runner: argument #")
             << i << " of type " << type
             << " is too large (its size in bytes overflows a 64-bit "
                "integer)";
    spec.bytes = *bytes;
    if (auto output = func.getArgAttrOfType<IntegerAttr>(i, "foundry.output")) {
      spec.role = BufferSpec::Role::Output;
      spec.index = output.getInt();
    } else if (auto workspace =
                   func.getArgAttrOfType<IntegerAttr>(i, "foundry.workspace")) {
      spec.role = BufferSpec::Role::Workspace;
      spec.index = workspace.getInt();
    } else {
      spec.role = BufferSpec::Role::Input;
      spec.index = inputs++;
    }
    specs.push_back(std::move(spec));
  }
  // Each size fits in int64_t; their sum may not.
  std::optional<int64_t> total = 0;
  for (const BufferSpec &spec : specs)
    if (total)
      total = llvm::checkedAdd(*total, spec.bytes);
  if (!total || *total > kMaxCpuBufferBytes) {
    InFlightDiagnostic diag =
        func.emitOpError("foundry cpu runner: the buffers need ");
    if (total)
      diag << (*total >> 20) << " MiB";
    else
      diag << "more bytes than a 64-bit integer counts";
    return diag << " of host memory, more than " << (kMaxCpuBufferBytes >> 20)
                << " MiB; run a smaller variant, or on the GPU";
  }
  return specs;
}

FailureOr<CpuRun> mlir::foundry::runKernelOnCpu(
    ModuleOp module, StringRef kernelName, StringRef schedule,
    ArrayRef<std::vector<char>> inputs, bool widenToF64, unsigned timedRuns) {
  static std::once_flag nativeTarget;
  std::call_once(nativeTarget, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
  });

  auto kernel = module.lookupSymbol<KernelOp>(kernelName);
  if (!kernel)
    return module.emitError("foundry cpu runner: no foundry.kernel @")
           << kernelName;
  Location loc = kernel.getLoc();
  // Only the kernel asked for, so other kernels' failures do not matter.
  OwningOpRef<ModuleOp> clone = ModuleOp::create(loc);
  clone->getBody()->push_back(kernel->clone());
  // The JIT resolves external symbols in-process: a kernel named like a libm
  // function (@tanh) would capture the math.tanh calls of its own body.
  std::string jitName = ("__foundry_cpu_" + kernelName).str();
  cast<KernelOp>(clone->getBody()->front()).setSymName(jitName);
  SmallVector<bool> widenedInputs;
  if (widenToF64) {
    auto copy = cast<KernelOp>(clone->getBody()->front());
    for (Type type : copy.getArgumentTypes())
      widenedInputs.push_back(cast<ShapedType>(type).getElementType().isF32());
    if (failed(widenKernelToF64(copy)))
      return failure();
  }

  PassManager schedulePm(module.getContext());
  std::string parseErrors;
  llvm::raw_string_ostream parseStream(parseErrors);
  if (!schedule.empty() &&
      failed(parsePassPipeline(schedule, schedulePm, parseStream)))
    return emitError(loc, "foundry cpu runner: the schedule '")
           << schedule
           << "' does not parse: " << llvm::StringRef(parseErrors).trim();
  schedulePm.addPass(createFoundryDropSharedMemoryPass());
  buildFoundryBufferizePipeline(schedulePm);
  if (failed(schedulePm.run(*clone)))
    return failure();
  auto func = clone->lookupSymbol<func::FuncOp>(jitName);
  if (!func)
    return emitError(loc, "foundry cpu runner: after the schedule @")
           << kernelName
           << " is no longer a function on buffers; a schedule holds only "
              "foundry-* schedule passes (the lowering tails are added "
              "here)";
  FailureOr<std::vector<BufferSpec>> specs = readSignature(func);
  if (failed(specs))
    return failure();

  // The roles are read; LLVM translation would warn about the attributes.
  for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i) {
    func.removeArgAttr(i, "foundry.output");
    func.removeArgAttr(i, "foundry.workspace");
    func.removeArgAttr(i, InputInit::kAttrName);
  }

  PassManager tailPm(module.getContext());
  buildFoundryCpuTail(tailPm);
  if (failed(tailPm.run(*clone)))
    return failure();

  CpuRun run;
  run.specs = std::move(*specs);
  size_t nextInput = 0;
  for (const BufferSpec &spec : run.specs) {
    if (spec.role == BufferSpec::Role::Input) {
      bool widen = nextInput < widenedInputs.size() && widenedInputs[nextInput];
      int64_t given = widen ? spec.bytes / 2 : spec.bytes;
      if (nextInput >= inputs.size() ||
          static_cast<int64_t>(inputs[nextInput].size()) != given)
        return emitError(loc, "foundry cpu runner: input #")
               << nextInput << " needs " << given << " bytes";
      if (!widen) {
        run.data.push_back(inputs[nextInput++]);
        continue;
      }
      // f32 bytes in, f64 values for the widened kernel.
      const std::vector<char> &narrow = inputs[nextInput++];
      std::vector<char> wide(spec.bytes);
      for (size_t i = 0; i < narrow.size() / 4; ++i) {
        float f;
        std::memcpy(&f, narrow.data() + 4 * i, 4);
        double d = f;
        std::memcpy(wide.data() + 8 * i, &d, 8);
      }
      run.data.push_back(std::move(wide));
    } else {
      run.data.emplace_back(spec.bytes, static_cast<char>(0xFF));
    }
  }
  if (nextInput != inputs.size())
    return emitError(loc, "foundry cpu runner: got ")
           << inputs.size() << " inputs, the kernel takes " << nextInput;

  ExecutionEngineOptions options;
  options.jitCodeGenOptLevel = llvm::CodeGenOptLevel::Default;
  options.enableGDBNotificationListener = false;
  llvm::Expected<std::unique_ptr<ExecutionEngine>> engine =
      ExecutionEngine::create(*clone, options);
  if (!engine)
    return emitError(loc, "foundry cpu runner: JIT failed: ")
           << llvm::toString(engine.takeError());
  // Packed calling convention: one slot per argument holding its value (here
  // a bare pointer to the buffer).
  SmallVector<void *> pointers;
  for (std::vector<char> &buffer : run.data)
    pointers.push_back(buffer.data());
  SmallVector<void *> slots;
  for (void *&pointer : pointers)
    slots.push_back(&pointer);
  if (llvm::Error error = (*engine)->invokePacked(jitName, slots))
    return emitError(loc, "foundry cpu runner: call failed: ")
           << llvm::toString(std::move(error));
  for (unsigned i = 0; i < timedRuns; ++i) {
    auto start = std::chrono::steady_clock::now();
    if (llvm::Error error = (*engine)->invokePacked(jitName, slots))
      return emitError(loc, "foundry cpu runner: call failed: ")
             << llvm::toString(std::move(error));
    std::chrono::duration<double, std::milli> elapsed =
        std::chrono::steady_clock::now() - start;
    run.milliseconds.push_back(elapsed.count());
  }
  return run;
}
