// REQUIRES: ptxas
// RUN: foundry-opt %s --foundry-split-k=parts=8 "--foundry-tile-blocks=sizes=1,64,64 target=contraction" --foundry-tile-reduction=sizes=32 "--foundry-promote=operands=0,1 padding=4" --foundry-tile-warps=sizes=0,64,32 --foundry-tile-reduction=sizes=8 --foundry-mma --foundry-tile-blocks=sizes=4,64 --foundry-tile-threads=sizes=1,4 --foundry-vectorize --foundry-to-nvvm --foundry-extract-ptx=output=%t.ptx -o /dev/null
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_90 -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS

// Split-K on the tensor cores: 8 partial 64x64x2048 GEMMs (one per block,
// the part loop's unit extent dropped from each warp tile; A's staged tile
// is a [64, 1, 32] slice of A viewed as [64, 8, 2048]), then the sum of
// the parts, 16-byte loads along each row.
// CHECK: .entry large_k_kernel(
// CHECK:   cp.async
// CHECK:   mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
// CHECK: .entry large_k_kernel_0(
// CHECK-NOT: mma.sync
// CHECK:   ld.global.nc.v4.b32
// PTXAS-NOT: {{[1-9][0-9]*}} bytes spill
foundry.kernel @large_k(%a: tensor<64x16384xf32>, %b: tensor<16384x64xf32>) -> tensor<64x64xf32> attributes {precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %c = linalg.matmul ins(%a, %b : tensor<64x16384xf32>, tensor<16384x64xf32>) outs(%f : tensor<64x64xf32>) -> tensor<64x64xf32>
  foundry.yield %c : tensor<64x64xf32>
}
