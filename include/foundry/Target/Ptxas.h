//===- Ptxas.h - ptxas invocation and resource usage ------------*- C++ -*-===//
//
// Assembling PTX into a cubin with the CUDA toolkit's ptxas, and what
// `ptxas -v` says each kernel uses.
//
//===----------------------------------------------------------------------===//

#ifndef FOUNDRY_TARGET_PTXAS_H
#define FOUNDRY_TARGET_PTXAS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <atomic>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace mlir::foundry {

/// Resource usage of one kernel (PTX entry) as `ptxas -v` reports it for the
/// target architecture. Sizes in bytes; registers per thread.
struct KernelResources {
  int64_t registers = 0;
  int64_t barriers = 0;
  /// Statically declared shared memory (`N bytes smem`); dynamic shared
  /// memory is a launch parameter and lives in the launch manifest.
  int64_t sharedBytes = 0;
  int64_t stackFrameBytes = 0;
  int64_t spillStoreBytes = 0;
  int64_t spillLoadBytes = 0;
  /// Constant bank 0 (kernel parameters), `N bytes cmem[0]`.
  int64_t constantBytes = 0;
};

/// Parses the `ptxas -v` report (its stderr) into per-kernel resources, keyed
/// by entry name. Lines it does not know are ignored; a kernel whose
/// `Function properties` or `Used` line is missing keeps zeros there.
/// Format (CUDA 12/13):
///   ptxas info    : Compiling entry function 'NAME' for 'sm_90'
///   ptxas info    : Function properties for NAME
///       F bytes stack frame, S bytes spill stores, L bytes spill loads
///   ptxas info    : Used R registers, used B barriers, M bytes smem, ...
std::map<std::string, KernelResources> parsePtxasVerbose(llvm::StringRef text);

/// `resources` as a JSON object (registers, barriers, shared_bytes,
/// stack_frame_bytes, spill_store_bytes, spill_load_bytes, constant_bytes).
llvm::json::Object toJSON(const KernelResources &resources);

/// Runs `program` with `args` (args[0] is the program name) in a child
/// process, stdin/stdout/stderr redirected as in llvm::sys::ExecuteAndWait,
/// and waits at most `timeoutSeconds` (0: no limit), then kills it. Returns
/// its exit code, or -1 (failed to start), -2 (killed by a signal or timed
/// out, `error` says which). Unlike ExecuteAndWait's timeout, which arms the
/// process-wide alarm() so that concurrent waits cancel each other's timers,
/// it is safe on many threads at once: it polls the child. When `cancel`
/// is set and becomes true, the child is killed as on a timeout ("cancelled").
int executeWithTimeout(llvm::StringRef program,
                       llvm::ArrayRef<llvm::StringRef> args,
                       llvm::ArrayRef<std::optional<llvm::StringRef>> redirects,
                       unsigned timeoutSeconds, std::string *error,
                       const std::atomic<bool> *cancel = nullptr);

/// The ptxas to use: $FOUNDRY_PTXAS, else `ptxas` on PATH, else
/// /usr/local/cuda/bin/ptxas; an empty string when there is none.
std::string findPtxas();

/// Result of assembling one PTX module.
struct PtxasResult {
  std::vector<char> cubin;
  std::map<std::string, KernelResources> resources;
  /// ptxas's own report (warnings included).
  std::string log;
};

/// Runs `ptxas -arch=<chip> -v` on `ptx` in a child process, in a private
/// temporary directory (safe to call from many threads), killing it after
/// `timeoutSeconds`. Errors: no ptxas, a failed start, a timeout, or a
/// non-zero exit (the error carries ptxas's message).
llvm::Expected<PtxasResult> runPtxas(llvm::StringRef ptx, llvm::StringRef chip,
                                     unsigned timeoutSeconds = 300,
                                     const std::atomic<bool> *cancel = nullptr);

} // namespace mlir::foundry

#endif // FOUNDRY_TARGET_PTXAS_H
