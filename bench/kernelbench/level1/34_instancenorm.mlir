// KernelBench level 1 problem 34: InstanceNorm.
// y = nn.InstanceNorm2d(64): (x - mean_nc) / sqrt(var_nc + 1e-5) with the mean and biased variance per (sample, channel) over (H, W), x and y 112x64x512x512 (batch, features, d1, d2) (fp32).
// InstanceNorm2d defaults: affine=False (no weight, no bias), track_running_stats=False, so the instance statistics are always used.
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

// Statistics loop order (n, c, h, w): (n, c) parallel, (h, w) the reduction dims.
#identity4 = affine_map<(n, c, h, w) -> (n, c, h, w)>
#instance = affine_map<(n, c, h, w) -> (n, c)>
#identity2 = affine_map<(n, c) -> (n, c)>

func.func @instancenorm(%x: tensor<112x64x512x512xf32>) -> tensor<112x64x512x512xf32> {
  %zero = arith.constant 0.0 : f32
  %count = arith.constant 262144.0 : f32
  %eps = arith.constant 1.0e-05 : f32
  // Sum per (n, c) over (h, w) (init 0).
  %sum_empty = tensor.empty() : tensor<112x64xf32>
  %sum_init = linalg.fill ins(%zero : f32) outs(%sum_empty : tensor<112x64xf32>) -> tensor<112x64xf32>
  %sum = linalg.generic {indexing_maps = [#identity4, #instance],
                         iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
      ins(%x : tensor<112x64x512x512xf32>) outs(%sum_init : tensor<112x64xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<112x64xf32>
  // mean = sum / (H * W).
  %mean_empty = tensor.empty() : tensor<112x64xf32>
  %mean = linalg.generic {indexing_maps = [#identity2, #identity2],
                          iterator_types = ["parallel", "parallel"]}
      ins(%sum : tensor<112x64xf32>) outs(%mean_empty : tensor<112x64xf32>) {
  ^bb0(%s: f32, %out: f32):
    %m = arith.divf %s, %count : f32
    linalg.yield %m : f32
  } -> tensor<112x64xf32>
  // Sum of squared deviations per (n, c) (init 0).
  %sq_empty = tensor.empty() : tensor<112x64xf32>
  %sq_init = linalg.fill ins(%zero : f32) outs(%sq_empty : tensor<112x64xf32>) -> tensor<112x64xf32>
  %sum_sq_dev = linalg.generic {indexing_maps = [#identity4, #instance, #instance],
                                iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
      ins(%x, %mean : tensor<112x64x512x512xf32>, tensor<112x64xf32>) outs(%sq_init : tensor<112x64xf32>) {
  ^bb0(%in: f32, %m: f32, %acc: f32):
    %dev = arith.subf %in, %m : f32
    %dev_sq = arith.mulf %dev, %dev : f32
    %s = arith.addf %dev_sq, %acc : f32
    linalg.yield %s : f32
  } -> tensor<112x64xf32>
  // inv_std = 1 / sqrt(sum_sq_dev / (H * W) + eps), biased variance.
  %inv_std_empty = tensor.empty() : tensor<112x64xf32>
  %inv_std = linalg.generic {indexing_maps = [#identity2, #identity2],
                             iterator_types = ["parallel", "parallel"]}
      ins(%sum_sq_dev : tensor<112x64xf32>) outs(%inv_std_empty : tensor<112x64xf32>) {
  ^bb0(%q: f32, %out: f32):
    %var = arith.divf %q, %count : f32
    %shifted = arith.addf %var, %eps : f32
    %r = math.rsqrt %shifted : f32
    linalg.yield %r : f32
  } -> tensor<112x64xf32>
  // y = (x - mean) * inv_std, broadcast over (h, w).
  %y_empty = tensor.empty() : tensor<112x64x512x512xf32>
  %y = linalg.generic {indexing_maps = [#identity4, #instance, #instance, #identity4],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x, %mean, %inv_std : tensor<112x64x512x512xf32>, tensor<112x64xf32>, tensor<112x64xf32>) outs(%y_empty : tensor<112x64x512x512xf32>) {
  ^bb0(%in: f32, %m: f32, %r: f32, %out: f32):
    %centered = arith.subf %in, %m : f32
    %normalized = arith.mulf %centered, %r : f32
    linalg.yield %normalized : f32
  } -> tensor<112x64x512x512xf32>
  return %y : tensor<112x64x512x512xf32>
}
