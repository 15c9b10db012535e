//===- Pipelines.cpp - Foundry lowering pipelines ------------------------===//
//
// This file implements the lowering tails as thin wrappers over upstream pass
// builders, with every option that matters for sm_90 set explicitly.
//
//===----------------------------------------------------------------------===//

#include "foundry/Pipelines/Pipelines.h"

#include "foundry/Transforms/Passes.h"
#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVMPass.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MathToLibm/MathToLibm.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/NVGPUToNVVM/NVGPUToNVVM.h"
#include "mlir/Conversion/OpenMPToLLVM/ConvertOpenMPToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Conversion/SCFToGPU/SCFToGPUPass.h"
#include "mlir/Conversion/SCFToOpenMP/SCFToOpenMP.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVMPass.h"
#include "mlir/Conversion/VectorToSCF/VectorToSCF.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Pipelines/Passes.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/SCF/Transforms/Passes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/TargetParser/Triple.h"

#include <cstdlib>
#include <mutex>

// The NVPTX target's registration (exported by LLVM; also what upstream
// NVVM serialization calls).
extern "C" void LLVMInitializeNVPTXTargetInfo();
extern "C" void LLVMInitializeNVPTXTargetMC();

using namespace mlir;
using namespace mlir::foundry;

void mlir::foundry::buildFoundryBufferizePipeline(OpPassManager &pm,
                                                  bool writePaddedInPlace) {
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
  // CSE first: a tile stored back into its own buffer (a distributed copy's
  // parallel_insert_slice) becomes a self-copy that canonicalization erases.
  pm.addPass(createCSEPass());
  pm.addPass(createCanonicalizerPass());
  pm.addNestedPass<func::FuncOp>(createFoundryCopiesToLinalgPass());
  if (writePaddedInPlace)
    pm.addNestedPass<func::FuncOp>(createFoundryWritePaddedInPlacePass());
  pm.addNestedPass<func::FuncOp>(createFoundryAllocsToWorkspacePass());
}

namespace {
/// Fails at once with `message`: how a pipeline builder, which cannot emit
/// diagnostics, refuses bad options.
struct RejectOptionsPass
    : PassWrapper<RejectOptionsPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(RejectOptionsPass)
  explicit RejectOptionsPass(std::string message)
      : message(std::move(message)) {}
  StringRef getArgument() const override { return "foundry-reject-options"; }
  void runOnOperation() override {
    // At the first kernel (or function), which has a line, if there is one.
    ModuleOp module = getOperation();
    Location loc = module.getBody()->empty()
                       ? module.getLoc()
                       : module.getBody()->front().getLoc();
    emitError(loc, message);
    signalPassFailure();
  }
  std::string message;
};
} // namespace

/// The lowest PTX ISA version (as 10 * major + minor) that supports `chip`,
/// from the "PTX Release History" table of the PTX ISA documentation
/// (earlier SMs at LLVM's lowest PTX, 3.2); 0 for a chip not in it.
static unsigned minPtxVersionFor(llvm::StringRef chip) {
  return llvm::StringSwitch<unsigned>(chip)
      .Cases({"sm_20", "sm_21", "sm_30", "sm_35"}, 32)
      .Cases({"sm_32", "sm_50"}, 40)
      .Cases({"sm_37", "sm_52"}, 41)
      .Case("sm_53", 42)
      .Cases({"sm_60", "sm_61", "sm_62"}, 50)
      .Case("sm_70", 60)
      .Case("sm_72", 61)
      .Case("sm_75", 63)
      .Case("sm_80", 70)
      .Case("sm_86", 71)
      .Case("sm_87", 74)
      .Cases({"sm_89", "sm_90"}, 78)
      .Case("sm_90a", 80)
      .Cases({"sm_100", "sm_100a", "sm_101", "sm_101a"}, 86)
      .Cases({"sm_120", "sm_120a"}, 87)
      .Cases({"sm_100f", "sm_101f", "sm_103", "sm_103a", "sm_103f", "sm_120f",
              "sm_121", "sm_121a", "sm_121f"},
             88)
      .Cases({"sm_88", "sm_110", "sm_110a", "sm_110f"}, 90)
      .Default(0);
}

std::optional<std::string>
mlir::foundry::checkNVPTXTarget(llvm::StringRef chip,
                                llvm::StringRef features) {
  static std::once_flag initialized;
  std::call_once(initialized, [] {
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTargetMC();
  });
  llvm::Triple triple("nvptx64-nvidia-cuda");
  std::string error;
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return "this LLVM has no NVPTX target: " + error;
  // The tables, read without a CPU or features: LLVM warns on stderr about
  // names it does not know, so they are checked against the tables first.
  std::unique_ptr<llvm::MCSubtargetInfo> tables(
      target->createMCSubtargetInfo(triple, "", ""));
  if (!tables || !tables->isCPUStringValid(chip)) {
    std::string known;
    for (const llvm::SubtargetSubTypeKV &cpu :
         tables ? tables->getAllProcessorDescriptions()
                : llvm::ArrayRef<llvm::SubtargetSubTypeKV>())
      known += (known.empty() ? "" : ", ") + std::string(cpu.Key);
    return "chip '" + chip.str() +
           "' is not an NVPTX architecture LLVM knows (" + known + ")";
  }
  llvm::SmallVector<llvm::StringRef> parts;
  features.split(parts, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  for (llvm::StringRef part : parts) {
    llvm::StringRef name = part.trim().drop_front();
    bool known = llvm::any_of(tables->getAllProcessorFeatures(),
                              [&](const llvm::SubtargetFeatureKV &feature) {
                                return name == feature.Key;
                              });
    if (!(part.trim().starts_with("+") || part.trim().starts_with("-")) ||
        !name.starts_with("ptx") || !known)
      return "features '" + features.str() + "': '" + part.trim().str() +
             "' is not a PTX ISA version LLVM knows (+ptxNN, e.g. +ptx80; "
             "the architecture is the chip's)";
  }
  unsigned minimum = minPtxVersionFor(chip);
  if (minimum == 0)
    return "chip '" + chip.str() +
           "': foundry does not know which PTX ISA version it needs";
  // The PTX version LLVM will use: the highest one the features enable
  // (none: the chip's minimum).
  std::unique_ptr<llvm::MCSubtargetInfo> subtarget(
      target->createMCSubtargetInfo(triple, chip, features));
  unsigned ptx = 0;
  for (const llvm::SubtargetFeatureKV &feature :
       tables->getAllProcessorFeatures()) {
    unsigned version = 0;
    if (llvm::StringRef(feature.Key).starts_with("ptx") &&
        !llvm::StringRef(feature.Key).drop_front(3).getAsInteger(10, version) &&
        subtarget->getFeatureBits().test(feature.Value))
      ptx = std::max(ptx, version);
  }
  if (ptx != 0 && ptx < minimum)
    return llvm::formatv("PTX ISA {0}.{1} (features '{2}') does not support "
                         "{3}, which needs PTX ISA {4}.{5} or later "
                         "(features=+ptx{4}{5})",
                         ptx / 10, ptx % 10, features, chip, minimum / 10,
                         minimum % 10)
        .str();
  return std::nullopt;
}

void mlir::foundry::buildFoundryToNVVMPipeline(
    OpPassManager &pm, const FoundryToNVVMOptions &options) {
  if (!llvm::is_contained({"isa", "bin", "fatbin", "offload"},
                          StringRef(options.format))) {
    pm.addPass(std::make_unique<RejectOptionsPass>(
        "foundry-to-nvvm: format must be isa, bin, fatbin or offload, got '" +
        options.format + "'"));
    return;
  }
  if (!StringRef(options.chip).starts_with("sm_")) {
    pm.addPass(std::make_unique<RejectOptionsPass>(
        "foundry-to-nvvm: chip must be an NVIDIA architecture such as sm_90, "
        "got '" +
        options.chip + "'"));
    return;
  }
  if (std::optional<std::string> why =
          checkNVPTXTarget(options.chip, options.features)) {
    pm.addPass(std::make_unique<RejectOptionsPass>("foundry-to-nvvm: " + *why));
    return;
  }
  buildFoundryToGpuPipeline(pm, options);
  if (!options.manifest.empty()) {
    FoundryEmitLaunchManifestPassOptions manifestOptions;
    manifestOptions.output = options.manifest;
    pm.addPass(createFoundryEmitLaunchManifestPass(manifestOptions));
  }
  buildFoundryNVVMSerializePipeline(pm, options);
}

void mlir::foundry::buildFoundryToGpuPipeline(
    OpPassManager &pm, const FoundryToNVVMOptions &options) {
  buildFoundryBufferizePipeline(pm, /*writePaddedInPlace=*/true);

  OpPassManager &funcPm = pm.nest<func::FuncOp>();
  // Scheduled kernels: block/thread foralls become a gpu.launch. What is left
  // outside (and every unscheduled kernel) takes the naive mapping below.
  FoundryMapForallToGpuPassOptions mapForallOptions;
  mapForallOptions.chip = options.chip;
  funcPm.addPass(createFoundryMapForallToGpuPass(mapForallOptions));
  // Ops without a parallel loop (reductions to a scalar) would stay on the
  // host: they get a unit loop, one thread.
  funcPm.addPass(createFoundryAddUnitParallelLoopPass());
  funcPm.addPass(createConvertLinalgToParallelLoopsPass());
  FoundryMapParallelLoopsPassOptions mapOptions;
  mapOptions.blockSize = options.blockSize;
  funcPm.addPass(createFoundryMapParallelLoopsPass(mapOptions));
  funcPm.addPass(createConvertParallelLoopToGpuPass());
  // Accesses outside the output a padded result is written into.
  funcPm.addPass(createFoundryMaskPaddedAccessesPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  // Constants, index math and buffer views go into the kernel instead of
  // becoming kernel parameters.
  pm.addPass(createFoundrySinkIntoLaunchesPass());
  // Outline here (the upstream pipeline's own outlining then finds nothing
  // left) so that all launches end up in one gpu.module: one PTX, one cubin.
  pm.addPass(createGpuKernelOutliningPass());
  pm.addPass(createFoundryMergeGpuModulesPass());
  // Loads repeated across the barriers of a multi-pass block tile (the
  // passes of a softmax over a part kept in registers): once.
  pm.addNestedPass<gpu::GPUModuleOp>(createFoundryReuseReadOnlyLoadsPass());
  // The exps of a softmax's output pass from those of its statistics pass,
  // which now read the same loads.
  pm.addNestedPass<gpu::GPUModuleOp>(createFoundryReuseExponentialsPass());
  // Vector ops of vectorized schedules: n-D vectors (broadcasts, shape
  // casts, transposes) to 1-D ones and LLVM, which the GPU-to-NVVM
  // conversion alone cannot.
  // mma.sync of foundry-mma first, while its operands are still vectors.
  pm.addNestedPass<gpu::GPUModuleOp>(createConvertNVGPUToNVVMPass());
  // Warp reductions of foundry-reduce-threads{shuffle=true}.
  pm.addNestedPass<gpu::GPUModuleOp>(createFoundryLowerWarpReductionsPass());
  pm.addNestedPass<gpu::GPUModuleOp>(createFoundryGpuVectorToLLVMPass());
  // Launch sizes as constants, which the launch manifest reads.
  pm.addPass(createCanonicalizerPass());
}

void mlir::foundry::buildFoundryNVVMSerializePipeline(
    OpPassManager &pm, const FoundryToNVVMOptions &options) {
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

/// True if `toolkit` holds the libdevice bitcode that upstream NVVM
/// serialization links (`<toolkit>/nvvm/libdevice/libdevice.10.bc`).
static bool hasLibdevice(llvm::StringRef toolkit) {
  llvm::SmallString<256> path(toolkit);
  llvm::sys::path::append(path, "nvvm", "libdevice", "libdevice.10.bc");
  return llvm::sys::fs::is_regular_file(path);
}

void mlir::foundry::buildFoundryToLLVMPipeline(
    OpPassManager &pm, const FoundryToLLVMOptions &options) {
  pm.addPass(createFoundryDropSharedMemoryPass());
  buildFoundryBufferizePipeline(pm);
  buildFoundryCpuTail(pm, options.parallel);
}

namespace {
/// convert-scf-to-openmp wraps each parallel loop's body in a
/// memref.alloca_scope, whose region must stay one block, and scf-to-cf
/// then splits it at every loop of a block's body. This pass, run between
/// them, puts each such scope's ops in its place in the omp.loop_nest
/// (which may have many blocks), with llvm.intr.stacksave/stackrestore
/// around them where they allocate on the stack: what the scope stands for.
struct InlineAllocaScopesPass
    : PassWrapper<InlineAllocaScopesPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(InlineAllocaScopesPass)
  StringRef getArgument() const override {
    return "foundry-inline-alloca-scopes";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<LLVM::LLVMDialect>();
  }
  void runOnOperation() override {
    SmallVector<memref::AllocaScopeOp> scopes;
    getOperation().walk([&](memref::AllocaScopeOp scope) {
      if (scope->getNumResults() == 0 &&
          isa_and_nonnull<omp::LoopNestOp>(scope->getParentOp()))
        scopes.push_back(scope);
    });
    for (memref::AllocaScopeOp scope : scopes) {
      Block &body = scope.getBodyRegion().front();
      bool allocates = body.walk([](memref::AllocaOp) {
                             return WalkResult::interrupt();
                           }).wasInterrupted();
      OpBuilder builder(scope);
      Value saved;
      if (allocates)
        saved = LLVM::StackSaveOp::create(
            builder, scope.getLoc(),
            LLVM::LLVMPointerType::get(builder.getContext()));
      for (Operation &op : llvm::make_early_inc_range(body.without_terminator()))
        op.moveBefore(scope);
      if (allocates)
        LLVM::StackRestoreOp::create(builder, scope.getLoc(), saved);
      scope.erase();
    }
  }
};
} // namespace

void mlir::foundry::buildFoundryCpuTail(OpPassManager &pm, bool parallel) {
  OpPassManager &funcPm = pm.nest<func::FuncOp>();
  // Blocks on all cores (OpenMP), or one after the other; the thread loops
  // of a block one after the other.
  if (parallel)
    funcPm.addPass(createFoundryParallelBlocksPass());
  funcPm.addPass(createForallToForLoopPass());
  // Buffers a block or thread allocates are freed at the end of its
  // iteration (on the GPU they are registers or shared memory): without,
  // every block took fresh pages from the heap.
  bufferization::buildBufferDeallocationPipeline(pm);
  OpPassManager &loopsPm = pm.nest<func::FuncOp>();
  loopsPm.addPass(createConvertLinalgToLoopsPass());
  // Fully unrolled: no scratch buffers in loops.
  loopsPm.addPass(createConvertVectorToSCFPass(
      VectorTransferToSCFOptions().enableFullUnroll()));
  loopsPm.addPass(createLowerAffinePass());
  if (parallel) {
    pm.addPass(createConvertSCFToOpenMPPass());
    pm.addPass(std::make_unique<InlineAllocaScopesPass>());
  }
  pm.addNestedPass<func::FuncOp>(createSCFToControlFlowPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  // Math with an LLVM intrinsic first; erf and friends have none and become
  // libm calls (scalarized for vectors), which the JIT resolves in-process.
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createConvertMathToLibmPass());
  pm.addPass(createConvertVectorToLLVMPass());
  pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createUBToLLVMConversionPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  ConvertFuncToLLVMPassOptions funcOptions;
  // Static shapes: one pointer per buffer, as on the GPU.
  funcOptions.useBarePtrCallConv = true;
  pm.addPass(createConvertFuncToLLVMPass(funcOptions));
  // After the functions: this pass converts func.func too, with memref
  // descriptors for arguments where the kernels take bare pointers.
  if (parallel)
    pm.addPass(createConvertOpenMPToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
}

std::string mlir::foundry::configureCudaToolkitPath() {
  // An explicit setting wins, even a wrong one: serialization then names the
  // missing libdevice path, which points the user at their own setting.
  for (const char *var : {"CUDA_ROOT", "CUDA_HOME", "CUDA_PATH"})
    if (const char *value = std::getenv(var); value && *value)
      return value;

  llvm::SmallVector<std::string> candidates;
  if (llvm::ErrorOr<std::string> ptxas =
          llvm::sys::findProgramByName("ptxas")) {
    // `ptxas` may be a symlink or a wrapper script outside the toolkit
    // (/usr/local/bin/ptxas): try both the path found and its real path.
    candidates.push_back(
        llvm::sys::path::parent_path(llvm::sys::path::parent_path(*ptxas))
            .str());
    llvm::SmallString<256> real;
    if (!llvm::sys::fs::real_path(*ptxas, real))
      candidates.push_back(
          llvm::sys::path::parent_path(llvm::sys::path::parent_path(real))
              .str());
  }
  candidates.push_back("/usr/local/cuda");
  // Versioned installs (/usr/local/cuda-13.0), newest name last.
  std::error_code ec;
  llvm::SmallVector<std::string> versioned;
  for (llvm::sys::fs::directory_iterator it("/usr/local", ec), end;
       !ec && it != end; it.increment(ec))
    if (llvm::sys::path::filename(it->path()).starts_with("cuda-"))
      versioned.push_back(it->path());
  llvm::sort(versioned);
  candidates.append(versioned.rbegin(), versioned.rend());

  for (const std::string &toolkit : candidates) {
    if (!hasLibdevice(toolkit))
      continue;
    ::setenv("CUDA_HOME", toolkit.c_str(), /*overwrite=*/0);
    return toolkit;
  }
  return "";
}

void mlir::foundry::registerFoundryPipelines() {
  PassPipelineRegistration<>(
      "foundry-bufferize",
      "Lower foundry.kernel ops to destination-passing func.func on memrefs "
      "(foundry-lower-kernels, one-shot bufferization).",
      [](OpPassManager &pm) { buildFoundryBufferizePipeline(pm); });
  PassPipelineRegistration<FoundryToNVVMOptions>(
      "foundry-to-nvvm",
      "Lower scheduled foundry.kernel ops to NVVM and serialize them into "
      "gpu.binary (PTX by default) for sm_90.",
      buildFoundryToNVVMPipeline);
  PassPipelineRegistration<FoundryToLLVMOptions>(
      "foundry-to-llvm",
      "Lower scheduled foundry.kernel ops to the LLVM dialect for the CPU "
      "(bare-pointer arguments), for mlir::ExecutionEngine.",
      buildFoundryToLLVMPipeline);
}
