// REQUIRES: ptxas
// RUN: foundry-opt %s --foundry-transpose-a "--foundry-tile-blocks=sizes=64,64 target=contraction" --foundry-tile-reduction=sizes=32 "--foundry-promote=operands=0,1 padding=4" --foundry-tile-warps=sizes=32,32 --foundry-tile-reduction=sizes=8 --foundry-mma --foundry-to-nvvm --foundry-extract-ptx=output=%t.ptx -o /dev/null
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_90 -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS

// torch.matmul(A.T, B) on the tensor cores: a first kernel copies the KxM
// A into an MxK workspace, then the GEMM stages both tiles with cp.async
// and runs mma.sync (3xtf32: three per k-step). Neither kernel spills.
// CHECK:     .entry kt_kernel(
// CHECK-NOT: mma.sync
// CHECK:     .entry kt_kernel_{{[0-9]+}}(
// CHECK:     cp.async.cg.shared.global
// CHECK:     mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
// PTXAS-NOT: {{[1-9][0-9]*}} bytes spill
foundry.kernel @kt(%a: tensor<128x128xf32>, %b: tensor<128x128xf32>) -> tensor<128x128xf32> attributes {precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<128x128xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<128x128xf32>) -> tensor<128x128xf32>
  %c = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%a, %b : tensor<128x128xf32>, tensor<128x128xf32>) outs(%f : tensor<128x128xf32>) -> tensor<128x128xf32>
  foundry.yield %c : tensor<128x128xf32>
}
