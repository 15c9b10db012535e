// KernelBench level 2 problem 41: Gemm_BatchNorm_GELU_ReLU.
// y = ReLU(GELU(BatchNorm1d(x @ W^T + bias, eps=1e-5))) with BatchNorm in training mode and exact GELU 0.5*v*(1+erf(v/sqrt(2))), x 23x37, W 29x37 (out, in) as nn.Linear, bias 29, y 23x29 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.
// BatchNorm in training mode: batch statistics per feature over the 23 rows, biased
// variance; default init weight 1 and bias 0 are folded away (running stats unused).

#lhs_map = affine_map<(m, n, k) -> (m, k)>
#rhs_transposed_map = affine_map<(m, n, k) -> (n, k)>
#out_map = affine_map<(m, n, k) -> (m, n)>
#identity = affine_map<(i, j) -> (i, j)>
#col = affine_map<(i, j) -> (j)>
#vec = affine_map<(j) -> (j)>

func.func @gemm_batchnorm_gelu_relu(%x: tensor<23x37xf32>, %W: tensor<29x37xf32> {foundry.init = "uniform(-0.164398987, 0.164398987)"}, %bias: tensor<29xf32> {foundry.init = "uniform(-0.164398987, 0.164398987)"}) -> tensor<23x29xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %batch = arith.constant 23.0 : f32
  %eps = arith.constant 1.0e-05 : f32
  %half = arith.constant 0.5 : f32
  %one = arith.constant 1.0 : f32
  %inv_sqrt2 = arith.constant 0.707106781186547524 : f32
  // y = x @ W^T: linalg.matmul reading W (out_features, in_features) transposed.
  %mm_empty = tensor.empty() : tensor<23x29xf32>
  %mm_init = linalg.fill ins(%zero : f32) outs(%mm_empty : tensor<23x29xf32>) -> tensor<23x29xf32>
  %mm = linalg.matmul indexing_maps = [#lhs_map, #rhs_transposed_map, #out_map]
      ins(%x, %W : tensor<23x37xf32>, tensor<29x37xf32>) outs(%mm_init : tensor<23x29xf32>) -> tensor<23x29xf32>
  // + bias, broadcast over the rows.
  %linear_empty = tensor.empty() : tensor<23x29xf32>
  %linear = linalg.generic {indexing_maps = [#identity, #col, #identity],
                            iterator_types = ["parallel", "parallel"]}
      ins(%mm, %bias : tensor<23x29xf32>, tensor<29xf32>) outs(%linear_empty : tensor<23x29xf32>) {
  ^bb0(%acc: f32, %b: f32, %out: f32):
    %biased = arith.addf %acc, %b : f32
    linalg.yield %biased : f32
  } -> tensor<23x29xf32>
  // BatchNorm statistics over dim 0: column sum (init 0), mean = sum / 23.
  %stat_empty = tensor.empty() : tensor<29xf32>
  %stat_zero = linalg.fill ins(%zero : f32) outs(%stat_empty : tensor<29xf32>) -> tensor<29xf32>
  %col_sum = linalg.generic {indexing_maps = [#identity, #col],
                             iterator_types = ["reduction", "parallel"]}
      ins(%linear : tensor<23x29xf32>) outs(%stat_zero : tensor<29xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<29xf32>
  %mean = linalg.generic {indexing_maps = [#vec, #vec], iterator_types = ["parallel"]}
      ins(%col_sum : tensor<29xf32>) outs(%stat_empty : tensor<29xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.divf %in, %batch : f32
    linalg.yield %m : f32
  } -> tensor<29xf32>
  // Sum of squared deviations (init 0), std = sqrt(ssd / 23 + eps) (biased variance).
  %col_ssd = linalg.generic {indexing_maps = [#identity, #col, #col],
                             iterator_types = ["reduction", "parallel"]}
      ins(%linear, %mean : tensor<23x29xf32>, tensor<29xf32>) outs(%stat_zero : tensor<29xf32>) {
  ^bb0(%in: f32, %m: f32, %acc: f32):
    %d = arith.subf %in, %m : f32
    %sq = arith.mulf %d, %d : f32
    %s = arith.addf %sq, %acc : f32
    linalg.yield %s : f32
  } -> tensor<29xf32>
  %std = linalg.generic {indexing_maps = [#vec, #vec], iterator_types = ["parallel"]}
      ins(%col_ssd : tensor<29xf32>) outs(%stat_empty : tensor<29xf32>) {
  ^bb0(%in: f32, %out: f32):
    %var = arith.divf %in, %batch : f32
    %var_eps = arith.addf %var, %eps : f32
    %s = math.sqrt %var_eps : f32
    linalg.yield %s : f32
  } -> tensor<29xf32>
  // (v - mean) / std.
  %bn_empty = tensor.empty() : tensor<23x29xf32>
  %bn = linalg.generic {indexing_maps = [#identity, #col, #col, #identity],
                        iterator_types = ["parallel", "parallel"]}
      ins(%linear, %mean, %std : tensor<23x29xf32>, tensor<29xf32>, tensor<29xf32>) outs(%bn_empty : tensor<23x29xf32>) {
  ^bb0(%in: f32, %m: f32, %s: f32, %out: f32):
    %d = arith.subf %in, %m : f32
    %n = arith.divf %d, %s : f32
    linalg.yield %n : f32
  } -> tensor<23x29xf32>
  // Exact GELU: 0.5 * v * (1 + erf(v / sqrt(2))), v / sqrt(2) as v * (1 / sqrt(2)).
  %gelu_empty = tensor.empty() : tensor<23x29xf32>
  %gelu = linalg.generic {indexing_maps = [#identity, #identity],
                          iterator_types = ["parallel", "parallel"]}
      ins(%bn : tensor<23x29xf32>) outs(%gelu_empty : tensor<23x29xf32>) {
  ^bb0(%in: f32, %out: f32):
    %scaled = arith.mulf %in, %inv_sqrt2 : f32
    %erf = math.erf %scaled : f32
    %one_plus_erf = arith.addf %one, %erf : f32
    %half_in = arith.mulf %half, %in : f32
    %g = arith.mulf %half_in, %one_plus_erf : f32
    linalg.yield %g : f32
  } -> tensor<23x29xf32>
  // ReLU: max(v, 0).
  %y_empty = tensor.empty() : tensor<23x29xf32>
  %y = linalg.generic {indexing_maps = [#identity, #identity],
                       iterator_types = ["parallel", "parallel"]}
      ins(%gelu : tensor<23x29xf32>) outs(%y_empty : tensor<23x29xf32>) {
  ^bb0(%in: f32, %out: f32):
    %relu = arith.maximumf %in, %zero : f32
    linalg.yield %relu : f32
  } -> tensor<23x29xf32>
  return %y : tensor<23x29xf32>
}
