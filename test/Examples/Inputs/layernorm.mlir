// LayerNorm over the last dimension (no affine): 9x23, eps = 1e-5.
#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
func.func @layernorm(%x: tensor<9x23xf32>) -> tensor<9x23xf32> {
  %zero = arith.constant 0.0 : f32
  %n = arith.constant 23.0 : f32
  %eps = arith.constant 1.0e-5 : f32
  %re = tensor.empty() : tensor<9xf32>
  %rz = linalg.fill ins(%zero : f32) outs(%re : tensor<9xf32>) -> tensor<9xf32>
  %sum = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<9x23xf32>) outs(%rz : tensor<9xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %s = arith.addf %v, %acc : f32
    linalg.yield %s : f32
  } -> tensor<9xf32>
  %sq = linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x, %sum : tensor<9x23xf32>, tensor<9xf32>) outs(%rz : tensor<9xf32>) {
  ^bb0(%v: f32, %s: f32, %acc: f32):
    %mean = arith.divf %s, %n : f32
    %d = arith.subf %v, %mean : f32
    %d2 = arith.mulf %d, %d : f32
    %a = arith.addf %d2, %acc : f32
    linalg.yield %a : f32
  } -> tensor<9xf32>
  %e = tensor.empty() : tensor<9x23xf32>
  %y = linalg.generic {indexing_maps = [#id, #row, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %sum, %sq : tensor<9x23xf32>, tensor<9xf32>, tensor<9xf32>) outs(%e : tensor<9x23xf32>) {
  ^bb0(%v: f32, %s: f32, %q: f32, %o: f32):
    %mean = arith.divf %s, %n : f32
    %var = arith.divf %q, %n : f32
    %ve = arith.addf %var, %eps : f32
    %rstd = math.rsqrt %ve : f32
    %d = arith.subf %v, %mean : f32
    %r = arith.mulf %d, %rstd : f32
    linalg.yield %r : f32
  } -> tensor<9x23xf32>
  return %y : tensor<9x23xf32>
}
