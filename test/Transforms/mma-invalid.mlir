// RUN: not foundry-opt %s --foundry-tile-blocks=sizes=64,64 --foundry-tile-warps=sizes=32,32 --foundry-tile-reduction=sizes=8 --foundry-mma 2>&1 | FileCheck %s

// Tensor cores round to tf32: not for a kernel whose precision is ieee.
// CHECK: error: 'foundry.kernel' op foundry-mma: this kernel's precision is ieee; tensor cores need #foundry.precision<3xtf32> or looser
foundry.kernel @ieee(%a: tensor<128x64xf32>, %b: tensor<64x128xf32>) -> tensor<128x128xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<128x128xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<128x128xf32>) -> tensor<128x128xf32>
  %m = linalg.matmul ins(%a, %b : tensor<128x64xf32>, tensor<64x128xf32>) outs(%f : tensor<128x128xf32>) -> tensor<128x128xf32>
  foundry.yield %m : tensor<128x128xf32>
}

// A warp tile of a whole 16x2048 row (what a block tiling of a row
// reduction's result leaves) would unroll into 256 accumulator fragments:
// refused at once instead of minutes of compilation and spilled registers.
// RUN: not foundry-opt %s --split-input-file --foundry-tile-blocks=sizes=16,0 --foundry-tile-warps=sizes=16,0 --foundry-tile-reduction=sizes=8 --foundry-mma 2>&1 | FileCheck %s --check-prefix=HUGE
// HUGE: error: 'linalg.matmul' op foundry-mma: the warp tile 16x2048x8 needs 256 accumulator fragments and 256 m16n8k8 products per warp; at most 32 and 256 (foundry-tile-warps and foundry-tile-reduction make it smaller, e.g. 64x32x8)

// -----

foundry.kernel @whole_row(%a: tensor<64x64xf32>, %b: tensor<64x2048xf32>) -> tensor<64x2048xf32> attributes {precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x2048xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<64x2048xf32>) -> tensor<64x2048xf32>
  %m = linalg.matmul ins(%a, %b : tensor<64x64xf32>, tensor<64x2048xf32>) outs(%f : tensor<64x2048xf32>) -> tensor<64x2048xf32>
  foundry.yield %m : tensor<64x2048xf32>
}

// -----

// A stored KxM (L1 16's torch.matmul(A.T, B)): the mma.sync lowering reads A
// fragments along K, so foundry-mma refuses it instead of leaving the
// contraction to unrolled SIMT vector code (megabytes of PTX);
// foundry-transpose-a copies it first (transpose-a.mlir).
// RUN: not foundry-opt %s --split-input-file --foundry-tile-blocks=sizes=64,64 --foundry-tile-warps=sizes=32,32 --foundry-tile-reduction=sizes=8 --foundry-mma 2>&1 | FileCheck %s --check-prefix=KMAJOR
// KMAJOR: error: 'linalg.generic' op foundry-mma: operand A is not stored MxK (a transposed, K-major A); the mma.sync lowering here reads A fragments along K: copy it first (foundry-transpose-a) or keep this GEMM in SIMT (foundry-tile-threads)
foundry.kernel @transposed_a(%a: tensor<64x128xf32>, %b: tensor<64x256xf32>) -> tensor<128x256xf32> attributes {precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<128x256xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<128x256xf32>) -> tensor<128x256xf32>
  %m = linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<64x128xf32>, tensor<64x256xf32>) outs(%f : tensor<128x256xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<128x256xf32>
  foundry.yield %m : tensor<128x256xf32>
}
