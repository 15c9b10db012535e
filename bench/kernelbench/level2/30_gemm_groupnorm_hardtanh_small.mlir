// KernelBench level 2 problem 30: Gemm_GroupNorm_Hardtanh.
// y = Hardtanh(GroupNorm(x @ W^T + bias, num_groups=5, eps=1e-5), -2.0, 2.0), x 19x37, W 35x37 (out, in) as nn.Linear, bias 35, y 19x35 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.
// GroupNorm in its default init state: weight 1 and bias 0 are folded away. Its
// statistics are per (row, group) of 7 channels, variance biased.

#lhs_map = affine_map<(m, n, k) -> (m, k)>
#rhs_transposed_map = affine_map<(m, n, k) -> (n, k)>
#out_map = affine_map<(m, n, k) -> (m, n)>
#identity = affine_map<(i, j) -> (i, j)>
#col = affine_map<(i, j) -> (j)>
#identity3 = affine_map<(i, g, c) -> (i, g, c)>
#group = affine_map<(i, g, c) -> (i, g)>

func.func @gemm_groupnorm_hardtanh(%x: tensor<19x37xf32>, %W: tensor<35x37xf32> {foundry.init = "uniform(-0.164398987, 0.164398987)"}, %bias: tensor<35xf32> {foundry.init = "uniform(-0.164398987, 0.164398987)"}) -> tensor<19x35xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %group_size = arith.constant 7.0 : f32
  %eps = arith.constant 1.0e-05 : f32
  %hardtanh_min = arith.constant -2.0 : f32
  %hardtanh_max = arith.constant 2.0 : f32
  // y = x @ W^T: linalg.matmul reading W (out_features, in_features) transposed.
  %mm_empty = tensor.empty() : tensor<19x35xf32>
  %mm_init = linalg.fill ins(%zero : f32) outs(%mm_empty : tensor<19x35xf32>) -> tensor<19x35xf32>
  %mm = linalg.matmul indexing_maps = [#lhs_map, #rhs_transposed_map, #out_map]
      ins(%x, %W : tensor<19x37xf32>, tensor<35x37xf32>) outs(%mm_init : tensor<19x35xf32>) -> tensor<19x35xf32>
  // + bias, broadcast over the rows.
  %linear_empty = tensor.empty() : tensor<19x35xf32>
  %linear = linalg.generic {indexing_maps = [#identity, #col, #identity],
                            iterator_types = ["parallel", "parallel"]}
      ins(%mm, %bias : tensor<19x35xf32>, tensor<35xf32>) outs(%linear_empty : tensor<19x35xf32>) {
  ^bb0(%acc: f32, %b: f32, %out: f32):
    %biased = arith.addf %acc, %b : f32
    linalg.yield %biased : f32
  } -> tensor<19x35xf32>
  // GroupNorm: view the 35 channels as 5 groups of 7.
  %grouped = tensor.expand_shape %linear [[0], [1, 2]] output_shape [19, 5, 7]
      : tensor<19x35xf32> into tensor<19x5x7xf32>
  %stat_empty = tensor.empty() : tensor<19x5xf32>
  %stat_zero = linalg.fill ins(%zero : f32) outs(%stat_empty : tensor<19x5xf32>) -> tensor<19x5xf32>
  // Group sum (init 0), then mean = sum / 7.
  %group_sum = linalg.generic {indexing_maps = [#identity3, #group],
                               iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%grouped : tensor<19x5x7xf32>) outs(%stat_zero : tensor<19x5xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<19x5xf32>
  %mean = linalg.generic {indexing_maps = [#identity, #identity],
                          iterator_types = ["parallel", "parallel"]}
      ins(%group_sum : tensor<19x5xf32>) outs(%stat_empty : tensor<19x5xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.divf %in, %group_size : f32
    linalg.yield %m : f32
  } -> tensor<19x5xf32>
  // Sum of squared deviations (init 0), then std = sqrt(ssd / 7 + eps).
  %group_ssd = linalg.generic {indexing_maps = [#identity3, #group, #group],
                               iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%grouped, %mean : tensor<19x5x7xf32>, tensor<19x5xf32>) outs(%stat_zero : tensor<19x5xf32>) {
  ^bb0(%in: f32, %m: f32, %acc: f32):
    %d = arith.subf %in, %m : f32
    %sq = arith.mulf %d, %d : f32
    %s = arith.addf %sq, %acc : f32
    linalg.yield %s : f32
  } -> tensor<19x5xf32>
  %std = linalg.generic {indexing_maps = [#identity, #identity],
                         iterator_types = ["parallel", "parallel"]}
      ins(%group_ssd : tensor<19x5xf32>) outs(%stat_empty : tensor<19x5xf32>) {
  ^bb0(%in: f32, %out: f32):
    %var = arith.divf %in, %group_size : f32
    %var_eps = arith.addf %var, %eps : f32
    %s = math.sqrt %var_eps : f32
    linalg.yield %s : f32
  } -> tensor<19x5xf32>
  // (v - mean) / std.
  %norm_empty = tensor.empty() : tensor<19x5x7xf32>
  %norm = linalg.generic {indexing_maps = [#identity3, #group, #group, #identity3],
                          iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%grouped, %mean, %std : tensor<19x5x7xf32>, tensor<19x5xf32>, tensor<19x5xf32>) outs(%norm_empty : tensor<19x5x7xf32>) {
  ^bb0(%in: f32, %m: f32, %s: f32, %out: f32):
    %d = arith.subf %in, %m : f32
    %n = arith.divf %d, %s : f32
    linalg.yield %n : f32
  } -> tensor<19x5x7xf32>
  %normalized = tensor.collapse_shape %norm [[0], [1, 2]]
      : tensor<19x5x7xf32> into tensor<19x35xf32>
  // Hardtanh: min(max(v, -2), 2).
  %y_empty = tensor.empty() : tensor<19x35xf32>
  %y = linalg.generic {indexing_maps = [#identity, #identity],
                       iterator_types = ["parallel", "parallel"]}
      ins(%normalized : tensor<19x35xf32>) outs(%y_empty : tensor<19x35xf32>) {
  ^bb0(%in: f32, %out: f32):
    %lo = arith.maximumf %in, %hardtanh_min : f32
    %hi = arith.minimumf %lo, %hardtanh_max : f32
    linalg.yield %hi : f32
  } -> tensor<19x35xf32>
  return %y : tensor<19x35xf32>
}
