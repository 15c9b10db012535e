// Per row: s = sum of x, t = s + sum of |x| (a reduction accumulating onto
// another's result, which is read again after), y = x * s + t. The input of
// foundry-tile-phases' tests.
#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
func.func @initred(%x: tensor<4x53xf32>) -> tensor<4x53xf32> {
  %zero = arith.constant 0.0 : f32
  %re = tensor.empty() : tensor<4xf32>
  %zi = linalg.fill ins(%zero : f32) outs(%re : tensor<4xf32>) -> tensor<4xf32>
  %s = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4x53xf32>) outs(%zi : tensor<4xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %a = arith.addf %in, %acc : f32
    linalg.yield %a : f32
  } -> tensor<4xf32>
  %t = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4x53xf32>) outs(%s : tensor<4xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %q = math.absf %in : f32
    %a = arith.addf %q, %acc : f32
    linalg.yield %a : f32
  } -> tensor<4xf32>
  %ee = tensor.empty() : tensor<4x53xf32>
  %y = linalg.generic {indexing_maps = [#id, #row, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %s, %t : tensor<4x53xf32>, tensor<4xf32>, tensor<4xf32>) outs(%ee : tensor<4x53xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32, %o: f32):
    %m = arith.mulf %a, %b : f32
    %p = arith.addf %m, %c : f32
    linalg.yield %p : f32
  } -> tensor<4x53xf32>
  return %y : tensor<4x53xf32>
}
