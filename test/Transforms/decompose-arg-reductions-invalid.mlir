// RUN: not foundry-opt %s --foundry-decompose-arg-reductions 2>&1 | FileCheck %s

// A non-strict comparison moves the index to the last maximum: not this
// decomposition's, left as it is (and the pass has nothing to do).
// CHECK: error: foundry-decompose-arg-reductions: no arg-reduction
#id = affine_map<(r, v) -> (r, v)>
#row = affine_map<(r, v) -> (r)>
foundry.kernel @last_argmax(%x: tensor<4x64xf32>) -> tensor<4xi64> {
  %neg_inf = arith.constant 0xFF800000 : f32
  %c0 = arith.constant 0 : i64
  %ve = tensor.empty() : tensor<4xf32>
  %v0 = linalg.fill ins(%neg_inf : f32) outs(%ve : tensor<4xf32>) -> tensor<4xf32>
  %ie = tensor.empty() : tensor<4xi64>
  %i0 = linalg.fill ins(%c0 : i64) outs(%ie : tensor<4xi64>) -> tensor<4xi64>
  %r:2 = linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4x64xf32>) outs(%v0, %i0 : tensor<4xf32>, tensor<4xi64>) {
  ^bb0(%in: f32, %value: f32, %index: i64):
    %v = linalg.index 1 : index
    %v_i64 = arith.index_cast %v : index to i64
    %max = arith.maximumf %in, %value : f32
    %greater = arith.cmpf oge, %in, %value : f32
    %new = arith.select %greater, %v_i64, %index : i64
    linalg.yield %max, %new : f32, i64
  } -> (tensor<4xf32>, tensor<4xi64>)
  foundry.yield %r#1 : tensor<4xi64>
}
