// RUN: foundry-opt %s --foundry-tile-blocks=sizes=64,64 --foundry-tile-threads=sizes=4,4 --foundry-tile-reduction=sizes=8 --foundry-vectorize | FileCheck %s
// RUN: foundry-opt %s --foundry-vectorize | FileCheck %s --check-prefix=UNTILED
// RUN: not foundry-opt %s --foundry-vectorize=max-elements=0 2>&1 | FileCheck %s --check-prefix=RANGE

// The thread's 4x4 accumulator lives in a loop-carried vector (hoisted out of
// the k-loop); the contraction becomes outer-product FMAs on 1-D vectors.
// CHECK-LABEL: foundry.kernel @matmul
// CHECK:         scf.for {{.*}} iter_args({{.*}}, {{.*}}) -> (tensor<4x4xf32>, vector<4x4xf32>)
// CHECK:           vector.transfer_read {{.*}} : tensor<4x8xf32>, vector<4x8xf32>
// CHECK:           vector.fma {{.*}} : vector<4xf32>
// CHECK-NOT:       linalg.matmul
// CHECK:         vector.transfer_write {{.*}} : vector<4x4xf32>, tensor<4x4xf32>
// Ops outside thread tiles are left alone.
// UNTILED: linalg.matmul
// RANGE: error: foundry-vectorize: max-elements must be positive, got 0
foundry.kernel @matmul(%a: tensor<128x32xf32>, %b: tensor<32x256xf32>) -> tensor<128x256xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<128x256xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<128x256xf32>) -> tensor<128x256xf32>
  %m = linalg.matmul ins(%a, %b : tensor<128x32xf32>, tensor<32x256xf32>) outs(%f : tensor<128x256xf32>) -> tensor<128x256xf32>
  foundry.yield %m : tensor<128x256xf32>
}
