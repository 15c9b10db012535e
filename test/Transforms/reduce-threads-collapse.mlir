// RUN: foundry-opt %s --split-input-file --foundry-tile-blocks=sizes=1,1 --foundry-reduce-threads=threads=64 | FileCheck %s
// RUN: foundry-opt %s --split-input-file --foundry-tile-blocks=sizes=1,1 --foundry-reduce-threads="threads=3 interleave=4" | FileCheck %s --check-prefix=INTERLEAVE
// RUN: foundry-opt %s --split-input-file --foundry-tile-blocks=sizes=1,1 --foundry-reduce-threads=threads=4 | FileCheck %s --check-prefix=LONG
// RUN: foundry-cpu-run %foundry_src_root/bench/kernelbench/level2/23_conv3d_groupnorm_mean_small.mlir --reference=f64 --schedule='foundry-tile-blocks{fuse=all sizes={1} target=result},foundry-reduce-threads{threads=256}' | FileCheck %s --check-prefix=CPU
// RUN: foundry-cpu-run %foundry_src_root/bench/kernelbench/level2/23_conv3d_groupnorm_mean_small.mlir --reference=f64 --schedule='foundry-tile-blocks{fuse=all sizes={1} target=result},foundry-reduce-threads{threads=7 interleave=4}' | FileCheck %s --check-prefix=CPU
// RUN: foundry-cpu-run %foundry_src_root/bench/kernelbench/level1/35_groupnorm_small.mlir --reference=f64 --schedule='foundry-tile-blocks{sizes={1,1,0,0,0} target=result},foundry-reduce-threads{threads=64 welford=true},foundry-tile-threads{sizes={0,0,0,0,1}}' | FileCheck %s --check-prefix=CPU
// RUN: foundry-cpu-run %foundry_src_root/bench/kernelbench/level1/35_groupnorm_small.mlir --reference=f64 --fill=2.5 --print-stats --schedule='foundry-tile-blocks{sizes={1,1,0,0,0} target=result},foundry-reduce-threads{threads=64 welford=true}' | FileCheck %s --check-prefix=CONSTANT
// A reduction each thread reads a chunk of (L2 55's max-pool windows before
// its row sum) is still fused into the threads' pass; only reductions read
// whole (a mean) are merged once per block before it.
// RUN: foundry-cpu-run %foundry_src_root/bench/kernelbench/level2/55_matmul_maxpool_sum_scale_small.mlir --reference=f64 --schedule='foundry-tile-blocks{fuse=all sizes={128,128} target=contraction},foundry-tile-blocks{fuse=all sizes={1} target=result},foundry-reduce-threads{threads=32}' | FileCheck %s --check-prefix=CPU
// CPU: mismatches=0/{{[0-9]+}} PASS
// A constant input has no deviation from its mean: every output is 0.
// CONSTANT: schedule output #0: elements=2520 min=0 max=0 mean=0 nan=0

// A group's statistics over (channel, h, w) of 5-wide rows: the innermost
// loop alone would keep 5 of 64 threads busy, so the three contiguous
// reduction loops become one of 3 x 4 x 5 = 60 iterations (the block's
// slice collapsed in place), split over the threads.
// CHECK-LABEL: foundry.kernel @group_sums
// CHECK:         scf.forall (%{{.*}}, %{{.*}}) in (2, 2)
// CHECK:           %[[ROW:.*]] = tensor.collapse_shape %{{.*}} {{\[}}[0], [1], [2, 3, 4]] : tensor<1x1x3x4x5xf32> into tensor<1x1x60xf32>
// CHECK:           scf.forall (%{{.*}}) in (60)
// CHECK:             tensor.extract_slice %[[ROW]]
// CHECK:             linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction"]
// CHECK:           mapping = [#gpu.thread<linear_dim_0>]
// Interleaved over 3 threads x 4 elements: 5 is no multiple of 12, 60 is
// (5 pieces per thread, the threads' pieces side by side).
// INTERLEAVE-LABEL: foundry.kernel @group_sums
// INTERLEAVE:         tensor.collapse_shape %{{.*}} {{\[}}[0], [1], [2, 3, 4]] : tensor<1x1x3x4x5xf32> into tensor<1x1x60xf32>
// INTERLEAVE:         tensor.expand_shape %{{.*}} {{\[}}[0], [1], [2, 3, 4]] output_shape [1, 1, 5, 3, 4]
// INTERLEAVE:         scf.forall (%{{.*}}) in (3)
// Long enough (5 >= 4 threads): the loops are left as they are.
// LONG-LABEL: foundry.kernel @group_sums
// LONG-NOT:     tensor.collapse_shape
// LONG:         scf.forall (%{{.*}}) in (4)
#id = affine_map<(n, g, c, h, w) -> (n, g, c, h, w)>
#group = affine_map<(n, g, c, h, w) -> (n, g)>
foundry.kernel @group_sums(%x: tensor<2x2x3x4x5xf32>) -> tensor<2x2xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x2xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x2xf32>) -> tensor<2x2xf32>
  %s = linalg.generic {indexing_maps = [#id, #group], iterator_types = ["parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%x : tensor<2x2x3x4x5xf32>) outs(%f : tensor<2x2xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.addf %a, %acc : f32
    linalg.yield %r : f32
  } -> tensor<2x2xf32>
  foundry.yield %s : tensor<2x2xf32>
}

// -----

// The input is read transposed (h and w swapped): (c, h, w) is not
// contiguous in it, only (w) alone is, and nothing is merged.
// CHECK-LABEL: foundry.kernel @transposed_sums
// CHECK-NOT:     tensor.collapse_shape
// CHECK:         scf.forall (%{{.*}}) in (12)
// INTERLEAVE-LABEL: foundry.kernel @transposed_sums
// INTERLEAVE-NOT:     tensor.collapse_shape
#swapped = affine_map<(n, g, c, h, w) -> (n, g, c, w, h)>
#group = affine_map<(n, g, c, h, w) -> (n, g)>
foundry.kernel @transposed_sums(%x: tensor<2x2x3x12x4xf32>) -> tensor<2x2xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x2xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x2xf32>) -> tensor<2x2xf32>
  %s = linalg.generic {indexing_maps = [#swapped, #group], iterator_types = ["parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%x : tensor<2x2x3x12x4xf32>) outs(%f : tensor<2x2xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.addf %a, %acc : f32
    linalg.yield %r : f32
  } -> tensor<2x2xf32>
  foundry.yield %s : tensor<2x2xf32>
}
