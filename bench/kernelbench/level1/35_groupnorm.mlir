// KernelBench level 1 problem 35: GroupNorm.
// y = nn.GroupNorm(num_groups=8, num_channels=64): (x - mean_ng) / sqrt(var_ng + 1e-5) with the mean and biased variance per (sample, group of 8 channels) over (channels of the group, H, W), x and y 112x64x512x512 (batch, features, d1, d2) (fp32).
// Affine parameters in their default init state (weight = 1, bias = 0) are folded in.
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

// x is viewed as 112x8x8x512x512 (n, g, c, h, w): channel n * 64 + g * 8 + c.
// Statistics loop order (n, g, c, h, w): (n, g) parallel, (c, h, w) the reduction dims.
#identity5 = affine_map<(n, g, c, h, w) -> (n, g, c, h, w)>
#group = affine_map<(n, g, c, h, w) -> (n, g)>
#identity2 = affine_map<(n, g) -> (n, g)>

func.func @groupnorm(%x: tensor<112x64x512x512xf32>) -> tensor<112x64x512x512xf32> {
  %zero = arith.constant 0.0 : f32
  %count = arith.constant 2097152.0 : f32
  %eps = arith.constant 1.0e-05 : f32
  // Split the channels into 8 groups of 8.
  %xg = tensor.expand_shape %x [[0], [1, 2], [3], [4]] output_shape [112, 8, 8, 512, 512]
      : tensor<112x64x512x512xf32> into tensor<112x8x8x512x512xf32>
  // Sum per (n, g) over (c, h, w) (init 0).
  %sum_empty = tensor.empty() : tensor<112x8xf32>
  %sum_init = linalg.fill ins(%zero : f32) outs(%sum_empty : tensor<112x8xf32>) -> tensor<112x8xf32>
  %sum = linalg.generic {indexing_maps = [#identity5, #group],
                         iterator_types = ["parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%xg : tensor<112x8x8x512x512xf32>) outs(%sum_init : tensor<112x8xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<112x8xf32>
  // mean = sum / (channels per group * H * W).
  %mean_empty = tensor.empty() : tensor<112x8xf32>
  %mean = linalg.generic {indexing_maps = [#identity2, #identity2],
                          iterator_types = ["parallel", "parallel"]}
      ins(%sum : tensor<112x8xf32>) outs(%mean_empty : tensor<112x8xf32>) {
  ^bb0(%s: f32, %out: f32):
    %m = arith.divf %s, %count : f32
    linalg.yield %m : f32
  } -> tensor<112x8xf32>
  // Sum of squared deviations per (n, g) (init 0).
  %sq_empty = tensor.empty() : tensor<112x8xf32>
  %sq_init = linalg.fill ins(%zero : f32) outs(%sq_empty : tensor<112x8xf32>) -> tensor<112x8xf32>
  %sum_sq_dev = linalg.generic {indexing_maps = [#identity5, #group, #group],
                                iterator_types = ["parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%xg, %mean : tensor<112x8x8x512x512xf32>, tensor<112x8xf32>) outs(%sq_init : tensor<112x8xf32>) {
  ^bb0(%in: f32, %m: f32, %acc: f32):
    %dev = arith.subf %in, %m : f32
    %dev_sq = arith.mulf %dev, %dev : f32
    %s = arith.addf %dev_sq, %acc : f32
    linalg.yield %s : f32
  } -> tensor<112x8xf32>
  // inv_std = 1 / sqrt(sum_sq_dev / count + eps), biased variance.
  %inv_std_empty = tensor.empty() : tensor<112x8xf32>
  %inv_std = linalg.generic {indexing_maps = [#identity2, #identity2],
                             iterator_types = ["parallel", "parallel"]}
      ins(%sum_sq_dev : tensor<112x8xf32>) outs(%inv_std_empty : tensor<112x8xf32>) {
  ^bb0(%q: f32, %out: f32):
    %var = arith.divf %q, %count : f32
    %shifted = arith.addf %var, %eps : f32
    %r = math.rsqrt %shifted : f32
    linalg.yield %r : f32
  } -> tensor<112x8xf32>
  // y = (x - mean) * inv_std, broadcast over (c, h, w) of each group.
  %yg_empty = tensor.empty() : tensor<112x8x8x512x512xf32>
  %yg = linalg.generic {indexing_maps = [#identity5, #group, #group, #identity5],
                        iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%xg, %mean, %inv_std : tensor<112x8x8x512x512xf32>, tensor<112x8xf32>, tensor<112x8xf32>) outs(%yg_empty : tensor<112x8x8x512x512xf32>) {
  ^bb0(%in: f32, %m: f32, %r: f32, %out: f32):
    %centered = arith.subf %in, %m : f32
    %normalized = arith.mulf %centered, %r : f32
    linalg.yield %normalized : f32
  } -> tensor<112x8x8x512x512xf32>
  // Merge the groups back into 64 channels.
  %y = tensor.collapse_shape %yg [[0], [1, 2], [3], [4]]
      : tensor<112x8x8x512x512xf32> into tensor<112x64x512x512xf32>
  return %y : tensor<112x64x512x512xf32>
}
