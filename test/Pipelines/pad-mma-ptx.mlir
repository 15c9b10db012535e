// REQUIRES: ptxas
// RUN: foundry-opt %s "--foundry-pad=m=64 n=64 k=32" "--foundry-tile-blocks=sizes=64,64 target=contraction" --foundry-tile-reduction=sizes=32 "--foundry-promote=operands=0,1 padding=4" --foundry-tile-warps=sizes=32,32 --foundry-tile-reduction=sizes=8 --foundry-mma --foundry-to-nvvm --foundry-extract-ptx=output=%t.ptx -o /dev/null
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_90 -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS

// A GEMM no tensor-core tile divides (100x90x70, as L1 8's 8205x2949x5921)
// on the tensor cores once padded to 128x128x96: the pads are kernels
// of their own (zero fill, then the copy), then the GEMM with staged
// tiles and mma.sync, which writes the 100x90 result in place: no fifth
// kernel copies it out of a padded buffer, and the accumulator's stores
// are guarded, 8-byte ones where a pair lies inside (a row of 90 floats
// keeps even columns 8-byte aligned), single floats at the edge.
// CHECK: .entry irregular_kernel(
// CHECK: .entry irregular_kernel_{{[0-9]+}}(
// CHECK: .entry irregular_kernel_{{[0-9]+}}(
// CHECK: .entry irregular_kernel_{{[0-9]+}}(
// CHECK:   cp.async
// CHECK:   mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
// CHECK:   setp.{{[a-z]+}}.{{[su]}}{{32|64}}
// CHECK:   st.global.v2.b32
// CHECK:   st.global.b32
// CHECK-NOT: .entry
// No kernel spills; the GEMM's two 64x(32+4) staged tiles are in shared
// memory.
// PTXAS-NOT: {{[1-9][0-9]*}} bytes spill
// PTXAS: 17920 bytes smem
// PTXAS-NOT: {{[1-9][0-9]*}} bytes spill
foundry.kernel @irregular(%a: tensor<100x70xf32>, %b: tensor<70x90xf32>) -> tensor<100x90xf32> attributes {precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<100x90xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<100x90xf32>) -> tensor<100x90xf32>
  %c = linalg.matmul ins(%a, %b : tensor<100x70xf32>, tensor<70x90xf32>) outs(%f : tensor<100x90xf32>) -> tensor<100x90xf32>
  foundry.yield %c : tensor<100x90xf32>
}
