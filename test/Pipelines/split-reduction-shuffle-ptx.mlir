// REQUIRES: ptxas
// RUN: foundry-opt %s "--foundry-split-reduction=parts=0" "--foundry-reduce-threads=threads=256 shuffle=true" --foundry-to-nvvm --foundry-extract-ptx=output=%t.ptx -o /dev/null
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_90 -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS

// A sum to a scalar in two stages, both split over 256 threads with warp
// shuffles: 256 blocks reduce a row each into partial sums, then one block
// combines the 256 partial sums (8 warps). Stage 2 fuses
// a copy of stage 1 that is dead; it must be erased before the warp
// reductions are made, which, not being free of effects, would keep it
// alive and outside any launch.
// CHECK: .entry sum_kernel
// CHECK-COUNT-5: shfl.sync.bfly.b32
// CHECK: bar.sync 0
// CHECK-COUNT-8: ld.shared.b32
// CHECK: .entry sum_kernel_0
// CHECK-COUNT-5: shfl.sync.bfly.b32
// CHECK: bar.sync 0
// CHECK-COUNT-8: ld.shared.b32
// CHECK-NOT: ld.shared
// CHECK: ret;
// PTXAS: 0 bytes spill stores, 0 bytes spill loads
#in = affine_map<(i, j) -> (i, j)>
#out = affine_map<(i, j) -> ()>
foundry.kernel @sum(%x: tensor<256x4096xf32>) -> tensor<f32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<f32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %r = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["reduction", "reduction"]}
      ins(%x : tensor<256x4096xf32>) outs(%f : tensor<f32>) {
  ^bb0(%v: f32, %acc: f32):
    %s = arith.addf %v, %acc : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  foundry.yield %r : tensor<f32>
}
