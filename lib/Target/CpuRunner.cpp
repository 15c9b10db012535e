//===- CpuRunner.cpp - Run kernels on the CPU through the JIT ------------===//

#include "foundry/Target/CpuRunner.h"

#include "foundry/Dialect/Foundry/IR/Foundry.h"
#include "foundry/Pipelines/Pipelines.h"
#include "foundry/Transforms/Passes.h"
#include "foundry/Transforms/SchedulePasses.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/DynamicLibrary.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/TargetSelect.h"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <mutex>

#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

using namespace mlir;
using namespace mlir::foundry;

/// The OpenMP runtime the parallel CPU tail calls (LLVM's libomp, from
/// libomp-22-dev), loaded into this process once so that the JIT resolves
/// its symbols; "" when there is none, and block loops then run one after
/// the other.
static const std::string &openMpRuntime() {
  static const std::string path = [] {
    std::string llvmLib =
        "/usr/lib/llvm-" + std::to_string(LLVM_VERSION_MAJOR) + "/lib/";
    for (const std::string &candidate :
         {llvmLib + "libomp.so", std::string("libomp.so.5")}) {
      std::string error;
      if (!llvm::sys::DynamicLibrary::LoadLibraryPermanently(
              candidate.c_str(), &error))
        return candidate;
    }
    return std::string();
  }();
  return path;
}

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
  if (std::optional<std::string> problem = scheduleProblem(schedulePm))
    return emitError(loc, "foundry cpu runner: the schedule '")
           << schedule << "' " << *problem
           << " (foundry-* schedule passes only, unwrapped; the lowering "
              "tails are added here)";
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
  buildFoundryCpuTail(tailPm, /*parallel=*/!openMpRuntime().empty());
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

//===----------------------------------------------------------------------===//
// Isolated runs
//===----------------------------------------------------------------------===//
//
// The child writes one message to a pipe and exits:
//   'E', u64 length, the diagnostic's text            (the run failed)
//   'O', u64 outputs, per output (i64 index, u64 bytes, the bytes),
//        u64 times, the times as doubles               (the run passed)

/// Writes all of `bytes` to `fd`; false on an error.
static bool writeAll(int fd, const void *bytes, size_t size) {
  const char *next = static_cast<const char *>(bytes);
  while (size) {
    ssize_t written = ::write(fd, next, size);
    if (written < 0 && errno == EINTR)
      continue;
    if (written <= 0)
      return false;
    next += written;
    size -= written;
  }
  return true;
}

template <typename T> static bool writeValue(int fd, T value) {
  return writeAll(fd, &value, sizeof(T));
}

/// The child's side: runs the kernel, writes the message, never returns.
[[noreturn]] static void runChild(const DialectRegistry &registry,
                                  const std::string &moduleText,
                                  StringRef kernelName, StringRef schedule,
                                  ArrayRef<std::vector<char>> inputs,
                                  unsigned timedRuns, int fd) {
  MLIRContext context(registry, MLIRContext::Threading::DISABLED);
  std::string diagnostic;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &d) {
    if (diagnostic.empty() && d.getSeverity() == DiagnosticSeverity::Error)
      diagnostic = d.str();
    return success();
  });
  auto fail = [&](const std::string &text) {
    writeValue<char>(fd, 'E') && writeValue<uint64_t>(fd, text.size()) &&
        writeAll(fd, text.data(), text.size());
    ::_exit(0);
  };
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(moduleText, ParserConfig(&context));
  if (!module)
    fail("the kernel does not parse again in the child: " + diagnostic);
  FailureOr<CpuRun> run = runKernelOnCpu(*module, kernelName, schedule, inputs,
                                         /*widenToF64=*/false, timedRuns);
  if (failed(run))
    fail(diagnostic.empty() ? "failed" : diagnostic);
  uint64_t outputs = 0;
  for (const BufferSpec &spec : run->specs)
    outputs += spec.role == BufferSpec::Role::Output;
  bool ok = writeValue<char>(fd, 'O') && writeValue<uint64_t>(fd, outputs);
  for (auto [spec, data] : llvm::zip(run->specs, run->data))
    if (spec.role == BufferSpec::Role::Output)
      ok = ok && writeValue<int64_t>(fd, spec.index) &&
           writeValue<uint64_t>(fd, data.size()) &&
           writeAll(fd, data.data(), data.size());
  ok = ok && writeValue<uint64_t>(fd, run->milliseconds.size()) &&
       writeAll(fd, run->milliseconds.data(),
                run->milliseconds.size() * sizeof(double));
  ::_exit(ok ? 0 : 1);
}

/// Reads a message of the child from `message`; false when it is cut short
/// or malformed.
static bool readMessage(StringRef message, IsolatedCpuRun &run,
                        std::string &error) {
  size_t at = 0;
  auto take = [&](void *out, size_t size) {
    if (message.size() - at < size)
      return false;
    std::memcpy(out, message.data() + at, size);
    at += size;
    return true;
  };
  char kind = 0;
  uint64_t count = 0;
  if (!take(&kind, 1) || !take(&count, sizeof(count)))
    return false;
  if (kind == 'E') {
    if (message.size() - at != count)
      return false;
    error = message.substr(at).str();
    if (error.empty())
      error = "failed";
    return true;
  }
  if (kind != 'O')
    return false;
  for (uint64_t i = 0; i < count; ++i) {
    int64_t index = 0;
    uint64_t bytes = 0;
    if (!take(&index, sizeof(index)) || !take(&bytes, sizeof(bytes)) ||
        index < 0 || static_cast<uint64_t>(index) >= count ||
        message.size() - at < bytes)
      return false;
    if (run.outputs.size() < count)
      run.outputs.resize(count);
    run.outputs[index].assign(message.data() + at, message.data() + at + bytes);
    at += bytes;
  }
  uint64_t times = 0;
  if (!take(&times, sizeof(times)) ||
      (message.size() - at) / sizeof(double) != times ||
      (message.size() - at) % sizeof(double))
    return false;
  run.milliseconds.resize(times);
  take(run.milliseconds.data(), times * sizeof(double));
  return true;
}

IsolatedCpuRun mlir::foundry::runKernelOnCpuIsolated(
    ModuleOp module, StringRef kernelName, StringRef schedule,
    ArrayRef<std::vector<char>> inputs, unsigned timedRuns,
    double timeoutSeconds) {
  using Outcome = IsolatedCpuRun::Outcome;
  IsolatedCpuRun run;
  // Printed here: the child touches nothing of this process's context.
  std::string moduleText;
  {
    llvm::raw_string_ostream os(moduleText);
    module->print(os, OpPrintingFlags().enableDebugInfo(false));
  }
  int fds[2];
  if (::pipe(fds) != 0) {
    run.error = std::string("cannot create a pipe: ") + std::strerror(errno);
    return run;
  }
  pid_t parent = ::getpid();
  pid_t child = ::fork();
  if (child < 0) {
    run.error = std::string("cannot fork: ") + std::strerror(errno);
    ::close(fds[0]);
    ::close(fds[1]);
    return run;
  }
  if (child == 0) {
    ::close(fds[0]);
#ifdef __linux__
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent)
      ::_exit(1);
#endif
    (void)parent;
    runChild(module->getContext()->getDialectRegistry(), moduleText, kernelName,
             schedule, inputs, timedRuns, fds[1]);
  }
  ::close(fds[1]);

  auto deadline = std::chrono::steady_clock::now() +
                  std::chrono::duration<double>(timeoutSeconds);
  auto remainingMs = [&] {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    return std::max<int64_t>(0, left.count());
  };
  std::string message;
  bool timedOut = false;
  std::vector<char> chunk(1 << 16);
  while (true) {
    pollfd entry{fds[0], POLLIN, 0};
    int ready = ::poll(
        &entry, 1, static_cast<int>(std::min<int64_t>(remainingMs(), 1 << 30)));
    if (ready < 0 && errno == EINTR)
      continue;
    if (ready <= 0) {
      timedOut = ready == 0;
      break;
    }
    ssize_t got = ::read(fds[0], chunk.data(), chunk.size());
    if (got < 0 && errno == EINTR)
      continue;
    if (got <= 0)
      break; // the end of the message, or the child is gone
    message.append(chunk.data(), got);
  }
  ::close(fds[0]);
  // The message is complete (or the time is up): the child has nothing more
  // to do but exit.
  int status = 0;
  while (!timedOut && ::waitpid(child, &status, WNOHANG) == 0) {
    if (remainingMs() == 0) {
      timedOut = true;
      break;
    }
    ::usleep(1000);
  }
  if (timedOut) {
    ::kill(child, SIGKILL);
    while (::waitpid(child, &status, 0) < 0 && errno == EINTR) {
    }
    run.outcome = Outcome::TimedOut;
    run.error =
        llvm::formatv("ran longer than {0:F1} s (killed)", timeoutSeconds)
            .str();
    return run;
  }
  if (WIFSIGNALED(status)) {
    int signal = WTERMSIG(status);
    const char *name = ::strsignal(signal);
    run.outcome = Outcome::Crashed;
    run.error = "crashed (signal " + std::to_string(signal) + ", " +
                (name ? name : "unknown") + ")";
    return run;
  }
  std::string childError;
  if (!readMessage(message, run, childError) ||
      (childError.empty() && WEXITSTATUS(status) != 0)) {
    run.outcome = Outcome::Crashed;
    run.error = "the child exited with status " +
                std::to_string(WEXITSTATUS(status)) + " without a result";
    return run;
  }
  if (!childError.empty()) {
    run.error = std::move(childError);
    return run;
  }
  run.outcome = Outcome::Ran;
  return run;
}
