// KernelBench level 1 problem 33: BatchNorm.
// y = nn.BatchNorm2d(7) in training mode: (x - mean_c) / sqrt(var_c + 1e-5) with the batch mean and biased variance per channel over (N, H, W), x and y 5x7x9x11 (batch, features, d1, d2) (fp32).
// Affine parameters in their default init state (weight = 1, bias = 0) are folded in; running stats are not part of the output.
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

// Statistics loop order (c, n, h, w): the channel is the parallel dim, (n, h, w) the reduction dims.
#x_stats_map = affine_map<(c, n, h, w) -> (n, c, h, w)>
#channel_stats_map = affine_map<(c, n, h, w) -> (c)>
#identity1 = affine_map<(c) -> (c)>
#identity4 = affine_map<(n, c, h, w) -> (n, c, h, w)>
#channel = affine_map<(n, c, h, w) -> (c)>

func.func @batchnorm(%x: tensor<5x7x9x11xf32>) -> tensor<5x7x9x11xf32> {
  %zero = arith.constant 0.0 : f32
  %count = arith.constant 495.0 : f32
  %eps = arith.constant 1.0e-05 : f32
  // Sum per channel over (n, h, w) (init 0).
  %sum_empty = tensor.empty() : tensor<7xf32>
  %sum_init = linalg.fill ins(%zero : f32) outs(%sum_empty : tensor<7xf32>) -> tensor<7xf32>
  %sum = linalg.generic {indexing_maps = [#x_stats_map, #channel_stats_map],
                         iterator_types = ["parallel", "reduction", "reduction", "reduction"]}
      ins(%x : tensor<5x7x9x11xf32>) outs(%sum_init : tensor<7xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<7xf32>
  // mean = sum / (N * H * W).
  %mean_empty = tensor.empty() : tensor<7xf32>
  %mean = linalg.generic {indexing_maps = [#identity1, #identity1],
                          iterator_types = ["parallel"]}
      ins(%sum : tensor<7xf32>) outs(%mean_empty : tensor<7xf32>) {
  ^bb0(%s: f32, %out: f32):
    %m = arith.divf %s, %count : f32
    linalg.yield %m : f32
  } -> tensor<7xf32>
  // Sum of squared deviations per channel (init 0).
  %sq_empty = tensor.empty() : tensor<7xf32>
  %sq_init = linalg.fill ins(%zero : f32) outs(%sq_empty : tensor<7xf32>) -> tensor<7xf32>
  %sum_sq_dev = linalg.generic {indexing_maps = [#x_stats_map, #channel_stats_map, #channel_stats_map],
                                iterator_types = ["parallel", "reduction", "reduction", "reduction"]}
      ins(%x, %mean : tensor<5x7x9x11xf32>, tensor<7xf32>) outs(%sq_init : tensor<7xf32>) {
  ^bb0(%in: f32, %m: f32, %acc: f32):
    %dev = arith.subf %in, %m : f32
    %dev_sq = arith.mulf %dev, %dev : f32
    %s = arith.addf %dev_sq, %acc : f32
    linalg.yield %s : f32
  } -> tensor<7xf32>
  // inv_std = 1 / sqrt(sum_sq_dev / (N * H * W) + eps), biased variance.
  %inv_std_empty = tensor.empty() : tensor<7xf32>
  %inv_std = linalg.generic {indexing_maps = [#identity1, #identity1],
                             iterator_types = ["parallel"]}
      ins(%sum_sq_dev : tensor<7xf32>) outs(%inv_std_empty : tensor<7xf32>) {
  ^bb0(%q: f32, %out: f32):
    %var = arith.divf %q, %count : f32
    %shifted = arith.addf %var, %eps : f32
    %r = math.rsqrt %shifted : f32
    linalg.yield %r : f32
  } -> tensor<7xf32>
  // y = (x - mean) * inv_std, broadcast over (n, h, w).
  %y_empty = tensor.empty() : tensor<5x7x9x11xf32>
  %y = linalg.generic {indexing_maps = [#identity4, #channel, #channel, #identity4],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x, %mean, %inv_std : tensor<5x7x9x11xf32>, tensor<7xf32>, tensor<7xf32>) outs(%y_empty : tensor<5x7x9x11xf32>) {
  ^bb0(%in: f32, %m: f32, %r: f32, %out: f32):
    %centered = arith.subf %in, %m : f32
    %normalized = arith.mulf %centered, %r : f32
    linalg.yield %normalized : f32
  } -> tensor<5x7x9x11xf32>
  return %y : tensor<5x7x9x11xf32>
}
