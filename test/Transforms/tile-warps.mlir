// RUN: foundry-opt %s --foundry-tile-blocks=sizes=64,64 --foundry-tile-warps=sizes=32,16 | FileCheck %s
// RUN: foundry-opt %s --foundry-tile-blocks=sizes=64,64 --foundry-tile-warps=sizes=32,16 --foundry-bufferize --foundry-map-forall-to-gpu | FileCheck %s --check-prefix=LAUNCH
// RUN: not foundry-opt %s --foundry-tile-blocks=sizes=64,64 --foundry-tile-warps=sizes=2,2 2>&1 | FileCheck %s --check-prefix=LIMIT

// 64x64 block tiles over 32x16 warp tiles: 2x4 warps mapped to #gpu.warp.
// CHECK-LABEL: foundry.kernel @matmul
// CHECK:         scf.forall ({{.*}}) in (2, 4)
// CHECK:           linalg.matmul {{.*}} -> tensor<32x16xf32>
// CHECK:         mapping = [#gpu.warp<y>, #gpu.warp<x>]
// Warps along x take 32 threads each: a block of 128x2 threads.
// LAUNCH: gpu.launch {{.*}} threads({{.*}}) in ({{.*}} = %c128{{.*}}, {{.*}} = %c2{{.*}}, {{.*}} = %c1{{.*}})
// 32x32 warps of 32 threads each: far over the limit.
// LIMIT: error: 'linalg.matmul' op foundry-tile-warps: more than 1024 threads per block
foundry.kernel @matmul(%a: tensor<128x32xf32>, %b: tensor<32x256xf32>) -> tensor<128x256xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<128x256xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<128x256xf32>) -> tensor<128x256xf32>
  %m = linalg.matmul ins(%a, %b : tensor<128x32xf32>, tensor<32x256xf32>) outs(%f : tensor<128x256xf32>) -> tensor<128x256xf32>
  foundry.yield %m : tensor<128x256xf32>
}
