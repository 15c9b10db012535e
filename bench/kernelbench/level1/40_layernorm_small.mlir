// KernelBench level 1 problem 40: LayerNorm.
// y = nn.LayerNorm((5, 7, 11)): (x - mean_n) / sqrt(var_n + 1e-5) with the mean and biased variance per sample over (features, d1, d2), x and y 3x5x7x11 (batch, features, d1, d2) (fp32).
// Elementwise affine parameters in their default init state (weight = 1, bias = 0) are folded in.
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

// Statistics loop order (n, c, h, w): n parallel, (c, h, w) the reduction dims.
#identity4 = affine_map<(n, c, h, w) -> (n, c, h, w)>
#sample = affine_map<(n, c, h, w) -> (n)>
#identity1 = affine_map<(n) -> (n)>

func.func @layernorm(%x: tensor<3x5x7x11xf32>) -> tensor<3x5x7x11xf32> {
  %zero = arith.constant 0.0 : f32
  %count = arith.constant 385.0 : f32
  %eps = arith.constant 1.0e-05 : f32
  // Sum per sample over (c, h, w) (init 0).
  %sum_empty = tensor.empty() : tensor<3xf32>
  %sum_init = linalg.fill ins(%zero : f32) outs(%sum_empty : tensor<3xf32>) -> tensor<3xf32>
  %sum = linalg.generic {indexing_maps = [#identity4, #sample],
                         iterator_types = ["parallel", "reduction", "reduction", "reduction"]}
      ins(%x : tensor<3x5x7x11xf32>) outs(%sum_init : tensor<3xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<3xf32>
  // mean = sum / (C * H * W).
  %mean_empty = tensor.empty() : tensor<3xf32>
  %mean = linalg.generic {indexing_maps = [#identity1, #identity1],
                          iterator_types = ["parallel"]}
      ins(%sum : tensor<3xf32>) outs(%mean_empty : tensor<3xf32>) {
  ^bb0(%s: f32, %out: f32):
    %m = arith.divf %s, %count : f32
    linalg.yield %m : f32
  } -> tensor<3xf32>
  // Sum of squared deviations per sample (init 0).
  %sq_empty = tensor.empty() : tensor<3xf32>
  %sq_init = linalg.fill ins(%zero : f32) outs(%sq_empty : tensor<3xf32>) -> tensor<3xf32>
  %sum_sq_dev = linalg.generic {indexing_maps = [#identity4, #sample, #sample],
                                iterator_types = ["parallel", "reduction", "reduction", "reduction"]}
      ins(%x, %mean : tensor<3x5x7x11xf32>, tensor<3xf32>) outs(%sq_init : tensor<3xf32>) {
  ^bb0(%in: f32, %m: f32, %acc: f32):
    %dev = arith.subf %in, %m : f32
    %dev_sq = arith.mulf %dev, %dev : f32
    %s = arith.addf %dev_sq, %acc : f32
    linalg.yield %s : f32
  } -> tensor<3xf32>
  // inv_std = 1 / sqrt(sum_sq_dev / (C * H * W) + eps), biased variance.
  %inv_std_empty = tensor.empty() : tensor<3xf32>
  %inv_std = linalg.generic {indexing_maps = [#identity1, #identity1],
                             iterator_types = ["parallel"]}
      ins(%sum_sq_dev : tensor<3xf32>) outs(%inv_std_empty : tensor<3xf32>) {
  ^bb0(%q: f32, %out: f32):
    %var = arith.divf %q, %count : f32
    %shifted = arith.addf %var, %eps : f32
    %r = math.rsqrt %shifted : f32
    linalg.yield %r : f32
  } -> tensor<3xf32>
  // y = (x - mean) * inv_std, broadcast over (c, h, w).
  %y_empty = tensor.empty() : tensor<3x5x7x11xf32>
  %y = linalg.generic {indexing_maps = [#identity4, #sample, #sample, #identity4],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x, %mean, %inv_std : tensor<3x5x7x11xf32>, tensor<3xf32>, tensor<3xf32>) outs(%y_empty : tensor<3x5x7x11xf32>) {
  ^bb0(%in: f32, %m: f32, %r: f32, %out: f32):
    %centered = arith.subf %in, %m : f32
    %normalized = arith.mulf %centered, %r : f32
    linalg.yield %normalized : f32
  } -> tensor<3x5x7x11xf32>
  return %y : tensor<3x5x7x11xf32>
}
