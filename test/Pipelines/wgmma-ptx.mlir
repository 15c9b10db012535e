// REQUIRES: ptxas
// Warpgroup tiles of foundry-mma on wgmma (sm_90a), 3xtf32, one stage: the
// k-step's tiles copied by the whole block (16-byte cp.async), the
// residuals written by the whole block, a proxy fence and a barrier, then
// per warpgroup 4 k8-steps x 3 products of m64n128k8 into a fresh
// accumulator, added to the running one.
// RUN: foundry-opt %S/../Transforms/Inputs/linear_256.mlir --foundry-outline-kernels --foundry-tile-blocks="sizes=128,128 target=contraction" --foundry-tile-reduction=sizes=32 --foundry-promote=operands=0,1 --foundry-tile-warpgroups=sizes=64,128 --foundry-mma "--foundry-to-nvvm=chip=sm_90a" --foundry-extract-ptx=output=%t.one.ptx -o /dev/null
// RUN: FileCheck %s --check-prefix=ONE < %t.one.ptx
// RUN: FileCheck %s --check-prefix=ACC < %t.one.ptx
// RUN: %ptxas -arch=sm_90a -v %t.one.ptx -o %t.one.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// ONE:           .target sm_90a
// ONE:           cp.async.cg.shared.global [{{.*}}], [{{.*}}], 16;
// ONE:           cp.async.wait_group 0;
// ONE-NEXT:      bar.sync
// ONE:           ld.shared.v4.b32
// ONE:           st.shared.v4.b32
// ONE:           fence.proxy.async.shared::cta;
// ONE-NEXT:      bar.sync
// ONE:           wgmma.fence.sync.aligned;
// ONE-COUNT-12:  wgmma.mma_async.sync.aligned.m64n128k8.f32.tf32.tf32
// ONE:           wgmma.commit_group.sync.aligned;
// ONE:           wgmma.wait_group.sync.aligned 0;
// ONE:           add.rn.f32
// PTXAS: 0 bytes spill stores, 0 bytes spill loads
// The accumulator fragments start in registers: a thread's 64 elements of
// its warpgroup's 64x128 tile are stored once (32 v2 stores), never filled
// first or read back.
// ACC-NOT:       ld.global
// ACC-NOT:       st.global
// ACC-COUNT-32:  st.global.v2.b32
// ACC-NOT:       st.global

// Four stages: the GPU tail's own pipeline. Three k-steps' copies before
// the loop (a group each), then per k-step one wait that leaves the group
// of the k-step after next in flight, one barrier, the copies three ahead,
// the wgmma of this k-step, the next k-step's residuals and fence while
// they run, and the wait for them.
// RUN: foundry-opt %S/../Transforms/Inputs/linear_256.mlir --foundry-outline-kernels --foundry-tile-blocks="sizes=128,128 target=contraction" --foundry-tile-reduction=sizes=32 "--foundry-promote=operands=0,1 stages=4" --foundry-tile-warpgroups=sizes=64,128 --foundry-mma "--foundry-to-nvvm=chip=sm_90a" --foundry-extract-ptx=output=%t.four.ptx -o /dev/null
// RUN: FileCheck %s --check-prefix=FOUR < %t.four.ptx
// RUN: FileCheck %s --check-prefix=ACC < %t.four.ptx
// RUN: %ptxas -arch=sm_90a -v %t.four.ptx -o %t.four.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// FOUR-COUNT-3:  cp.async.commit_group;
// FOUR:          cp.async.wait_group 2;
// FOUR:          fence.proxy.async.shared::cta;
// FOUR:          $L__BB0_[[LOOP:[0-9]+]]:
// FOUR:          cp.async.wait_group 1;
// FOUR-NEXT:     bar.sync
// FOUR-NOT:      bar.sync
// FOUR:          cp.async.commit_group;
// FOUR-NOT:      bar.sync
// FOUR:          wgmma.commit_group.sync.aligned;
// FOUR-NOT:      bar.sync
// FOUR:          st.shared.v4.b32
// FOUR-NOT:      bar.sync
// FOUR:          fence.proxy.async.shared::cta;
// FOUR-NEXT:     wgmma.wait_group.sync.aligned 0;
// FOUR-NOT:      bar.sync
// FOUR:          bra {{.*}}$L__BB0_[[LOOP]];
// FOUR:          cp.async.wait_group 0;

// tf32: one product per k8-step, no residuals.
// RUN: sed 's/3xtf32/tf32/' %S/../Transforms/Inputs/linear_256.mlir > %t.tf32.mlir
// RUN: foundry-opt %t.tf32.mlir --foundry-outline-kernels --foundry-tile-blocks="sizes=128,128 target=contraction" --foundry-tile-reduction=sizes=32 --foundry-promote=operands=0,1 --foundry-tile-warpgroups=sizes=64,128 --foundry-mma "--foundry-to-nvvm=chip=sm_90a" --foundry-extract-ptx -o /dev/null | FileCheck %s --check-prefix=TF32
// TF32-COUNT-4:  wgmma.mma_async.sync.aligned.m64n128k8.f32.tf32.tf32
// TF32-NOT:      wgmma.mma_async
// TF32-NOT:      st.shared.v4

// The descriptors: 128-byte swizzle (layout type 1 in bits 62-63), stride
// byte offset 1024 / 16 = 64 (bits 32-45), leading byte offset 1 (bits
// 16-29): 2^62 + 64 * 2^32 + 2^16.
// RUN: foundry-opt %S/../Transforms/Inputs/linear_256.mlir --foundry-outline-kernels --foundry-tile-blocks="sizes=128,128 target=contraction" --foundry-tile-reduction=sizes=32 --foundry-promote=operands=0,1 --foundry-tile-warpgroups=sizes=64,128 --foundry-mma --foundry-bufferize "--foundry-map-forall-to-gpu=chip=sm_90a" | FileCheck %s --check-prefix=DESC
// DESC: arith.constant 4611686293305360384 : i64
// DESC: nvvm.wgmma.mma_async {{.*}}, <m = 64, n = 128, k = 8>, D[<f32>, <zero>], A[<tf32>, <one>, <row>], B[<tf32>, <one>, <col>]

// wgmma exists on sm_90a only.
// RUN: not foundry-opt %S/../Transforms/Inputs/linear_256.mlir --foundry-outline-kernels --foundry-tile-blocks="sizes=128,128 target=contraction" --foundry-tile-reduction=sizes=32 --foundry-promote=operands=0,1 --foundry-tile-warpgroups=sizes=64,128 --foundry-mma --foundry-to-nvvm -o /dev/null 2>&1 | FileCheck %s --check-prefix=CHIP
// CHIP: error: 'linalg.matmul' op foundry-map-forall-to-gpu: a warpgroup tile of foundry-mma runs on wgmma, which only sm_90a has; the chip is sm_90 (compile with foundry-to-nvvm{chip=sm_90a}, or foundry-compile --target=sm_90a)

// Staged tiles padded against bank conflicts, and a k-step of 16: the
// swizzled layout wgmma reads takes neither.
// RUN: not foundry-opt %S/../Transforms/Inputs/linear_256.mlir --foundry-outline-kernels --foundry-tile-blocks="sizes=128,128 target=contraction" --foundry-tile-reduction=sizes=32 "--foundry-promote=operands=0,1 padding=4" --foundry-tile-warpgroups=sizes=64,128 --foundry-mma "--foundry-to-nvvm=chip=sm_90a" -o /dev/null 2>&1 | FileCheck %s --check-prefix=PADDED
// PADDED: error: 'linalg.matmul' op foundry-map-forall-to-gpu: wgmma operand A reads a shared tile of type 'memref<128x36xf32, {{.*}}>'; it takes a dense R x 32 tile of f32, f16 or bf16 (foundry-promote without padding)
// RUN: not foundry-opt %S/../Transforms/Inputs/linear_256.mlir --foundry-outline-kernels --foundry-tile-blocks="sizes=128,128 target=contraction" --foundry-tile-reduction=sizes=16 --foundry-promote=operands=0,1 --foundry-tile-warpgroups=sizes=64,128 --foundry-mma "--foundry-to-nvvm=chip=sm_90a" -o /dev/null 2>&1 | FileCheck %s --check-prefix=K16
// K16: error: 'linalg.matmul' op foundry-map-forall-to-gpu: the shared tile of wgmma operand A is 128x16; wgmma tiles here take rows in multiples of 8 and a k-step in multiples of 32 (128-byte swizzled rows of 'f32')
// A k-loop inside the warpgroup tile (foundry-tile-reduction after it).
// RUN: not foundry-opt %S/../Transforms/Inputs/linear_256.mlir --foundry-outline-kernels --foundry-tile-blocks="sizes=128,128 target=contraction" --foundry-tile-reduction=sizes=32 --foundry-promote=operands=0,1 --foundry-tile-warpgroups=sizes=64,128 --foundry-tile-reduction=sizes=8 --foundry-mma "--foundry-to-nvvm=chip=sm_90a" -o /dev/null 2>&1 | FileCheck %s --check-prefix=INNER
// INNER: error: 'linalg.matmul' op foundry-map-forall-to-gpu: wgmma operand A starts inside the k-step of its shared tile; the k-step of a warpgroup matmul must be the whole staged tile (no foundry-tile-reduction after foundry-tile-warpgroups)
// Four warpgroups of 64x128 (512 threads): 128 registers per thread cannot
// hold the two accumulators of 64 each and the rest (ptxas fails or spills).
// RUN: not foundry-opt %S/../Transforms/Inputs/linear_256.mlir --foundry-outline-kernels --foundry-tile-blocks="sizes=256,128 target=contraction" --foundry-tile-reduction=sizes=32 --foundry-promote=operands=0,1 --foundry-tile-warpgroups=sizes=64,128 --foundry-mma "--foundry-to-nvvm=chip=sm_90a" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REGS
// REGS: error: 'linalg.matmul' op foundry-map-forall-to-gpu: 512 threads per block leave 128 registers per thread; the warpgroup tile 64x128 needs 128 for its two accumulators and more (fewer warpgroups per block, or smaller warpgroup tiles)
