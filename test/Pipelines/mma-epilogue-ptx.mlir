// REQUIRES: ptxas
// Elementwise epilogues fused into tensor-core tiles (foundry-tile-blocks
// of the epilogue fuses the GEMM into the block tile): one kernel, nothing
// in local memory, a chain of elementwise ops computed in one pass on each
// thread's own accumulator fragments.
//
// mma.sync warp tiles (bias and ReLU):
// RUN: foundry-opt %S/../Transforms/Inputs/gemm_bias_relu.mlir --foundry-outline-kernels --foundry-tile-blocks=sizes=64,64 --foundry-tile-reduction=sizes=32 "--foundry-promote=operands=0,1 padding=4" --foundry-tile-warps=sizes=32,32 --foundry-tile-reduction=sizes=8 --foundry-mma --foundry-to-nvvm --foundry-extract-ptx=output=%t.mma.ptx -o /dev/null
// RUN: FileCheck %s --check-prefixes=CHECK,MMA < %t.mma.ptx
// RUN: %ptxas -arch=sm_90 -v %t.mma.ptx -o %t.mma.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// wgmma warpgroup tiles (sm_90a):
// RUN: foundry-opt %S/../Transforms/Inputs/gemm_bias_relu.mlir --foundry-outline-kernels --foundry-tile-blocks=sizes=128,128 --foundry-tile-reduction=sizes=32 "--foundry-promote=operands=0,1 stages=4" --foundry-tile-warpgroups=sizes=64,128 --foundry-mma "--foundry-to-nvvm=chip=sm_90a" --foundry-extract-ptx=output=%t.wgmma.ptx -o /dev/null
// RUN: FileCheck %s --check-prefixes=CHECK,WGMMA < %t.wgmma.ptx
// RUN: %ptxas -arch=sm_90a -v %t.wgmma.ptx -o %t.wgmma.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// KernelBench L2 12: three elementwise ops after the GEMM, a chain of
// buffers that all become the output tile.
// RUN: foundry-opt %foundry_src_root/bench/kernelbench/level2/12_gemm_multiply_leakyrelu.mlir --foundry-outline-kernels --foundry-tile-blocks=sizes=128,128 --foundry-tile-reduction=sizes=32 "--foundry-promote=operands=0,1 padding=4 stages=2" --foundry-tile-warps=sizes=64,32 --foundry-tile-reduction=sizes=8 --foundry-mma --foundry-to-nvvm --foundry-extract-ptx=output=%t.chain.ptx -o /dev/null
// RUN: FileCheck %s --check-prefixes=CHECK,CHAIN < %t.chain.ptx
// RUN: %ptxas -arch=sm_90 -v %t.chain.ptx -o %t.chain.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// An epilogue into bf16 of an f32 accumulator (bias in bf16, the exact
// GELU): the accumulator stays in registers, each thread stores two
// adjacent bf16 results at once, on warpgroup and on warp tiles.
// RUN: foundry-opt %S/../Transforms/Inputs/gemm_bias_gelu_bf16.mlir --foundry-outline-kernels --foundry-tile-blocks=sizes=128,128 --foundry-tile-reduction=sizes=64 "--foundry-promote=operands=0,1 stages=4" --foundry-tile-warpgroups=sizes=64,128 --foundry-mma "--foundry-to-nvvm=chip=sm_90a" --foundry-extract-ptx=output=%t.half.ptx -o /dev/null
// RUN: FileCheck %s --check-prefixes=CHECK,HALF,HALFWG < %t.half.ptx
// RUN: %ptxas -arch=sm_90a -v %t.half.ptx -o %t.half.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: foundry-opt %S/../Transforms/Inputs/gemm_bias_gelu_bf16.mlir --foundry-outline-kernels --foundry-tile-blocks=sizes=128,128 --foundry-tile-reduction=sizes=32 "--foundry-promote=operands=0,1 padding=8 stages=2" --foundry-tile-warps=sizes=64,32 --foundry-tile-reduction=sizes=16 --foundry-mma "--foundry-to-nvvm=chip=sm_90a" --foundry-extract-ptx=output=%t.halfwarp.ptx -o /dev/null
// RUN: FileCheck %s --check-prefixes=CHECK,HALF < %t.halfwarp.ptx
// RUN: %ptxas -arch=sm_90a -v %t.halfwarp.ptx -o %t.halfwarp.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// One stage: the accumulator, hoisted out of the k-loop, is in registers
// there as well.
// RUN: foundry-opt %S/../Transforms/Inputs/gemm_bias_gelu_bf16.mlir --foundry-outline-kernels --foundry-tile-blocks=sizes=128,128 --foundry-tile-reduction=sizes=64 --foundry-promote=operands=0,1 --foundry-tile-warpgroups=sizes=64,128 --foundry-mma "--foundry-to-nvvm=chip=sm_90a" --foundry-extract-ptx=output=%t.halfone.ptx -o /dev/null
// RUN: FileCheck %s --check-prefixes=CHECK,HALF,HALFWG < %t.halfone.ptx

// CHECK: .entry
// CHECK-NOT: .local
// MMA: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
// WGMMA: wgmma.mma_async.sync.aligned.m64n128k8.f32.tf32.tf32
// CHAIN: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
// On warp tiles the epilogue is computed on the fragments as they are
// stored: the bias is loaded, nothing of the output is read back.
// MMA-NOT: ld.global.b32
// MMA: ld.global.nc.b32
// MMA: max.NaN.f32
// MMA: st.global.v2.b32
// L2 12's bias, x2 and LeakyReLU on each fragment value.
// CHAIN-NOT: ld.global.b32
// CHAIN: add.rn.f32
// CHAIN-NEXT: add.rn.f32
// CHAIN: selp.f32
// CHAIN: st.global.v2.b32
// On warpgroup tiles the epilogue is computed on the fragment the k-loop
// leaves in registers: the bias is loaded, nothing of the output is read
// back.
// WGMMA-NOT: ld.global.b32
// WGMMA: ld.global.nc.b32
// WGMMA: max.NaN.f32
// WGMMA: st.global.v2.b32
// HALFWG: wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16
// HALF-NOT: ld.global.b
// HALF-NOT: st.global.b16
// HALF: ld.global.nc.b16
// HALF-NOT: ld.global.b
// HALF-NOT: st.global.b16
// HALF: st.global.b32
// HALF-NOT: ld.global.b
// HALF-NOT: st.global.b16
// CHECK-NOT: .entry
// CHECK-NOT: st.local
// PTXAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
