// RUN: not foundry-opt %s --split-input-file --foundry-split-reduction='outputs=8 welford=true' 2>&1 | FileCheck %s
// RUN: not foundry-opt %s --split-input-file --foundry-split-reduction='welford=true' 2>&1 | FileCheck %s --check-prefix=SCALAR

// SCALAR: error: foundry-split-reduction: welford=true pairs the statistics of a few outputs (a BatchNorm's per-channel mean and variance) and needs outputs of at least 2, got 1

// The squared deviations are of 2x, the sum of x: not the variance of what
// the sum adds, so nothing pairs.
// CHECK: error: 'foundry.kernel' op foundry-split-reduction: welford=true needs a sum of squared deviations from a row constant (acc = (v - m)^2 + acc) and an earlier sum of the same v (acc = v + acc) over the same loops, into at most 8 elements; none found
#x = affine_map<(c, n, w) -> (n, c, w)>
#ch = affine_map<(c, n, w) -> (c)>
foundry.kernel @other_terms(%x: tensor<4x8x16xf32>) -> tensor<8xf32> {
  %zero = arith.constant 0.0 : f32
  %two = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %s = linalg.generic {indexing_maps = [#x, #ch], iterator_types = ["parallel", "reduction", "reduction"]}
      ins(%x : tensor<4x8x16xf32>) outs(%f : tensor<8xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %r = arith.addf %v, %acc : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %q = linalg.generic {indexing_maps = [#x, #ch, #ch], iterator_types = ["parallel", "reduction", "reduction"]}
      ins(%x, %s : tensor<4x8x16xf32>, tensor<8xf32>) outs(%f : tensor<8xf32>) {
  ^bb0(%v: f32, %m: f32, %acc: f32):
    %v2 = arith.mulf %v, %two : f32
    %d = arith.subf %v2, %m : f32
    %d2 = arith.mulf %d, %d : f32
    %r = arith.addf %d2, %acc : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  foundry.yield %q : tensor<8xf32>
}

// -----

// A sum alone: no variance.
// CHECK: error: 'foundry.kernel' op foundry-split-reduction: welford=true needs
#x = affine_map<(c, n, w) -> (n, c, w)>
#ch = affine_map<(c, n, w) -> (c)>
foundry.kernel @sum_only(%x: tensor<4x8x16xf32>) -> tensor<8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %s = linalg.generic {indexing_maps = [#x, #ch], iterator_types = ["parallel", "reduction", "reduction"]}
      ins(%x : tensor<4x8x16xf32>) outs(%f : tensor<8xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %r = arith.addf %v, %acc : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  foundry.yield %s : tensor<8xf32>
}
