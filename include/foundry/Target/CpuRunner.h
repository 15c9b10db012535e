//===- CpuRunner.h - Run kernels on the CPU through the JIT -----*- C++ -*-===//
//
// The reference executor: a kernel plus a schedule, lowered with
// foundry-to-llvm and run by mlir::ExecutionEngine on host buffers.
//
//===----------------------------------------------------------------------===//

#ifndef FOUNDRY_TARGET_CPURUNNER_H
#define FOUNDRY_TARGET_CPURUNNER_H

#include "mlir/IR/Types.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>
#include <vector>

namespace mlir {
class ModuleOp;
} // namespace mlir

namespace mlir::foundry {

/// One buffer argument of a lowered kernel, in argument order: the kernel's
/// inputs, then its outputs (`index` = result number), then workspaces.
/// The most bytes of buffers (inputs, outputs, workspaces) the CPU runner
/// holds in host memory for one kernel; larger kernels are refused with a
/// diagnostic instead of running out of memory.
constexpr int64_t kMaxCpuBufferBytes = int64_t(8) << 30;

struct BufferSpec {
  enum class Role { Input, Output, Workspace };
  Role role;
  int64_t index;
  Type elementType;
  SmallVector<int64_t> shape;
  int64_t bytes;
};

/// The buffers of one CPU run, `data[i]` holding the bytes of `specs[i]`.
struct CpuRun {
  std::vector<BufferSpec> specs;
  std::vector<std::vector<char>> data;
  /// Wall-clock time of each timed call in milliseconds (timedRuns > 0),
  /// after the first, untimed call; the same inputs every call.
  std::vector<double> milliseconds;
};

/// Applies `schedule` (a textual pass pipeline nested in builtin.module, such
/// as "foundry-tile-blocks{sizes=8,8}"; empty for the naive schedule) to a
/// clone of `module`, lowers kernel `kernelName` with foundry-to-llvm, and
/// runs it with the ExecutionEngine on `inputs` (one byte buffer per kernel
/// argument, in order, sized as the argument's tensor). Outputs are filled
/// with NaN bytes (0xFF) first, so an element never written shows. Emits a
/// diagnostic at the kernel and fails on a bad schedule, a lowering error, a
/// size mismatch or a JIT error. With `widenToF64`, the kernel is computed
/// in f64 (foundry-widen-to-f64): f32 inputs are given as f32 bytes and
/// widened here, and the f32 outputs come back as f64. With `timedRuns`,
/// the compiled kernel is then called that many more times, each timed.
FailureOr<CpuRun> runKernelOnCpu(ModuleOp module, StringRef kernelName,
                                 StringRef schedule,
                                 ArrayRef<std::vector<char>> inputs,
                                 bool widenToF64 = false,
                                 unsigned timedRuns = 0);

/// What comes back from runKernelOnCpuIsolated.
struct IsolatedCpuRun {
  enum class Outcome {
    Ran,      ///< The kernel ran: `outputs` and `milliseconds` are filled.
    Failed,   ///< The schedule or lowering failed: `error` is its diagnostic.
    Crashed,  ///< The child died of a signal: `error` names it.
    TimedOut, ///< The child ran past the time limit and was killed.
  };
  Outcome outcome = Outcome::Failed;
  std::string error;
  /// The bytes of each output buffer by result number (`outputs[i]` for
  /// foundry.output = i).
  std::vector<std::vector<char>> outputs;
  /// The times of the timed calls in milliseconds, as in CpuRun.
  std::vector<double> milliseconds;
};

/// runKernelOnCpu (no widening) in a child process, so that a kernel that
/// crashes (an out-of-bounds access, an integer division by zero, a stack
/// overflow, an upstream assertion) or never ends fails alone: `module` is
/// printed, parsed again by a forked child in a context of its own without
/// threads, and run there. The child is killed (SIGKILL) after
/// `timeoutSeconds` of wall-clock time, and when this process dies. The
/// caller must not have other threads holding locks the child needs (an
/// idle MLIRContext thread pool is fine): fork() copies only the calling
/// thread. POSIX only.
IsolatedCpuRun runKernelOnCpuIsolated(ModuleOp module, StringRef kernelName,
                                      StringRef schedule,
                                      ArrayRef<std::vector<char>> inputs,
                                      unsigned timedRuns,
                                      double timeoutSeconds);

} // namespace mlir::foundry

#endif // FOUNDRY_TARGET_CPURUNNER_H
