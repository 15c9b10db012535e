// RUN: not foundry-opt %s --split-input-file --foundry-split-reduction=parts=3 2>&1 | FileCheck %s
// RUN: not foundry-opt %s --split-input-file --foundry-split-reduction=parts=-1 2>&1 | FileCheck %s --check-prefix=NEGATIVE

// NEGATIVE: error: foundry-split-reduction: parts must be 0 (one per iteration) or at least 2, got -1

// CHECK: error: 'linalg.generic' op foundry-split-reduction: parts=3 must divide the outermost reduction loop's extent 64
#v = affine_map<(i) -> (i)>
#vs = affine_map<(i) -> ()>
foundry.kernel @not_dividing(%x: tensor<64xf32>) -> tensor<f32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<f32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %s = linalg.generic {indexing_maps = [#v, #vs], iterator_types = ["reduction"]}
      ins(%x : tensor<64xf32>) outs(%f : tensor<f32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.addf %acc, %a : f32
    linalg.yield %r : f32
  } -> tensor<f32>
  foundry.yield %s : tensor<f32>
}

// -----

// CHECK: error: 'foundry.kernel' op foundry-split-reduction: no reduction to a scalar (a linalg.generic whose loops all reduce into a rank-0 tensor) outside a block tile
#id = affine_map<(i) -> (i)>
foundry.kernel @no_scalar(%x: tensor<64xf32>) -> tensor<64xf32> {
  %e = tensor.empty() : tensor<64xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %n = arith.negf %a : f32
    linalg.yield %n : f32
  } -> tensor<64xf32>
  foundry.yield %r : tensor<64xf32>
}

// -----

// CHECK: error: 'linalg.generic' op foundry-split-reduction: the reduction's body is not one combiner of the running value and one other value
#v = affine_map<(i) -> (i)>
#vs = affine_map<(i) -> ()>
foundry.kernel @two_step(%x: tensor<64xf32>) -> tensor<f32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<f32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %s = linalg.generic {indexing_maps = [#v, #vs], iterator_types = ["reduction"]}
      ins(%x : tensor<64xf32>) outs(%f : tensor<f32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.addf %acc, %a : f32
    %h = arith.mulf %r, %r : f32
    linalg.yield %h : f32
  } -> tensor<f32>
  foundry.yield %s : tensor<f32>
}

// -----

// CHECK: error: 'linalg.generic' op foundry-split-reduction: the combiner 'arith.subf' has no neutral element
#v = affine_map<(i) -> (i)>
#vs = affine_map<(i) -> ()>
foundry.kernel @subtract(%x: tensor<64xf32>) -> tensor<f32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<f32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %s = linalg.generic {indexing_maps = [#v, #vs], iterator_types = ["reduction"]}
      ins(%x : tensor<64xf32>) outs(%f : tensor<f32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.subf %acc, %a : f32
    linalg.yield %r : f32
  } -> tensor<f32>
  foundry.yield %s : tensor<f32>
}

// -----

// CHECK: error: 'foundry.kernel' op foundry-split-reduction: 2 reductions to a scalar; one is split
// CHECK: note: reduction to a scalar
// CHECK: note: reduction to a scalar
#v = affine_map<(i) -> (i)>
#vs = affine_map<(i) -> ()>
foundry.kernel @two(%x: tensor<64xf32>) -> (tensor<f32>, tensor<f32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<f32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %s = linalg.generic {indexing_maps = [#v, #vs], iterator_types = ["reduction"]}
      ins(%x : tensor<64xf32>) outs(%f : tensor<f32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.addf %acc, %a : f32
    linalg.yield %r : f32
  } -> tensor<f32>
  %t = linalg.generic {indexing_maps = [#v, #vs], iterator_types = ["reduction"]}
      ins(%x : tensor<64xf32>) outs(%f : tensor<f32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.maximumf %acc, %a : f32
    linalg.yield %r : f32
  } -> tensor<f32>
  foundry.yield %s, %t : tensor<f32>, tensor<f32>
}
