// RUN: foundry-opt %s --foundry-outline-kernels --foundry-tile-blocks="sizes=128,128 target=contraction" --foundry-tile-reduction=sizes=32 --foundry-promote=operands=0,1 --foundry-tile-warpgroups=sizes=64,128 --foundry-mma | FileCheck %s

// The matmul of each warpgroup tile stays a linalg op on tensors, marked
// for wgmma: the GPU tail reads its operands from the shared tiles.
// CHECK-LABEL: foundry.kernel @linear
// CHECK:         bufferization.alloc_tensor() {memory_space = #gpu.address_space<workgroup>} : tensor<128x32xf32>
// CHECK:         scf.forall
// CHECK:           linalg.matmul {{.*}}{foundry.wgmma} ins({{.*}} : tensor<64x32xf32>, tensor<128x32xf32>) outs({{.*}} : tensor<64x128xf32>)
// CHECK:         mapping = [#gpu.warpgroup<y>, #gpu.warpgroup<x>]
// CHECK-NOT:     vector.contract
// A later foundry-tile-reduction (another GEMM's warp tiles, L2 45) leaves
// the marked matmul its whole k-step.
// RUN: foundry-opt %s --foundry-outline-kernels --foundry-tile-blocks="sizes=128,128 target=contraction" --foundry-tile-reduction=sizes=32 --foundry-promote=operands=0,1 --foundry-tile-warpgroups=sizes=64,128 --foundry-mma --foundry-tile-reduction=sizes=8 | FileCheck %s --check-prefix=AFTER
// AFTER:         linalg.matmul {{.*}}{foundry.wgmma} ins({{.*}} : tensor<64x32xf32>, tensor<128x32xf32>)
#lhs = affine_map<(m, n, k) -> (m, k)>
#rhs = affine_map<(m, n, k) -> (n, k)>
#out = affine_map<(m, n, k) -> (m, n)>
func.func @linear(%x: tensor<256x128xf32>, %w: tensor<256x128xf32>) -> tensor<256x256xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<256x256xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<256x256xf32>) -> tensor<256x256xf32>
  %y = linalg.matmul indexing_maps = [#lhs, #rhs, #out] ins(%x, %w : tensor<256x128xf32>, tensor<256x128xf32>) outs(%init : tensor<256x256xf32>) -> tensor<256x256xf32>
  return %y : tensor<256x256xf32>
}
