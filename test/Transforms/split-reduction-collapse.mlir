// RUN: foundry-opt %s --pass-pipeline='builtin.module(foundry-split-reduction{parts=15})' | FileCheck %s
// RUN: foundry-cpu-run %S/../../bench/kernelbench/level1/37_frobeniusnorm_small.mlir --reference=f64 --schedule='foundry-split-reduction{outputs=1 parts=15},foundry-reduce-threads{threads=32},foundry-tile-blocks{sizes=1,1,4,0},foundry-tile-threads{sizes=0,0,1,1}' | FileCheck %s --check-prefix=CPU

// 15 parts of a 3x5x7x11 sum: more than the outermost loop's 3, so it is
// first merged with the next one (3 x 5 = 15 iterations, one part each).
// CHECK-LABEL: foundry.kernel @sum_all
// CHECK:         tensor.collapse_shape %arg0 {{\[}}[0, 1], [2], [3]] : tensor<3x5x7x11xf32> into tensor<15x7x11xf32>
// CHECK:         scf.forall (%{{.*}}) in (15)
// CHECK:           linalg.generic
// CHECK:         mapping = [#gpu.block<x>]
#id = affine_map<(n, c, h, w) -> (n, c, h, w)>
#scalar = affine_map<(n, c, h, w) -> ()>
foundry.kernel @sum_all(%x: tensor<3x5x7x11xf32>) -> tensor<f32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<f32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %s = linalg.generic {indexing_maps = [#id, #scalar], iterator_types = ["reduction", "reduction", "reduction", "reduction"]}
      ins(%x : tensor<3x5x7x11xf32>) outs(%f : tensor<f32>) {
  ^bb0(%a: f32, %acc: f32):
    %sq = arith.mulf %a, %a : f32
    %r = arith.addf %acc, %sq : f32
    linalg.yield %r : f32
  } -> tensor<f32>
  foundry.yield %s : tensor<f32>
}

// The Frobenius norm (the sum of squares, then x / sqrt(sum)) split so
// meets the f64 reference (CPU JIT).
// CPU: schedule vs f64 {{.*}} PASS
