//===- Pipelines.h - Foundry lowering pipelines -----------------*- C++ -*-===//
//
// The fixed lowering tails that follow a schedule: bufferization in
// destination-passing style, then GPU (NVVM, PTX, cubin).
//
//===----------------------------------------------------------------------===//

#ifndef FOUNDRY_PIPELINES_PIPELINES_H
#define FOUNDRY_PIPELINES_PIPELINES_H

#include "mlir/Pass/PassOptions.h"

#include <optional>
#include <string>

namespace mlir {
class OpPassManager;
} // namespace mlir

namespace mlir::foundry {

/// Options of the `foundry-to-nvvm` pipeline. The defaults target the H200
/// (sm_90, PTX ISA 8.0) and emit PTX text, which needs no CUDA toolkit.
struct FoundryToNVVMOptions : PassPipelineOptions<FoundryToNVVMOptions> {
  Option<std::string> chip{*this, "chip",
                           llvm::cl::desc("GPU architecture (e.g. sm_90)."),
                           llvm::cl::init("sm_90")};
  Option<std::string> features{
      *this, "features",
      llvm::cl::desc("PTX features; sm_90 needs +ptx78 or later."),
      llvm::cl::init("+ptx80")};
  Option<std::string> format{
      *this, "format",
      llvm::cl::desc("What gpu.binary holds: isa (PTX text), bin (cubin, "
                     "needs ptxas) or fatbin."),
      llvm::cl::init("isa")};
  Option<int64_t> blockSize{
      *this, "block-size",
      llvm::cl::desc("Threads per block of the naive mapping (1 to 1024)."),
      llvm::cl::init(256)};
  Option<std::string> manifest{
      *this, "manifest",
      llvm::cl::desc("If set, write the launch manifest (JSON: launches, "
                     "grid/block sizes, buffer layout) to this file."),
      llvm::cl::init("")};
  Option<int> optLevel{*this, "opt-level",
                       llvm::cl::desc("LLVM optimization level for NVPTX."),
                       llvm::cl::init(3)};
};

/// Checks `chip` and `features` before they reach the NVPTX backend, which
/// aborts the process on a combination it does not support: the chip must
/// be a processor of LLVM's NVPTX target, the features a comma-separated
/// list of its PTX ISA versions (+ptxNN, -ptxNN), and the PTX ISA version
/// they select (the highest enabled) must support the chip (sm_90 needs PTX
/// ISA 7.8, sm_100 8.6; see the PTX ISA release history). Returns why not,
/// or nullopt when LLVM accepts them.
std::optional<std::string> checkNVPTXTarget(llvm::StringRef chip,
                                            llvm::StringRef features);

/// Adds foundry-lower-kernels and one-shot bufferization: every
/// foundry.kernel becomes a func.func on caller-owned memrefs whose results
/// are computed in place in the output buffers. With `writePaddedInPlace`
/// (the GPU tail), a padded contraction result that would be copied out
/// into an output is written into it instead
/// (foundry-write-padded-in-place; foundry-mask-padded-accesses must then
/// follow the GPU mapping).
void buildFoundryBufferizePipeline(OpPassManager &pm,
                                   bool writePaddedInPlace = false);

/// Adds the GPU lowering tail: bufferization, the naive mapping of what the
/// schedule left untiled (one thread per output element, reductions as loops
/// in the thread), outlining into gpu.module, NVVM with
/// `#nvvm.target<chip, features>`, and serialization (upstream
/// gpu::buildLowerToNVVMPassPipeline with explicit options).
void buildFoundryToNVVMPipeline(OpPassManager &pm,
                                const FoundryToNVVMOptions &options);

/// The first half of foundry-to-nvvm: bufferization through outlining into
/// one gpu.module, launch sizes folded to constants (where the launch
/// manifest is read).
void buildFoundryToGpuPipeline(OpPassManager &pm,
                               const FoundryToNVVMOptions &options);

/// The second half of foundry-to-nvvm: upstream NVVM lowering and
/// serialization to `options.format` for `options.chip`.
void buildFoundryNVVMSerializePipeline(OpPassManager &pm,
                                       const FoundryToNVVMOptions &options);

/// Options of the `foundry-to-llvm` pipeline.
struct FoundryToLLVMOptions : PassPipelineOptions<FoundryToLLVMOptions> {
  Option<bool> parallel{
      *this, "parallel",
      llvm::cl::desc("Run the blocks of each block loop on all cores "
                     "(OpenMP: foundry-parallel-blocks, "
                     "convert-scf-to-openmp); the code then calls the "
                     "OpenMP runtime (libomp)."),
      llvm::cl::init(false)};
};

/// Adds the CPU lowering tail: bufferization, block loops as OpenMP
/// parallel loops (`parallel`) or sequential ones, the thread loops of a
/// block as sequential loops, linalg and vector ops to loops, then LLVM
/// dialect with bare-pointer arguments (`void f(T *arg0, ..., T *out0,
/// ...)`), ready for mlir::ExecutionEngine. This is the reference executor
/// of the search.
void buildFoundryToLLVMPipeline(OpPassManager &pm,
                                const FoundryToLLVMOptions &options = {});

/// The part of foundry-to-llvm after foundry-bufferize (for callers that read
/// the bufferized signature before lowering further).
void buildFoundryCpuTail(OpPassManager &pm, bool parallel = false);

/// Makes upstream NVVM serialization find the CUDA toolkit (and so link
/// libdevice, which math ops lower to) when none of CUDA_ROOT, CUDA_HOME and
/// CUDA_PATH is set: CUDA_HOME becomes the first of (the toolkit holding the
/// `ptxas` on PATH, through symlinks; /usr/local/cuda; /usr/local/cuda-*,
/// newest first) that holds nvvm/libdevice/libdevice.10.bc. Returns the
/// toolkit path in use, or an empty string when there is none (PTX that
/// calls libdevice then fails in foundry-extract-ptx with a diagnostic).
std::string configureCudaToolkitPath();

/// Registers `foundry-bufferize`, `foundry-to-nvvm` and `foundry-to-llvm` as
/// pass pipelines.
void registerFoundryPipelines();

} // namespace mlir::foundry

#endif // FOUNDRY_PIPELINES_PIPELINES_H
