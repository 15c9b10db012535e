//===- Compile.h - Compile one candidate ------------------------*- C++ -*-===//
//
// The entry point the search calls: a kernel and a schedule in, PTX, cubin,
// launch manifest, ptxas resources and diagnostics out.
//
//===----------------------------------------------------------------------===//

#ifndef FOUNDRY_TARGET_COMPILE_H
#define FOUNDRY_TARGET_COMPILE_H

#include "foundry/Target/Ptxas.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/JSON.h"

#include <atomic>
#include <map>
#include <string>
#include <vector>

namespace mlir::foundry {

/// What to compile for.
struct CompileOptions {
  /// "sm_90" (any sm_XY: PTX through NVVM, then a cubin through ptxas) or
  /// "cpu" (LLVM dialect through foundry-to-llvm; nothing is run).
  std::string target = "sm_90";
  /// PTX ISA features of the NVVM target.
  std::string features = "+ptx80";
  /// Assemble the PTX with ptxas (GPU targets only).
  bool assemble = true;
  /// Computes each kernel in f64 before the schedule, its interface kept
  /// f32 (widenKernelToF64 with keepInterface, as
  /// `foundry.kernel(foundry-widen-to-f64{keep-interface=true})` before the
  /// schedule in foundry-opt): the reference the search checks against.
  bool widenToF64 = false;
  /// Threads per block of the naive mapping of what the schedule leaves.
  int64_t naiveBlockSize = 256;
  /// ptxas is killed after this many seconds (the compilation then fails
  /// at stage "ptxas").
  unsigned ptxasTimeoutSeconds = 300;
  /// PTX larger than this is not assembled (stage "ptxas"): a schedule that
  /// unrolls that much is never fast, and ptxas takes minutes on it (2.7 MB
  /// of PTX from a 1024-element vectorized chunk of a KL loss ran for over
  /// two minutes). 0: no limit.
  size_t maxPtxBytes = size_t{1} << 20;
  /// When set and true, a ptxas child still running is killed (the
  /// compilation fails at stage "ptxas"): a search that ended stops waiting.
  const std::atomic<bool> *cancel = nullptr;
};

/// Everything known about one compilation. `stage` is the last stage reached:
/// "parse", "schedule", "lower", "ptxas", "resources" (assembled, but a
/// kernel needs more local memory per thread than sm_90 has) or "done";
/// on failure the
/// diagnostics say why, with file:line:col where the input has them.
struct CompileResult {
  bool succeeded = false;
  std::string stage = "parse";
  std::string diagnostics;
  std::string ptx;
  std::vector<char> cubin;
  /// Launch manifest v1 "kernels" array (docs/launch-manifest.md): launches,
  /// grid and block sizes, dynamic shared memory, argument layout.
  llvm::json::Array manifest;
  /// Per PTX entry, what ptxas -v reported.
  std::map<std::string, KernelResources> resources;
  std::string ptxasLog;
  /// Wall-clock seconds of the compilation.
  double seconds = 0;
};

/// Compiles the kernels of `source` (MLIR text: foundry.kernel ops, or
/// func.func on tensors, which are outlined first) with `schedule` (a pass
/// pipeline of foundry-* passes as nested in builtin.module, e.g.
/// "foundry-tile-blocks{sizes=64,64},foundry-vectorize"; empty for the naive
/// schedule). Uses its own MLIRContext, so any number of calls may run
/// concurrently on different threads. Never aborts on bad input: a failure
/// is a result with `succeeded == false` (text that nests too deep for the
/// parser, checkNestingDepth, fails at stage "parse").
CompileResult compile(llvm::StringRef source, llvm::StringRef schedule,
                      const CompileOptions &options = {},
                      llvm::StringRef sourceName = "<kernel>");

/// Parses the main buffer of `sourceMgr` (untrusted MLIR text) and outlines
/// its func.func on tensors into foundry.kernel ops. Text that nests too
/// deep for the parser (checkNestingDepth) fails with `error`, before
/// anything is parsed; other failures go to the handler the caller installed
/// on `context` (with file:line:col from `sourceMgr`), and leave `error`
/// empty. A parse that crashes MLIR's parser fails with `error` too
/// (runUntrustedParse). `context` runs single-threaded meanwhile: nothing
/// else may use it during the call.
OwningOpRef<ModuleOp> parseKernels(llvm::SourceMgr &sourceMgr,
                                   MLIRContext *context, std::string &error);

/// Reads `path` ("-" for stdin) into `sourceMgr`, then parseKernels. Input
/// that is not a regular file or stdin, or is larger than 1 GiB
/// (readUntrustedFile), fails with `error` ("PATH: why"), as does text that
/// nests too deep ("PATH:LINE:COL: error: why").
OwningOpRef<ModuleOp> loadKernelFile(llvm::StringRef path,
                                     llvm::SourceMgr &sourceMgr,
                                     MLIRContext *context, std::string &error);

/// `result` as JSON: succeeded, stage, diagnostics, seconds, manifest,
/// resources (per kernel) and the sizes of the PTX and cubin.
llvm::json::Object toJSON(const CompileResult &result);

} // namespace mlir::foundry

#endif // FOUNDRY_TARGET_COMPILE_H
