// RUN: not foundry-opt %s --split-input-file --pass-pipeline='builtin.module(foundry-split-reduction{parts=24})' 2>&1 | FileCheck %s

// More parts than the outermost reduction loop's 4 iterations, but the two
// loops cannot be merged: the input is read transposed (n, c) -> (c, n),
// or one input is indexed by the outer loop alone. A diagnostic, and no
// merged loop that would read past a buffer.
// CHECK: error: 'linalg.generic' op foundry-split-reduction: parts=24 must divide the outermost reduction loop's extent 4 (or, above it, be a multiple of it that divides its product with the next reduction loop's, the two loops contiguous in every operand)
#t = affine_map<(n, c) -> (c, n)>
#s = affine_map<(n, c) -> ()>
foundry.kernel @transposed(%x: tensor<6x4xf32>) -> tensor<f32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<f32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %r = linalg.generic {indexing_maps = [#t, #s], iterator_types = ["reduction", "reduction"]}
      ins(%x : tensor<6x4xf32>) outs(%f : tensor<f32>) {
  ^bb0(%a: f32, %acc: f32):
    %sum = arith.addf %acc, %a : f32
    linalg.yield %sum : f32
  } -> tensor<f32>
  foundry.yield %r : tensor<f32>
}

// -----

// CHECK: error: 'linalg.generic' op foundry-split-reduction: parts=24 must divide the outermost reduction loop's extent 4
#id = affine_map<(n, c) -> (n, c)>
#outer = affine_map<(n, c) -> (n)>
#s2 = affine_map<(n, c) -> ()>
foundry.kernel @outer_only(%x: tensor<4x6xf32>, %y: tensor<4xf32>) -> tensor<f32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<f32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %r = linalg.generic {indexing_maps = [#id, #outer, #s2], iterator_types = ["reduction", "reduction"]}
      ins(%x, %y : tensor<4x6xf32>, tensor<4xf32>) outs(%f : tensor<f32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m = arith.mulf %a, %b : f32
    %sum = arith.addf %acc, %m : f32
    linalg.yield %sum : f32
  } -> tensor<f32>
  foundry.yield %r : tensor<f32>
}
