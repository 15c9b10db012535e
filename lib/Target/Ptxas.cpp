//===- Ptxas.cpp - ptxas invocation and resource usage -------------------===//

#include "foundry/Target/Ptxas.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

#include <chrono>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <sys/wait.h>
#include <thread>

using namespace mlir::foundry;

/// The integer right before `unit` in `line` ("40 registers" -> 40).
static std::optional<int64_t> numberBefore(llvm::StringRef line,
                                           llvm::StringRef unit) {
  size_t pos = line.find(unit);
  if (pos == llvm::StringRef::npos)
    return std::nullopt;
  llvm::StringRef head = line.take_front(pos).rtrim();
  llvm::StringRef digits =
      head.take_back(head.size() - head.find_last_not_of("0123456789") - 1);
  int64_t value;
  if (digits.empty() || digits.getAsInteger(10, value))
    return std::nullopt;
  return value;
}

std::map<std::string, KernelResources>
mlir::foundry::parsePtxasVerbose(llvm::StringRef text) {
  std::map<std::string, KernelResources> kernels;
  std::string current;
  llvm::SmallVector<llvm::StringRef> lines;
  text.split(lines, '\n');
  for (llvm::StringRef line : lines) {
    line = line.trim();
    if (line.contains("Compiling entry function '")) {
      llvm::StringRef rest = line.split("Compiling entry function '").second;
      current = rest.split('\'').first.str();
      kernels[current];
      continue;
    }
    if (line.contains("Function properties for ")) {
      current = line.split("Function properties for ").second.trim().str();
      continue;
    }
    if (current.empty())
      continue;
    KernelResources &r = kernels[current];
    if (line.contains("stack frame")) {
      r.stackFrameBytes = numberBefore(line, "bytes stack frame").value_or(0);
      r.spillStoreBytes = numberBefore(line, "bytes spill stores").value_or(0);
      r.spillLoadBytes = numberBefore(line, "bytes spill loads").value_or(0);
    } else if (line.contains("Used ") && line.contains("registers")) {
      r.registers = numberBefore(line, "registers").value_or(0);
      r.barriers = numberBefore(line, "barriers").value_or(0);
      r.sharedBytes = numberBefore(line, "bytes smem").value_or(0);
      r.constantBytes = numberBefore(line, "bytes cmem[0]").value_or(0);
    }
  }
  return kernels;
}

llvm::json::Object mlir::foundry::toJSON(const KernelResources &r) {
  return llvm::json::Object{{"registers", r.registers},
                            {"barriers", r.barriers},
                            {"shared_bytes", r.sharedBytes},
                            {"stack_frame_bytes", r.stackFrameBytes},
                            {"spill_store_bytes", r.spillStoreBytes},
                            {"spill_load_bytes", r.spillLoadBytes},
                            {"constant_bytes", r.constantBytes}};
}

int mlir::foundry::executeWithTimeout(
    llvm::StringRef program, llvm::ArrayRef<llvm::StringRef> args,
    llvm::ArrayRef<std::optional<llvm::StringRef>> redirects,
    unsigned timeoutSeconds, std::string *error,
    const std::atomic<bool> *cancel) {
  bool failed = false;
  llvm::sys::ProcessInfo child = llvm::sys::ExecuteNoWait(
      program, args, std::nullopt, redirects, 0, error, &failed);
  if (failed)
    return -1;
  auto deadline =
      std::chrono::steady_clock::now() + std::chrono::seconds(timeoutSeconds);
  auto pause = std::chrono::milliseconds(1);
  while (true) {
    // A non-blocking waitpid (llvm::sys::Wait arms or clears alarm() even
    // for a non-blocking wait).
    int status = 0;
    pid_t done = ::waitpid(child.Pid, &status, WNOHANG);
    if (done == child.Pid) {
      if (WIFEXITED(status))
        return WEXITSTATUS(status);
      if (error)
        *error = "killed by signal " + std::to_string(WTERMSIG(status));
      return -2;
    }
    if (done < 0 && errno != EINTR) {
      if (error)
        *error = "waitpid failed: " + std::string(std::strerror(errno));
      return -1;
    }
    bool cancelled = cancel && cancel->load();
    if (cancelled ||
        (timeoutSeconds && std::chrono::steady_clock::now() >= deadline)) {
      ::kill(child.Pid, SIGKILL);
      while (::waitpid(child.Pid, &status, 0) < 0 && errno == EINTR)
        ;
      if (error)
        *error = cancelled ? "cancelled"
                           : "timed out after " +
                                 std::to_string(timeoutSeconds) + " s";
      return -2;
    }
    std::this_thread::sleep_for(pause);
    pause = std::min(pause * 2, std::chrono::milliseconds(50));
  }
}

std::string mlir::foundry::findPtxas() {
  if (const char *env = std::getenv("FOUNDRY_PTXAS"); env && *env)
    return env;
  if (llvm::ErrorOr<std::string> path = llvm::sys::findProgramByName("ptxas"))
    return *path;
  if (llvm::sys::fs::can_execute("/usr/local/cuda/bin/ptxas"))
    return "/usr/local/cuda/bin/ptxas";
  return "";
}

llvm::Expected<PtxasResult> mlir::foundry::runPtxas(llvm::StringRef ptx,
                                                    llvm::StringRef chip,
                                                    unsigned timeoutSeconds,
                                                    const std::atomic<bool> *cancel) {
  std::string ptxas = findPtxas();
  if (ptxas.empty())
    return llvm::createStringError(
        "ptxas not found (set FOUNDRY_PTXAS or put the CUDA toolkit's bin "
        "on PATH)");
  llvm::SmallString<128> dir;
  if (std::error_code ec =
          llvm::sys::fs::createUniqueDirectory("foundry-ptxas", dir))
    return llvm::createStringError("cannot create a temporary directory: " +
                                   ec.message());
  llvm::scope_exit cleanup(
      [&] { (void)llvm::sys::fs::remove_directories(dir); });
  auto path = [&](llvm::StringRef name) {
    llvm::SmallString<128> p(dir);
    llvm::sys::path::append(p, name);
    return std::string(p);
  };
  std::string ptxPath = path("kernel.ptx"), cubinPath = path("kernel.cubin"),
              logPath = path("ptxas.log");
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(ptxPath, ec);
    if (ec)
      return llvm::createStringError("cannot write " + ptxPath + ": " +
                                     ec.message());
    os << ptx;
  }
  std::string arch = ("-arch=" + chip).str();
  llvm::SmallVector<llvm::StringRef> args = {ptxas,   arch, "-v",
                                             ptxPath, "-o", cubinPath};
  std::optional<llvm::StringRef> redirects[] = {std::nullopt, logPath, logPath};
  std::string error;
  int rc = executeWithTimeout(ptxas, args, redirects, timeoutSeconds, &error,
                              cancel);
  PtxasResult result;
  if (auto log = llvm::MemoryBuffer::getFile(logPath))
    result.log = (*log)->getBuffer().str();
  if (rc != 0)
    return llvm::createStringError(
        "ptxas failed (" +
        (error.empty() ? "exit " + std::to_string(rc) : error) +
        "): " + llvm::StringRef(result.log).trim().str());
  auto cubin = llvm::MemoryBuffer::getFile(cubinPath, /*IsText=*/false,
                                           /*RequiresNullTerminator=*/false);
  if (!cubin)
    return llvm::createStringError("ptxas wrote no cubin");
  result.cubin.assign((*cubin)->getBufferStart(), (*cubin)->getBufferEnd());
  result.resources = parsePtxasVerbose(result.log);
  return result;
}
