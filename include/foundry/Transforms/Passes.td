//===- Passes.td - Foundry passes --------------------------*- tablegen -*-===//
//
// Every foundry-* pass, kept in alphabetical order.
//
//===----------------------------------------------------------------------===//

#ifndef FOUNDRY_TRANSFORMS_PASSES_TD
#define FOUNDRY_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def FoundryAnnotateWorkloadPass
    : Pass<"foundry-annotate-workload", "::mlir::foundry::KernelOp"> {
  let summary = "Attach #foundry.workload (FLOPs and minimum bytes) to kernels.";
  let description = [{
    Counts the work of a `foundry.kernel` from its shapes and records it as
    `workload = #foundry.workload<flops = F, bytes = B>`.

    FLOPs: for every linalg op (named or generic, including matmul,
    batch_matmul, matvec, the convolutions and the poolings), the number of
    iterations of its loop nest times the number of scalar `arith`/`math` ops
    in its body, casts and constants excluded. So `linalg.matmul` on MxK and
    KxN counts `2*M*N*K`, a 2-D convolution `2 * N*F*OH*OW * C*KH*KW`, a max
    pooling `N*C*OH*OW * KH*KW`, and `linalg.fill` nothing. `arith`/`math` ops
    applied directly to tensors count one per element; `linalg.softmax` counts
    five per element.

    Bytes: every argument read once plus every result written once, at the
    element type's size (the minimum DRAM traffic of any schedule).

    An existing `workload` attribute is replaced.
  }];
}

def FoundryAllocsToWorkspacePass
    : Pass<"foundry-allocs-to-workspace", "::mlir::func::FuncOp"> {
  let summary = "Turn host-level memref.alloc ops into caller-owned workspace arguments.";
  let description = [{
    After bufferization, intermediate results of a multi-op kernel (the row
    maxima of a softmax, say) live in `memref.alloc` buffers at the top level
    of the function. On a GPU those would be host allocations that kernels
    cannot touch, so each statically shaped top-level `memref.alloc` becomes
    a new trailing function argument carrying `foundry.workspace = <index>`,
    and its `memref.dealloc` ops are erased. The runner allocates workspaces
    in device memory, like the outputs. Allocations nested in loops or GPU
    launches (per-thread or per-block buffers) are left alone. A dynamically
    shaped top-level allocation is an error.
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

def FoundryEmitLaunchManifestPass
    : Pass<"foundry-emit-launch-manifest", "::mlir::ModuleOp"> {
  let summary = "Write the launch configuration and buffer layout of lowered kernels as JSON.";
  let description = [{
    Runs after outlining (as part of `foundry-to-nvvm` when its `manifest`
    option is set), while grid and block sizes are still index constants.
    For every host function that launches GPU kernels it records, in launch
    order, the kernel name, grid and block sizes, dynamic shared memory and
    which host arguments are passed, plus every host argument's role
    (`input`, `output`, `workspace`), shape, element type and size in bytes,
    and the kernel's tolerance, precision and workload. That is all a runner
    needs to launch the cubin without MLIR. The schema is in
    docs/launch-manifest.md. A launch whose sizes are not constant, or whose
    kernel operand is not a host buffer argument, is an error at the launch.
  }];
  let options = [
    Option<"output", "output", "std::string", /*default=*/"\"-\"",
           "File to write the JSON to ('-' for standard output).">
  ];
}

def FoundryExtractPtxPass
    : Pass<"foundry-extract-ptx", "::mlir::ModuleOp"> {
  let summary = "Write the PTX held by gpu.binary ops to a file.";
  let description = [{
    After `--foundry-to-nvvm` (with `format=isa`), each `gpu.binary` holds the
    PTX of one GPU module. This pass writes that text to `output` (`-` for
    standard output), one module after another, and leaves the IR unchanged.
    It fails with a diagnostic when there is no PTX to write.
  }];
  let options = [
    Option<"output", "output", "std::string", /*default=*/"\"-\"",
           "File to write the PTX to ('-' for standard output).">
  ];
}

def FoundryLowerKernelsPass
    : Pass<"foundry-lower-kernels", "::mlir::ModuleOp"> {
  let summary = "Turn each foundry.kernel into a destination-passing func.func on memrefs.";
  let description = [{
    Rewrites `foundry.kernel @k(%in...) -> (results...)` into
    `func.func @k(%in: memref..., %out: memref...)`: inputs first, then one
    output buffer per result, all owned by the caller (the runner). Inputs
    enter the tensor body through `bufferization.to_tensor restrict`, results
    leave through `bufferization.materialize_in_destination` into the output
    buffers, so one-shot bufferization writes results in place and allocates
    nothing for them. Output arguments carry `foundry.output`, so the argument
    layout can be read back from the lowered module.
  }];
  let dependentDialects = [
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::func::FuncDialect",
    "::mlir::memref::MemRefDialect"
  ];
}

def FoundryMapParallelLoopsPass
    : Pass<"foundry-map-parallel-loops", "::mlir::func::FuncOp"> {
  let summary = "Map scf.parallel loop nests to GPU blocks and threads, one thread per iteration.";
  let description = [{
    The naive GPU mapping. Every outermost `scf.parallel` is tiled by
    `(1, ..., 1, block-size)` with the upstream parallel-loop tiling (no
    min/max bounds; a guard masks the tail), and annotated for
    `convert-parallel-loops-to-gpu`: the innermost dimension goes to
    `threadIdx.x` (so neighbouring threads touch neighbouring elements:
    coalesced) and to `blockIdx.x`, the next two dimensions to `blockIdx.y`
    and `blockIdx.z`, and the rest (or any whose extent exceeds the 65535
    limit of grid y/z) run as sequential loops inside each thread.
  }];
  let options = [
    Option<"blockSize", "block-size", "int64_t", /*default=*/"256",
           "Threads per block along the innermost dimension (1 to 1024).">
  ];
  let dependentDialects = [
    "::mlir::gpu::GPUDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::arith::ArithDialect"
  ];
}

def FoundryMergeGpuModulesPass
    : Pass<"foundry-merge-gpu-modules", "::mlir::ModuleOp"> {
  let summary = "Merge the gpu.module ops of a module into one.";
  let description = [{
    `gpu-kernel-outlining` puts each outlined launch in a `gpu.module` of its
    own, so a kernel with several launches (softmax: max, exp, sum, divide)
    would give several PTX modules, each with its own header and an entry
    named like the others. This pass moves every `gpu.func` into the first
    `gpu.module`, renames each moved kernel after the module it came from
    (names stay unique), and updates the `gpu.launch_func` ops, so the
    kernel becomes one PTX module and one cubin. A symbol other than a
    `gpu.func` that collides is an error.
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect"];
}

def FoundryOutlineKernelsPass
    : Pass<"foundry-outline-kernels", "::mlir::ModuleOp"> {
  let summary = "Turn func.func on tensors into foundry.kernel ops.";
  let description = [{
    How kernels from other MLIR stacks (torch-mlir, IREE, StableHLO lowered to
    linalg) come in: every `func.func` of the module whose arguments and
    results are ranked static tensors and whose single-block body holds only
    `linalg`, `tensor`, `arith` and `math` ops becomes a `foundry.kernel` of
    the same name, with `func.return` turned into `foundry.yield`. Anything
    else (a declaration, a function that is called, a non-tensor or dynamic
    boundary type, an op of another dialect) is an error at the offending
    location. Existing `foundry.kernel` ops are left untouched.
  }];
  let dependentDialects = ["::mlir::foundry::FoundryDialect"];
}

#endif // FOUNDRY_TRANSFORMS_PASSES_TD
