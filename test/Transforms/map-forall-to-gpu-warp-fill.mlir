// RUN: foundry-opt %s --foundry-tile-blocks=sizes=64,64 --foundry-tile-warps=sizes=32,32 --foundry-tile-reduction=sizes=8 --foundry-mma --foundry-bufferize --foundry-map-forall-to-gpu | FileCheck %s
// RUN: foundry-opt %s "--foundry-tile-blocks=sizes=64,64 target=contraction" --foundry-tile-reduction=sizes=32 "--foundry-promote=operands=0,1 padding=4" --foundry-tile-warps=sizes=32,32 --foundry-tile-reduction=sizes=8 --foundry-mma --foundry-bufferize --foundry-map-forall-to-gpu | FileCheck %s --check-prefix=STAGED

// The fill of a warp tile's accumulator is split over the warp's lanes:
// lane l writes columns l, l + 32, ... of each of the 32 rows (one
// coalesced store per row), not every lane the whole 32x32 tile. The
// warp's mma.sync fragments then read elements other lanes wrote: a warp
// barrier between.
// CHECK-LABEL: func.func @tf32
// CHECK:         %[[LANE:.*]] = gpu.lane_id
// CHECK-NEXT:    scf.for %[[ROW:.*]] = %{{.*}} to %c32{{.*}} step %c1
// CHECK-NEXT:      scf.for %[[COL:.*]] = %[[LANE]] to %c32{{.*}} step %c32
// CHECK-NEXT:        memref.store %{{.*}}, %[[TILE:.*]][%[[ROW]], %[[COL]]] : memref<32x32xf32
// CHECK:         nvvm.bar.warp.sync
// CHECK:         vector.load %[[TILE]]
// CHECK:         nvgpu.mma.sync

// With a block-level k-loop the fill is a warp loop of its own, followed
// by the block barrier: no warp barrier is added.
// STAGED-LABEL: func.func @tf32
// STAGED:         gpu.lane_id
// STAGED-NEXT:    scf.for
// STAGED-NEXT:      scf.for %{{.*}} = %{{.*}} to %c32{{.*}} step %c32
// STAGED-NEXT:        memref.store
// STAGED-NEXT:      }
// STAGED-NEXT:    }
// STAGED-NEXT:    gpu.barrier
// STAGED-NOT:     nvvm.bar.warp.sync
// STAGED:         nvgpu.mma.sync
foundry.kernel @tf32(%a: tensor<128x64xf32>, %b: tensor<64x128xf32>) -> tensor<128x128xf32> attributes {precision = #foundry.precision<tf32>} {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<128x128xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<128x128xf32>) -> tensor<128x128xf32>
  %m = linalg.matmul ins(%a, %b : tensor<128x64xf32>, tensor<64x128xf32>) outs(%f : tensor<128x128xf32>) -> tensor<128x128xf32>
  foundry.yield %m : tensor<128x128xf32>
}
