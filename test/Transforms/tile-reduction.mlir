// RUN: foundry-opt %s --foundry-tile-blocks=sizes=64,64 --foundry-tile-threads=sizes=4,4 --foundry-tile-reduction=sizes=8 | FileCheck %s
// RUN: foundry-opt %s --foundry-tile-reduction=sizes=0 | FileCheck %s --check-prefix=NONE
// RUN: not foundry-opt %s --foundry-tile-blocks=sizes=64,64 --foundry-tile-reduction=sizes=8,8 2>&1 | FileCheck %s --check-prefix=MANY

// The k-loop: each thread walks K = 32 in steps of 8, carrying its 4x4 tile.
// CHECK-LABEL: foundry.kernel @matmul
// CHECK:         scf.forall
// CHECK:           scf.forall
// CHECK:             linalg.fill
// CHECK:             scf.for {{.*}} = %c0 to %c32 step %c8 iter_args({{.*}}) -> (tensor<4x4xf32>)
// CHECK:               linalg.matmul ins({{.*}} : tensor<4x8xf32>, tensor<8x4xf32>) outs({{.*}} : tensor<4x4xf32>)
// NONE-NOT: scf.for
// MANY: error: 'linalg.matmul' op foundry-tile-reduction: got 2 tile sizes but the op has only 1 reduction loops
foundry.kernel @matmul(%a: tensor<128x32xf32>, %b: tensor<32x256xf32>) -> tensor<128x256xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<128x256xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<128x256xf32>) -> tensor<128x256xf32>
  %m = linalg.matmul ins(%a, %b : tensor<128x32xf32>, tensor<32x256xf32>) outs(%f : tensor<128x256xf32>) -> tensor<128x256xf32>
  foundry.yield %m : tensor<128x256xf32>
}
