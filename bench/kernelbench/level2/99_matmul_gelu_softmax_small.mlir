// KernelBench level 2 problem 99: Matmul_GELU_Softmax.
// y = softmax(GELU(x @ W^T + bias), dim=1) with exact GELU 0.5*v*(1+erf(v/sqrt(2))), x 17x30, W 45x30 (out, in) as nn.Linear, bias 45, y 17x45 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

#lhs_map = affine_map<(m, n, k) -> (m, k)>
#rhs_transposed_map = affine_map<(m, n, k) -> (n, k)>
#out_map = affine_map<(m, n, k) -> (m, n)>
#identity = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
#col = affine_map<(i, j) -> (j)>

func.func @matmul_gelu_softmax(%x: tensor<17x30xf32>, %W: tensor<45x30xf32> {foundry.init = "uniform(-0.182574186, 0.182574186)"}, %bias: tensor<45xf32> {foundry.init = "uniform(-0.182574186, 0.182574186)"}) -> tensor<17x45xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %neg_inf = arith.constant 0xFF800000 : f32
  %half = arith.constant 0.5 : f32
  %one = arith.constant 1.0 : f32
  %inv_sqrt2 = arith.constant 0.707106781186547524 : f32
  // y = x @ W^T: linalg.matmul reading W (out_features, in_features) transposed.
  %mm_empty = tensor.empty() : tensor<17x45xf32>
  %mm_init = linalg.fill ins(%zero : f32) outs(%mm_empty : tensor<17x45xf32>) -> tensor<17x45xf32>
  %mm = linalg.matmul indexing_maps = [#lhs_map, #rhs_transposed_map, #out_map]
      ins(%x, %W : tensor<17x30xf32>, tensor<45x30xf32>) outs(%mm_init : tensor<17x45xf32>) -> tensor<17x45xf32>
  // + bias, broadcast over the rows.
  %linear_empty = tensor.empty() : tensor<17x45xf32>
  %linear = linalg.generic {indexing_maps = [#identity, #col, #identity],
                            iterator_types = ["parallel", "parallel"]}
      ins(%mm, %bias : tensor<17x45xf32>, tensor<45xf32>) outs(%linear_empty : tensor<17x45xf32>) {
  ^bb0(%acc: f32, %b: f32, %out: f32):
    %biased = arith.addf %acc, %b : f32
    linalg.yield %biased : f32
  } -> tensor<17x45xf32>
  // Exact GELU: 0.5 * v * (1 + erf(v / sqrt(2))), v / sqrt(2) as v * (1 / sqrt(2)).
  %gelu_empty = tensor.empty() : tensor<17x45xf32>
  %gelu = linalg.generic {indexing_maps = [#identity, #identity],
                          iterator_types = ["parallel", "parallel"]}
      ins(%linear : tensor<17x45xf32>) outs(%gelu_empty : tensor<17x45xf32>) {
  ^bb0(%in: f32, %out: f32):
    %scaled = arith.mulf %in, %inv_sqrt2 : f32
    %erf = math.erf %scaled : f32
    %one_plus_erf = arith.addf %one, %erf : f32
    %half_in = arith.mulf %half, %in : f32
    %g = arith.mulf %half_in, %one_plus_erf : f32
    linalg.yield %g : f32
  } -> tensor<17x45xf32>
  // Softmax over dim 1, numerically stable.
  // Row max (init -inf).
  %max_empty = tensor.empty() : tensor<17xf32>
  %max_init = linalg.fill ins(%neg_inf : f32) outs(%max_empty : tensor<17xf32>) -> tensor<17xf32>
  %row_max = linalg.generic {indexing_maps = [#identity, #row],
                             iterator_types = ["parallel", "reduction"]}
      ins(%gelu : tensor<17x45xf32>) outs(%max_init : tensor<17xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %max = arith.maximumf %in, %acc : f32
    linalg.yield %max : f32
  } -> tensor<17xf32>
  // exp(x - max).
  %exp_empty = tensor.empty() : tensor<17x45xf32>
  %exp = linalg.generic {indexing_maps = [#identity, #row, #identity],
                         iterator_types = ["parallel", "parallel"]}
      ins(%gelu, %row_max : tensor<17x45xf32>, tensor<17xf32>) outs(%exp_empty : tensor<17x45xf32>) {
  ^bb0(%in: f32, %max: f32, %out: f32):
    %shifted = arith.subf %in, %max : f32
    %e = math.exp %shifted : f32
    linalg.yield %e : f32
  } -> tensor<17x45xf32>
  // Row sum (init 0).
  %sum_empty = tensor.empty() : tensor<17xf32>
  %sum_init = linalg.fill ins(%zero : f32) outs(%sum_empty : tensor<17xf32>) -> tensor<17xf32>
  %row_sum = linalg.generic {indexing_maps = [#identity, #row],
                             iterator_types = ["parallel", "reduction"]}
      ins(%exp : tensor<17x45xf32>) outs(%sum_init : tensor<17xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %sum = arith.addf %in, %acc : f32
    linalg.yield %sum : f32
  } -> tensor<17xf32>
  // exp / sum.
  %y_empty = tensor.empty() : tensor<17x45xf32>
  %y = linalg.generic {indexing_maps = [#identity, #row, #identity],
                       iterator_types = ["parallel", "parallel"]}
      ins(%exp, %row_sum : tensor<17x45xf32>, tensor<17xf32>) outs(%y_empty : tensor<17x45xf32>) {
  ^bb0(%e: f32, %sum: f32, %out: f32):
    %normalized = arith.divf %e, %sum : f32
    linalg.yield %normalized : f32
  } -> tensor<17x45xf32>
  return %y : tensor<17x45xf32>
}
