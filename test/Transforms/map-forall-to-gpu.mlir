// RUN: foundry-opt %s --foundry-tile-blocks=sizes=64,32 --foundry-tile-threads=sizes=4,1 --foundry-bufferize --foundry-map-forall-to-gpu | FileCheck %s
// RUN: foundry-opt %s --foundry-tile-blocks=sizes=64,32 --foundry-bufferize --foundry-map-forall-to-gpu | FileCheck %s --check-prefix=ONE

// Grid = tiles (256/32 = 8 along x, 128/64 = 2 along y); block = the thread
// forall (32 along x, 16 along y); one barrier after the thread loop; the
// thread's linalg ops are sequential loops.
// CHECK-LABEL: func.func @matmul
// CHECK:         gpu.launch blocks({{.*}}) in ({{.*}} = %c8{{.*}}, {{.*}} = %c2{{.*}}, {{.*}} = %c1{{.*}}) threads({{.*}}) in ({{.*}} = %c32{{.*}}, {{.*}} = %c16{{.*}}, {{.*}} = %c1{{.*}})
// CHECK:           gpu.block_id x
// CHECK:           gpu.thread_id x
// CHECK:           scf.for
// CHECK-NOT:       linalg.
// CHECK:           gpu.barrier
// CHECK-NOT:     scf.forall
// A block tile without thread tiling runs on one thread per block.
// ONE:         gpu.launch blocks({{.*}}) in ({{.*}} = %c8{{.*}}, {{.*}} = %c2{{.*}}, {{.*}} = %c1{{.*}}) threads({{.*}}) in ({{.*}} = %c1{{.*}}, {{.*}} = %c1{{.*}}, {{.*}} = %c1{{.*}})
foundry.kernel @matmul(%a: tensor<128x32xf32>, %b: tensor<32x256xf32>) -> tensor<128x256xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<128x256xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<128x256xf32>) -> tensor<128x256xf32>
  %m = linalg.matmul ins(%a, %b : tensor<128x32xf32>, tensor<32x256xf32>) outs(%f : tensor<128x256xf32>) -> tensor<128x256xf32>
  foundry.yield %m : tensor<128x256xf32>
}
