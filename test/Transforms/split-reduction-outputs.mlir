// RUN: foundry-opt %s --foundry-split-reduction=outputs=8 | FileCheck %s --check-prefix=OUTPUTS
// RUN: not foundry-opt %s --foundry-split-reduction 2>&1 | FileCheck %s --check-prefix=NOSCALAR
// RUN: foundry-opt %s --pass-pipeline='builtin.module(foundry-split-reduction{outputs=8},foundry-reduce-threads{threads=4},foundry-tile-blocks{sizes=1,1,16},foundry-tile-threads{sizes=1,1,4},foundry-lower-kernels,foundry-to-nvvm{format=isa})' -o /dev/null
// RUN: foundry-cpu-run %s --schedule='foundry-split-reduction{outputs=8},foundry-reduce-threads{threads=4},foundry-tile-blocks{sizes=1,1,16},foundry-tile-threads{sizes=1,1,4}' | FileCheck %s --check-prefix=CPU
// CPU: mismatches=0/512 PASS

// With outputs=8, a per-channel sum (8 channels, each over 4x16 elements)
// is split too: partial sums per (channel, row) in 8x4 blocks, then one
// block per channel adds its 4 parts; the normalization that reads the sums
// is left to the other schedule passes. Without outputs, nothing to split.
// OUTPUTS-LABEL: foundry.kernel @channel_sum
// OUTPUTS:         %[[P0:.*]] = scf.forall (%{{.*}}, %{{.*}}) in (8, 4) {{.*}} -> (tensor<8x4xf32>)
// OUTPUTS:           linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction"]
// OUTPUTS:         } {foundry.split_reduction, mapping = [#gpu.block<y>, #gpu.block<x>]}
// OUTPUTS:         %[[SUMS:.*]] = scf.forall (%{{.*}}) in (8) {{.*}} -> (tensor<8xf32>)
// OUTPUTS:           linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%{{.*}} : tensor<1x4xf32>)
// OUTPUTS:         } {foundry.split_reduction, mapping = [#gpu.block<x>]}
// OUTPUTS:         linalg.generic {{.*}} ins(%{{.*}}, %[[SUMS]] : tensor<4x8x16xf32>, tensor<8xf32>)
// NOSCALAR: error: 'foundry.kernel' op foundry-split-reduction: no reduction to a scalar
#x = affine_map<(c, n, w) -> (n, c, w)>
#ch = affine_map<(c, n, w) -> (c)>
#id3 = affine_map<(n, c, w) -> (n, c, w)>
#c3 = affine_map<(n, c, w) -> (c)>
foundry.kernel @channel_sum(%x: tensor<4x8x16xf32>) -> tensor<4x8x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %s = linalg.generic {indexing_maps = [#x, #ch], iterator_types = ["parallel", "reduction", "reduction"]}
      ins(%x : tensor<4x8x16xf32>) outs(%f : tensor<8xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %r = arith.addf %acc, %v : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %ye = tensor.empty() : tensor<4x8x16xf32>
  %y = linalg.generic {indexing_maps = [#id3, #c3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x, %s : tensor<4x8x16xf32>, tensor<8xf32>) outs(%ye : tensor<4x8x16xf32>) {
  ^bb0(%v: f32, %t: f32, %o: f32):
    %d = arith.divf %v, %t : f32
    linalg.yield %d : f32
  } -> tensor<4x8x16xf32>
  foundry.yield %y : tensor<4x8x16xf32>
}
