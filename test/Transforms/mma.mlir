// RUN: foundry-opt %s --foundry-tile-blocks=sizes=64,64 --foundry-tile-warps=sizes=32,32 --foundry-tile-reduction=sizes=8 --foundry-mma | FileCheck %s
// RUN: not foundry-opt %s --foundry-tile-blocks=sizes=64,64 --foundry-tile-warps=sizes=32,4 --foundry-tile-reduction=sizes=8 --foundry-mma 2>&1 | FileCheck %s --check-prefix=SHAPE

// A 32x32 warp tile: 2x4 m16n8k8 contractions per k-step, the eight 16x8
// accumulators carried in registers across the k-loop.
// CHECK-LABEL: foundry.kernel @tf32
// CHECK:         scf.for {{.*}} iter_args({{.*}}) -> (tensor<32x32xf32>, vector<16x8xf32>, vector<16x8xf32>, vector<16x8xf32>, vector<16x8xf32>, vector<16x8xf32>, vector<16x8xf32>, vector<16x8xf32>, vector<16x8xf32>)
// CHECK-COUNT-8: vector.contract {{.*}} : vector<16x8xf32>, vector<8x8xf32> into vector<16x8xf32>
// CHECK-NOT:     linalg.matmul
// SHAPE: error: 'linalg.matmul' op foundry-mma: the warp tile is 32x4x8; m16n8k8 needs multiples of 16, 8 and 8
foundry.kernel @tf32(%a: tensor<128x64xf32>, %b: tensor<64x128xf32>) -> tensor<128x128xf32> attributes {precision = #foundry.precision<tf32>} {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<128x128xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<128x128xf32>) -> tensor<128x128xf32>
  %m = linalg.matmul ins(%a, %b : tensor<128x64xf32>, tensor<64x128xf32>) outs(%f : tensor<128x128xf32>) -> tensor<128x128xf32>
  foundry.yield %m : tensor<128x128xf32>
}
