// RUN: not foundry-opt %s "--foundry-split-reduction=outputs=16 parts=8 cluster=true" 2>&1 | FileCheck %s
// RUN: not foundry-opt %s "--foundry-split-reduction=outputs=16 parts=32 cluster=true" 2>&1 | FileCheck %s --check-prefix=PARTS
// RUN: not foundry-opt %s "--foundry-split-reduction=parts=8 cluster=true" 2>&1 | FileCheck %s --check-prefix=OUTPUTS
// RUN: not foundry-opt %s --split-input-file "--foundry-split-reduction=outputs=64 parts=8 cluster=true" 2>&1 | FileCheck %s --check-prefix=SCALAR

// PARTS: error: foundry-split-reduction: cluster=true runs the parts of each of a few outputs (rows) as one thread-block cluster: it needs outputs of at least 2 and parts from 2 to 16 (sm_90's largest cluster), got outputs=16 parts=32
// OUTPUTS: error: foundry-split-reduction: cluster=true {{.*}} got outputs=1 parts=8

// A sum over the middle dimension: the parts would not be the innermost
// parallel loop (the blocks' x dimension, along which clusters group).
// CHECK: error: 'linalg.generic' op foundry-split-reduction: cluster=true needs the reduction loops innermost (the parts are the cluster's x dimension); this reduction has a parallel loop inside one
#in = affine_map<(i, k, j) -> (i, k, j)>
#out = affine_map<(i, k, j) -> (i, j)>
foundry.kernel @middle(%x: tensor<4x64x4xf32>) -> tensor<4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  %s = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%x : tensor<4x64x4xf32>) outs(%f : tensor<4x4xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.addf %acc, %a : f32
    linalg.yield %r : f32
  } -> tensor<4x4xf32>
  foundry.yield %s : tensor<4x4xf32>
}

// -----

// SCALAR: error: 'linalg.generic' op foundry-split-reduction: cluster=true shares a row's parts within a cluster; a reduction to a scalar has no rows (split it without cluster)
#v = affine_map<(i) -> (i)>
#vs = affine_map<(i) -> ()>
foundry.kernel @scalar(%x: tensor<64xf32>) -> tensor<f32> {
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
