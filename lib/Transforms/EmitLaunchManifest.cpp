//===- EmitLaunchManifest.cpp - Launch configuration as JSON -------------===//
//
// This file implements foundry-emit-launch-manifest: the bridge between the
// MLIR world and the runner, which launches cubins without MLIR.
//
//===----------------------------------------------------------------------===//

#include "foundry/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/JSON.h"

namespace mlir::foundry {
#define GEN_PASS_DEF_FOUNDRYEMITLAUNCHMANIFESTPASS
#include "foundry/Transforms/Passes.h.inc"
} // namespace mlir::foundry

using namespace mlir;
using namespace mlir::foundry;

/// Element type spelled as in MLIR (f32, bf16, i1, ...).
static std::string typeName(Type type) {
  std::string name;
  llvm::raw_string_ostream os(name);
  os << type;
  return name;
}

/// The three constant sizes of `dims`, or failure at `launch`.
static FailureOr<llvm::json::Array>
constantDims(gpu::LaunchFuncOp launch, gpu::KernelDim3 dims, StringRef what) {
  llvm::json::Array result;
  for (Value v : {dims.x, dims.y, dims.z}) {
    std::optional<int64_t> c = getConstantIntValue(v);
    if (!c) {
      launch.emitOpError("has a non-constant ") << what << " size";
      return failure();
    }
    result.push_back(*c);
  }
  return result;
}

FailureOr<llvm::json::Array>
mlir::foundry::buildLaunchManifest(ModuleOp module) {
  llvm::json::Array kernels;
  for (func::FuncOp host : module.getOps<func::FuncOp>()) {
    SmallVector<gpu::LaunchFuncOp> launches;
    host.walk([&](gpu::LaunchFuncOp launch) { launches.push_back(launch); });
    if (launches.empty() || host.isDeclaration())
      continue;

    llvm::json::Array arguments;
    for (BlockArgument arg : host.getArguments()) {
      auto type = dyn_cast<MemRefType>(arg.getType());
      if (!type || !type.hasStaticShape()) {
        host.emitOpError("argument #")
            << arg.getArgNumber() << " is not a statically shaped buffer";
        return failure();
      }
      std::string role = "input";
      int64_t roleIndex = -1;
      for (StringRef candidate : {"output", "workspace"})
        if (auto attr = host.getArgAttrOfType<IntegerAttr>(
                arg.getArgNumber(), ("foundry." + candidate).str())) {
          role = candidate.str();
          roleIndex = attr.getInt();
        }
      llvm::json::Array shape;
      for (int64_t d : type.getShape())
        shape.push_back(d);
      std::optional<int64_t> bytes = getCheckedBufferBytes(type);
      if (!bytes) {
        host.emitOpError("argument #")
            << arg.getArgNumber() << " of type " << type
            << " is too large (its size in bytes overflows a 64-bit "
               "integer)";
        return failure();
      }
      llvm::json::Object object{
          {"role", role},
          {"shape", std::move(shape)},
          {"element_type", typeName(type.getElementType())},
          {"bytes", *bytes}};
      if (roleIndex >= 0)
        object["index"] = roleIndex;
      // A TMA tensor map over another argument (foundry-promote{tma=true}):
      // the runner encodes it for that buffer's device address.
      if (auto map = host.getArgAttrOfType<DictionaryAttr>(arg.getArgNumber(),
                                                           kTensorMapAttr)) {
        auto buffer = map.getAs<IntegerAttr>("buffer");
        auto box = map.getAs<DenseI64ArrayAttr>("box");
        auto swizzle = map.getAs<IntegerAttr>("swizzle");
        if (!buffer || !box || !swizzle) {
          host.emitOpError("argument #")
              << arg.getArgNumber() << ": " << kTensorMapAttr
              << " needs buffer, box and swizzle";
          return failure();
        }
        llvm::json::Array boxSizes;
        for (int64_t size : box.asArrayRef())
          boxSizes.push_back(size);
        object["role"] = "tensor_map";
        object["tensor_map"] = llvm::json::Object{
            {"buffer", buffer.getInt()},
            {"box", std::move(boxSizes)},
            {"swizzle", swizzle.getInt()}};
      }
      // How the runner draws the input (uniform in (0, 1) without this).
      if (auto spec = host.getArgAttrOfType<StringAttr>(arg.getArgNumber(),
                                                        InputInit::kAttrName)) {
        InputInit init;
        if (std::optional<std::string> why =
                parseInputInit(spec.getValue(), init)) {
          host.emitOpError("argument #") << arg.getArgNumber() << ": " << *why;
          return failure();
        }
        bool uniform = init.distribution == InputInit::Distribution::Uniform;
        object["init"] = llvm::json::Object{
            {"distribution", uniform ? "uniform" : "normal"},
            {uniform ? "low" : "mean", init.first},
            {uniform ? "high" : "std", init.second}};
      }
      arguments.push_back(std::move(object));
    }

    llvm::json::Array launchList;
    for (gpu::LaunchFuncOp launch : launches) {
      FailureOr<llvm::json::Array> grid =
          constantDims(launch, launch.getGridSizeOperandValues(), "grid");
      FailureOr<llvm::json::Array> block =
          constantDims(launch, launch.getBlockSizeOperandValues(), "block");
      if (failed(grid) || failed(block))
        return failure();
      int64_t sharedBytes = 0;
      if (Value dyn = launch.getDynamicSharedMemorySize()) {
        std::optional<int64_t> c = getConstantIntValue(dyn);
        if (!c) {
          launch.emitOpError("has a non-constant dynamic shared memory size");
          return failure();
        }
        sharedBytes = *c;
      }
      llvm::json::Array args;
      for (Value operand : launch.getKernelOperands()) {
        // A reshaped view (keepdim reductions write through one) of a host
        // buffer, with an identity layout, starts at the buffer's pointer:
        // the kernel takes bare pointers, so the buffer itself serves.
        Value base = operand;
        while (isa_and_nonnull<memref::CollapseShapeOp, memref::ExpandShapeOp,
                               memref::CastOp>(base.getDefiningOp())) {
          auto type = dyn_cast<MemRefType>(base.getType());
          if (!type || !type.getLayout().isIdentity())
            break;
          base = base.getDefiningOp()->getOperand(0);
        }
        auto arg = dyn_cast<BlockArgument>(base);
        if (!arg || arg.getOwner() != &host.getBody().front()) {
          launch.emitOpError("passes a kernel operand that is not a host "
                             "buffer argument; the runner cannot provide it");
          return failure();
        }
        args.push_back(int64_t(arg.getArgNumber()));
      }
      llvm::json::Object entry{
          // Owned copies: the manifest outlives the MLIRContext (compile()).
          {"kernel", launch.getKernelName().getValue().str()},
          {"module", launch.getKernelModuleName().getValue().str()},
          {"grid", std::move(*grid)},
          {"block", std::move(*block)},
          {"dynamic_shared_memory", sharedBytes},
          {"args", std::move(args)}};
      // Thread-block clusters: the kernel declares their shape itself
      // (.reqnctapercluster), so a plain launch uses them; recorded for
      // the reader.
      if (launch.hasClusterSize()) {
        FailureOr<llvm::json::Array> cluster = constantDims(
            launch, launch.getClusterSizeOperandValues(), "cluster");
        if (failed(cluster))
          return failure();
        entry["cluster"] = std::move(*cluster);
      }
      launchList.push_back(std::move(entry));
    }

    llvm::json::Object kernel{{"name", host.getSymName().str()},
                              {"arguments", std::move(arguments)},
                              {"launches", std::move(launchList)}};
    if (auto tol = host->getAttrOfType<ToleranceAttr>("foundry.tolerance"))
      kernel["tolerance"] = llvm::json::Object{{"atol", tol.getAtolValue()},
                                               {"rtol", tol.getRtolValue()}};
    if (auto precision =
            host->getAttrOfType<PrecisionAttr>("foundry.precision"))
      kernel["precision"] = stringifyPrecision(precision.getValue()).str();
    if (auto workload = host->getAttrOfType<WorkloadAttr>("foundry.workload"))
      kernel["workload"] = llvm::json::Object{{"flops", workload.getFlops()},
                                              {"bytes", workload.getBytes()}};
    kernels.push_back(std::move(kernel));
  }
  return kernels;
}

namespace mlir::foundry {
namespace {
struct FoundryEmitLaunchManifestPass final
    : impl::FoundryEmitLaunchManifestPassBase<FoundryEmitLaunchManifestPass> {
  using Base::Base;

  void runOnOperation() override {
    FailureOr<llvm::json::Array> kernels = buildLaunchManifest(getOperation());
    if (failed(kernels))
      return signalPassFailure();
    if (kernels->empty()) {
      getOperation().emitError("foundry-emit-launch-manifest: no host "
                               "function launches a GPU kernel; run it "
                               "after the kernels are outlined");
      return signalPassFailure();
    }
    std::string json = llvm::formatv(
        "{0:2}\n", llvm::json::Value(llvm::json::Object{
                       {"version", 1}, {"kernels", std::move(*kernels)}}));
    if (failed(writePassOutput(getOperation(), "foundry-emit-launch-manifest",
                               output, json)))
      return signalPassFailure();
    markAllAnalysesPreserved();
  }
};
} // namespace
} // namespace mlir::foundry
