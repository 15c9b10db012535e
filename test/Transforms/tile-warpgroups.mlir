// RUN: foundry-opt %s --foundry-tile-blocks=sizes=128,128 --foundry-tile-warpgroups=sizes=64,128 | FileCheck %s
// RUN: foundry-opt %s --foundry-tile-blocks=sizes=128,128 --foundry-tile-warpgroups=sizes=64,128 --foundry-bufferize --foundry-map-forall-to-gpu | FileCheck %s --check-prefix=LAUNCH
// RUN: not foundry-opt %s --foundry-tile-blocks=sizes=128,128 --foundry-tile-warpgroups=sizes=8,16 2>&1 | FileCheck %s --check-prefix=LIMIT
// RUN: not foundry-opt %s --foundry-tile-warpgroups=sizes=64,128 2>&1 | FileCheck %s --check-prefix=NOBLOCK

// 128x128 block tiles over 64x128 warpgroup tiles: 2 warpgroups mapped to
// #gpu.warpgroup.
// CHECK-LABEL: foundry.kernel @matmul
// CHECK:         scf.forall ({{.*}}) in (2, 1)
// CHECK:           linalg.matmul {{.*}} -> tensor<64x128xf32>
// CHECK:         mapping = [#gpu.warpgroup<y>, #gpu.warpgroup<x>]
// Warpgroups take 128 threads each along x: a block of 128x2 threads.
// LAUNCH: gpu.launch {{.*}} threads({{.*}}) in ({{.*}} = %c128{{.*}}, {{.*}} = %c2{{.*}}, {{.*}} = %c1{{.*}})
// 16x8 warpgroups of 128 threads each: far over the limit.
// LIMIT: error: 'linalg.matmul' op foundry-tile-warpgroups: more than 1024 threads per block (tile sizes give at least 2048)
// NOBLOCK: error: 'foundry.kernel' op foundry-tile-warpgroups: no block tile; run foundry-tile-blocks first
foundry.kernel @matmul(%a: tensor<256x32xf32>, %b: tensor<32x256xf32>) -> tensor<256x256xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<256x256xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<256x256xf32>) -> tensor<256x256xf32>
  %m = linalg.matmul ins(%a, %b : tensor<256x32xf32>, tensor<32x256xf32>) outs(%f : tensor<256x256xf32>) -> tensor<256x256xf32>
  foundry.yield %m : tensor<256x256xf32>
}
