// KernelBench level 2 problem 37: Matmul_Swish_Sum_GroupNorm.
// v = x @ W^T + bias; y = GroupNorm(sigmoid(v) * v + extra_bias, num_groups=64, eps=1e-5), x 32768x1024, W 4096x1024 (out, in) as nn.Linear, bias 4096, extra_bias 4096 (nn.Parameter), y 32768x4096 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.
// GroupNorm in its default init state: weight 1 and bias 0 are folded away. Its
// statistics are per (row, group) of 64 channels, variance biased.

#lhs_map = affine_map<(m, n, k) -> (m, k)>
#rhs_transposed_map = affine_map<(m, n, k) -> (n, k)>
#out_map = affine_map<(m, n, k) -> (m, n)>
#identity = affine_map<(i, j) -> (i, j)>
#col = affine_map<(i, j) -> (j)>
#identity3 = affine_map<(i, g, c) -> (i, g, c)>
#group = affine_map<(i, g, c) -> (i, g)>

func.func @matmul_swish_sum_groupnorm(%x: tensor<32768x1024xf32>, %W: tensor<4096x1024xf32> {foundry.init = "uniform(-0.03125, 0.03125)"}, %bias: tensor<4096xf32> {foundry.init = "uniform(-0.03125, 0.03125)"}, %extra_bias: tensor<4096xf32> {foundry.init = "normal(0, 1)"}) -> tensor<32768x4096xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %group_size = arith.constant 64.0 : f32
  %eps = arith.constant 1.0e-05 : f32
  // y = x @ W^T: linalg.matmul reading W (out_features, in_features) transposed.
  %mm_empty = tensor.empty() : tensor<32768x4096xf32>
  %mm_init = linalg.fill ins(%zero : f32) outs(%mm_empty : tensor<32768x4096xf32>) -> tensor<32768x4096xf32>
  %mm = linalg.matmul indexing_maps = [#lhs_map, #rhs_transposed_map, #out_map]
      ins(%x, %W : tensor<32768x1024xf32>, tensor<4096x1024xf32>) outs(%mm_init : tensor<32768x4096xf32>) -> tensor<32768x4096xf32>
  // + bias, broadcast over the rows.
  %linear_empty = tensor.empty() : tensor<32768x4096xf32>
  %linear = linalg.generic {indexing_maps = [#identity, #col, #identity],
                            iterator_types = ["parallel", "parallel"]}
      ins(%mm, %bias : tensor<32768x4096xf32>, tensor<4096xf32>) outs(%linear_empty : tensor<32768x4096xf32>) {
  ^bb0(%acc: f32, %b: f32, %out: f32):
    %biased = arith.addf %acc, %b : f32
    linalg.yield %biased : f32
  } -> tensor<32768x4096xf32>
  // Swish: sigmoid(v) * v, sigmoid(v) = 1 / (1 + exp(-v)).
  %swish_empty = tensor.empty() : tensor<32768x4096xf32>
  %swish = linalg.generic {indexing_maps = [#identity, #identity],
                           iterator_types = ["parallel", "parallel"]}
      ins(%linear : tensor<32768x4096xf32>) outs(%swish_empty : tensor<32768x4096xf32>) {
  ^bb0(%in: f32, %out: f32):
    %neg = arith.negf %in : f32
    %e = math.exp %neg : f32
    %den = arith.addf %one, %e : f32
    %sig = arith.divf %one, %den : f32
    %s = arith.mulf %sig, %in : f32
    linalg.yield %s : f32
  } -> tensor<32768x4096xf32>
  // + extra_bias, broadcast over the rows.
  %summed_empty = tensor.empty() : tensor<32768x4096xf32>
  %summed = linalg.generic {indexing_maps = [#identity, #col, #identity],
                            iterator_types = ["parallel", "parallel"]}
      ins(%swish, %extra_bias : tensor<32768x4096xf32>, tensor<4096xf32>) outs(%summed_empty : tensor<32768x4096xf32>) {
  ^bb0(%in: f32, %b: f32, %out: f32):
    %a = arith.addf %in, %b : f32
    linalg.yield %a : f32
  } -> tensor<32768x4096xf32>
  // GroupNorm: view the 4096 channels as 64 groups of 64.
  %grouped = tensor.expand_shape %summed [[0], [1, 2]] output_shape [32768, 64, 64]
      : tensor<32768x4096xf32> into tensor<32768x64x64xf32>
  %stat_empty = tensor.empty() : tensor<32768x64xf32>
  %stat_zero = linalg.fill ins(%zero : f32) outs(%stat_empty : tensor<32768x64xf32>) -> tensor<32768x64xf32>
  // Group sum (init 0), then mean = sum / 64.
  %group_sum = linalg.generic {indexing_maps = [#identity3, #group],
                               iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%grouped : tensor<32768x64x64xf32>) outs(%stat_zero : tensor<32768x64xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<32768x64xf32>
  %mean = linalg.generic {indexing_maps = [#identity, #identity],
                          iterator_types = ["parallel", "parallel"]}
      ins(%group_sum : tensor<32768x64xf32>) outs(%stat_empty : tensor<32768x64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.divf %in, %group_size : f32
    linalg.yield %m : f32
  } -> tensor<32768x64xf32>
  // Sum of squared deviations (init 0), then std = sqrt(ssd / 64 + eps).
  %group_ssd = linalg.generic {indexing_maps = [#identity3, #group, #group],
                               iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%grouped, %mean : tensor<32768x64x64xf32>, tensor<32768x64xf32>) outs(%stat_zero : tensor<32768x64xf32>) {
  ^bb0(%in: f32, %m: f32, %acc: f32):
    %d = arith.subf %in, %m : f32
    %sq = arith.mulf %d, %d : f32
    %s = arith.addf %sq, %acc : f32
    linalg.yield %s : f32
  } -> tensor<32768x64xf32>
  %std = linalg.generic {indexing_maps = [#identity, #identity],
                         iterator_types = ["parallel", "parallel"]}
      ins(%group_ssd : tensor<32768x64xf32>) outs(%stat_empty : tensor<32768x64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %var = arith.divf %in, %group_size : f32
    %var_eps = arith.addf %var, %eps : f32
    %s = math.sqrt %var_eps : f32
    linalg.yield %s : f32
  } -> tensor<32768x64xf32>
  // (v - mean) / std.
  %norm_empty = tensor.empty() : tensor<32768x64x64xf32>
  %norm = linalg.generic {indexing_maps = [#identity3, #group, #group, #identity3],
                          iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%grouped, %mean, %std : tensor<32768x64x64xf32>, tensor<32768x64xf32>, tensor<32768x64xf32>) outs(%norm_empty : tensor<32768x64x64xf32>) {
  ^bb0(%in: f32, %m: f32, %s: f32, %out: f32):
    %d = arith.subf %in, %m : f32
    %n = arith.divf %d, %s : f32
    linalg.yield %n : f32
  } -> tensor<32768x64x64xf32>
  %y = tensor.collapse_shape %norm [[0], [1, 2]]
      : tensor<32768x64x64xf32> into tensor<32768x4096xf32>
  return %y : tensor<32768x4096xf32>
}
