// REQUIRES: ptxas
// RUN: foundry-opt %s --foundry-tile-blocks=sizes=1 "--foundry-reduce-threads=threads=256 interleave=4 shuffle=true" --foundry-vectorize --foundry-to-nvvm=manifest=%t.json --foundry-extract-ptx=output=%t.ptx -o /dev/null
// RUN: FileCheck %s < %t.ptx
// RUN: FileCheck %s --check-prefix=LAUNCH < %t.json
// RUN: %ptxas -arch=sm_90 -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS

// A row sum over 256 threads, each reading 4-float pieces in turn: each
// warp adds its 32 partial sums by a butterfly of five shuffles (every lane
// ends with the warp's sum), lanes write their slots of the shared-memory
// partials, and after the barrier each thread adds 8 slots, one per warp.
// CHECK: .target sm_90
// CHECK: .entry row_sum_kernel
// CHECK: ld.global.nc.v4.b32
// CHECK-COUNT-5: shfl.sync.bfly.b32
// CHECK: bar.sync 0
// CHECK-COUNT-8: ld.shared.b32
// CHECK-NOT: ld.shared
// CHECK: ret;
// LAUNCH: "block": [
// LAUNCH-NEXT: 256,
// PTXAS: 0 bytes spill stores, 0 bytes spill loads
#in = affine_map<(i, j) -> (i, j)>
#out = affine_map<(i, j) -> (i)>
foundry.kernel @row_sum(%x: tensor<64x8192xf32>) -> tensor<64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<64xf32>) -> tensor<64xf32>
  %r = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<64x8192xf32>) outs(%f : tensor<64xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %s = arith.addf %v, %acc : f32
    linalg.yield %s : f32
  } -> tensor<64xf32>
  foundry.yield %r : tensor<64xf32>
}
