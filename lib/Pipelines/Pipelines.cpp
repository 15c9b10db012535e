//===- Pipelines.cpp - Foundry lowering pipelines ------------------------===//
//
// This file implements the lowering tails as thin wrappers over upstream pass
// builders, with every option that matters for sm_90 set explicitly.
//
//===----------------------------------------------------------------------===//

#include "foundry/Pipelines/Pipelines.h"

#include "foundry/Transforms/Passes.h"
#include "mlir/Conversion/SCFToGPU/SCFToGPUPass.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/Pipelines/Passes.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

#include <cstdlib>

using namespace mlir;
using namespace mlir::foundry;

void mlir::foundry::buildFoundryBufferizePipeline(OpPassManager &pm) {
  pm.addPass(createFoundryLowerKernelsPass());
  // arith/math ops applied to whole tensors become linalg.generic ops, which
  // bufferize and map to the GPU like any other.
  pm.addNestedPass<func::FuncOp>(createConvertElementwiseToLinalgPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(bufferization::createEmptyTensorEliminationPass());
  pm.addPass(bufferization::createEmptyTensorToAllocTensorPass());
  bufferization::OneShotBufferizePassOptions bufferizeOptions;
  bufferizeOptions.bufferizeFunctionBoundaries = false;
  pm.addPass(bufferization::createOneShotBufferizePass(bufferizeOptions));
  pm.addPass(createCanonicalizerPass());
  pm.addNestedPass<func::FuncOp>(createFoundryAllocsToWorkspacePass());
}

void mlir::foundry::buildFoundryToNVVMPipeline(
    OpPassManager &pm, const FoundryToNVVMOptions &options) {
  buildFoundryBufferizePipeline(pm);

  OpPassManager &funcPm = pm.nest<func::FuncOp>();
  funcPm.addPass(createConvertLinalgToParallelLoopsPass());
  FoundryMapParallelLoopsPassOptions mapOptions;
  mapOptions.blockSize = options.blockSize;
  funcPm.addPass(createFoundryMapParallelLoopsPass(mapOptions));
  funcPm.addPass(createConvertParallelLoopToGpuPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  // Constants and index math go into the kernel instead of becoming kernel
  // parameters.
  pm.addPass(createGpuLaunchSinkIndexComputationsPass());
  // Outline here (the upstream pipeline's own outlining then finds nothing
  // left) so that all launches end up in one gpu.module: one PTX, one cubin.
  pm.addPass(createGpuKernelOutliningPass());
  pm.addPass(createFoundryMergeGpuModulesPass());
  if (!options.manifest.empty()) {
    pm.addPass(createCanonicalizerPass());
    FoundryEmitLaunchManifestPassOptions manifestOptions;
    manifestOptions.output = options.manifest;
    pm.addPass(createFoundryEmitLaunchManifestPass(manifestOptions));
  }

  gpu::GPUToNVVMPipelineOptions nvvmOptions;
  nvvmOptions.cubinChip = options.chip;
  nvvmOptions.cubinFeatures = options.features;
  nvvmOptions.cubinFormat = options.format;
  nvvmOptions.optLevel = options.optLevel;
  // Shapes are static, so a kernel parameter is one pointer per buffer; the
  // runner launches kernels without knowing MLIR's memref descriptors.
  nvvmOptions.kernelUseBarePtrCallConv = true;
  gpu::buildLowerToNVVMPassPipeline(pm, nvvmOptions);
}

std::string mlir::foundry::configureCudaToolkitPath() {
  for (const char *var : {"CUDA_ROOT", "CUDA_HOME", "CUDA_PATH"})
    if (const char *value = std::getenv(var); value && *value)
      return value;
  std::string toolkit;
  if (llvm::ErrorOr<std::string> ptxas = llvm::sys::findProgramByName("ptxas"))
    toolkit = llvm::sys::path::parent_path(
                  llvm::sys::path::parent_path(*ptxas))
                  .str();
  else if (llvm::sys::fs::is_directory("/usr/local/cuda"))
    toolkit = "/usr/local/cuda";
  if (!toolkit.empty())
    ::setenv("CUDA_HOME", toolkit.c_str(), /*overwrite=*/0);
  return toolkit;
}

void mlir::foundry::registerFoundryPipelines() {
  PassPipelineRegistration<>(
      "foundry-bufferize",
      "Lower foundry.kernel ops to destination-passing func.func on memrefs "
      "(foundry-lower-kernels, one-shot bufferization).",
      buildFoundryBufferizePipeline);
  PassPipelineRegistration<FoundryToNVVMOptions>(
      "foundry-to-nvvm",
      "Lower scheduled foundry.kernel ops to NVVM and serialize them into "
      "gpu.binary (PTX by default) for sm_90.",
      buildFoundryToNVVMPipeline);
}
