//===- IsolatedCompile.h - compile() in a child process ---------*- C++ -*-===//
//
// The search throws every combination of options and IR patches at the
// schedule passes and upstream lowerings, some of which still assert or
// crash on odd inputs. compileInChildProcess runs one compile() in a fresh
// process (a tool re-executing itself in worker mode), so such a candidate
// ends at stage "crash" or "timeout" instead of ending the search.
//
//===----------------------------------------------------------------------===//

#ifndef FOUNDRY_TARGET_ISOLATEDCOMPILE_H
#define FOUNDRY_TARGET_ISOLATEDCOMPILE_H

#include "foundry/Target/Compile.h"

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace mlir::foundry {

/// The first argument of a tool's command line that puts it in worker mode;
/// the second is the request directory. A tool that offers isolation checks
/// for it before parsing its options and then returns
/// runCompileWorker(argv[2]). Not a user-facing option.
inline constexpr llvm::StringLiteral kCompileWorkerFlag =
    "--foundry-compile-worker";

/// The executable that serves compileInChildProcess's requests, and how long
/// one may take.
struct CompileWorker {
  /// Path of the executable (typically the running tool, from
  /// llvm::sys::fs::getMainExecutable).
  std::string program;
  /// Arguments placed between the program name and kCompileWorkerFlag
  /// (normally none).
  std::vector<std::string> args;
  /// The child is killed after this many seconds (0: no limit); the result
  /// is then at stage "timeout". Should exceed CompileOptions's
  /// ptxasTimeoutSeconds, which the child applies to its own ptxas.
  unsigned timeoutSeconds = 600;
};

/// Runs compile(source, schedule, options, sourceName) in a child process
/// started from `worker`, and returns what it returned. The request and the
/// reply travel through a private temporary directory, removed afterwards
/// (request.json, source.mlir; result.json, kernel.ptx, kernel.cubin and the
/// child's stdout/stderr in output.txt).
///
/// Failures of the child itself are results too, never exceptions:
///  - killed by a signal (an assertion, a segfault): stage "crash", the
///    diagnostics name the signal and end with the last 2 KiB of the
///    child's output (the assertion message and stack dump);
///  - still running after worker.timeoutSeconds: stage "timeout";
///  - `options.cancel` set while it runs: killed, stage "cancelled";
///  - the child could not start, or exited without a readable reply:
///    stage "worker", with the reason.
/// Safe to call from many threads at once (each call has its own directory
/// and polls its own child; see executeWithTimeout).
CompileResult compileInChildProcess(llvm::StringRef source,
                                    llvm::StringRef schedule,
                                    const CompileOptions &options,
                                    llvm::StringRef sourceName,
                                    const CompileWorker &worker);

/// The child side: reads `directory`/request.json and source.mlir, runs
/// compile() and writes the reply there. Returns 0 when the reply was
/// written (whether or not the compilation succeeded), 1 with a message on
/// stderr when the request cannot be read or the reply cannot be written.
int runCompileWorker(llvm::StringRef directory);

/// Reads a CompileResult back from toJSON's object plus "ptxas_log" (the
/// PTX and cubin travel as files and are not part of it). Returns false,
/// with `path` naming the offending field, on a malformed object.
bool fromJSON(const llvm::json::Value &value, CompileResult &result,
              llvm::json::Path path);

} // namespace mlir::foundry

#endif // FOUNDRY_TARGET_ISOLATEDCOMPILE_H
