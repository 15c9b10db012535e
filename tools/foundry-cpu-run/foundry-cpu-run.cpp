//===- foundry-cpu-run.cpp - Run kernels on the CPU ----------------------===//
//
// Runs a kernel on the CPU through foundry-to-llvm and the ExecutionEngine,
// with deterministic inputs, and either prints statistics of its outputs or
// checks a schedule against the naive schedule within the kernel's
// tolerance. Exit status 1 on any error or mismatch. Its inputs (the kernel,
// .npy files) are read as untrusted (UntrustedInput.h): regular files (or
// stdin) of at most 1 GiB, the kernel nested at most 512 levels deep.
//
//   foundry-cpu-run kernel.mlir --fill=ones --print-stats
//   foundry-cpu-run kernel.mlir --schedule='foundry-tile-blocks{sizes=8}'
//   foundry-cpu-run kernel.mlir --check-npy=DIR --reference=f64
//
//===----------------------------------------------------------------------===//

#include "foundry/Dialect/Foundry/IR/Foundry.h"
#include "foundry/InitAll.h"
#include "foundry/Runtime/Compare.h"
#include "foundry/Support/UntrustedInput.h"
#include "foundry/Target/Compile.h"
#include "foundry/Target/CpuRunner.h"
#include "foundry/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>

using namespace mlir;
using namespace mlir::foundry;

static llvm::cl::OptionCategory toolOptions("foundry-cpu-run options");

static llvm::cl::opt<std::string> inputFile(llvm::cl::Positional,
                                            llvm::cl::cat(toolOptions),
                                            llvm::cl::desc("<kernel.mlir>"),
                                            llvm::cl::init("-"));
static llvm::cl::opt<std::string>
    kernelOpt("kernel", llvm::cl::cat(toolOptions),
              llvm::cl::desc("Kernel to run (default: every kernel)."),
              llvm::cl::init(""));
static llvm::cl::opt<std::string> scheduleOpt(
    "schedule", llvm::cl::cat(toolOptions),
    llvm::cl::desc("Schedule (pass pipeline of foundry-* passes) to check "
                   "against the naive schedule."),
    llvm::cl::init(""));
static llvm::cl::opt<std::string> fillOpt(
    "fill", llvm::cl::cat(toolOptions),
    llvm::cl::desc("Input values: random (uniform in [-1, 1)), negative "
                   "(uniform in [-2, -1)), ones, or a number."),
    llvm::cl::init("random"));
static llvm::cl::opt<unsigned> seedOpt("seed", llvm::cl::cat(toolOptions),
                                       llvm::cl::desc("Random seed."),
                                       llvm::cl::init(1));
static llvm::cl::opt<std::string> referenceOpt(
    "reference", llvm::cl::cat(toolOptions),
    llvm::cl::desc("What the schedule is checked against: naive (the naive "
                   "schedule, same precision) or f64 (the kernel computed in "
                   "double precision)."),
    llvm::cl::init("naive"));
static llvm::cl::opt<bool>
    printStats("print-stats", llvm::cl::cat(toolOptions),
               llvm::cl::desc("Print min, max and mean of every output."),
               llvm::cl::init(false));

static llvm::cl::opt<std::string> checkNpyOpt(
    "check-npy", llvm::cl::cat(toolOptions),
    llvm::cl::desc("Check a GPU result written by foundry-run --dump-npy: "
                   "run the kernel on DIR/input<i>.npy and compare "
                   "DIR/output<i>.npy with it (use --reference=f64)."),
    llvm::cl::init(""));

static llvm::cl::opt<unsigned> timeOpt(
    "time", llvm::cl::cat(toolOptions),
    llvm::cl::desc("Time the schedule (or the naive schedule) on the CPU: "
                   "this many timed calls after one untimed call; prints "
                   "median, mean, min and standard deviation."),
    llvm::cl::init(0));

/// Reads a C-order .npy file (format 1.x) holding a tensor of `type`.
/// Fails with `error` on a missing file, another dtype or another shape.
static FailureOr<std::vector<char>>
readNpy(const std::string &path, RankedTensorType type, std::string &error) {
  std::unique_ptr<llvm::MemoryBuffer> buffer = readUntrustedFile(path, error);
  if (!buffer)
    return failure();
  llvm::StringRef bytes = buffer->getBuffer();
  if (bytes.size() < 10 || !bytes.starts_with("\x93NUMPY") || bytes[6] != 1) {
    error = path + ": not a version 1 .npy file";
    return failure();
  }
  size_t headerLength = uint8_t(bytes[8]) | (uint8_t(bytes[9]) << 8);
  if (bytes.size() < 10 + headerLength) {
    error = path + ": truncated header";
    return failure();
  }
  llvm::StringRef header = bytes.substr(10, headerLength);
  Type element = type.getElementType();
  // The dtypes foundry-run --dump-npy writes (runtime/lib/Evaluate.cpp):
  // numpy has no bfloat16, so bf16 travels as its raw bits, uint16.
  const char *descr = element.isF32()         ? "'<f4'"
                      : element.isF64()       ? "'<f8'"
                      : element.isF16()       ? "'<f2'"
                      : element.isBF16()      ? "'<u2'"
                      : element.isInteger(64) ? "'<i8'"
                      : element.isInteger(32) ? "'<i4'"
                      : element.isInteger(16) ? "'<i2'"
                      : element.isInteger(8)  ? "'|i1'"
                                              : nullptr;
  if (!descr) {
    std::string name;
    llvm::raw_string_ostream(name) << element;
    error = path + ": no .npy dtype for element type " + name;
    return failure();
  }
  std::string shape;
  for (int64_t size : type.getShape())
    shape += std::to_string(size) + ",";
  if (type.getRank() > 1)
    shape.pop_back();
  // numpy writes "(37, 300)", foundry-run "(37,300)": compare without
  // spaces.
  std::string compact;
  for (char c : header)
    if (c != ' ')
      compact += c;
  std::string wantDescr = descr, wantShape = "'shape':(" + shape + ")";
  if (!llvm::StringRef(compact).contains("'descr':" + wantDescr) ||
      !llvm::StringRef(compact).contains("'fortran_order':False") ||
      !llvm::StringRef(compact).contains(wantShape)) {
    error = path + ": expected dtype " + descr + " and shape (" + shape +
            "), C order; the header says " + header.trim().str();
    return failure();
  }
  // The kernel verifier keeps boundary sizes within int64_t.
  size_t expected = getCheckedBufferBytes(type).value_or(0);
  llvm::StringRef data = bytes.substr(10 + headerLength);
  if (data.size() != expected) {
    error = path + ": " + std::to_string(data.size()) + " data bytes, " +
            "expected " + std::to_string(expected);
    return failure();
  }
  return std::vector<char>(data.begin(), data.end());
}

/// Reads element `i` of a buffer of `type` as a double (f16 and bf16 through
/// APFloat).
static double readElement(const std::vector<char> &data, Type type, int64_t i) {
  if (type.isF32()) {
    float v;
    std::memcpy(&v, data.data() + 4 * i, 4);
    return v;
  }
  if (type.isF64()) {
    double v;
    std::memcpy(&v, data.data() + 8 * i, 8);
    return v;
  }
  if (type.isF16() || type.isBF16()) {
    uint16_t bits;
    std::memcpy(&bits, data.data() + 2 * i, 2);
    llvm::APFloat value(cast<FloatType>(type).getFloatSemantics(),
                        llvm::APInt(16, bits));
    bool lost;
    value.convert(llvm::APFloat::IEEEdouble(),
                  llvm::APFloat::rmNearestTiesToEven, &lost);
    return value.convertToDouble();
  }
  if (type.isInteger(32)) {
    int32_t v;
    std::memcpy(&v, data.data() + 4 * i, 4);
    return v;
  }
  int64_t v;
  std::memcpy(&v, data.data() + 8 * i, 8);
  return static_cast<double>(v);
}

/// Fills `bytes` for a tensor of `type` per --fill.
static FailureOr<std::vector<char>> makeInput(RankedTensorType type,
                                              std::mt19937 &rng) {
  Type element = type.getElementType();
  if (!element.isF32() && !element.isF64() && !element.isF16() &&
      !element.isBF16() && !element.isInteger(32) && !element.isInteger(64))
    return failure();
  std::optional<int64_t> size = getCheckedBufferBytes(type);
  if (!size || *size > kMaxCpuBufferBytes)
    return failure();
  int64_t n = *getCheckedNumElements(type);
  std::vector<char> bytes(*size);
  std::uniform_real_distribution<double> uniform(-1.0, 1.0);
  double constant = 0;
  bool isConstant = fillOpt != "random" && fillOpt != "negative";
  if (isConstant) {
    if (fillOpt == "ones")
      constant = 1.0;
    else if (llvm::StringRef(fillOpt).getAsDouble(constant))
      return failure();
  }
  for (int64_t i = 0; i < n; ++i) {
    double v = isConstant              ? constant
               : fillOpt == "negative" ? -1.5 + 0.5 * uniform(rng)
                                       : uniform(rng);
    if (element.isF32()) {
      float f = static_cast<float>(v);
      std::memcpy(bytes.data() + 4 * i, &f, 4);
    } else if (element.isF64()) {
      std::memcpy(bytes.data() + 8 * i, &v, 8);
    } else if (auto half = dyn_cast<FloatType>(element)) {
      // f16 and bf16: rounded to nearest even, as the GPU's cvt.rn does.
      llvm::APFloat value(v);
      bool lost;
      value.convert(half.getFloatSemantics(),
                    llvm::APFloat::rmNearestTiesToEven, &lost);
      uint16_t bits =
          static_cast<uint16_t>(value.bitcastToAPInt().getZExtValue());
      std::memcpy(bytes.data() + 2 * i, &bits, 2);
    } else if (element.isInteger(32)) {
      int32_t x = static_cast<int32_t>(std::lround(v * 8));
      std::memcpy(bytes.data() + 4 * i, &x, 4);
    } else {
      int64_t x = std::lround(v * 8);
      std::memcpy(bytes.data() + 8 * i, &x, 8);
    }
  }
  return bytes;
}

static LogicalResult runKernel(ModuleOp module, KernelOp kernel) {
  std::mt19937 rng(seedOpt);
  std::vector<std::vector<char>> inputs;
  std::string npyError;
  for (auto [index, type] : llvm::enumerate(kernel.getArgumentTypes())) {
    auto tensor = cast<RankedTensorType>(type);
    if (!checkNpyOpt.empty()) {
      FailureOr<std::vector<char>> bytes =
          readNpy(checkNpyOpt + "/input" + std::to_string(index) + ".npy",
                  tensor, npyError);
      if (failed(bytes))
        return kernel.emitOpError("foundry-cpu-run: ") << npyError;
      inputs.push_back(std::move(*bytes));
      continue;
    }
    if (std::optional<int64_t> size = getCheckedBufferBytes(tensor);
        !size || *size > kMaxCpuBufferBytes)
      return kernel.emitOpError("foundry-cpu-run: an argument of type ")
             << type << " needs more than " << (kMaxCpuBufferBytes >> 20)
             << " MiB of host memory; run a smaller variant, or on the GPU";
    FailureOr<std::vector<char>> bytes = makeInput(tensor, rng);
    if (failed(bytes))
      return kernel.emitOpError("foundry-cpu-run: cannot fill an argument "
                                "of type ")
             << type << " with --fill=" << fillOpt;
    inputs.push_back(std::move(*bytes));
  }
  StringRef name = kernel.getSymName();
  if (referenceOpt != "naive" && referenceOpt != "f64")
    return kernel.emitOpError("foundry-cpu-run: --reference must be naive or "
                              "f64, got '")
           << referenceOpt << "'";
  bool f64 = referenceOpt == "f64";
  FailureOr<CpuRun> naive = runKernelOnCpu(module, name, "", inputs, f64);
  if (failed(naive))
    return failure();
  auto printOutputStats = [&](const CpuRun &run, StringRef label) {
    for (auto [spec, data] : llvm::zip(run.specs, run.data)) {
      if (spec.role != BufferSpec::Role::Output)
        continue;
      int64_t n = spec.bytes / ((spec.elementType.getIntOrFloatBitWidth()) / 8);
      double lo = INFINITY, hi = -INFINITY, sum = 0;
      int64_t nans = 0;
      for (int64_t i = 0; i < n; ++i) {
        double v = readElement(data, spec.elementType, i);
        if (std::isnan(v)) {
          ++nans;
          continue;
        }
        lo = std::min(lo, v);
        hi = std::max(hi, v);
        sum += v;
      }
      llvm::outs() << "@" << name << " " << label << " output #" << spec.index
                   << ": elements=" << n << " min=" << llvm::format("%g", lo)
                   << " max=" << llvm::format("%g", hi) << " mean="
                   << llvm::format("%g", sum / std::max<int64_t>(n, 1))
                   << " nan=" << nans << "\n";
    }
  };
  // Without a schedule there is nothing to compare: show the outputs.
  bool gpuResult = !checkNpyOpt.empty();
  if (printStats || (scheduleOpt.empty() && !f64 && !gpuResult))
    printOutputStats(*naive, f64 ? "f64 reference" : "naive");
  // Against an f64 reference, no schedule means the naive one.
  if (scheduleOpt.empty() && !f64 && !gpuResult && !timeOpt)
    return success();

  FailureOr<CpuRun> scheduled = failure();
  if (gpuResult) {
    // The GPU's outputs, in the reference's layout but their own type.
    CpuRun gpu;
    for (const BufferSpec &spec : naive->specs) {
      if (spec.role != BufferSpec::Role::Output)
        continue;
      auto type = cast<RankedTensorType>(kernel.getResultTypes()[spec.index]);
      FailureOr<std::vector<char>> bytes =
          readNpy(checkNpyOpt + "/output" + std::to_string(spec.index) + ".npy",
                  type, npyError);
      if (failed(bytes))
        return kernel.emitOpError("foundry-cpu-run: ") << npyError;
      BufferSpec actual = spec;
      actual.elementType = type.getElementType();
      gpu.specs.push_back(actual);
      gpu.data.push_back(std::move(*bytes));
    }
    // Compare output specs only: the loop below walks both in step.
    CpuRun outputsOnly;
    for (auto [spec, data] : llvm::zip(naive->specs, naive->data))
      if (spec.role == BufferSpec::Role::Output) {
        outputsOnly.specs.push_back(spec);
        outputsOnly.data.push_back(data);
      }
    *naive = std::move(outputsOnly);
    scheduled = std::move(gpu);
  } else {
    scheduled = runKernelOnCpu(module, name, scheduleOpt, inputs,
                               /*widenToF64=*/false, timeOpt);
  }
  if (failed(scheduled))
    return failure();
  if (!scheduled->milliseconds.empty()) {
    std::vector<double> times = scheduled->milliseconds;
    std::sort(times.begin(), times.end());
    double mean = 0, squares = 0;
    for (double t : times)
      mean += t / times.size();
    for (double t : times)
      squares += (t - mean) * (t - mean) / times.size();
    size_t n = times.size();
    double median =
        n % 2 ? times[n / 2] : (times[n / 2 - 1] + times[n / 2]) / 2;
    llvm::outs() << "@" << name << " "
                 << (scheduleOpt.empty() ? "naive" : "schedule")
                 << " on the CPU: median=" << llvm::format("%.4f", median)
                 << " ms mean=" << llvm::format("%.4f", mean)
                 << " min=" << llvm::format("%.4f", times.front())
                 << " stddev=" << llvm::format("%.4f", std::sqrt(squares))
                 << " (" << n << " runs; block loops on all cores)\n";
  }
  if (printStats)
    printOutputStats(*scheduled, scheduleOpt.empty() ? "naive" : "schedule");
  ToleranceAttr tolerance = kernel.getEffectiveTolerance();
  double atol = tolerance.getAtolValue(), rtol = tolerance.getRtolValue();
  bool allPass = true;
  for (auto [spec, actualSpec, expected, actual] : llvm::zip(
           naive->specs, scheduled->specs, naive->data, scheduled->data)) {
    if (spec.role != BufferSpec::Role::Output)
      continue;
    // The f64 reference has wider elements than the candidate.
    Type actualType = actualSpec.elementType;
    int64_t n = spec.bytes / ((spec.elementType.getIntOrFloatBitWidth()) / 8);
    double maxAbs = 0, maxRel = 0;
    int64_t mismatches = 0, firstBad = -1, nanWant = 0, infWant = 0;
    for (int64_t i = 0; i < n; ++i) {
      double want = readElement(expected, spec.elementType, i);
      double got = readElement(actual, actualType, i);
      nanWant += std::isnan(want);
      infWant += std::isinf(want);
      // numpy.isclose(got, want, atol, rtol, equal_nan=True), the rule of
      // foundry-run too.
      if (!::foundry::runtime::isClose(got, want, atol, rtol)) {
        ++mismatches;
        if (firstBad < 0)
          firstBad = i;
      }
      double diff = std::fabs(got - want);
      if (std::isfinite(diff)) {
        maxAbs = std::max(maxAbs, diff);
        if (want != 0)
          maxRel = std::max(maxRel, diff / std::fabs(want));
      }
    }
    llvm::outs() << "@" << name << " output #" << spec.index << ": "
                 << (gpuResult             ? "npy"
                     : scheduleOpt.empty() ? "naive"
                                           : "schedule")
                 << " vs " << (f64 ? "f64" : "naive")
                 << " max_abs_err=" << llvm::format("%.3g", maxAbs)
                 << " max_rel_err=" << llvm::format("%.3g", maxRel)
                 << " mismatches=" << mismatches << "/" << n << " "
                 << (mismatches ? "FAIL" : "PASS") << "\n";
    // A reference that is not finite everywhere is worth knowing about:
    // there, only the same NaN or infinity matches.
    if (nanWant || infWant)
      llvm::outs() << "  the reference output has " << nanWant << " NaN and "
                   << infWant << " infinite values of " << n << "\n";
    if (mismatches) {
      allPass = false;
      llvm::outs() << "  first mismatch at element " << firstBad << ": got "
                   << readElement(actual, actualType, firstBad) << ", want "
                   << readElement(expected, spec.elementType, firstBad) << "\n";
    }
  }
  return success(allPass);
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  registerAllPasses();
  llvm::cl::HideUnrelatedOptions(toolOptions);
  llvm::cl::ParseCommandLineOptions(
      argc, argv,
      "Kernel Foundry CPU runner: run kernels through the JIT and check "
      "schedules against the naive schedule\n");
  DialectRegistry registry;
  registerAllDialects(registry);
  MLIRContext context(registry);
  context.loadAllAvailableDialects();
  context.printOpOnDiagnostic(false);

  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler handler(sourceMgr, &context);
  std::string error;
  // Plain functions on tensors come in the way foundry-opt takes them.
  OwningOpRef<ModuleOp> module =
      loadKernelFile(inputFile, sourceMgr, &context, error);
  if (!module) {
    if (!error.empty())
      llvm::errs() << "foundry-cpu-run: " << error << "\n";
    return 1;
  }
  bool ok = true, any = false;
  for (KernelOp kernel :
       llvm::make_early_inc_range(module->getOps<KernelOp>())) {
    if (!kernelOpt.empty() && kernel.getSymName() != kernelOpt)
      continue;
    any = true;
    ok &= succeeded(runKernel(*module, kernel));
  }
  if (!any) {
    llvm::errs() << "foundry-cpu-run: no kernel"
                 << (kernelOpt.empty() ? "" : " named @" + kernelOpt) << " in "
                 << inputFile << "\n";
    return 1;
  }
  return ok ? 0 : 1;
}
