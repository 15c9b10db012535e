//===- foundry-run.cpp - Verify and time compiled candidates on a GPU -----===//
//
// Evaluates one compiled candidate (cubin + launch manifest) against a
// reference compilation of the same kernel (the naive schedule) on the GPU:
// correctness trials on fresh inputs, integrity checks, KernelBench timing;
// writes the JSON result (docs/evaluation.md). With --batch it is the
// isolating parent: every candidate of a list runs in its own foundry-run
// child with a wall-clock timeout, so a fault, hang or crash becomes that
// candidate's result and never touches the next one. Every file it reads
// (cubins, manifests, PTX, lists) is untrusted input (UntrustedInput.h): a
// regular file of at most 1 GiB, or exit status 2.
//
//===----------------------------------------------------------------------===//

#include "foundry/Runtime/DeviceKernels.h"
#include "foundry/Runtime/Evaluate.h"
#include "foundry/Support/UntrustedInput.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <optional>

using namespace foundry::runtime;
namespace cl = llvm::cl;

static cl::OptionCategory category("foundry-run options");
static cl::opt<std::string> candidatePath(cl::Positional,
                                          cl::desc("<candidate.cubin>"),
                                          cl::cat(category));
static cl::opt<std::string> referencePath(
    "reference",
    cl::desc("The reference compilation of the same kernel (naive schedule): "
             "its .cubin; manifest and PTX are found next to it."),
    cl::cat(category));
static cl::opt<std::string>
    manifestPath("manifest",
                 cl::desc("The candidate's launch manifest (default: the "
                          "cubin path with .json)."),
                 cl::cat(category));
static cl::opt<std::string>
    kernelName("kernel",
               cl::desc("Kernel of the manifest to run (default: the only "
                        "one)."),
               cl::cat(category));
static cl::opt<unsigned> trials("trials",
                                cl::desc("Correctness trials (fresh inputs)."),
                                cl::init(5), cl::cat(category));
static cl::opt<unsigned> seed("seed", cl::desc("Seed of the first trial."),
                              cl::init(0), cl::cat(category));
static cl::opt<std::string>
    distribution("distribution",
                 cl::desc("Inputs without a foundry.init: uniform in (0, 1) (KernelBench's [0, 1) without 0), normal, or wide (normal with a standard deviation of 64: signs and large magnitudes)."),
                 cl::init("uniform"), cl::cat(category));
static cl::opt<bool> noTime("no-time", cl::desc("Check, do not time."),
                            cl::cat(category));
static cl::opt<bool> noIntegrity("no-integrity",
                                 cl::desc("Skip the integrity checks."),
                                 cl::cat(category));
static cl::opt<unsigned> warmup("warmup", cl::desc("Untimed warm-up runs."),
                                cl::init(3), cl::cat(category));
static cl::opt<unsigned> runs("runs",
                              cl::desc("Timed runs (the first is discarded)."),
                              cl::init(100), cl::cat(category));
static cl::opt<std::string>
    dumpNpy("dump-npy",
            cl::desc("Write the first trial's inputs, outputs and reference "
                     "outputs as .npy files into this directory (in --batch: "
                     "into DIR/<line index>)."),
            cl::cat(category));
static cl::opt<std::string> referenceCache(
    "reference-cache",
    cl::desc("Keep the reference's outputs on each set of inputs in this "
             "directory and read them back in later runs with the same "
             "reference, seed and inputs, instead of running the reference "
             "again (a search passes one per kernel; in --batch too). "
             "Outputs over 256 MB in all are computed afresh."),
    cl::cat(category));
static cl::opt<std::string>
    ceilingsPath("ceilings",
                 cl::desc("Device ceilings file: read if present, else "
                          "measured and written there."),
                 cl::cat(category));
static cl::opt<std::string>
    outputPath("o",
               cl::desc("Result JSON (single) or result directory (batch); "
                        "'-' is standard output."),
               cl::init("-"), cl::cat(category));
static cl::opt<std::string> batchPath(
    "batch",
    cl::desc("File with one '<candidate.cubin> <reference.cubin>' per line; "
             "each runs in its own child process."),
    cl::cat(category));
static cl::opt<unsigned>
    timeoutSeconds("timeout",
                   cl::desc("Wall-clock limit per candidate in --batch."),
                   cl::init(300), cl::cat(category));
static cl::opt<int> device("device", cl::desc("CUDA device ordinal."),
                           cl::init(0), cl::cat(category));
static cl::opt<bool> checkDevice(
    "check-device",
    cl::desc("Open device --device, print its name and PCI address "
             "(domain:bus:device) and exit: 0 when it is there, 3 when not "
             "(a distributed search's rank checks its GPU)."),
    cl::cat(category));
static cl::opt<bool> noBaselineTiming(
    "no-baseline-timing",
    cl::desc("Do not time the reference (a search times it once)."),
    cl::cat(category));
static cl::opt<double> pruneAboveMs(
    "prune-above-ms",
    cl::desc("Stop timing after 10 runs whose median is above this many ms "
             "(the result is marked pruned); 0: never."),
    cl::init(0), cl::cat(category));
static cl::opt<double> maxFirstLaunchMs(
    "max-first-launch-ms",
    cl::desc("Give up (stage too-slow) when the candidate's first launch "
             "takes longer than this many ms; 0: never."),
    cl::init(0), cl::cat(category));
static cl::opt<double> maxTimingMs(
    "max-timing-ms",
    cl::desc("Stop a timing once its timed runs add up to more than this "
             "many ms (after at least 3 runs); 0: never."),
    cl::init(0), cl::cat(category));
static cl::opt<unsigned> launchRuns(
    "launch-runs",
    cl::desc("After the timing, time each launch of the candidate apart "
             "over this many more runs "
             "(timing.launches); 0: never."),
    cl::init(0), cl::cat(category));
static cl::opt<unsigned> baselineRuns(
    "baseline-runs",
    cl::desc("Timed runs of the reference (default: --runs)."),
    cl::init(0), cl::cat(category));
/// llvm::cl's double parser, which also refuses an empty value (its own
/// reads `--atol=` as 0).
struct NonEmptyDoubleParser : cl::parser<double> {
  using cl::parser<double>::parser;
  bool parse(cl::Option &option, llvm::StringRef name, llvm::StringRef value,
             double &result) {
    if (value.trim().empty())
      return option.error("needs a number, got an empty value");
    return cl::parser<double>::parse(option, name, value, result);
  }
};

static cl::opt<double, false, NonEmptyDoubleParser> atolOverride(
    "atol",
    cl::desc("Absolute tolerance of the correctness check instead of the "
             "kernel's (#foundry.tolerance, in its manifest): foundry-evolve "
             "widens it for a kernel whose naive fp32 schedule is itself "
             "further than the tolerance from its f64 reference."),
    cl::init(-1), cl::cat(category));

/// False, with a message, when --atol was given and is not a finite number
/// >= 0.
static bool validAtol() {
  if (!atolOverride.getNumOccurrences() ||
      (atolOverride >= 0 && std::isfinite(atolOverride)))
    return true;
  llvm::errs() << "foundry-run: --atol must be a finite number >= 0\n";
  return false;
}
static cl::opt<bool> printRuntimePtx(
    "print-runtime-ptx",
    cl::desc("Print the PTX of the runtime's own kernels (input fill, "
             "comparison, FMA peak) and exit."),
    cl::cat(category));
static cl::opt<bool> printTensorPeakPtx(
    "print-tensor-peak-ptx",
    cl::desc("Print the PTX (sm_90a) of the runtime's tensor-core peak "
             "kernels (wgmma f16 and tf32) and exit."),
    cl::cat(category));

/// Exit codes: 0 passed, 1 the candidate failed (a result was written),
/// 2 bad input, 3 no GPU.
enum ExitCode { Passed = 0, CandidateFailed = 1, BadInput = 2, NoGpu = 3 };

/// The contents of `path`: a regular file of at most 1 GiB
/// (readUntrustedFile), else nothing, with `error`.
static std::optional<std::string> readFile(const std::string &path,
                                           std::string &error) {
  std::unique_ptr<llvm::MemoryBuffer> buffer =
      mlir::foundry::readUntrustedFile(path, error);
  if (!buffer)
    return std::nullopt;
  return buffer->getBuffer().str();
}

static bool writeText(const std::string &path, const std::string &text) {
  if (path == "-") {
    llvm::outs() << text << "\n";
    return true;
  }
  std::error_code ec;
  llvm::raw_fd_ostream out(path, ec);
  if (ec) {
    llvm::errs() << "foundry-run: " << path << ": " << ec.message() << "\n";
    return false;
  }
  out << text << "\n";
  return true;
}

/// The sibling of `cubin` with extension `extension` (".json", ".ptx").
static std::string sibling(const std::string &cubin, const char *extension) {
  llvm::SmallString<256> path(cubin);
  llvm::sys::path::replace_extension(path, extension);
  return std::string(path);
}

/// Loads a candidate: cubin, manifest (and its kernel), PTX if present.
static bool loadCandidate(const std::string &cubin, const std::string &manifest,
                          Candidate &candidate, std::string &error) {
  candidate.name = cubin;
  std::optional<std::string> image = readFile(cubin, error);
  if (!image)
    return false;
  candidate.image = std::move(*image);
  std::optional<std::string> text = readFile(manifest, error);
  if (!text)
    return false;
  std::vector<ManifestKernel> kernels;
  if (!parseManifest(*text, kernels, error)) {
    error = manifest + ": " + error;
    return false;
  }
  if (kernelName.empty() && kernels.size() != 1) {
    error = manifest + ": " + std::to_string(kernels.size()) +
            " kernels; choose one with --kernel";
    return false;
  }
  for (ManifestKernel &kernel : kernels)
    if (kernelName.empty() || kernel.name == kernelName) {
      candidate.kernel = std::move(kernel);
      std::string ignored;
      std::string ptxPath = sibling(cubin, ".ptx");
      if (llvm::sys::fs::exists(ptxPath))
        candidate.ptx = readFile(ptxPath, ignored).value_or("");
      return true;
    }
  error = manifest + ": no kernel named '" + kernelName + "'";
  return false;
}

static int runOne() {
  if (candidatePath.empty() || referencePath.empty()) {
    llvm::errs() << "foundry-run: need a candidate cubin and --reference "
                    "(see --help)\n";
    return BadInput;
  }
  if (distribution != "uniform" && distribution != "normal" &&
      distribution != "wide") {
    llvm::errs() << "foundry-run: --distribution must be uniform, normal or "
                    "wide, got '"
                 << distribution << "'\n";
    return BadInput;
  }
  if (!validAtol())
    return BadInput;
  if (!(pruneAboveMs >= 0) || !(maxFirstLaunchMs >= 0) ||
      !(maxTimingMs >= 0)) {
    llvm::errs() << "foundry-run: --prune-above-ms, --max-first-launch-ms "
                    "and --max-timing-ms must be >= 0\n";
    return BadInput;
  }
  std::string error;
  Candidate candidate, reference;
  if (!loadCandidate(candidatePath,
                     manifestPath.empty() ? sibling(candidatePath, ".json")
                                          : std::string(manifestPath),
                     candidate, error) ||
      !loadCandidate(referencePath, sibling(referencePath, ".json"), reference,
                     error)) {
    llvm::errs() << "foundry-run: " << error << "\n";
    return BadInput;
  }
  if (atolOverride.getNumOccurrences())
    candidate.kernel.atol = reference.kernel.atol = atolOverride;
  if (!dumpNpy.empty()) {
    if (std::error_code ec = llvm::sys::fs::create_directories(dumpNpy)) {
      llvm::errs() << "foundry-run: " << dumpNpy << ": " << ec.message()
                   << "\n";
      return BadInput;
    }
  }
  if (!referenceCache.empty()) {
    if (std::error_code ec =
            llvm::sys::fs::create_directories(referenceCache)) {
      llvm::errs() << "foundry-run: " << referenceCache << ": "
                   << ec.message() << "\n";
      return BadInput;
    }
  }
  std::unique_ptr<Cuda> cuda = Cuda::open(device, error);
  if (!cuda) {
    llvm::errs() << "foundry-run: " << error << "\n";
    return NoGpu;
  }
  Evaluator evaluator(*cuda);
  Ceilings ceilings;
  std::string ceilingsText;
  if (!ceilingsPath.empty() && llvm::sys::fs::exists(ceilingsPath)) {
    std::optional<std::string> text = readFile(ceilingsPath, error);
    if (!text || !ceilingsFromJson(*text, ceilings)) {
      llvm::errs() << "foundry-run: " << ceilingsPath
                   << ": not a ceilings file\n";
      return BadInput;
    }
  } else if (!noTime) {
    if (!evaluator.measureCeilings(ceilings, error)) {
      llvm::errs() << "foundry-run: measuring the device ceilings: " << error
                   << "\n";
      return NoGpu;
    }
    if (!ceilingsPath.empty())
      writeText(ceilingsPath, ceilingsToJson(ceilings));
  }
  EvaluateOptions options;
  options.trials = static_cast<int>(trials);
  options.seed = seed;
  options.distribution = distribution;
  options.time = !noTime;
  options.integrity = !noIntegrity;
  options.warmup = static_cast<int>(warmup);
  options.timedRuns = static_cast<int>(runs);
  options.dumpNpyDirectory = dumpNpy;
  options.referenceCacheDirectory = referenceCache;
  options.timeBaseline = !noBaselineTiming;
  options.pruneAboveMs = pruneAboveMs;
  options.maxFirstLaunchMs = maxFirstLaunchMs;
  options.maxTimingMs = maxTimingMs;
  options.baselineRuns = static_cast<int>(baselineRuns);
  options.launchRuns = static_cast<int>(launchRuns);
  EvaluateResult result =
      evaluator.evaluate(candidate, reference, options, ceilings);
  if (!writeText(outputPath, toJson(result, candidate, options, ceilings,
                                    cuda->deviceName())))
    return BadInput;
  return result.ok ? Passed : CandidateFailed;
}

/// --batch: one child per candidate, with a timeout; prints one line each.
static int runBatch(const char *self) {
  if (!validAtol())
    return BadInput;
  std::string error;
  std::optional<std::string> list = readFile(batchPath, error);
  if (!list) {
    llvm::errs() << "foundry-run: " << error << "\n";
    return BadInput;
  }
  if (outputPath == "-") {
    llvm::errs() << "foundry-run: --batch needs -o DIRECTORY\n";
    return BadInput;
  }
  if (std::error_code ec = llvm::sys::fs::create_directories(outputPath)) {
    llvm::errs() << "foundry-run: " << outputPath << ": " << ec.message()
                 << "\n";
    return BadInput;
  }
  std::string program = llvm::sys::fs::getMainExecutable(
      self, reinterpret_cast<void *>(&runBatch));
  llvm::SmallVector<llvm::StringRef> lines;
  llvm::StringRef(*list).split(lines, '\n');
  int index = 0, passed = 0, failed = 0;
  for (auto [lineNumber, rawLine] : llvm::enumerate(lines)) {
    llvm::StringRef line = rawLine.trim();
    if (line.empty() || line.starts_with("#"))
      continue;
    llvm::SmallVector<llvm::StringRef> fields;
    line.split(fields, ' ', -1, /*KeepEmpty=*/false);
    if (fields.size() != 2) {
      llvm::errs() << batchPath << ":" << lineNumber + 1
                   << ": expected '<candidate.cubin> <reference.cubin>'\n";
      return BadInput;
    }
    std::string result =
        (llvm::Twine(outputPath) + "/result-" + llvm::Twine(index++) + ".json")
            .str();
    std::string ceilings =
        ceilingsPath.empty()
            ? (llvm::Twine(outputPath) + "/ceilings.json").str()
            : std::string(ceilingsPath);
    std::vector<std::string> args = {program,
                                     fields[0].str(),
                                     "--reference",
                                     fields[1].str(),
                                     "-o",
                                     result,
                                     "--ceilings",
                                     ceilings,
                                     "--trials",
                                     std::to_string(trials),
                                     "--seed",
                                     std::to_string(seed),
                                     "--distribution",
                                     distribution,
                                     "--warmup",
                                     std::to_string(warmup),
                                     "--runs",
                                     std::to_string(runs),
                                     "--device",
                                     std::to_string(device)};
    if (noTime)
      args.push_back("--no-time");
    if (noIntegrity)
      args.push_back("--no-integrity");
    if (noBaselineTiming)
      args.push_back("--no-baseline-timing");
    if (pruneAboveMs > 0)
      args.push_back("--prune-above-ms=" + std::to_string(pruneAboveMs));
    if (baselineRuns > 0)
      args.push_back("--baseline-runs=" + std::to_string(baselineRuns));
    if (maxTimingMs > 0)
      args.push_back("--max-timing-ms=" + std::to_string(maxTimingMs));
    if (launchRuns > 0)
      args.push_back("--launch-runs=" + std::to_string(launchRuns));
    if (maxFirstLaunchMs > 0)
      args.push_back("--max-first-launch-ms=" +
                     std::to_string(maxFirstLaunchMs));
    if (!kernelName.empty())
      args.push_back("--kernel=" + kernelName);
    if (atolOverride.getNumOccurrences())
      // 17 significant digits: the same double in the child.
      args.push_back("--atol=" + llvm::formatv("{0:e16}", double(atolOverride))
                                     .str());
    if (!referenceCache.empty())
      args.push_back("--reference-cache=" + referenceCache);
    if (!dumpNpy.empty())
      args.push_back(
          "--dump-npy=" +
          (llvm::Twine(dumpNpy) + "/" + llvm::Twine(index - 1)).str());
    std::vector<llvm::StringRef> argRefs(args.begin(), args.end());
    llvm::sys::fs::remove(result);
    std::string message;
    bool executionFailed = false;
    int code = llvm::sys::ExecuteAndWait(program, argRefs, std::nullopt, {},
                                         timeoutSeconds, 0, &message,
                                         &executionFailed);
    std::string stage;
    bool ok = false;
    double median = 0;
    std::string text = llvm::sys::fs::exists(result)
                           ? readFile(result, error).value_or("")
                           : std::string();
    if (text.empty() || !readResultSummary(text, stage, ok, median)) {
      // No result: the child hung, crashed or could not start.
      stage = code == -2         ? "timeout"
              : code == BadInput ? "bad-input"
              : code == NoGpu    ? "no-gpu"
                                 : "crash";
      std::string why =
          code == -2 ? "no result within " + std::to_string(timeoutSeconds) +
                           " s (killed)"
          : executionFailed  ? "could not run foundry-run: " + message
          : code == BadInput ? "bad input (see the child's error output)"
          : code == NoGpu
              ? "no GPU or driver"
              : "the evaluation process died (" +
                    (message.empty() ? "exit code " + std::to_string(code)
                                     : message) +
                    ")";
      writeText(result, failureJson(fields[0].str(), stage, why));
    }
    (ok ? passed : failed)++;
    llvm::outs() << (ok ? "PASS " : "FAIL ") << fields[0] << " stage=" << stage;
    if (ok && median > 0)
      llvm::outs() << llvm::format(" median=%.4f ms", median);
    llvm::outs() << " -> " << result << "\n";
    llvm::outs().flush();
  }
  llvm::outs() << "foundry-run: " << passed << " passed, " << failed
               << " failed\n";
  return failed ? CandidateFailed : Passed;
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  cl::HideUnrelatedOptions(category);
  // A flag the parser rejects is bad input (2), not a failed candidate.
  if (!cl::ParseCommandLineOptions(
          argc, argv,
          "Kernel Foundry runner: verify a compiled candidate against the "
          "reference on the GPU, check its integrity and time it\n",
          &llvm::errs()))
    return BadInput;
  if (printRuntimePtx || printTensorPeakPtx) {
    llvm::outs() << (printRuntimePtx ? deviceKernelsPtx()
                                     : tensorPeakKernelsPtx());
    return Passed;
  }
  if (checkDevice) {
    std::string error;
    std::unique_ptr<Cuda> cuda = Cuda::open(device, error);
    if (!cuda) {
      llvm::errs() << "foundry-run: " << error << "\n";
      return NoGpu;
    }
    // Its name, then its PCI address: what tells two ranks' GPUs apart.
    llvm::outs() << cuda->deviceName() << "\n"
                 << llvm::format("%04x:%02x:%02x",
                                 cuda->attribute(CU_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID),
                                 cuda->attribute(CU_DEVICE_ATTRIBUTE_PCI_BUS_ID),
                                 cuda->attribute(CU_DEVICE_ATTRIBUTE_PCI_DEVICE_ID))
                 << "\n";
    return Passed;
  }
  return batchPath.empty() ? runOne() : runBatch(argv[0]);
}
