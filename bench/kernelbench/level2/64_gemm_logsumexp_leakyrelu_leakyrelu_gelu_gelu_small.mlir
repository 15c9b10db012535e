// KernelBench level 2 problem 64: Gemm_LogSumExp_LeakyReLU_LeakyReLU_GELU_GELU.
// l = logsumexp(x @ W^T + bias, dim=1, keepdim=True); y = GELU(GELU(LeakyReLU(LeakyReLU(l, 0.01), 0.01))) with exact GELU 0.5*v*(1+erf(v/sqrt(2))), x 19x37, W 29x37 (out, in) as nn.Linear, bias 29, y 19x1 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

#lhs_map = affine_map<(m, n, k) -> (m, k)>
#rhs_transposed_map = affine_map<(m, n, k) -> (n, k)>
#out_map = affine_map<(m, n, k) -> (m, n)>
#identity = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
#col = affine_map<(i, j) -> (j)>

func.func @gemm_logsumexp_leakyrelu_leakyrelu_gelu_gelu(%x: tensor<19x37xf32>, %W: tensor<29x37xf32> {foundry.init = "uniform(-0.164398987, 0.164398987)"}, %bias: tensor<29xf32> {foundry.init = "uniform(-0.164398987, 0.164398987)"}) -> tensor<19x1xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %neg_inf = arith.constant 0xFF800000 : f32
  %negative_slope = arith.constant 0.01 : f32
  %one = arith.constant 1.0 : f32
  %half = arith.constant 0.5 : f32
  %inv_sqrt2 = arith.constant 0.707106781186547524 : f32
  // y = x @ W^T: linalg.matmul reading W (out_features, in_features) transposed.
  %mm_empty = tensor.empty() : tensor<19x29xf32>
  %mm_init = linalg.fill ins(%zero : f32) outs(%mm_empty : tensor<19x29xf32>) -> tensor<19x29xf32>
  %mm = linalg.matmul indexing_maps = [#lhs_map, #rhs_transposed_map, #out_map]
      ins(%x, %W : tensor<19x37xf32>, tensor<29x37xf32>) outs(%mm_init : tensor<19x29xf32>) -> tensor<19x29xf32>
  // + bias, broadcast over the rows.
  %linear_empty = tensor.empty() : tensor<19x29xf32>
  %linear = linalg.generic {indexing_maps = [#identity, #col, #identity],
                            iterator_types = ["parallel", "parallel"]}
      ins(%mm, %bias : tensor<19x29xf32>, tensor<29xf32>) outs(%linear_empty : tensor<19x29xf32>) {
  ^bb0(%acc: f32, %b: f32, %out: f32):
    %biased = arith.addf %acc, %b : f32
    linalg.yield %biased : f32
  } -> tensor<19x29xf32>
  // logsumexp over dim 1: row max (init -inf), row sum of exp(v - max) (init 0),
  // log(sum) + max written to the keepdim shape 19x1.
  %max_empty = tensor.empty() : tensor<19xf32>
  %max_init = linalg.fill ins(%neg_inf : f32) outs(%max_empty : tensor<19xf32>) -> tensor<19xf32>
  %row_max = linalg.generic {indexing_maps = [#identity, #row],
                             iterator_types = ["parallel", "reduction"]}
      ins(%linear : tensor<19x29xf32>) outs(%max_init : tensor<19xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %max = arith.maximumf %in, %acc : f32
    linalg.yield %max : f32
  } -> tensor<19xf32>
  %sum_empty = tensor.empty() : tensor<19xf32>
  %sum_init = linalg.fill ins(%zero : f32) outs(%sum_empty : tensor<19xf32>) -> tensor<19xf32>
  %row_sum = linalg.generic {indexing_maps = [#identity, #row, #row],
                             iterator_types = ["parallel", "reduction"]}
      ins(%linear, %row_max : tensor<19x29xf32>, tensor<19xf32>) outs(%sum_init : tensor<19xf32>) {
  ^bb0(%in: f32, %max: f32, %acc: f32):
    %shifted = arith.subf %in, %max : f32
    %e = math.exp %shifted : f32
    %sum = arith.addf %e, %acc : f32
    linalg.yield %sum : f32
  } -> tensor<19xf32>
  %lse_empty = tensor.empty() : tensor<19x1xf32>
  %lse = linalg.generic {indexing_maps = [#row, #row, #identity],
                         iterator_types = ["parallel", "parallel"]}
      ins(%row_sum, %row_max : tensor<19xf32>, tensor<19xf32>) outs(%lse_empty : tensor<19x1xf32>) {
  ^bb0(%sum: f32, %max: f32, %out: f32):
    %log = math.log %sum : f32
    %l = arith.addf %log, %max : f32
    linalg.yield %l : f32
  } -> tensor<19x1xf32>
  // LeakyReLU: v > 0 ? v : 0.01 * v.
  %leaky1_empty = tensor.empty() : tensor<19x1xf32>
  %leaky1 = linalg.generic {indexing_maps = [#identity, #identity],
                            iterator_types = ["parallel", "parallel"]}
      ins(%lse : tensor<19x1xf32>) outs(%leaky1_empty : tensor<19x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %positive = arith.cmpf ogt, %in, %zero : f32
    %leak = arith.mulf %in, %negative_slope : f32
    %l = arith.select %positive, %in, %leak : f32
    linalg.yield %l : f32
  } -> tensor<19x1xf32>
  // LeakyReLU again.
  %leaky2_empty = tensor.empty() : tensor<19x1xf32>
  %leaky2 = linalg.generic {indexing_maps = [#identity, #identity],
                            iterator_types = ["parallel", "parallel"]}
      ins(%leaky1 : tensor<19x1xf32>) outs(%leaky2_empty : tensor<19x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %positive = arith.cmpf ogt, %in, %zero : f32
    %leak = arith.mulf %in, %negative_slope : f32
    %l = arith.select %positive, %in, %leak : f32
    linalg.yield %l : f32
  } -> tensor<19x1xf32>
  // Exact GELU: 0.5 * v * (1 + erf(v / sqrt(2))), v / sqrt(2) as v * (1 / sqrt(2)).
  %gelu1_empty = tensor.empty() : tensor<19x1xf32>
  %gelu1 = linalg.generic {indexing_maps = [#identity, #identity],
                           iterator_types = ["parallel", "parallel"]}
      ins(%leaky2 : tensor<19x1xf32>) outs(%gelu1_empty : tensor<19x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.mulf %in, %inv_sqrt2 : f32
    %erf = math.erf %s : f32
    %one_plus_erf = arith.addf %one, %erf : f32
    %half_in = arith.mulf %half, %in : f32
    %g = arith.mulf %half_in, %one_plus_erf : f32
    linalg.yield %g : f32
  } -> tensor<19x1xf32>
  // GELU again.
  %y_empty = tensor.empty() : tensor<19x1xf32>
  %y = linalg.generic {indexing_maps = [#identity, #identity],
                       iterator_types = ["parallel", "parallel"]}
      ins(%gelu1 : tensor<19x1xf32>) outs(%y_empty : tensor<19x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.mulf %in, %inv_sqrt2 : f32
    %erf = math.erf %s : f32
    %one_plus_erf = arith.addf %one, %erf : f32
    %half_in = arith.mulf %half, %in : f32
    %g = arith.mulf %half_in, %one_plus_erf : f32
    linalg.yield %g : f32
  } -> tensor<19x1xf32>
  return %y : tensor<19x1xf32>
}
