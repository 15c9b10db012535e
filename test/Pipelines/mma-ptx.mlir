// REQUIRES: ptxas
// RUN: foundry-opt %s --foundry-tile-blocks=sizes=64,64 --foundry-tile-warps=sizes=32,32 --foundry-tile-reduction=sizes=8 --foundry-mma --foundry-to-nvvm --foundry-extract-ptx=output=%t.ptx -o /dev/null
// RUN: FileCheck %s < %t.ptx
// RUN: FileCheck %s --check-prefix=ACC < %t.ptx
// RUN: %ptxas -arch=sm_90 -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS

// Three kernels in one PTX: tf32 (one mma.sync per 16x8x8 step: 8 per
// k-step of a 32x32 warp tile) then 3xtf32 (three each: 24).
// CHECK-LABEL: .entry tf32_kernel
// CHECK-COUNT-8: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
// CHECK-NOT:     mma.sync
// CHECK-LABEL: .entry x3_kernel
// CHECK-COUNT-24: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
// CHECK-NOT:     mma.sync
// B stored NxK (nn.Linear's weights), 32 rows per warp tile: read in 8x8
// pieces, every contraction still one mma.sync.
// CHECK-LABEL: .entry linear_kernel
// CHECK-COUNT-8: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
// CHECK-NOT:     mma.sync
// The accumulators start in registers: the output is written once (a
// 32x32 warp tile is 16 v2 stores per lane), never filled or read back.
// ACC-LABEL: .entry tf32_kernel
// ACC-NOT:     ld.global.v2
// ACC-NOT:     st.global
// ACC-COUNT-16: st.global.v2.b32
// ACC-NOT:     st.global
// ACC-LABEL: .entry x3_kernel
// ACC-NOT:     ld.global.v2
// ACC-NOT:     st.global
// ACC-COUNT-16: st.global.v2.b32
// ACC-NOT:     st.global
// ACC-LABEL: .entry linear_kernel
// ACC-NOT:     ld.global.v2
// ACC-NOT:     st.global
// ACC-COUNT-16: st.global.v2.b32
// ACC-NOT:     st.global
// PTXAS-NOT: bytes spill stores, [1-9]
// PTXAS: 0 bytes spill stores, 0 bytes spill loads
foundry.kernel @tf32(%a: tensor<128x64xf32>, %b: tensor<64x128xf32>) -> tensor<128x128xf32> attributes {precision = #foundry.precision<tf32>} {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<128x128xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<128x128xf32>) -> tensor<128x128xf32>
  %m = linalg.matmul ins(%a, %b : tensor<128x64xf32>, tensor<64x128xf32>) outs(%f : tensor<128x128xf32>) -> tensor<128x128xf32>
  foundry.yield %m : tensor<128x128xf32>
}
foundry.kernel @x3(%a: tensor<128x64xf32>, %b: tensor<64x128xf32>) -> tensor<128x128xf32> attributes {precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<128x128xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<128x128xf32>) -> tensor<128x128xf32>
  %m = linalg.matmul ins(%a, %b : tensor<128x64xf32>, tensor<64x128xf32>) outs(%f : tensor<128x128xf32>) -> tensor<128x128xf32>
  foundry.yield %m : tensor<128x128xf32>
}
foundry.kernel @linear(%a: tensor<128x64xf32>, %w: tensor<128x64xf32>) -> tensor<128x128xf32> attributes {precision = #foundry.precision<tf32>} {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<128x128xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<128x128xf32>) -> tensor<128x128xf32>
  %m = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>] ins(%a, %w : tensor<128x64xf32>, tensor<128x64xf32>) outs(%f : tensor<128x128xf32>) -> tensor<128x128xf32>
  foundry.yield %m : tensor<128x128xf32>
}
