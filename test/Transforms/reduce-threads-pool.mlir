// RUN: foundry-opt %s --foundry-tile-blocks=sizes=1,1 --foundry-reduce-threads=threads=64 | FileCheck %s
// RUN: foundry-opt %s --foundry-tile-blocks=sizes=1,1 --foundry-reduce-threads=threads=4 | FileCheck %s --check-prefix=LONG
// L2 6's max-pool after a softmax whose reductions are tiled over blocks and
// threads (its 2026-11-30 table-best schedule): its windows index the input
// as 2 * d + kd and must not be merged (119 of 120 elements were wrong, and
// the shorter schedule crashed, while they were).
// RUN: foundry-cpu-run %foundry_src_root/bench/kernelbench/level2/6_conv3d_softmax_maxpool_maxpool_small.mlir --reference=f64 --schedule='foundry-tile-blocks{fuse=elementwise sizes={1,1,8,0} target=reduction},foundry-tile-threads{interleave=0 sizes={0,0,1,1}},foundry-tile-blocks{fuse=elementwise sizes={1,1,8,0} target=reduction},foundry-tile-threads{interleave=0 sizes={0,0,1,1}},foundry-tile-blocks{fuse=elementwise sizes={1,1,1,0,0} target=reduction},foundry-tile-threads{interleave=0 sizes={0,0,0,1,1}},foundry-tile-blocks{fuse=all sizes={1,1,1,0,0} target=result},foundry-reduce-threads{threads=32}' | FileCheck %s --check-prefix=CPU
// RUN: foundry-cpu-run %foundry_src_root/bench/kernelbench/level2/6_conv3d_softmax_maxpool_maxpool_small.mlir --reference=f64 --schedule='foundry-tile-blocks{fuse=elementwise sizes={1,1,8,0} target=reduction},foundry-tile-threads{interleave=0 sizes={0,0,1,1}},foundry-tile-blocks{fuse=all sizes={1,1,1,0,0} target=result},foundry-reduce-threads{threads=32}' | FileCheck %s --check-prefix=CPU
// CPU: mismatches=0/{{[0-9]+}} PASS

// A max-pool's window loops (kd, kh, kw: 2 x 2 x 12) index the input as
// 2 * d + kd: no map is a projected permutation, the upstream collapse would
// rebuild them wrongly (L2 6 read one element per window), and nothing is
// merged.
// CHECK-LABEL: foundry.kernel @pool_windows
// CHECK-NOT:     tensor.collapse_shape
// CHECK:         scf.forall (%{{.*}}) in (12)
// CHECK:           linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]
// LONG-LABEL: foundry.kernel @pool_windows
// LONG-NOT:     tensor.collapse_shape
#pool_in = affine_map<(n, f, d, h, w, kd, kh, kw) -> (n, f, d * 2 + kd, h * 2 + kh, w * 2 + kw)>
#pool_window = affine_map<(n, f, d, h, w, kd, kh, kw) -> (kd, kh, kw)>
#pool_out = affine_map<(n, f, d, h, w, kd, kh, kw) -> (n, f, d, h, w)>
foundry.kernel @pool_windows(%x: tensor<2x3x4x4x14xf32>) -> tensor<2x3x2x2x2xf32> {
  %neg_inf = arith.constant 0xFF800000 : f32
  %window = tensor.empty() : tensor<2x2x12xf32>
  %e = tensor.empty() : tensor<2x3x2x2x2xf32>
  %f = linalg.fill ins(%neg_inf : f32) outs(%e : tensor<2x3x2x2x2xf32>) -> tensor<2x3x2x2x2xf32>
  %y = linalg.generic {indexing_maps = [#pool_in, #pool_window, #pool_out],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%x, %window : tensor<2x3x4x4x14xf32>, tensor<2x2x12xf32>) outs(%f : tensor<2x3x2x2x2xf32>) {
  ^bb0(%in: f32, %unused: f32, %acc: f32):
    %m = arith.maximumf %acc, %in : f32
    linalg.yield %m : f32
  } -> tensor<2x3x2x2x2xf32>
  foundry.yield %y : tensor<2x3x2x2x2xf32>
}
