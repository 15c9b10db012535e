//===- Passes.td - Foundry passes --------------------------*- tablegen -*-===//
//
// Every foundry-* pass, kept in alphabetical order.
//
//===----------------------------------------------------------------------===//

#ifndef FOUNDRY_TRANSFORMS_PASSES_TD
#define FOUNDRY_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

// A pass a schedule may use (the search space of foundry-evolve and the
// passes foundry-opt's schedules, the LLM experts' proposals and the
// library's genomes are checked against): the list of them,
// foundry::schedulePassNames(), is generated from the defs of this class.
class SchedulePass<string passArg, string operation = "">
    : Pass<passArg, operation>;

def FoundryAddUnitParallelLoopPass
    : Pass<"foundry-add-unit-parallel-loop", "::mlir::func::FuncOp"> {
  let summary = "Give every linalg op on buffers without a parallel loop a unit parallel loop.";
  let description = [{
    A reduction to a scalar (a loss, a full sum) or an elementwise op on
    rank-0 buffers has no parallel loop, so the naive mapping of
    `convert-linalg-to-parallel-loops` and `foundry-map-parallel-loops`
    would leave it on the host. This pass gives each such linalg op at the
    top level of a function a leading parallel loop of extent 1 (its outputs
    viewed through `memref.expand_shape` with a leading unit dimension), so
    that it runs on the GPU as one thread of one block: correct, and slow by
    design (a schedule does better). A `linalg.generic` whose reduction
    loops come before parallel ones (a sum over rows, per column) has its
    loops interchanged so that the parallel ones are outermost (upstream
    `linalg::interchangeGenericOp`): otherwise its naive mapping would be a
    host loop around a launch, which the runner cannot run.
  }];
  let dependentDialects = [
    "::mlir::linalg::LinalgDialect",
    "::mlir::memref::MemRefDialect"
  ];
}

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

def FoundryApplySchedulesPass
    : Pass<"foundry-apply-schedules", "::mlir::ModuleOp"> {
  let summary = "Run each kernel's #foundry.schedule on it, or a tuning spec's.";
  let description = [{
    Runs on each `foundry.kernel` the schedule it carries
    (`schedule = #foundry.schedule<"...">`, as `foundry-evolve` writes
    `best.mlir`), on that kernel alone, and removes the attribute: the kernel
    is then scheduled, and a second run leaves it as it is. A kernel without
    a schedule stays naive; `#foundry.schedule<"foundry-naive">` is the empty
    schedule. So

    ```
    foundry-opt best.mlir --foundry-apply-schedules --foundry-to-nvvm
    ```

    rebuilds the kernels the search found, and a schedule of any kernel can
    be run inside a longer pipeline.

    With `spec=FILE`, a tuning spec (`foundry-library export-spec`: the best
    verified schedule per kernel fingerprint) gives a schedule to each kernel
    that has none, looked up by its fingerprint for `target` in the order
    the search's retrieval uses: the very same kernel, then the exact
    fingerprint (shapes in the same power-of-two buckets), then the same op
    graph with other shapes. A schedule from a neighbour that fails on this
    kernel is reported as a warning and the next match is tried; the kernel
    stays naive when none applies.

    A schedule must be a flat pipeline of foundry schedule passes (as
    everywhere a schedule is taken); one that does not parse, or a kernel's
    own schedule that fails, is an error at the kernel.
  }];
  let options = [
    Option<"spec", "spec", "std::string", /*default=*/"\"\"",
           "Tuning spec (MLIR, from foundry-library export-spec) giving "
           "schedules to kernels that have none.">,
    Option<"target", "target", "std::string", /*default=*/"\"sm_90\"",
           "The target the spec's fingerprints are looked up for (sm_90 "
           "or cpu, as foundry-library takes it).">
  ];
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

def FoundryCopiesToLinalgPass
    : Pass<"foundry-copies-to-linalg", "::mlir::func::FuncOp"> {
  let summary = "Rewrite memref.copy ops as linalg.copy.";
  let description = [{
    The copies one-shot bufferization inserts (a tile that cannot be written
    in place, say) become `linalg.copy` ops, which the GPU and CPU tails
    lower to loops like any other linalg op. Left alone, a `memref.copy`
    lowers to a call to the host runtime function `memrefCopy`, which
    neither a GPU kernel nor the JIT has.
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect"];
}

def FoundryDropSharedMemoryPass
    : Pass<"foundry-drop-shared-memory", "::mlir::ModuleOp"> {
  let summary = "Make foundry-promote's shared-memory tiles ordinary buffers (CPU tail).";
  let description = [{
    The CPU has no workgroup memory: the `memory_space` of every
    `bufferization.alloc_tensor` is dropped, so a promoted tile becomes an
    ordinary buffer of each (sequential) block. Part of `foundry-to-llvm`.
    Warp reductions (`foundry-reduce-threads{shuffle=true}`) have no
    sequential meaning: a kernel with one is rejected here, at the op. The
    f16 and bf16 contractions of `foundry-mma` that accumulate in f32 get their
    operands extended to f32 (`arith.extf`), which the CPU's contraction
    lowering needs: the same exact products.
  }];
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

def FoundryGpuVectorToLLVMPass
    : Pass<"foundry-gpu-vector-to-llvm", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Lower the vector ops of a gpu.module to LLVM, GPU address spaces included.";
  let description = [{
    Part of `foundry-to-nvvm`, after outlining: n-D vector ops (broadcasts,
    shape casts, transposes, contractions left by vectorized schedules) are
    lowered to 1-D ones and every vector op is converted to the LLVM
    dialect, as upstream `convert-vector-to-llvm` does, but with the NVVM
    numbering of `#gpu.address_space` (workgroup = 3), so vector accesses to
    `foundry-promote`'s shared-memory tiles convert too. The GPU-to-NVVM
    conversion that follows cannot lower n-D vectors by itself.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def FoundryLowerWarpReductionsPass
    : Pass<"foundry-lower-warp-reductions", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Lower gpu.subgroup_reduce to a butterfly of warp shuffles.";
  let description = [{
    Part of `foundry-to-nvvm`, after outlining: the warp reductions of
    `foundry-reduce-threads{shuffle=true}` become five `gpu.shuffle xor`
    steps over the 32 lanes of a warp (upstream
    `populateGpuLowerSubgroupReduceToShufflePatterns`, 32-bit shuffles),
    which the GPU-to-NVVM conversion lowers to `shfl.sync.bfly`. Upstream's
    own NVVM lowering of `gpu.subgroup_reduce` (`redux.sync`) covers 32-bit
    integers only.
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect"];
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
    nothing for them. A result reshaped at the end (`tensor.expand_shape` or
    `collapse_shape` of static shape: a GEMM over collapsed batch rows,
    expanded back) is materialized before the reshape into a view of its
    output buffer (the inverse `memref` reshape), so it too is computed in
    place, not in a workspace copied out by a kernel of its own. Output
    arguments carry `foundry.output`, so the argument layout can be read
    back from the lowered module.
  }];
  let dependentDialects = [
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::func::FuncDialect",
    "::mlir::memref::MemRefDialect"
  ];
}

def FoundryMaskPaddedAccessesPass
    : Pass<"foundry-mask-padded-accesses", "::mlir::func::FuncOp"> {
  let summary = "Guard every access to a padded result written in place.";
  let description = [{
    The second half of `foundry-write-padded-in-place`, after the GPU
    mapping: every load and store, in any launch, through a view of a
    `memref.reinterpret_cast` marked `foundry.valid_sizes` (the padded
    result, which aliases the output) runs only where its element lies in
    the output's extent. Its indices are resolved through the views down to
    the padded result (`memref.subview`, `memref.expand_shape`,
    `memref.collapse_shape`, `memref.cast`); a store outside is dropped, a
    load outside reads 0. A vector load or store whose first and last
    elements lie inside (affine views only) stays one access; otherwise each
    element is guarded on its own, so that a tile half over the edge still
    writes its inside half; a 1-D in-bounds unmasked transfer along the
    innermost dimension is such a load or store first. The mark is removed.
    Errors: an access of another kind (a masked, out-of-bounds or n-D
    transfer, an async copy) to such a view.
  }];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect"
  ];
}

def FoundryMapForallToGpuPass
    : Pass<"foundry-map-forall-to-gpu", "::mlir::func::FuncOp"> {
  let summary = "Turn block- and thread-mapped scf.forall loops into a gpu.launch.";
  let description = [{
    Runs in the lowering tail after bufferization, on the loops made by
    `foundry-tile-blocks` and `foundry-tile-threads`. The upstream GPU
    transform ops do the mapping (`transform.gpu.map_forall_to_blocks
    generate_gpu_launch`, then `transform.gpu.map_nested_forall_to_threads`
    with a barrier after each thread loop). The block size is the largest
    thread loop along each of x, y and z (1 when a block tile has no thread
    loops: one thread then does the whole tile).

    Inside the launch, buffers the bufferization allocated for a tile become
    per-thread `memref.alloca` ops and every linalg op becomes sequential
    `scf.for` loops. Ops outside the
    block loop are left to the naive mapping that follows. A function with
    more than one block-level loop is an error.

    The matmuls `foundry-mma` put on warpgroup tiles become `wgmma` (sm_90a
    only: `chip` must be `sm_90a`). Their shared tiles are staged for wgmma
    descriptors (K-major, 128-byte swizzle), with a block-wide residual
    pass for 3xtf32; a k-loop with `foundry-promote{stages=S}`, S >= 3, is
    pipelined with S - 1 k-steps of copies in flight and one barrier per
    k-step (lib/Transforms/Wgmma.cpp).

    Accumulator tiles read and written at the same place in every trip of a
    k-loop are hoisted out of it. A warp or warpgroup tile that starts from
    a constant (the fill of an mma.sync warp tile, the first write of a
    wgmma fragment) then starts in registers: its reads before anything else
    may write the output become the constant, and the fill goes where the
    writes after the loop overwrite the whole tile first. A fill that stays
    is split over the warp's 32 lanes.
  }];
  let options = [
    Option<"chip", "chip", "std::string", /*default=*/"\"sm_90\"",
           "The NVIDIA architecture the kernels are compiled for (wgmma "
           "needs sm_90a).">
  ];
  let dependentDialects = [
    "::mlir::gpu::GPUDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::NVVM::NVVMDialect",
    "::mlir::nvgpu::NVGPUDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::transform::TransformDialect"
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
    and `blockIdx.z`. A nest the grid cannot hold that way (more than three
    dimensions, or an outer one of dynamic extent or over the 65535 limit
    of grid y/z), or whose innermost static extent is not a multiple of
    `block-size` (rows of 16 would leave 240 of each block's 256 threads
    idle), or that does not start at 0 with step 1 (the tail guard assumes
    it), is first collapsed into one loop over all its iterations (upstream
    `collapseParallelLoops`, innermost dimension fastest), so every
    iteration still gets a thread of its own. Errors: a loop with
    reductions (`scf.reduce`), more blocks along grid x than its limit of
    2^31-1.
  }];
  let options = [
    Option<"blockSize", "block-size", "int64_t", /*default=*/"256",
           "Threads per block along the innermost dimension (1 to 1024).">
  ];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
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
    `gpu.func` that collides is an error. Every buffer parameter of a kernel
    is then marked `llvm.noalias`: parameters are distinct host buffers
    (buffer views are sunk into launches before outlining, and the runner
    allocates each argument on its own), and without the mark LLVM must
    store a reduction's accumulator to the output on every iteration, in
    case the output is also an input. Every workgroup (shared-memory) buffer
    is aligned to 16 bytes (`llvm.align`; upstream declares them `.align 4`),
    which the 16-byte vector accesses and cp.async copies of the GPU tail
    assume. A kernel launched in thread-block clusters (the cluster operands
    of its `gpu.launch_func`) declares their shape, `nvvm.cluster_dim`
    (`.reqnctapercluster` in PTX), so that the runner's plain
    `cuLaunchKernel` launches it in clusters. The launch bounds of
    `foundry-launch-bounds` on a host function (`foundry.min_blocks_per_sm`,
    `foundry.max_registers`) go on every `gpu.func` it launches
    (`nvvm.minctasm`, `nvvm.maxnreg`); blocks per SM whose threads exceed the
    2048 of an sm_90 SM are an error.
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect",
                           "::mlir::NVVM::NVVMDialect"];
}

def FoundryReuseExponentialsPass
    : Pass<"foundry-reuse-exponentials", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Compute an approximate exp(x - a) from an earlier exp(x - b) of the same lanes.";
  let description = [{
    In a `gpu.func`, a `math.exp` with the `afn` flag (foundry-approx-math's)
    of `x - broadcast(a)`, `a` an f32 scalar, becomes
    `exp(x - b) * broadcast(exp(b - a))` where an `afn` exp of
    `x - broadcast(b)` over the same lanes of `x` (followed through
    broadcasts, shape casts, extracts, `to_elements` and `from_elements`)
    dominates it: one exponential per vector instead of one per lane. It is
    for the softmax whose statistics pass computes exp(x - the block's
    maximum) for its sum and whose output pass computes exp(x - the row's
    maximum) from the same registers: the 8-block cluster schedule of a
    softmax over 4096 rows of 393216 floats had 97 `MUFU.EX2` per thread
    (SASS, 2026-12-05), a log-softmax of the same shape, which computes the
    exps once, 49.

    The product rounds once more than the exp it replaces, and it
    overflows where `x - b` does: in a softmax `b` is a maximum of `x`, so
    `x - b <= 0`. Only `afn` exps are taken: foundry-approx-math is the
    schedule's consent to approximate exponentials. Part of the GPU tail,
    after foundry-reuse-read-only-loads (which makes the two passes read
    the same load values).
  }];
  let dependentDialects = ["::mlir::math::MathDialect",
                           "::mlir::vector::VectorDialect",
                           "::mlir::arith::ArithDialect"];
  let statistics = [
    Statistic<"numReused", "num-reused", "Exponentials computed from an earlier one">
  ];
}

def FoundryReuseReadOnlyLoadsPass
    : Pass<"foundry-reuse-read-only-loads", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Reuse the value of a repeated load from a buffer the kernel only reads.";
  let description = [{
    A schedule that keeps a thread's part of a row in registers across
    passes (the statistics pass of a softmax and its output pass) loads the
    same elements again in every pass, with the same indices: upstream CSE
    keeps them apart because barriers (`gpu.barrier`, the cluster barriers)
    lie between them and may write memory, and LLVM's GVN finds the earlier
    load only within its scan limit. A `gpu.func` argument marked
    `llvm.noalias` (foundry-merge-gpu-modules marks every buffer argument)
    that no op of the function writes, through any view of it, cannot
    change while the kernel runs: this pass replaces each `vector.load`,
    `memref.load` and `vector.transfer_read` from it by an identical load
    (same memref value, indices, result type and attributes) that
    dominates it. On the H100, 2026-12-05, the 8-block cluster schedule of
    a softmax over 4096 rows of 393216 floats read 12.0 GB from DRAM where
    its input is 6.4 GB: ncu, no L2 flush; the reloads of its output pass.
    The reused values stay live longer; ptxas may spill where registers run
    short, which the diagnosis reports.
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect"];
}

def FoundrySinkIntoLaunchesPass
    : Pass<"foundry-sink-into-launches", "::mlir::ModuleOp"> {
  let summary = "Sink constants, index math and memref views into gpu.launch bodies before outlining.";
  let description = [{
    What a `gpu.launch` body uses from outside becomes a kernel parameter
    when the launch is outlined. The runner passes kernels bare pointers to
    the host function's buffers, so a view of a buffer (a `memref.subview`
    of a padded copy, a reshape) cannot be a parameter. This pass clones
    into each launch body the constants (any constant-like op, `ub.poison`
    too) and index computations it uses (as
    upstream `gpu-launch-sink-index-computations` does) and the memref view
    ops (`subview`, `expand_shape`, `collapse_shape`, `cast`,
    `reinterpret_cast`), so the kernel takes the buffer itself and computes
    the view inside (upstream `sinkOperationsIntoLaunchOp`).
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect",
                           "::mlir::memref::MemRefDialect"];
}

def FoundryWritePaddedInPlacePass
    : Pass<"foundry-write-padded-in-place", "::mlir::func::FuncOp"> {
  let summary = "Write a padded result into the output instead of copying it out.";
  let description = [{
    `foundry-pad` computes a contraction at the padded shape, and where its
    result is the kernel's output, a kernel of its own copies the original
    extent out (`linalg.copy` of a zero-offset `memref.subview` of the
    padded buffer into the output: 2.1 GB for the 32x128x131070 output of a
    1-D convolution). On bufferized IR, before
    `foundry-allocs-to-workspace`, such a top-level padded `memref.alloc`
    becomes instead a view of the output at the padded shape with the
    output's strides (`memref.reinterpret_cast`, marked
    `foundry.valid_sizes` with the output's shape), the views cut from it
    re-typed, the copy and the buffer erased. Elements inside the output's
    extent then have their own addresses in the output; those outside
    alias other elements or lie past the end, and
    `foundry-mask-padded-accesses` (after the GPU mapping) drops their
    stores and zeroes their loads. Each element of a contraction's result
    depends on itself alone, so the elements kept are unchanged.

    Only where it is safe, else the copy stays: the output (identity
    layout, static shape) is used by this copy alone, directly or through
    a `memref.collapse_shape` (a conv's output as an im2col GEMM's rows:
    the view then has the collapsed rank); the buffer has the rank and
    element type the copy writes, a static shape no smaller in any
    dimension, and every other use before the copy, by views
    (`memref.subview`), linalg ops, vector transfers, loads and stores;
    and the output's innermost extent is even (an odd row stride leaves no
    8-byte access aligned, and guarded scalar stores cost more than the
    copy: a GEMM of 8205x5921 outputs, K = 2949, on the H200, 3.81 ms in
    place, 3.61 with the copy).
    GPU tail only: the CPU tail keeps the copy.
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

def FoundryMmaPass : SchedulePass<"foundry-mma", "::mlir::ModuleOp"> {
  let summary = "Put the matmuls of warp tiles on mma.sync (m16n8k8 tf32, m16n8k16 f16 and bf16) and those of warpgroup tiles on wgmma.";
  let description = [{
    Every 2-D f32 matmul inside a `foundry-tile-warps` tile (after
    `foundry-tile-reduction`, one k-step of it) is vectorized into a
    `vector.contract`, its accumulator is hoisted into a loop-carried vector,
    and the contraction is unrolled to the m16n8k8 shape of `mma.sync`. The
    GPU tail then rewrites each piece into `nvgpu.mma.sync` with per-lane
    operand loads (upstream `convertVectorToNVVMCompatibleMMASync`).

    Tensor cores round fp32 operands to tf32, so this pass needs the kernel's
    `#foundry.precision` to allow it: `tf32` (or `bf16`) gives one tf32
    product per step; `3xtf32` gives three (hi*hi + hi*lo + lo*hi, each
    operand split into a tf32 high part and a tf32 residual) into a fresh
    accumulator, added to the running sum with one round-to-nearest fp32
    addition per k-step (mma.sync itself accumulates with truncation), which
    keeps fp32 accuracy. `ieee` is an error.

    Errors: precision `ieee`; a matmul that is not 2-D f32; a warp tile whose
    m, n, k are not multiples of 16, 8, 8 or whose shape is dynamic (a ragged
    block tile); a warp tile of more than 32 m16n8 accumulator fragments (a
    64x64 tile) or more than 256 m16n8k8 products (fragments times k / 8),
    which would spill and take minutes to compile. The B operand may be KxN
    or NxK (nn.Linear weights).

    f16 operands (a `linalg.matmul` of f16 A and B into an f32 accumulator,
    the usual mixed precision; B KxN, or NxK through its `indexing_maps`) go
    on `mma.sync` m16n8k16 (`f32.f16.f16.f32`) as they are: the vectorizer's
    extensions are folded into the contraction, A comes in 16x16 pieces and
    B in 16x8 (8x16 for NxK), through `ldmatrix` from shared memory. Their
    products are exact, but the tensor cores add them without IEEE rounding:
    the precision must allow tensor cores as above. Errors: an f16
    accumulator, or a contraction other than a `linalg.matmul` (a generic
    that extends its operands is taken as one when its maps are a matmul's
    with B KxN or NxK, and named with its maps: upstream's specialization
    alone would give it the default maps, reading the wrong elements);
    k not a multiple of 16; A and B of different types. On warpgroup tiles
    they go on wgmma m64nNk16 (below).

    bf16 operands take the same path onto `mma.sync` m16n8k16
    (`f32.bf16.bf16.f32`). Upstream's conversion (LLVM 22) knows f16
    fragments only, so the GPU tail moves the bf16 bits as f16 (the same
    `ldmatrix` and per-lane loads, an unrealized cast of the memref that the
    LLVM lowering folds) and builds the bf16 `nvvm.mma.sync` itself.

    Every matmul inside a `foundry-tile-warpgroups` tile is checked and
    marked (`foundry.wgmma`) for sm_90a's `wgmma`, which the GPU tail emits
    (`foundry-to-nvvm{chip=sm_90a}`), reading both operands from the
    shared tiles of `foundry-promote` through matrix descriptors (128-byte
    swizzle). fp32 operands: m64nNk8 per 64 rows, each k-step into a fresh
    accumulator added to a running one per thread (wgmma truncates as it
    accumulates), three products per k8-step in 3xtf32. f16 and bf16
    operands into f32: m64nNk16, accumulated by wgmma itself as mma.sync
    accumulates them (the kernel's 3xtf32 contract splits fp32 operands
    only). Errors: as above for the precision; an operand that is not
    K-major (A must be stored MxK and B NxK, as nn.Linear stores its
    weight: wgmma reads tf32 only so; a KxN fp32 B stays on warp tiles or
    is copied by `foundry-transpose-b`; a KxN f16 or bf16 B is read in
    place, MN-major, the warpgroup's N and the block's a multiple of 64) or
    not staged in shared memory; a tile whose m is not a multiple of 64,
    n not a multiple of 8 up to 256 or k not a multiple of 8 (16 for 16-bit
    operands); more accumulator registers per thread than 64 for fp32
    operands (64x128 or 128x64 at most) or 128 for 16-bit ones (64x256 or
    128x128). The GPU tail also wants a k-step of whole 128-byte rows (32
    fp32, 64 f16 or bf16), staged without padding, and no k-loop inside the
    warpgroup tile. With `foundry-promote{stages=S}`, S >= 3, it pipelines
    the k-loop itself: for fp32 operands S - 1 k-steps of copies in flight,
    one barrier per k-step, each k-step's residuals written while the
    previous one's wgmma run; for 16-bit operands S - 2 k-steps of copies
    in flight and one k-step's wgmma while the next is issued.

    Example, the best measured on the H200 for `torch.matmul(A, B.T)` of
    2048x4096 outputs, K = 8192 (1.34 ms in 3xtf32 against 2.21 ms on warp
    tiles): `foundry-tile-blocks{sizes=128,128},
    foundry-tile-reduction{sizes=32},foundry-promote{operands=0,1 stages=4},
    foundry-tile-warpgroups{sizes=64,128},foundry-mma`.

    Epilogues. When `foundry-tile-blocks` tiled an elementwise epilogue of
    the GEMM (bias, scaling, activations: the default `target=result`), the
    warp or warpgroup tiles hold the matmul and, after it, the epilogue
    reading its accumulator. Each thread holds only its own accumulator
    fragments, so the GPU tail computes the epilogue (a chain of elementwise
    ops as one) on them: on warp tiles on the values where the mma.sync
    conversion stores them, on warpgroup tiles on the fragment the k-loop
    leaves in registers; the accumulator is never read back from memory.
    The epilogue may return another element type than the accumulator's
    (an f32 accumulator rounded to a bf16 result, as torch.matmul of bf16
    returns it), a single elementwise op (after merging) in that case.
    One kernel instead of a GEMM kernel and an epilogue kernel. On an H100 (2026-12-06,
    bench/results/2026-12-06-h100-mma-epilogue.md) two nn.Linear GEMMs of
    1024x8192 outputs, K = 8192, one followed by a scaling and a LeakyReLU,
    the other by a subtraction, a scaling and a ReLU, took 0.6% to 3.3% less
    time so on warpgroup tiles and 1.1% more on warp tiles. A 2-D GEMM only;
    otherwise tile it with `target=contraction`.
  }];
  let dependentDialects = [
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect"
  ];
}

def FoundryParallelBlocksPass
    : Pass<"foundry-parallel-blocks", "::mlir::func::FuncOp"> {
  let summary = "On the CPU, make the block loops of a schedule scf.parallel loops.";
  let description = [{
    Part of the CPU tail (`foundry-to-llvm{parallel=true}`, which the CPU
    runner uses where it finds the OpenMP runtime): each `scf.forall` on
    buffers mapped to GPU blocks that no other `scf.forall` encloses
    becomes an `scf.parallel` (upstream `scf::forallToParallelLoop`), which
    `convert-scf-to-openmp` then runs on all cores. Blocks of one loop are
    independent, as they are on the GPU: each writes its own tile, and what
    one block loop writes for the next (a split reduction's partial
    results, a cluster's parts) is read only after the loop, which OpenMP
    ends with a barrier. Thread and warp loops inside a block stay
    sequential (`scf-forall-to-for`), one block per core. A block loop with
    results (still on tensors) is an error.
  }];
  let dependentDialects = ["::mlir::scf::SCFDialect"];
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

    A linalg op whose loops are not in the order of its result's
    dimensions (`linalg.depthwise_conv_2d_nchw_chw` iterates (n, oh, ow, c,
    kh, kw) for an (n, c, oh, ow) result) becomes a `linalg.generic` with
    the result's loops first, in its order, then its reductions in theirs:
    schedules and the naive mapping put consecutive threads on the
    innermost parallel loop, which is then the result's contiguous one.
    Sums are formed in the same order.

    Named ops as other stacks emit them: `linalg.softmax` (IREE,
    StableHLO-to-linalg) is decomposed into the structured ops it stands
    for (upstream's `AggregatedOpInterface`: a row maximum, the exps of the
    differences, their sum, the division), which the analysis and the
    schedules know. A `linalg.transpose` whose only users read it as an
    input of a `linalg.matmul` or `linalg.batch_matmul` (torch-mlir's
    `nn.Linear`: the weight transposed, then multiplied) is folded into
    their `indexing_maps`, so the contraction reads the tensor where it lies
    (an `NxK` weight, what the tensor cores read) and no copy kernel runs.
    A linalg op that is neither structured nor such an aggregate
    (`linalg.pack`, the Winograd transforms) is an error at the op.
  }];
  let dependentDialects = ["::mlir::foundry::FoundryDialect"];
}

def FoundryIm2ColPass : SchedulePass<"foundry-im2col", "::mlir::ModuleOp"> {
  let summary = "Rewrite a kernel's 2-D (and 1-D NCW, 3-D NCDHW) convolutions as GEMMs over an im2col tensor.";
  let description = [{
    Every `linalg.conv_2d_nchw_fchw`, `conv_2d_nhwc_hwcf` and
    `conv_2d_nhwc_fhwc` of a kernel, outside any block tile, becomes the
    upstream `linalg::rewriteInIm2Col` sequence: a `linalg.generic` that
    gathers each output position's receptive field into an im2col tensor
    (for NCHW: `[N, C*KH*KW, OH*OW]`), and a contraction of the filter
    (reshaped to `[F, C*KH*KW]`) with it, whose result is reshaped back.
    A `linalg.conv_1d_ncw_fcw` is first lifted to the 2-D convolution of a
    single image row (input, filter and result reshaped to H = KH = 1), so
    it becomes a GEMM with N = OW and K = C*KW. A
    `linalg.conv_3d_ncdhw_fcdhw` (floating point), which upstream's rewrite
    does not take, gets the same rewrite built here, one spatial dimension
    up: `[N, C*KD*KH*KW, OD*OH*OW]`, the positions delinearized in
    affine maps, strides as factors. The gather reads the input with
    `tensor.extract` at those maps (upstream's reads it through an indexing
    map with floordiv and mod, which tiling cannot slice), so it can be
    tiled and fused.
    The contraction is then a batched GEMM (M = F, N = OH*OW,
    K = C*KH*KW for NCHW) that the GEMM schedules apply to: tile it with
    `foundry-tile-blocks{target=contraction}`, after `foundry-pad` where
    its extents need it. By default the im2col tensor lives in a workspace
    (C*KH*KW times the input), written by its own kernel; with
    `foundry-tile-blocks{target=contraction fuse=elementwise}` each GEMM
    tile gathers its own part instead (an implicit GEMM), in the k-loop and
    into shared memory after `foundry-tile-reduction` and `foundry-promote`.

    Errors: a convolution the upstream rewrite refuses (dynamic shapes;
    dilations other than 1); a 3-D convolution of integers.

    Example, a 3x3 convolution of 128 images of 64x128x128 into 128
    channels on the tensor cores:
    `foundry-im2col,foundry-pad{n=128},foundry-tile-blocks{sizes=1,128,128
    target=contraction},foundry-tile-reduction{sizes=32},
    foundry-promote{operands=0,1 padding=4},foundry-tile-warps{sizes=0,64,32},
    foundry-tile-reduction{sizes=8},foundry-mma,...`.
  }];
  let dependentDialects = [
    "::mlir::linalg::LinalgDialect",
    "::mlir::tensor::TensorDialect"
  ];
}

def FoundrySplitKPass : SchedulePass<"foundry-split-k", "::mlir::ModuleOp"> {
  let summary = "Split the reduction of a kernel's contractions into parts (split-K).";
  let description = [{
    A GEMM with few outputs and a long reduction (256x256 outputs with
    K = 524288) fills few blocks of the GPU. Every contraction of a kernel
    with two parallel loops or more (outside any block tile) gets its one
    reduction loop split into `parts` parts with the upstream
    `linalg::splitReduction`: a batched contraction computes one partial
    result per part (`[parts, M, N]` for a matmul, the part loop first),
    and a `linalg.generic` adds the parts up. Tile the partial contraction
    with `foundry-tile-blocks{target=contraction}` (part loop tile 1) and
    its GEMM schedule; the sum of the parts is a kernel of its own.

    Floating-point additions are reassociated. Errors: `parts` outside 2 to
    4096; no contraction; a contraction with more than one reduction loop,
    or whose reduction extent `parts` does not divide (`foundry-pad{k=...}`
    pads it first).

    Example, a GEMM of 256x256 outputs with K = 524288 on the tensor cores:
    `foundry-split-k{parts=64},
    foundry-tile-blocks{sizes=1,128,128 target=contraction},
    foundry-tile-reduction{sizes=32},foundry-promote{operands=0,1
    padding=4},foundry-tile-warps{sizes=0,64,32},
    foundry-tile-reduction{sizes=8},foundry-mma`.
  }];
  let options = [
    Option<"parts", "parts", "int64_t", /*default=*/"16",
           "Parts of the reduction, each a block-level partial GEMM (2 to "
           "4096).">
  ];
  let dependentDialects = [
    "::mlir::linalg::LinalgDialect",
    "::mlir::tensor::TensorDialect"
  ];
}

def FoundryTransposeAPass : SchedulePass<"foundry-transpose-a", "::mlir::ModuleOp"> {
  let summary = "Copy a contraction's K-major A operand into an M-major tensor.";
  let description = [{
    mma.sync reads the A operand of a GEMM along K; `foundry-mma` refuses
    an A stored K-major (KxM, as `torch.matmul(A.T, B)` and
    `torch.matmul(A.T, B.T)` read it). Every 2-D contraction of a kernel
    (loops m, n, k), outside any block tile, whose row operand (the one the
    output's rows come from) is stored K-major reads instead an MxK copy of
    it, made by a
    `linalg.transpose` (a kernel of its own, through a workspace), and
    becomes a `linalg.generic` with that operand's map (m, k). The
    products and their order are unchanged. Tile the contraction with
    `foundry-tile-blocks{target=contraction}`, so that the copy is not
    fused into its tiles. Contractions with an M-major A or an A of dynamic
    shape, batched ones, and kernels without contractions are left as they
    are.

    Example, `torch.matmul(A.T, B)` of 2048x4096 outputs, K = 8192, on the
    tensor cores: `foundry-transpose-a,
    foundry-tile-blocks{sizes=128,128 target=contraction},
    foundry-tile-reduction{sizes=32},foundry-promote{operands=0,1
    padding=4 stages=2},foundry-tile-warps{sizes=64,32},
    foundry-tile-reduction{sizes=8},foundry-mma`.
  }];
  let dependentDialects = [
    "::mlir::linalg::LinalgDialect",
    "::mlir::tensor::TensorDialect"
  ];
}

def FoundryTransposeBPass : SchedulePass<"foundry-transpose-b", "::mlir::ModuleOp"> {
  let summary = "Copy a contraction's KxN B operand into an NxK tensor.";
  let description = [{
    wgmma reads tf32 operands K-major only: `foundry-mma` on warpgroup
    tiles refuses a B stored KxN (as `torch.matmul(A, B)` reads it: every
    plain GEMM). Every 2-D contraction of a kernel (loops m, n, k), outside
    any block tile, whose column operand (the one the
    output's columns come from) is stored KxN reads instead an NxK copy of
    it, made by a `linalg.transpose` (a kernel of its own, through a
    workspace, computed in every launch), and reads it through the map
    (n, k): a linalg.matmul keeps its name with those indexing maps. The
    products and their order are unchanged. Tile the contraction with
    `foundry-tile-blocks{target=contraction}`, so that the copy is not
    fused into its tiles. Contractions with an NxK B or a B of dynamic
    shape, batched ones, and kernels without contractions are left as they
    are.

    Example, a 4096x4096 square GEMM on wgmma warpgroup tiles (sm_90a):
    `foundry-transpose-b,
    foundry-tile-blocks{sizes=128,128 target=contraction},
    foundry-tile-reduction{sizes=32},foundry-promote{operands=0,1
    stages=4},foundry-tile-warpgroups{sizes=64,128},foundry-mma`.
  }];
  let dependentDialects = [
    "::mlir::linalg::LinalgDialect",
    "::mlir::tensor::TensorDialect"
  ];
}

def FoundryFoldPadPass : SchedulePass<"foundry-fold-pad", "::mlir::ModuleOp"> {
  let summary = "Read through tensor.pad inside its consumers.";
  let description = [{
    A `tensor.pad` of a kernel otherwise becomes kernels of its own: a fill
    of the padded tensor with the padding value and a copy of the source
    into it, both through a workspace, before the op that reads it (the
    padded input of a pooling window or of a convolution). Each
    `tensor.pad` with static non-negative low and high padding, a constant
    padding value and a static source, whose users are all linalg ops on
    tensors reading it as an input outside any block tile, is folded into
    them: a named op is generalized, the padded operand leaves its inputs,
    and its body reads the source with `tensor.extract` at the operand's
    indices minus the low padding, the padding value where one unsigned
    compare per padded dimension finds the index outside the source. The
    pad disappears, and with it its two kernels and the padded tensor's
    traffic. Run it first, before the tiling passes.

    The generalized consumer is no longer a named convolution, so
    `foundry-im2col` does not apply to it: for a padded convolution, choose
    one or the other. Error: no such `tensor.pad` in the module.

    Example, max-pool 1-D with padding: `foundry-fold-pad,
    foundry-tile-blocks{sizes=1,4,256}`.
  }];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::tensor::TensorDialect"
  ];
}

def FoundryApproxMathPass
    : SchedulePass<"foundry-approx-math", "::mlir::ModuleOp"> {
  let summary = "Compute a kernel's fp32 exponentials and logarithms with the GPU's approximate instructions.";
  let description = [{
    By default `math.exp` and `math.log` on f32 lower to libdevice's
    `__nv_expf` and `__nv_logf`: some ten instructions each around the GPU's
    `ex2.approx` and `lg2.approx`. A softmax computes one or two
    exponentials per element, which then cost more issue slots than its
    loads and stores. This pass gives the listed functions the `afn`
    fast-math flag in every kernel, so that the NVVM lowering calls
    `__nv_fast_expf` (`ex2.approx.f32` of `x * log2(e)`: two instructions)
    and `__nv_fast_logf` (`lg2.approx.f32` times `ln(2)`). The kernel
    remembers the choice (`foundry.approx_math`, an array of the names on
    the `foundry.kernel`), and `foundry-lower-kernels` gives the flag again
    to the functions' ops that later schedule passes created (an online
    softmax's rescaling exponentials): where the pass stands in a schedule
    does not matter.

    Accuracy (CUDA C Programming Guide, "Intrinsic functions", for
    `__expf` and `__logf`): `__expf` is within 2 + floor(|1.173 x|) ulp,
    `__logf` within 2^-21.41 absolute for x in [0.5, 2], else 3 ulp; both
    flush subnormal results to zero. Exponentials and logarithms are not
    IEEE-rounded operations (libdevice's are within 2 ulp and 1 ulp), so the
    pass is allowed under every `#foundry.precision`; whether a kernel's
    outputs stay within its `#foundry.tolerance` is what verification
    checks, as for any schedule. f64 ops keep their libdevice calls. On the
    CPU target the flag lets LLVM approximate too.

    Errors: a name other than `exp` and `log`.

    Example: `foundry-approx-math{functions=exp},foundry-tile-blocks{...}`.
  }];
  let options = [
    ListOption<"functions", "functions", "std::string",
               "The functions to approximate: exp, log (default: exp).">
  ];
  let dependentDialects = ["::mlir::math::MathDialect"];
}

def FoundryDecomposeArgReductionsPass
    : SchedulePass<"foundry-decompose-arg-reductions", "::mlir::ModuleOp"> {
  let summary = "Compute an argmax or argmin as two reductions that every reduction strategy splits.";
  let description = [{
    torch-mlir lowers `aten.argmax` (and `aten.max.dim`, `aten.argmin`) to one
    `linalg.generic` with two results: the running extremum
    (`acc = maximumf(x, acc)`) and the index where it was first reached
    (`i = select(x > acc, linalg.index d, i)`, d the one reduction loop).
    Its second combiner is not one arith op, so no partial reduction
    (`foundry-reduce-threads`, `foundry-split-reduction`) takes it, and the
    naive schedule reduces each row on one thread. In every kernel, outside
    any block tile, each such generic (a maximum or minimum, `maximumf`,
    `maxnumf`, `maxsi` and their minimum forms, with the strict comparison
    of the same direction, `ogt`/`olt` or `sgt`/`slt`, in either operand
    order; the compared element computed from the inputs alone) becomes:

    1. the extremum: the same loops, `acc = maximumf(x, acc)` from the
       value's initial tensor;
    2. the first index: the least `d` where `x == extremum` and `x` passes
       the initial value strictly (`x > v0`), by `minsi` from the index
       type's largest value;
    3. an elementwise op that puts back the initial index where no element
       passed the initial value (the largest value is left).

    That is the generic's result for every input without NaN (the first
    index of the extremum, the initial index when nothing beats the initial
    value). With a NaN in a row the generic keeps the index of the maximum
    before it; the decomposition gives the initial index. The row is read
    twice (as a softmax reads its row for the maximum and the sum).

    Error: no such generic. Example, an argmax over 32 rows of 128256
    logits, one row per block: `foundry-decompose-arg-reductions,
    foundry-tile-blocks{sizes=1},foundry-reduce-threads{threads=256
    interleave=4}`.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::tensor::TensorDialect"
  ];
}

def FoundryGatherOneHotReductionsPass
    : SchedulePass<"foundry-gather-one-hot-reductions", "::mlir::ModuleOp"> {
  let summary = "Compute a sum of a one-hot selection over a loop as a read of the one element it selects.";
  let description = [{
    torch-mlir lowers `nll_loss` (and so `cross_entropy`) to a
    `linalg.generic` that sums, over the class loop r, `select(linalg.index r
    == t, v, 0)`: the target's log-probability, found by comparing every
    class index with the target. Every row is read whole for one element,
    and the log-probabilities before it are computed for every class. In
    every kernel, outside any block tile, each such generic (one result,
    one reduction loop r of static extent not in its output map,
    projected-permutation maps, the body yielding `acc + select(cmpi eq,
    v, 0)` in either operand order, `addf` or `addi`, the comparison
    between `linalg.index r` (possibly through `arith.index_cast`) and a
    value t computed from inputs indexed without r, constants and other
    loops' indices) becomes a generic over its other loops, all parallel,
    that adds `v` at r = t where t is in [0, extent of r) and 0 elsewhere:
    the inputs indexed by r are read at t by `tensor.extract`. An input
    produced by an elementwise generic that only this one reads (the
    log-softmax `x - max - log(sum)`) is computed at that element in the
    same body (its own inputs indexed without r become inputs of the new
    generic: the row maximum and sum stay producers that block tiles fuse),
    and the producer goes away.

    Exact for every input: a sum with at most one nonzero term is that
    term (the initial value plus it, as before). Error: no such generic.
    Example, a cross-entropy over 4096 rows of 32000 logits:
    `foundry-gather-one-hot-reductions,foundry-split-reduction,
    foundry-reduce-threads{threads=256 interleave=4 online=true}`.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::tensor::TensorDialect"
  ];
}

def FoundryGatherConcatsPass
    : SchedulePass<"foundry-gather-concats", "::mlir::ModuleOp"> {
  let summary = "Compute each concatenation as a generic that reads every element from its piece, so block tiles fuse it.";
  let description = [{
    `tensor.concat` (torch.cat; `rotate_half` in a rotary embedding,
    `cat(-x[..., d/2:], x[..., :d/2])`) is not a structured op: block tiles
    of its consumer do not fuse it, and it lowers to one copy per piece
    into a buffer the consumer reads back. In every kernel, outside any
    block tile, each concatenation of static shape and at most 4 pieces
    with elements becomes a `linalg.generic` over the result, all loops parallel, whose body
    computes the element at each index from every nonempty piece at the
    index clamped into that piece (so each read is in bounds) and selects
    the one the index lies in. A piece's element is computed where it is
    used: through `tensor.extract_slice` (static offsets and strides) and
    elementwise producers (all loops parallel, one result, projected
    permutations: elementwise generics, `linalg.broadcast`,
    `linalg.transpose`, named elementwise ops), whose bodies are cloned at
    the element (each value once per index; beyond 64 producers deep or
    256 cloned ops, elements are read); anything else is read with
    `tensor.extract`. Producers left unused go away; a concatenation of
    empty pieces is an empty tensor. More pieces stay copies: every
    element would read every piece.

    Exact: every element is the one the concatenation holds. Each element
    reads one element of every piece (two for a rotate_half), which the
    caches serve. Error: no such concatenation. Example, a
    rotary embedding of 32 heads of 128: `foundry-gather-concats,foundry-tile-blocks{sizes={0,16,4,64}
    fuse=all},foundry-tile-threads{sizes={0,4,1,4}},foundry-vectorize`.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::tensor::TensorDialect"
  ];
}

def FoundryInvertDivisorsPass
    : SchedulePass<"foundry-invert-divisors", "::mlir::ModuleOp"> {
  let summary = "Divide by a loop-invariant divisor as a multiplication by its reciprocal.";
  let description = [{
    An fp32 `arith.divf` is an IEEE division on the GPU (`div.rn.f32`, a
    subroutine of some twenty instructions); a softmax divides every element
    of a row by the row's sum, a norm by the row's root mean square. In
    every `linalg.generic` on tensors of a kernel, outside any block tile,
    each `arith.divf` whose divisor is the same along one of the op's loops
    becomes an `arith.mulf` by the divisor's reciprocal: the divisor is
    computed in the body from inputs that share one projected permutation
    map with fewer results than the op has loops (the row sum read through
    `(i, j) -> (i)`), by pure ops without regions and without
    `linalg.index`, and reads no output. The reciprocal `1 / d` is computed
    once per element of those inputs, by an elementwise generic of its own
    (identity maps, before the op), which the op then reads through their
    map; inputs only the divisor read leave the op. The tiling passes fuse
    the reciprocal as any producer. Divisions by constants, by values that
    vary along every loop, and ops on inputs of dynamic shape are left as
    they are.

    Accuracy: `a * (1 / d)` rounds twice, `a / d` once: the result may differ
    from the division's by one unit in the last place more. This is IEEE
    arithmetic under every `#foundry.precision` (the search's verification
    checks the tolerance as for any schedule). Run it first, before the
    tiling passes.

    Example, softmax rows over a cluster of 8 blocks: `foundry-invert-divisors,
    foundry-split-reduction{outputs=4096 parts=8 cluster=true},
    foundry-tile-blocks{fuse=all sizes={1,49152} target=result},
    foundry-reduce-threads{threads=1024 interleave=4 shuffle=true},
    foundry-tile-threads{sizes={0,48} interleave=4},foundry-vectorize,
    foundry-unroll{factor=12}`.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::tensor::TensorDialect"
  ];
}

def FoundryPadPass : SchedulePass<"foundry-pad", "::mlir::ModuleOp"> {
  let summary = "Pad a kernel's contractions with zeros to multiples of tile sizes.";
  let description = [{
    Tensor-core and shared-memory schedules need block and k tiles that
    divide the GEMM (8205x2949x5921 has no such tile). Every contraction
    of a kernel (`linalg.matmul`, `linalg.batch_matmul`, a contraction
    `linalg.generic`; transposed operands too), outside any block tile, has
    its innermost M loop padded up to a multiple of `m`, its innermost N
    loop to a multiple of `n` and its innermost reduction loop to a
    multiple of `k` (the upstream `linalg::inferContractionDims` names
    them; outer ones, such as the image loop of an im2col GEMM, which
    counts as N, are tiled by 1 and left), with the upstream
    `linalg::rewriteAsPaddedOp`: its operands go through `tensor.pad` with
    zeros, it computes the padded result, and its users read the original
    extent back through `tensor.extract_slice`. Zeros along the reduction
    loops add nothing to the sums. A padded accumulator that was a
    `linalg.fill` becomes a fill of the padded shape. An operand computed
    by an all-parallel `linalg.generic` that does not read its init (the
    im2col tensor of `foundry-im2col`, an elementwise producer) is instead
    computed at the padded shape in one op: its inputs read through
    `tensor.extract` at indices clamped into the original extent, the zero
    yielded outside it, so the operand is written once rather than
    computed, zero-filled and copied. Other pads and the slice become
    kernels of their own (a zero fill and a copy through a workspace), so
    tile the contraction with `foundry-tile-blocks{target=contraction}`.

    A multiple of 0 or 1 leaves those loops as they are, and so do loops
    that are multiples already, so a schedule works for any shape. Errors:
    a multiple outside 0 to 1024; a contraction loop without a static
    extent.

    Example, 8205x2949x5921 on the tensor cores:
    `foundry-pad{m=128 n=128 k=32},foundry-tile-blocks{sizes=128,128
    target=contraction},foundry-tile-reduction{sizes=32},
    foundry-promote{operands=0,1 padding=4},foundry-tile-warps{sizes=64,32},
    foundry-tile-reduction{sizes=8},foundry-mma`.
  }];
  let options = [
    Option<"m", "m", "int64_t", /*default=*/"0",
           "Pad the contractions' M loops to a multiple of this (0 or 1: "
           "leave them).">,
    Option<"n", "n", "int64_t", /*default=*/"0",
           "Pad the contractions' N loops to a multiple of this (0 or 1: "
           "leave them).">,
    Option<"k", "k", "int64_t", /*default=*/"0",
           "Pad the contractions' reduction loops to a multiple of this (0 "
           "or 1: leave them).">
  ];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::tensor::TensorDialect"
  ];
}

def FoundryPromotePass : SchedulePass<"foundry-promote", "::mlir::ModuleOp"> {
  let summary = "Stage operand tiles of a block-level k-loop in shared memory.";
  let description = [{
    After `foundry-tile-blocks` and a block-level `foundry-tile-reduction`,
    each linalg op with a reduction inside the k-loop has the inputs listed
    in `operands` copied, once per k-step, into a workgroup (shared) memory
    tensor (`bufferization.alloc_tensor` in `#gpu.address_space<workgroup>`
    and `linalg.copy`); the op then reads the copies. An input computed in
    the k-loop for the op alone (an im2col gather fused by
    `foundry-tile-blocks{target=contraction fuse=elementwise}`) is computed
    straight into its shared tile instead, one element per thread along
    its rows (the GPU tail issues each element as a 4-byte cp.async, its
    mask as the source size, so `stages=2` overlaps the gather too).
    `foundry-tile-warps`
    or `foundry-tile-threads` spread each copy over all threads of the block
    (coalesced, linear thread ids), `foundry-vectorize` makes it 16-byte
    accesses, and the GPU tail issues them as cp.async with a barrier after
    the copies and after the compute.

    `stages=S` (2 to 4) multi-buffers the staged tiles: the GPU tail copies
    the tiles of k-steps i+1 to i+S-1 (cp.async) while k-step i computes,
    with one wait (leaving the later k-steps' copies in flight) and one
    barrier per step (S shared buffers per operand; a number of k-steps
    that S does not divide, or tiles over 227 KB once multiplied, keep one
    stage). On the H200, four stages were slower than two on a 4096x4096
    square GEMM and on an 8x256x512x256 tensor times a 256x768 matrix
    (bench/results/2026-12-01-h200-gemm-stages.md).

    Up to 48 KB of tiles per block are static shared memory; above that,
    the GPU tail places them in the launch's dynamic shared memory (the
    launch manifest gives its size, and foundry-run opts the kernel in to
    it), up to sm_90's 227 KB per block.

    `padding=P` adds P elements to every row of the staged tiles (the copy
    fills a slice of a wider buffer), so that the 8 rows a warp's mma.sync
    fragment loads touch different banks: with 32 f32 per row they all start
    at bank 0. 4 suits K-contiguous rows (A, or B stored NxK), 8 N-contiguous
    rows of B. P x element size must be a multiple of 16 bytes (rows stay
    aligned for 16-byte copies).

    `tma=true` (with `stages=3` or 4, for warpgroup tiles of `foundry-mma`)
    has the GPU tail load each k-step's tiles with TMA instead of cp.async:
    one thread issues `cp.async.bulk.tensor` per 128-byte wide box of each
    tile (the hardware writes the 128-byte swizzle wgmma reads) and
    completes an mbarrier per stage with their bytes; every thread waits on
    that mbarrier's phase instead of a cp.async group. The tensor maps are
    kernel arguments the host function gains (`foundry.tensor_map`, the
    launch manifest's role `tensor_map`), which the runner encodes for the
    buffers' device addresses (cuTensorMapEncodeTiled). Each operand must
    be a 2-D host buffer read in tiles of it; otherwise the GPU tail reports
    it at the matmul.

    `warp-specialize=true` (with `tma=true`, for f16 and bf16 operands)
    splits the block into a producer and consumers: one more warpgroup
    joins the block, one thread of which issues every k-step's TMA loads
    as soon as the stage's previous tiles are consumed (one more mbarrier
    per stage, which the consumers' threads arrive on once their wgmma of
    that stage are done); the matmul's warpgroups only wait for each
    stage's tiles and compute, with no block barrier per k-step (the rest
    of the kernel's barriers become named barriers of the consumers). The
    GPU tail reports at the matmul a kernel whose block is not 128 threads
    across x and one warpgroup per y, or fp32 operands.

    Errors: no block-level k-loop; an operand index the op does not have; a
    tile of dynamic shape; more than 227 KB of shared memory per block
    (sm_90's limit); a negative or unaligned padding; stages
    outside 1 to 4; `tma=true` with fewer than 3 stages;
    `warp-specialize=true` without `tma=true`.

    Example, a 64x64 block tile walking K in steps of 32 with A and B staged:
    `foundry-tile-blocks{sizes=64,64},foundry-tile-reduction{sizes=32},
    foundry-promote{operands=0,1}` (2 x 8 KB).
  }];
  let options = [
    ListOption<"operands", "operands", "int64_t",
               "Input operands to stage (0 = A, 1 = B of a matmul).">,
    Option<"padding", "padding", "int64_t", /*default=*/"0",
           "Elements added to each row of the staged tiles (bank conflicts).">,
    Option<"stages", "stages", "int64_t", /*default=*/"1",
           "Tile buffers per operand, 1 to 4: with S > 1 the tiles of the "
           "next S - 1 k-steps are copied while this one computes.">,
    Option<"tma", "tma", "bool", /*default=*/"false",
           "Load the tiles of a pipelined wgmma k-loop (stages 3 or 4) with "
           "TMA and mbarriers instead of cp.async.">,
    Option<"warpSpecialize", "warp-specialize", "bool", /*default=*/"false",
           "With tma=true: a producer warpgroup issues the TMA loads, the "
           "matmul's warpgroups only compute (f16 and bf16 operands).">
  ];
  let dependentDialects = [
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::gpu::GPUDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::tensor::TensorDialect"
  ];
}

def FoundryReduceThreadsPass
    : SchedulePass<"foundry-reduce-threads", "::mlir::ModuleOp"> {
  let summary = "Split each block tile's reductions over threads, partial results in shared memory.";
  let description = [{
    A reduction strategy for softmax, norms and sums: after
    `foundry-tile-blocks` (one or a few rows per block), every linalg op with
    a reduction at block level has its innermost reduction loop split over
    `threads` threads (upstream partial-reduction tiling,
    outer-parallel): each thread reduces its own contiguous chunk into a
    slot of a shared-memory tensor, a barrier follows, and every thread then
    merges the slots itself (so each holds the full result in registers for
    the elementwise ops that follow, which `foundry-tile-threads` can then
    spread). Each thread's producers (the exp of a softmax's sum) are fused
    into its reduction's body; an earlier reduction it reads whole (the
    mean a variance subtracts) is not: the block merges it once, before.
    With `interleave=w` the threads take w-element pieces of the row in
    turn instead of contiguous chunks (the loop is reshaped to [pieces,
    threads, w] and the reshape folded into the producers), so a warp reads
    consecutive memory. Where the
    innermost reduction loop is too short for the threads (fewer than
    `threads` x `interleave` elements, or with `interleave` not a multiple
    of them) and the reduction loops just outside it are stored contiguously
    in every operand, read from slices of the kernel's tensors, they are
    first merged into one loop (upstream `collapseOpIterationDims`): a group
    norm's statistics over (channel, d, h, w) of 30-wide rows take 256
    threads, not 30. A reduction still shorter than `threads` x
    `interleave` (the combination of a split's partial results, in a block
    beside the parts) is taken in contiguous chunks. Errors: no
    block-level reduction; `threads` outside 1 to 1024; a negative
    `interleave`; a reduction loop without a static extent, or, with
    `interleave`, one at least `threads` x `interleave` long that is not a
    multiple of it.

    With `shuffle=true` each warp first combines its 32 threads' partial
    results in registers (`gpu.subgroup_reduce`, lowered to a butterfly of
    `shfl.sync` by the upstream shuffle patterns), every lane writes the
    warp's result to its slot, and the merge reads one slot per warp
    (`threads / 32` of them, a strided slice) instead of one per thread.
    Results that a shuffle cannot take (more than 32 partial results per
    thread, elements wider than 32 bits: an argmax's i64 index), and a
    reduction shorter than the threads whose length is not a multiple of 32
    (a split's few partial results), merge through shared memory alone.
    GPU only: the CPU pipeline runs threads one after another and rejects
    the warp reduction. Error: `threads` not a multiple of 32 (where the
    reduction is at least that long).

    With `online=true` a softmax's two reductions become one pass over the
    row (online softmax: Milakov and Gimelshein, "Online normalizer
    calculation for softmax", 2018). Where a block reduces a row maximum
    (`acc = maximumf(v, acc)`) and then the sum of `exp(v - max)` over the
    same chunks, v being the same elementwise function of the same inputs
    in both (an input itself, or `x * scale` fused into both), each thread
    computes v once per element and keeps a running maximum m and a sum s relative
    to it (s is rescaled by exp(m_old - m_new) when m grows: one exp per
    element), and the merge takes M = max over threads of m and the sum of
    s * exp(m - M). The row is then read twice (once for m and s, once for
    the output) instead of three times. The fused reduction is not
    shuffled (`shuffle` applies to the block's other reductions). Error:
    `online=true` and no such pair in any block.

    With `welford=true` a variance's sum of squared deviations,
    `acc = (v - m)^2 + acc` with m a row constant (the mean, from an
    earlier reduction's merge) and v an elementwise function of the inputs,
    is computed in the pass of the nearest earlier reduction over the same
    chunks (the mean's sum): each thread also keeps the count, running mean
    and M2 of v (Welford, Technometrics 1962: one division per element),
    the merge combines the threads' triples pairwise (Chan, Golub and
    LeVeque 1983), and the result is M2 + n (mean - m)^2, which is
    sum (v - m)^2 for whatever m the kernel subtracts. A norm's row is then
    read twice (statistics, output) instead of three times. The fused
    reductions are not shuffled. Error: `welford=true` and no such
    reduction in any block.

    Example, softmax over rows, one row per block:
    `foundry-tile-blocks{sizes=1},foundry-reduce-threads{threads=256},
    foundry-tile-threads{sizes=1,4}`.
  }];
  let options = [
    Option<"threads", "threads", "int64_t", /*default=*/"256",
           "Threads sharing each reduction (1 to 1024).">,
    Option<"interleave", "interleave", "int64_t", /*default=*/"0",
           "0: each thread reduces a contiguous chunk; w > 0: the threads "
           "take w-element pieces in turn (coalesced).">,
    Option<"shuffle", "shuffle", "bool", /*default=*/"false",
           "Combine each warp's partial results with warp shuffles first; "
           "the merge then reads one slot per warp.">,
    Option<"online", "online", "bool", /*default=*/"false",
           "Fuse a softmax's row max and sum of exp(x - max) into one pass "
           "over the row (online softmax).">,
    Option<"welford", "welford", "bool", /*default=*/"false",
           "Compute a sum of squared deviations from a row constant (a "
           "variance) in the pass of an earlier reduction over the same "
           "row (Welford).">
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::gpu::GPUDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::math::MathDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect"
  ];
}

def FoundrySplitReductionPass
    : SchedulePass<"foundry-split-reduction", "::mlir::ModuleOp"> {
  let summary = "Split a kernel's reduction to a scalar over GPU blocks, then combine the partials in one block.";
  let description = [{
    A reduction strategy for losses and other kernels whose result is a
    scalar (rank 0), which have no parallel loop for `foundry-tile-blocks`.
    The kernel's reduction to a scalar (a `linalg.generic` whose loops all
    reduce, with one combiner such as `addf` or `maximumf`) is rewritten in
    two stages:

    1. Partial results: its outermost reduction loop, of extent D, becomes
       a parallel loop over `parts` parts (D / parts consecutive iterations
       each; `parts=0` makes every iteration a part), into a
       `tensor<parts>` initialized with the combiner's neutral element.
       This op is tiled to GPU blocks, one part per block, with its
       producers fused (the per-row softmax of a cross-entropy, say).
    2. Final: one GPU block combines the parts into the original
       initial value and computes the ops after it that produce the
       scalar result (the division of a mean).

    With `outputs=N` (N > 1), every reduction of the kernel whose result
    has at most N elements is split the same way (BatchNorm's per-channel
    sums: 64 outputs, each over 16.7M elements): the partial results get the
    parts as a last dimension, are tiled one (output, part) per block, and
    the final reduction of the parts is tiled one output per block, a
    kernel of its own whose result the rest of the kernel reads.

    Floating-point additions are reassociated, as in any parallel
    reduction. `foundry-reduce-threads` then splits the reductions left in
    both block tiles over threads. Errors: no reduction to a scalar, or
    more than one; a combiner that is not one arith op with a neutral
    element; a body reading `linalg.index`; dynamic extents; `parts`
    negative, 1, or not dividing D; a result that is also used elsewhere.

    `parts` above D (a Frobenius norm over 112 images of 64x512x512: 112
    blocks for 132 SMs) merges the outermost reduction loop with the next
    one first (upstream `collapseOpIterationDims`, where the two are
    contiguous in every operand) when `parts` is a multiple of D dividing
    their product: `parts=7168` gives each (image, channel) a block.

    With `welford=true` (and `outputs` above 1) a variance is split in the
    pass of its mean: where the kernel sums v (`acc = v + acc`) and then
    sums the squared deviations of the same v from a row constant m (the
    mean, `acc = (v - m)^2 + acc`) over the same loops, both partial
    reductions of a part run in one block tile. The part's block sums v
    (S_p, over n_p elements) and the squared deviations from its own mean,
    Q_p = sum (v - S_p / n_p)^2, and yields both; the final reduction of the
    squared deviations is sum over p of Q_p + n_p (S_p / n_p - m)^2, which
    is sum (v - m)^2 exactly (the pairwise combination of Chan, Golub and
    LeVeque, "Algorithms for computing the sample variance", 1983). The
    deviations no longer wait for the mean: with
    `foundry-reduce-threads{welford=true}` the block reads its part once for
    both, and a BatchNorm reads its input twice instead of three times.
    Error: `welford=true` and no such pair of reductions to at most
    `outputs` elements.

    With `cluster=true` (and `outputs` above 1) the `parts` blocks of an
    output form a thread-block cluster (sm_90), and the final reductions are
    not kernels of their own: they stay in the kernel, for the
    `foundry-tile-blocks` that follows to fuse into the blocks that read
    them, each block combining its row's few partial results itself. Tile the
    root with the same grid, one part of a row per block (`sizes={1, E /
    parts}` for rows of E elements), and the GPU tail runs the partial
    results' block tiles and the root's as one launch of clusters of `parts`
    blocks, with a cluster barrier (`barrier.cluster`, release and acquire)
    between them. The partial results travel through global memory; with
    the same threads and interleaving in every pass, a thread takes the same
    pieces of its block's part each time, so LLVM may keep them in registers
    from one pass to the next (it did from the first to the second in a
    softmax over 4096 rows of 393216 floats, not into the rolled output
    loop), and otherwise the few rows in flight may still be in the L2
    cache. A block holding its part in registers may fill an SM alone (that
    softmax, with an exp and a division per element, was slower: 5.49 ms
    against 4.74).
    A log-softmax over 4096 rows of 393216 (1.5 MB each; on
    the H200, 2026-12-04: 4.38 ms against 4.67 with one row per block):
    `foundry-split-reduction{outputs=4096 parts=8
    cluster=true},foundry-tile-blocks{fuse=all sizes={1,49152}
    target=result},foundry-reduce-threads{threads=1024 interleave=4
    shuffle=true},foundry-tile-threads{sizes={0,48}
    interleave=4},foundry-vectorize`. On the CPU the block loops run one
    after the other, as without clusters.
    Clusters of more than 8 blocks are not portable: the runner opts the
    kernel in (foundry-run does). Errors: `cluster=true` with `outputs` 1, a
    reduction to a scalar, `parts` outside 2 to 16 (sm_90's largest
    cluster), or a reduction whose
    reduction loops are not the innermost loops (the parts must be the
    cluster's x dimension).

    With `online=true`, a softmax's sum of exp(x - M) (M a row maximum
    split with it; the exp computed in the sum's body, as a log-softmax
    has it, or by an elementwise op whose result the sum adds as it is, as
    a softmax has it) reads each part's own maximum m_p
    instead of M: a part's maximum is computed in the block tile of its
    sum (fused and yielded), and the sum's final reduction becomes
    S = sum over p of s_p * exp(m_p - M), a part whose m_p is -inf adding
    0 (Milakov and Gimelshein, "Online normalizer calculation for
    softmax", 2018). S is the same sum, rounded differently. With
    clusters, a block then needs the other parts' results once (one
    cluster barrier before the output pass instead of two). Error:
    `online=true` where no split sum pairs with a maximum so.

    With `width=W` (and `outputs` above 1) a block tile takes W
    consecutive outputs instead of one, along the parallel loop that indexes
    the split reduction's first input's innermost (contiguous) dimension,
    else its result's: a reduction down an outer axis (a column sum of a
    65536x1024 matrix into 1024 outputs, too few for one thread each to
    fill the GPU) is split into parts of rows, each block reading W
    consecutive columns of its part, and `foundry-tile-threads{sizes=1}`
    then gives each thread one column (a warp reads 128 consecutive bytes
    per row). The final reductions take W consecutive outputs per block
    too. Error: W not dividing that loop's extent.

    Example, a mean squared error over 32768x32768 (one row per block):
    `foundry-split-reduction,foundry-reduce-threads{threads=256 interleave=4},
    foundry-vectorize`. A BatchNorm's statistics over 64 channels:
    `foundry-split-reduction{outputs=64 welford=true},
    foundry-tile-blocks{sizes=1,1,1,0 target=result},
    foundry-reduce-threads{threads=256 welford=true}`.
  }];
  let options = [
    Option<"parts", "parts", "int64_t", /*default=*/"0",
           "Partial results (blocks) along the outermost reduction loop; 0: "
           "one per iteration of that loop.">,
    Option<"outputs", "outputs", "int64_t", /*default=*/"1",
           "Also split reductions to at most this many elements (1: "
           "reductions to a scalar only).">,
    Option<"welford", "welford", "bool", /*default=*/"false",
           "Split a variance in the pass of its mean: each part's squared "
           "deviations from its own mean, combined by Chan et al.">,
    Option<"cluster", "cluster", "bool", /*default=*/"false",
           "Run the parts of an output as one thread-block cluster; the "
           "final reductions are fused into the blocks that read them.">,
    Option<"width", "width", "int64_t", /*default=*/"1",
           "Consecutive outputs per block tile along the loop of the "
           "input's contiguous dimension (a column sum's columns).">,
    Option<"online", "online", "bool", /*default=*/"false",
           "Split a softmax's sum of exp(x - max) in the pass of its "
           "maximum: each part's sum relative to its own maximum, rescaled "
           "in the final reduction.">
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::gpu::GPUDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect"
  ];
}

def FoundryTileBlocksPass
    : SchedulePass<"foundry-tile-blocks", "::mlir::ModuleOp"> {
  let summary = "Tile each kernel's root op into an scf.forall mapped to GPU blocks, fusing its producers.";
  let description = [{
    The root of a kernel is the op producing its first result. It is tiled
    with the upstream TilingInterface into an `scf.forall` whose loops carry
    `#gpu.block<x|y|z>` (innermost tiled loop to x), and every tileable
    producer (fills, broadcasts, elementwise ops, a matmul under an
    elementwise epilogue, the reductions of a softmax) is fused into the tile.

    `sizes` gives one tile size per parallel loop of the root, outermost
    first; 0 leaves a loop untiled, missing trailing sizes are 0, and a size
    larger than its loop is the whole loop. Tiles that do not divide a loop
    leave a smaller tile at the end. Errors: a negative size, more sizes than
    parallel loops, no positive size, more than three tiled loops, more
    blocks than the grid allows (2^31-1 along x, 65535 along y and z), a
    kernel already tiled.

    Example: `foundry-tile-blocks{sizes=64,64}` on a 1024x1024 matmul gives
    a 16x16 grid of 64x64 output tiles.

    `target=contraction` tiles the kernel's first contraction (a matmul-like
    op) or convolution not yet in a block tile instead of the root, as a
    kernel of its own:
    only its init (the fill) is fused, neither its consumers nor the
    producers of its operands (mma.sync loads operands from memory), and
    its result goes through memory. Repeated, it tiles chained contractions
    in order; what lies between them is left to the naive mapping. A second
    `foundry-tile-blocks` (default target) then tiles the rest, e.g. a row
    softmax after a GEMM, which needs whole rows that a GEMM tile does not
    have, or a softmax over the channels of a convolution. Passes that distribute block tiles (`foundry-tile-threads`,
    `foundry-tile-warps`, `foundry-reduce-threads`) skip block tiles that
    are already distributed.

    `target=reduction` tiles, as a kernel of its own, the kernel's first
    reduction that is neither the producer of its result nor a contraction
    or convolution with a filter (a scan's block totals or offsets, a
    pooling window, a global average, which the root then reads through
    memory); like `target=contraction`, only its init is fused (with
    `fuse=elementwise`, also the elementwise ops it reads: a convolution's
    bias and scaling, computed in the pooling tile), and repeated it tiles
    such reductions in order.

    `target=transpose` tiles, as a kernel of its own, the kernel's first
    `linalg.transpose` not yet in a block tile (the NxK copy of a KxN B
    that `foundry-transpose-b` makes for wgmma, or the M-major copy of
    `foundry-transpose-a`), which the naive mapping would read one element
    per row; like `target=contraction`, only its init is fused. With
    `foundry-tile-threads{sizes=4,4}` and `foundry-vectorize` after
    32x32 block tiles, each thread reads 4 rows of 4 elements and writes 4
    rows of 4 (16-byte accesses on both sides where the tiles divide the
    copy, scalar ones where they do not). Repeated, it tiles the
    transposes in order.

    `fuse=elementwise` fuses only producers without reduction loops (fills,
    broadcasts, elementwise ops); every reduction stays a kernel of its
    own, computed once through memory (under the naive mapping, or tiled
    before by `target=reduction`). That suits
    reductions that each tile would otherwise recompute from far more data
    than the tile covers: a blocked scan's group offsets sum the totals of
    the whole row, so fusing them into a tile of one block of a row repeats
    the row's work in every tile. With
    `target=contraction` or `target=reduction` only the op's init is fused
    whatever `fuse` says. Errors: a value other than all or elementwise; an
    indexing map that reads a loop in decreasing order (x[36 - j], a flip),
    whose slices upstream tiling gets wrong.
  }];
  let options = [
    ListOption<"sizes", "sizes", "int64_t",
               "Tile size per parallel loop of the root op, outermost first.">,
    Option<"target", "target", "std::string", /*default=*/"\"result\"",
           "What to tile: result (the producer of the kernel's first "
           "result, with its producers fused), contraction (the first "
           "contraction or convolution alone), reduction (the first "
           "other reduction before the result, alone) or transpose (the "
           "first linalg.transpose, alone).">,
    Option<"fuse", "fuse", "std::string", /*default=*/"\"all\"",
           "Which producers of the result to fuse: all (every tileable "
           "one; only the init for target=contraction or reduction) or "
           "elementwise (those without reduction loops).">
  ];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::gpu::GPUDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect"
  ];
}

def FoundryTileReductionPass
    : SchedulePass<"foundry-tile-reduction", "::mlir::ModuleOp"> {
  let summary = "Tile the reduction loops of linalg ops into scf.for loops (the k-loop).";
  let description = [{
    Every linalg op with reduction loops inside a block, warp or thread tile
    of a kernel has the reduction loops longer than their tile size tiled
    into sequential `scf.for` loops
    carrying the partial result (upstream `scf::tileUsingSCF`, full
    reduction). Run after `foundry-tile-threads` this is the k-loop of a
    register-tiled matmul: each thread walks K in steps of the tile size.
    Run after `foundry-tile-blocks` it is a block-level k-loop (for
    `foundry-promote`); a second run with a smaller size then tiles each
    k-step again inside the warp or thread tiles. Ops outside every tile
    keep the naive mapping (a k-loop around them would run on the host).
    A producer of an input in the same tile, used by the op alone and
    without reduction loops (an im2col gather fused into a GEMM's block
    tile), is fused into the loop: each k-step computes its k-slice. The
    matmuls `foundry-mma` marked for wgmma are left alone (they take their
    k-step whole).

    `sizes` gives one tile size per reduction loop, outermost first; 0 and
    sizes at least the loop's extent leave the loop untiled. A negative size
    or more sizes than reduction loops is an error.
  }];
  let options = [
    ListOption<"sizes", "sizes", "int64_t",
               "Tile size per reduction loop, outermost first.">
  ];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect"
  ];
}

def FoundryTileThreadsPass
    : SchedulePass<"foundry-tile-threads", "::mlir::ModuleOp"> {
  let summary = "Distribute each block tile over GPU threads with an scf.forall, fusing producers.";
  let description = [{
    Inside every block-level `scf.forall` (from `foundry-tile-blocks`), the
    op producing the block's tile is tiled again into an `scf.forall` mapped
    to `#gpu.thread<x|y|z>` (innermost tiled loop to x, so neighbouring
    threads touch neighbouring elements), fusing its producers.

    `sizes` is the tile each thread computes (its register tile), one size
    per parallel loop of the op, as in `foundry-tile-blocks`. The number of
    threads along a loop is the block tile's extent divided by the size,
    rounded up, so block dimensions are static; the last thread of a ragged
    tile gets less work. Errors: as for `foundry-tile-blocks`, plus more
    than 1024 threads per block and a kernel with no block tile.

    Example: after `foundry-tile-blocks{sizes=64,64}`,
    `foundry-tile-threads{sizes=4,4}` gives 16x16 = 256 threads per block,
    each computing a 4x4 tile.

    With `interleave=w`, a thread's tile along the innermost tiled loop is
    not contiguous: that loop (extent E, tile C) is reshaped to
    [C / w, E / C, w], the E / C threads take consecutive w-element pieces
    in each of C / w steps of an `scf.for` (coalesced; one 16-byte access
    per piece of 4 f32 once vectorized). The tile must divide the loop and
    be a multiple of w. Example, a softmax row of 393216 over 256 threads:
    `foundry-tile-threads{sizes=1,1536 interleave=4}`.
  }];
  let options = [
    ListOption<"sizes", "sizes", "int64_t",
               "Tile size per thread per parallel loop, outermost first.">,
    Option<"interleave", "interleave", "int64_t", /*default=*/"0",
           "0: each thread's tile is contiguous; w > 0: along the innermost "
           "tiled loop the threads take w-element pieces in turn (coalesced).">
  ];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::gpu::GPUDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect"
  ];
}

def FoundryTilePhasesPass
    : SchedulePass<"foundry-tile-phases", "::mlir::ModuleOp"> {
  let summary = "Distribute every op of each block tile over the block's threads on its own, block-level temporaries in shared memory.";
  let description = [{
    `foundry-tile-threads` tiles the op producing a block's tile and fuses
    its producers into each thread's tile, so a producer that reduces over
    the whole block tile (a blocked scan's group offsets, which sum the
    totals of every group before) is computed again by every thread. This
    pass instead distributes each linalg op of the block tile over the
    block's threads on its own, in program order (a phase each; the GPU
    mapping puts a barrier after each phase): the ops with reduction loops
    are computed once per block, their results (block-level temporaries,
    tiles of a `tensor.empty`) kept in shared memory for the phases after
    them. Ops without reduction loops (fills, broadcasts, elementwise ops)
    are fused into the thread tiles of the phases that read them.

    Each op's parallel loops of extent above 1 (at most three, innermost
    first) are spread over up to `threads` threads on linear thread ids:
    consecutive threads take consecutive elements of the innermost loop, so
    a warp's accesses are contiguous; in the phase writing the block's
    result, `width` of them each where `width` divides the loop (the other
    phases write shared memory, where a wider tile only lengthens each
    thread's serial work). A phase with fewer elements than threads leaves
    the rest idle. An op accumulating onto another's result that is read
    again later starts from a copy of it that each thread makes of its own
    tile, so that nothing runs at block level between the phases. Reduction loops stay inside each thread's tile. With one row
    of a cumsum per block (`foundry-tile-blocks{sizes=1}`), the row's scan is
    one kernel reading its row once from global memory for the totals and
    once for the output.

    Errors: `threads` outside 1 to 1024, `width` below 1; no block tile; a
    block tile with a k-loop (`foundry-tile-reduction` before this pass) or
    already distributed; a block-level temporary or an op without static
    extents; an op without parallel loops.
  }];
  let options = [
    Option<"threads", "threads", "int64_t", /*default=*/"256",
           "Threads per block (1 to 1024).">,
    Option<"width", "width", "int64_t", /*default=*/"1",
           "Consecutive elements of the innermost parallel loop per thread, "
           "in the phase writing the block's result.">
  ];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::gpu::GPUDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect"
  ];
}

def FoundryTileWarpgroupsPass
    : SchedulePass<"foundry-tile-warpgroups", "::mlir::ModuleOp"> {
  let summary = "Distribute each block tile over warpgroups with an scf.forall, fusing producers.";
  let description = [{
    As `foundry-tile-warps`, but the unit is a warpgroup: 4 consecutive
    warps (128 threads), the unit sm_90's `wgmma` runs on. The forall maps
    to `#gpu.warpgroup<x|y|z>` and `sizes` is the tile each warpgroup
    computes. This is the level at which `foundry-mma` puts a tile on the
    tensor cores with `wgmma`. Errors: as for `foundry-tile-threads`,
    counting 128 threads per warpgroup against the 1024-thread limit.

    Example: after `foundry-tile-blocks{sizes=128,128}`,
    `foundry-tile-reduction{sizes=32}` and `foundry-promote{operands=0,1}`,
    `foundry-tile-warpgroups{sizes=64,128}` gives 2 warpgroups (256
    threads) per block, each owning a 64x128 tile.
  }];
  let options = [
    ListOption<"sizes", "sizes", "int64_t",
               "Tile size per warpgroup per parallel loop, outermost first.">
  ];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::gpu::GPUDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect"
  ];
}

def FoundryTileWarpsPass
    : SchedulePass<"foundry-tile-warps", "::mlir::ModuleOp"> {
  let summary = "Distribute each block tile over warps with an scf.forall, fusing producers.";
  let description = [{
    As `foundry-tile-threads`, but the unit is a warp of 32 threads: the
    forall maps to `#gpu.warp<x|y|z>` and `sizes` is the tile each warp
    computes. This is the level at which `foundry-mma` puts a warp's tile on
    the tensor cores. Errors: as for `foundry-tile-threads`, counting 32
    threads per warp against the 1024-thread limit.

    Example: after `foundry-tile-blocks{sizes=64,64}`,
    `foundry-tile-warps{sizes=32,32}` gives 2x2 warps (128 threads) per
    block, each owning a 32x32 tile.
  }];
  let options = [
    ListOption<"sizes", "sizes", "int64_t",
               "Tile size per warp per parallel loop, outermost first.">
  ];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::gpu::GPUDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect"
  ];
}

def FoundryLaunchBoundsPass
    : SchedulePass<"foundry-launch-bounds", "::mlir::ModuleOp"> {
  let summary = "Ask ptxas for blocks per SM or a register cap (launch bounds).";
  let description = [{
    CUDA's `__launch_bounds__(threads, minBlocksPerSM)` and `__maxnreg__` at
    the IR level. Each kernel remembers the bounds (`foundry.min_blocks_per_sm`
    and `foundry.max_registers`, i32 attributes on the `foundry.kernel`), and
    the GPU tail declares them on every `gpu.func` the kernel launches:
    `nvvm.minctasm` (`.minnctapersm` in PTX: ptxas keeps the registers per
    thread low enough for `min-blocks` blocks of the kernel's `.maxntid`
    threads on one SM, spilling if it must) and `nvvm.maxnreg` (`.maxnreg`:
    at most `max-registers` registers per thread). Either at 0 leaves that
    bound to ptxas; a second foundry-launch-bounds in a schedule replaces the
    first's non-zero bounds. The bounds change no IR and no value: on the CPU
    target they do nothing.

    Errors: `min-blocks` above 32 (an sm_90 SM holds at most 32 blocks),
    `max-registers` outside 16 to 255 (a thread addresses at most 255), and,
    in the GPU tail, `min-blocks` blocks of a launch's threads above the 2048
    threads an sm_90 SM holds.

    Example: 16-block clusters of 1024 threads (foundry-split-reduction{
    cluster=true}) at 64 registers leave one block per SM;
    `foundry-launch-bounds{min-blocks=2}` asks for 32 registers, two blocks.
  }];
  let options = [
    Option<"minBlocks", "min-blocks", "int64_t", /*default=*/"0",
           "Blocks per SM that ptxas must leave registers for (0: no bound, "
           "at most 32).">,
    Option<"maxRegisters", "max-registers", "int64_t", /*default=*/"0",
           "Registers per thread at most (0: no cap, else 16 to 255).">
  ];
}

def FoundryUnrollPass
    : SchedulePass<"foundry-unroll", "::mlir::ModuleOp"> {
  let summary = "Unroll the innermost scf.for loops of kernels by a factor.";
  let description = [{
    Every innermost `scf.for` in a kernel (the k-loop of
    `foundry-tile-reduction`, say) is unrolled by `factor` with the upstream
    `loopUnrollByFactor`; a trip count that the factor does not divide
    keeps a remainder loop. `factor = 1` does nothing. A factor outside 1 to
    32 is an error. Loops inside a warp tile (`foundry-tile-warps`) are left
    as they are: their `vector.contract`s of mma.sync fragments must stay
    in the loop `foundry-mma` built for the tensor-core lowering (unrolled,
    it failed with "unhandled vector to mma type"). So are the k-loops
    around warpgroup tiles (`foundry-tile-warpgroups`), which the wgmma
    lowering pipelines itself.
  }];
  let options = [
    Option<"factor", "factor", "int64_t", /*default=*/"2",
           "Unroll factor (1 to 32).">
  ];
  let dependentDialects = ["::mlir::scf::SCFDialect"];
}

def FoundryVectorizePass
    : SchedulePass<"foundry-vectorize", "::mlir::ModuleOp"> {
  let summary = "Vectorize the statically shaped linalg ops of thread tiles.";
  let description = [{
    Every linalg op inside a thread-level `scf.forall` whose shapes are
    static and whose iteration space has at most `max-elements` points is
    rewritten with the upstream linalg vectorizer into `vector` ops
    (`vector.transfer_read`/`transfer_write` on the tile, `vector.contract`
    for contractions, elementwise vector arithmetic). Contractions are then
    lowered to outer products (FMAs on the register tile). Ops with dynamic
    shapes (the ragged last tile) or too many points are left as they are.
  }];
  let options = [
    Option<"maxElements", "max-elements", "int64_t", /*default=*/"1024",
           "Largest iteration space (points) an op may have to be vectorized.">
  ];
  let dependentDialects = [
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
    "::mlir::vector::VectorDialect"
  ];
}

def FoundryWidenToF64Pass
    : Pass<"foundry-widen-to-f64", "::mlir::foundry::KernelOp"> {
  let summary = "Compute a kernel in f64: every f32 becomes f64.";
  let description = [{
    Arguments, results, every f32 value of the body and every f32 constant
    become f64, so that the CPU reference executor computes an fp32
    kernel's reference at double precision (`foundry-cpu-run
    --reference=f64`). A kernel with an `arith.bitcast` (a bit-level view of
    f32) is an error.

    With `keep-interface`, the kernel's signature stays f32: each f32
    tensor argument is extended to f64 by an elementwise `linalg.generic` at
    entry, and each result truncated back to f32 before the yield. That is
    the GPU reference of foundry-evolve: the same kernel, computed at double
    precision, with buffers the runner already has.
  }];
  let options = [
    Option<"keepInterface", "keep-interface", "bool", /*default=*/"false",
           "Keep the f32 signature: convert the arguments on entry and the "
           "results on exit.">
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect"];
}

#endif // FOUNDRY_TRANSFORMS_PASSES_TD
