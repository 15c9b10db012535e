//===- foundry-compile.cpp - Compile candidates --------------------------===//
//
// The command-line face of mlir::foundry::compile(): a kernel and one or more
// schedules in; per candidate a JSON record (stage reached, diagnostics,
// launch manifest, ptxas resources) and, with -o, the PTX and cubin.
// Candidates compile concurrently on -j threads, one MLIRContext each, and
// the closing line gives the compile rate. With --isolate each candidate
// compiles in a child process (this tool re-executed in worker mode), so a
// candidate that crashes the compiler is a failed record, not a dead tool.
//
//   foundry-compile kernel.mlir --schedule='foundry-tile-blocks{sizes=64,64}'
//   -o out foundry-compile kernel.mlir --schedules=list.txt -j 2
//
// Exit status: 0 if every candidate compiled, 1 otherwise (also for an
// input refused before any compilation: not a regular file or stdin, over
// 1 GiB, or nested too deep for the parser; see UntrustedInput.h).
//
//===----------------------------------------------------------------------===//

#include "foundry/Support/UntrustedInput.h"
#include "foundry/Target/Compile.h"
#include "foundry/Target/IsolatedCompile.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>

using namespace mlir::foundry;

static llvm::cl::OptionCategory toolOptions("foundry-compile options");

static llvm::cl::opt<std::string> inputFile(llvm::cl::Positional,
                                            llvm::cl::cat(toolOptions),
                                            llvm::cl::desc("<kernel.mlir>"),
                                            llvm::cl::Required);
static llvm::cl::list<std::string> schedules(
    "schedule", llvm::cl::cat(toolOptions),
    llvm::cl::desc("A schedule (foundry-* pass pipeline; empty: naive). "
                   "Repeatable."));
static llvm::cl::opt<std::string> schedulesFile(
    "schedules", llvm::cl::cat(toolOptions),
    llvm::cl::desc("File with one schedule per line ('#' comments; the "
                   "word 'naive' for the naive schedule)."),
    llvm::cl::init(""));
static llvm::cl::opt<std::string>
    target("target", llvm::cl::cat(toolOptions),
           llvm::cl::desc("sm_90 (PTX + cubin) or cpu."),
           llvm::cl::init("sm_90"));
static llvm::cl::opt<std::string>
    features("features", llvm::cl::cat(toolOptions),
             llvm::cl::desc("PTX ISA version of the GPU target (+ptx80 for "
                            "sm_90; +ptx86 for sm_100)."),
             llvm::cl::init("+ptx80"));
static llvm::cl::opt<bool>
    noAssemble("no-ptxas", llvm::cl::cat(toolOptions),
               llvm::cl::desc("Stop at PTX (no cubin, no resources)."),
               llvm::cl::init(false));
static llvm::cl::opt<bool> widenToF64(
    "widen-to-f64", llvm::cl::cat(toolOptions),
    llvm::cl::desc("Compute the kernel in f64 before the schedule, its "
                   "interface kept f32 (the reference foundry-evolve checks "
                   "candidates against: foundry.kernel(foundry-widen-to-f64"
                   "{keep-interface=true}) in foundry-opt)."),
    llvm::cl::init(false));
static llvm::cl::opt<std::string>
    outputDir("o", llvm::cl::cat(toolOptions),
              llvm::cl::desc("Write candidate-N.{ptx,cubin,json} here."),
              llvm::cl::init(""));
static llvm::cl::opt<unsigned>
    jobs("j", llvm::cl::cat(toolOptions),
         llvm::cl::desc("Compile this many candidates at once (default: "
                        "hardware threads)."),
         llvm::cl::init(0));
static llvm::cl::opt<bool> isolate(
    "isolate", llvm::cl::cat(toolOptions),
    llvm::cl::desc("Compile each candidate in a child process: a crash or "
                   "a hang ends that candidate (stage crash or timeout), "
                   "not the tool."),
    llvm::cl::init(false));
static llvm::cl::opt<unsigned> isolateTimeout(
    "isolate-timeout", llvm::cl::cat(toolOptions),
    llvm::cl::desc("With --isolate, seconds before a child is killed (0: no "
                   "limit)."),
    llvm::cl::init(600));
static llvm::cl::opt<unsigned>
    repeat("repeat", llvm::cl::cat(toolOptions),
           llvm::cl::desc("Compile every candidate this many times (for the "
                          "compile-rate benchmark)."),
           llvm::cl::init(1));

static bool writeFile(const llvm::Twine &path, llvm::StringRef bytes) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path.str(), ec, llvm::sys::fs::OF_None);
  if (ec) {
    llvm::errs() << "foundry-compile: cannot write " << path.str() << ": "
                 << ec.message() << "\n";
    return false;
  }
  os << bytes;
  return true;
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  if (argc == 3 && llvm::StringRef(argv[1]) == kCompileWorkerFlag)
    return runCompileWorker(argv[2]);
  llvm::cl::HideUnrelatedOptions(toolOptions);
  llvm::cl::ParseCommandLineOptions(
      argc, argv, "Kernel Foundry: compile a kernel under schedules\n");

  // Checked first: nothing is read or written for a command line that
  // cannot run (with no compilation there is no first result to print).
  if (repeat < 1) {
    llvm::errs() << "foundry-compile: --repeat must be at least 1, got "
                 << repeat << "\n";
    return 1;
  }

  // Refused once here rather than by every compilation.
  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> source =
      readUntrustedMlir(inputFile, error);
  if (!source) {
    llvm::errs() << "foundry-compile: " << error << "\n";
    return 1;
  }
  std::vector<std::string> candidates(schedules.begin(), schedules.end());
  if (!schedulesFile.empty()) {
    std::unique_ptr<llvm::MemoryBuffer> list =
        readUntrustedFile(schedulesFile, error);
    if (!list) {
      llvm::errs() << "foundry-compile: " << error << "\n";
      return 1;
    }
    llvm::SmallVector<llvm::StringRef> lines;
    list->getBuffer().split(lines, '\n');
    for (llvm::StringRef line : lines) {
      line = line.trim();
      if (line.empty() || line.starts_with("#"))
        continue;
      candidates.push_back(line == "naive" ? "" : line.str());
    }
  }
  if (candidates.empty())
    candidates.push_back(""); // The naive schedule.
  if (!outputDir.empty())
    if (std::error_code ec = llvm::sys::fs::create_directories(outputDir)) {
      llvm::errs() << "foundry-compile: cannot create " << outputDir << ": "
                   << ec.message() << "\n";
      return 1;
    }

  CompileOptions options;
  options.target = target;
  options.features = features;
  options.assemble = !noAssemble;
  options.widenToF64 = widenToF64;
  CompileWorker worker;
  if (isolate) {
    worker.program = llvm::sys::fs::getMainExecutable(
        argv[0], reinterpret_cast<void *>(&writeFile));
    worker.timeoutSeconds = isolateTimeout;
  }
  size_t total = candidates.size() * repeat;
  std::vector<CompileResult> results(total);
  unsigned threads = jobs ? jobs.getValue()
                          : llvm::hardware_concurrency().compute_thread_count();
  auto start = std::chrono::steady_clock::now();
  {
    llvm::DefaultThreadPool pool(llvm::hardware_concurrency(threads));
    for (size_t i = 0; i < total; ++i)
      pool.async([&, i] {
        llvm::StringRef schedule = candidates[i % candidates.size()];
        results[i] =
            isolate
                ? compileInChildProcess(source->getBuffer(), schedule, options,
                                        inputFile, worker)
                : compile(source->getBuffer(), schedule, options, inputFile);
      });
    pool.wait();
  }
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();

  bool allOk = true;
  for (size_t i = 0; i < candidates.size(); ++i) {
    const CompileResult &r = results[i];
    allOk &= r.succeeded;
    llvm::json::Object record = toJSON(r);
    record["schedule"] = candidates[i].empty() ? "naive" : candidates[i];
    record["target"] = options.target;
    std::string json =
        llvm::formatv("{0:2}", llvm::json::Value(std::move(record)));
    if (!outputDir.empty()) {
      llvm::SmallString<128> base(outputDir);
      llvm::sys::path::append(base, "candidate-" + std::to_string(i));
      if (!writeFile(base + ".json", json + "\n") ||
          (!r.ptx.empty() && !writeFile(base + ".ptx", r.ptx)) ||
          (!r.cubin.empty() &&
           !writeFile(base + ".cubin",
                      llvm::StringRef(r.cubin.data(), r.cubin.size()))))
        return 1;
    }
    llvm::outs() << json << "\n";
    if (!r.succeeded)
      llvm::errs() << "candidate " << i << " failed at " << r.stage << ":\n"
                   << r.diagnostics;
  }
  for (size_t i = candidates.size(); i < total; ++i)
    allOk &= results[i].succeeded;
  llvm::errs() << llvm::formatv(
      "foundry-compile: {0} compilations ({1} candidates x {2}) in {3:f2} s "
      "on {4} threads: {5:f1} candidates/s\n",
      total, candidates.size(), repeat.getValue(), seconds, threads,
      total / seconds);
  return allOk ? 0 : 1;
}
