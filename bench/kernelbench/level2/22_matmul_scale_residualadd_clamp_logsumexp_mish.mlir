// KernelBench level 2 problem 22: Matmul_Scale_ResidualAdd_Clamp_LogSumExp_Mish.
// v = clamp((x @ W^T + bias) * 2.0 doubled by v + v, -10, 10); l = logsumexp(v, dim=1, keepdim=True); y = l * Mish(l) with Mish(l) = l * tanh(log1p(exp(l))), x 1024x8192, W 8192x8192 (out, in) as nn.Linear, bias 8192, y 1024x1 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

#lhs_map = affine_map<(m, n, k) -> (m, k)>
#rhs_transposed_map = affine_map<(m, n, k) -> (n, k)>
#out_map = affine_map<(m, n, k) -> (m, n)>
#identity = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
#col = affine_map<(i, j) -> (j)>

func.func @matmul_scale_residualadd_clamp_logsumexp_mish(%x: tensor<1024x8192xf32>, %W: tensor<8192x8192xf32> {foundry.init = "uniform(-0.0110485435, 0.0110485435)"}, %bias: tensor<8192xf32> {foundry.init = "uniform(-0.0110485435, 0.0110485435)"}) -> tensor<1024x1xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %neg_inf = arith.constant 0xFF800000 : f32
  %scale_factor = arith.constant 2.0 : f32
  %clamp_min = arith.constant -10.0 : f32
  %clamp_max = arith.constant 10.0 : f32
  // y = x @ W^T: linalg.matmul reading W (out_features, in_features) transposed.
  %mm_empty = tensor.empty() : tensor<1024x8192xf32>
  %mm_init = linalg.fill ins(%zero : f32) outs(%mm_empty : tensor<1024x8192xf32>) -> tensor<1024x8192xf32>
  %mm = linalg.matmul indexing_maps = [#lhs_map, #rhs_transposed_map, #out_map]
      ins(%x, %W : tensor<1024x8192xf32>, tensor<8192x8192xf32>) outs(%mm_init : tensor<1024x8192xf32>) -> tensor<1024x8192xf32>
  // + bias, broadcast over the rows.
  %linear_empty = tensor.empty() : tensor<1024x8192xf32>
  %linear = linalg.generic {indexing_maps = [#identity, #col, #identity],
                            iterator_types = ["parallel", "parallel"]}
      ins(%mm, %bias : tensor<1024x8192xf32>, tensor<8192xf32>) outs(%linear_empty : tensor<1024x8192xf32>) {
  ^bb0(%acc: f32, %b: f32, %out: f32):
    %biased = arith.addf %acc, %b : f32
    linalg.yield %biased : f32
  } -> tensor<1024x8192xf32>
  // * 2.0.
  %scaled_empty = tensor.empty() : tensor<1024x8192xf32>
  %scaled = linalg.generic {indexing_maps = [#identity, #identity],
                            iterator_types = ["parallel", "parallel"]}
      ins(%linear : tensor<1024x8192xf32>) outs(%scaled_empty : tensor<1024x8192xf32>) {
  ^bb0(%in: f32, %out: f32):
    %mul = arith.mulf %in, %scale_factor : f32
    linalg.yield %mul : f32
  } -> tensor<1024x8192xf32>
  // Residual add v + v.
  %doubled_empty = tensor.empty() : tensor<1024x8192xf32>
  %doubled = linalg.generic {indexing_maps = [#identity, #identity],
                             iterator_types = ["parallel", "parallel"]}
      ins(%scaled : tensor<1024x8192xf32>) outs(%doubled_empty : tensor<1024x8192xf32>) {
  ^bb0(%in: f32, %out: f32):
    %add = arith.addf %in, %in : f32
    linalg.yield %add : f32
  } -> tensor<1024x8192xf32>
  // clamp(v, -10, 10) = min(max(v, -10), 10).
  %clamped_empty = tensor.empty() : tensor<1024x8192xf32>
  %clamped = linalg.generic {indexing_maps = [#identity, #identity],
                             iterator_types = ["parallel", "parallel"]}
      ins(%doubled : tensor<1024x8192xf32>) outs(%clamped_empty : tensor<1024x8192xf32>) {
  ^bb0(%in: f32, %out: f32):
    %lo = arith.maximumf %in, %clamp_min : f32
    %hi = arith.minimumf %lo, %clamp_max : f32
    linalg.yield %hi : f32
  } -> tensor<1024x8192xf32>
  // logsumexp over dim 1: row max (init -inf), row sum of exp(v - max) (init 0),
  // log(sum) + max written to the keepdim shape 1024x1.
  %max_empty = tensor.empty() : tensor<1024xf32>
  %max_init = linalg.fill ins(%neg_inf : f32) outs(%max_empty : tensor<1024xf32>) -> tensor<1024xf32>
  %row_max = linalg.generic {indexing_maps = [#identity, #row],
                             iterator_types = ["parallel", "reduction"]}
      ins(%clamped : tensor<1024x8192xf32>) outs(%max_init : tensor<1024xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %max = arith.maximumf %in, %acc : f32
    linalg.yield %max : f32
  } -> tensor<1024xf32>
  %sum_empty = tensor.empty() : tensor<1024xf32>
  %sum_init = linalg.fill ins(%zero : f32) outs(%sum_empty : tensor<1024xf32>) -> tensor<1024xf32>
  %row_sum = linalg.generic {indexing_maps = [#identity, #row, #row],
                             iterator_types = ["parallel", "reduction"]}
      ins(%clamped, %row_max : tensor<1024x8192xf32>, tensor<1024xf32>) outs(%sum_init : tensor<1024xf32>) {
  ^bb0(%in: f32, %max: f32, %acc: f32):
    %shifted = arith.subf %in, %max : f32
    %e = math.exp %shifted : f32
    %sum = arith.addf %e, %acc : f32
    linalg.yield %sum : f32
  } -> tensor<1024xf32>
  %lse_empty = tensor.empty() : tensor<1024x1xf32>
  %lse = linalg.generic {indexing_maps = [#row, #row, #identity],
                         iterator_types = ["parallel", "parallel"]}
      ins(%row_sum, %row_max : tensor<1024xf32>, tensor<1024xf32>) outs(%lse_empty : tensor<1024x1xf32>) {
  ^bb0(%sum: f32, %max: f32, %out: f32):
    %log = math.log %sum : f32
    %l = arith.addf %log, %max : f32
    linalg.yield %l : f32
  } -> tensor<1024x1xf32>
  // y = l * Mish(l), Mish(l) = l * tanh(softplus(l)), softplus(l) = log1p(exp(l)).
  %y_empty = tensor.empty() : tensor<1024x1xf32>
  %y = linalg.generic {indexing_maps = [#identity, #identity],
                       iterator_types = ["parallel", "parallel"]}
      ins(%lse : tensor<1024x1xf32>) outs(%y_empty : tensor<1024x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %e = math.exp %in : f32
    %softplus = math.log1p %e : f32
    %t = math.tanh %softplus : f32
    %mish = arith.mulf %in, %t : f32
    %r = arith.mulf %in, %mish : f32
    linalg.yield %r : f32
  } -> tensor<1024x1xf32>
  return %y : tensor<1024x1xf32>
}
