// RUN: foundry-opt %s --foundry-tile-blocks=sizes=64,64 --foundry-tile-threads=sizes=4,4 | FileCheck %s
// RUN: not foundry-opt %s --foundry-tile-blocks=sizes=64,64 --foundry-tile-threads=sizes=1,1 2>&1 | FileCheck %s --check-prefix=THREADS
// RUN: not foundry-opt %s --foundry-tile-threads=sizes=4,4 2>&1 | FileCheck %s --check-prefix=NOBLOCK
// RUN: not foundry-opt %s --foundry-tile-blocks=sizes=64,64 --foundry-tile-threads=sizes=4,4 --foundry-tile-threads=sizes=2,2 2>&1 | FileCheck %s --check-prefix=TWICE

// 64x64 block tiles over 4x4 register tiles: a static 16x16 thread forall
// (block dims are static), innermost loop to thread x, with the fill fused.
// CHECK-LABEL: foundry.kernel @matmul
// CHECK:         scf.forall
// CHECK:           scf.forall ({{.*}}) in (16, 16)
// CHECK:             linalg.fill {{.*}} -> tensor<4x4xf32>
// CHECK:             linalg.matmul {{.*}} -> tensor<4x4xf32>
// CHECK:           mapping = [#gpu.thread<y>, #gpu.thread<x>]
// CHECK:         mapping = [#gpu.block<y>, #gpu.block<x>]
// THREADS: error: 'linalg.matmul' op foundry-tile-threads: more than 1024 threads per block (tile sizes give at least 4096)
// NOBLOCK: error: 'foundry.kernel' op foundry-tile-threads: no block tile; run foundry-tile-blocks first
// TWICE: error: 'scf.forall' op foundry-tile-threads: the block tile is already distributed
foundry.kernel @matmul(%a: tensor<128x32xf32>, %b: tensor<32x256xf32>) -> tensor<128x256xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<128x256xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<128x256xf32>) -> tensor<128x256xf32>
  %m = linalg.matmul ins(%a, %b : tensor<128x32xf32>, tensor<32x256xf32>) outs(%f : tensor<128x256xf32>) -> tensor<128x256xf32>
  foundry.yield %m : tensor<128x256xf32>
}
