//===- IsolatedCompile.cpp - compile() in a child process ----------------===//

#include "foundry/Target/IsolatedCompile.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <csignal>
#include <optional>

using namespace mlir;
using namespace mlir::foundry;

namespace {
/// The files of one request directory.
struct RequestFiles {
  explicit RequestFiles(llvm::StringRef directory) : directory(directory) {}
  std::string path(llvm::StringRef name) const {
    llvm::SmallString<128> p(directory);
    llvm::sys::path::append(p, name);
    return std::string(p);
  }
  std::string request() const { return path("request.json"); }
  std::string source() const { return path("source.mlir"); }
  std::string result() const { return path("result.json"); }
  std::string ptx() const { return path("kernel.ptx"); }
  std::string cubin() const { return path("kernel.cubin"); }
  std::string output() const { return path("output.txt"); }
  std::string directory;
};
} // namespace

/// Writes `bytes` to `path`; false with `error` set when it cannot.
static bool writeFile(const std::string &path, llvm::StringRef bytes,
                      std::string &error) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec, llvm::sys::fs::OF_None);
  if (!ec) {
    os << bytes;
    os.close();
    if (!os.has_error())
      return true;
    ec = os.error();
    os.clear_error();
  }
  error = "cannot write " + path + ": " + ec.message();
  return false;
}

/// The contents of `path`, or nothing when it cannot be read.
static std::optional<std::string> readFile(const std::string &path) {
  auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  if (!buffer)
    return std::nullopt;
  return (*buffer)->getBuffer().str();
}

/// The last `bytes` bytes of `text`, from a line start where there is one.
static llvm::StringRef tail(llvm::StringRef text, size_t bytes) {
  text = text.rtrim();
  if (text.size() <= bytes)
    return text;
  text = text.take_back(bytes);
  size_t newline = text.find('\n');
  return newline == llvm::StringRef::npos ? text : text.drop_front(newline + 1);
}

static bool fromJSON(const llvm::json::Value &value, KernelResources &r,
                     llvm::json::Path path) {
  llvm::json::ObjectMapper o(value, path);
  return o && o.map("registers", r.registers) &&
         o.map("barriers", r.barriers) &&
         o.map("shared_bytes", r.sharedBytes) &&
         o.map("stack_frame_bytes", r.stackFrameBytes) &&
         o.map("spill_store_bytes", r.spillStoreBytes) &&
         o.map("spill_load_bytes", r.spillLoadBytes) &&
         o.map("constant_bytes", r.constantBytes);
}

bool mlir::foundry::fromJSON(const llvm::json::Value &value,
                             CompileResult &result, llvm::json::Path path) {
  llvm::json::ObjectMapper o(value, path);
  if (!o || !o.map("succeeded", result.succeeded) ||
      !o.map("stage", result.stage) ||
      !o.map("diagnostics", result.diagnostics) ||
      !o.map("seconds", result.seconds) ||
      !o.mapOptional("ptxas_log", result.ptxasLog))
    return false;
  const llvm::json::Object *object = value.getAsObject();
  const llvm::json::Array *kernels = object->getArray("kernels");
  if (!kernels) {
    path.field("kernels").report("expected an array");
    return false;
  }
  result.manifest = *kernels;
  result.resources.clear();
  if (const llvm::json::Value *resources = object->get("resources")) {
    const llvm::json::Object *entries = resources->getAsObject();
    if (!entries) {
      path.field("resources").report("expected an object");
      return false;
    }
    for (const auto &[name, entry] : *entries)
      if (!::fromJSON(entry, result.resources[name.str()],
                      path.field("resources").field(name)))
        return false;
  }
  return true;
}

int mlir::foundry::runCompileWorker(llvm::StringRef directory) {
  // Ctrl-C on a terminal reaches the whole process group: the parent stops
  // gracefully and cancels its children itself, so a worker it would still
  // wait for is not turned into a "crash" by the same keystroke.
  std::signal(SIGINT, SIG_IGN);
  RequestFiles files(directory);
  auto fail = [](const llvm::Twine &message) {
    llvm::errs() << "compile worker: " << message << "\n";
    return 1;
  };
  std::optional<std::string> requestText = readFile(files.request());
  std::optional<std::string> source = readFile(files.source());
  if (!requestText || !source)
    return fail("cannot read the request in " + directory);
  llvm::Expected<llvm::json::Value> request = llvm::json::parse(*requestText);
  if (!request)
    return fail("malformed request: " + llvm::toString(request.takeError()));
  std::string schedule, sourceName;
  CompileOptions options;
  int64_t maxPtxBytes = 0;
  llvm::json::Path::Root root("request");
  llvm::json::ObjectMapper o(*request, root);
  if (!o || !o.map("schedule", schedule) || !o.map("source_name", sourceName) ||
      !o.map("target", options.target) ||
      !o.map("features", options.features) ||
      !o.map("assemble", options.assemble) ||
      !o.map("naive_block_size", options.naiveBlockSize) ||
      !o.map("ptxas_timeout_seconds", options.ptxasTimeoutSeconds) ||
      !o.map("max_ptx_bytes", maxPtxBytes) || maxPtxBytes < 0 ||
      !o.mapOptional("widen_to_f64", options.widenToF64)) {
    std::string message;
    llvm::raw_string_ostream os(message);
    root.printErrorContext(*request, os);
    return fail("malformed request: " + llvm::toString(root.getError()) + "\n" +
                message);
  }
  options.maxPtxBytes = static_cast<size_t>(maxPtxBytes);

  CompileResult result = compile(*source, schedule, options, sourceName);
  llvm::json::Object reply = toJSON(result);
  reply["ptxas_log"] = result.ptxasLog;
  std::string error;
  // The PTX and cubin first: result.json is the sign that the reply is
  // complete.
  if ((!result.ptx.empty() && !writeFile(files.ptx(), result.ptx, error)) ||
      (!result.cubin.empty() &&
       !writeFile(files.cubin(),
                  llvm::StringRef(result.cubin.data(), result.cubin.size()),
                  error)) ||
      !writeFile(
          files.result(),
          llvm::formatv("{0}", llvm::json::Value(std::move(reply))).str(),
          error))
    return fail(error);
  return 0;
}

CompileResult mlir::foundry::compileInChildProcess(
    llvm::StringRef source, llvm::StringRef schedule,
    const CompileOptions &options, llvm::StringRef sourceName,
    const CompileWorker &worker) {
  auto start = std::chrono::steady_clock::now();
  CompileResult result;
  auto fail = [&](llvm::StringRef stage, const llvm::Twine &message) {
    result.succeeded = false;
    result.stage = stage.str();
    result.diagnostics = message.str();
    result.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
            .count();
    return std::move(result);
  };

  llvm::SmallString<128> directory;
  if (std::error_code ec =
          llvm::sys::fs::createUniqueDirectory("foundry-compile", directory))
    return fail("worker", "error: cannot create a temporary directory: " +
                              ec.message() + "\n");
  llvm::scope_exit cleanup(
      [&] { (void)llvm::sys::fs::remove_directories(directory); });
  RequestFiles files(directory);
  llvm::json::Object request{
      {"schedule", schedule},
      {"source_name", sourceName},
      {"target", options.target},
      {"features", options.features},
      {"assemble", options.assemble},
      {"naive_block_size", options.naiveBlockSize},
      {"ptxas_timeout_seconds",
       static_cast<int64_t>(options.ptxasTimeoutSeconds)},
      {"max_ptx_bytes", static_cast<int64_t>(options.maxPtxBytes)},
      {"widen_to_f64", options.widenToF64}};
  std::string error;
  if (!writeFile(files.source(), source, error) ||
      !writeFile(
          files.request(),
          llvm::formatv("{0}", llvm::json::Value(std::move(request))).str(),
          error))
    return fail("worker", "error: " + error + "\n");

  llvm::SmallVector<llvm::StringRef> args = {worker.program};
  for (const std::string &arg : worker.args)
    args.push_back(arg);
  args.push_back(kCompileWorkerFlag);
  args.push_back(files.directory);
  std::string output = files.output();
  std::optional<llvm::StringRef> redirects[] = {llvm::StringRef(""), output,
                                                output};
  int rc = executeWithTimeout(worker.program, args, redirects,
                              worker.timeoutSeconds, &error, options.cancel);
  std::string childOutput = readFile(output).value_or("");
  auto withOutput = [&](std::string message) {
    llvm::StringRef last = tail(childOutput, 2048);
    if (!last.empty())
      message += "; its output ends with:\n" + last.str();
    return message + "\n";
  };
  if (rc == -1)
    return fail("worker", "error: cannot start the compile worker " +
                              worker.program + ": " + error + "\n");
  if (rc == -2) {
    if (llvm::StringRef(error).starts_with("killed by signal"))
      return fail("crash",
                  withOutput("error: the compiler crashed on this candidate (" +
                             error + ")"));
    if (error == "cancelled")
      return fail("cancelled", "error: the compilation was cancelled\n");
    return fail("timeout", withOutput("error: the compilation " + error));
  }
  std::optional<std::string> reply = readFile(files.result());
  if (rc != 0 || !reply)
    return fail("worker",
                withOutput("error: the compile worker exited with status " +
                           std::to_string(rc) + " and no reply"));
  llvm::Expected<llvm::json::Value> json = llvm::json::parse(*reply);
  if (!json)
    return fail("worker", "error: the compile worker's reply is not JSON: " +
                              llvm::toString(json.takeError()) + "\n");
  llvm::json::Path::Root root("reply");
  if (!fromJSON(*json, result, root))
    return fail("worker", "error: malformed compile worker reply: " +
                              llvm::toString(root.getError()) + "\n");
  if (std::optional<std::string> ptx = readFile(files.ptx()))
    result.ptx = std::move(*ptx);
  if (std::optional<std::string> cubin = readFile(files.cubin()))
    result.cubin.assign(cubin->begin(), cubin->end());
  return result;
}
