// KernelBench level 2 problem 23: Conv3d_GroupNorm_Mean.
// y = mean(GroupNorm(8, 24)(Conv3d(3, 24, kernel_size=3)(x)), dim=[1, 2, 3, 4]), x 128x3x24x32x32, conv weight 24x3x3x3x3, conv bias 24, conv out 128x24x22x30x30, y 128 (fp32).
// GroupNorm in its default init state: weight = 1 and bias = 0 folded away; eps 1e-5, statistics of each (n, group) over 3 channels x 22x30x30, biased variance.
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

#identity5 = affine_map<(n, f, d, h, w) -> (n, f, d, h, w)>
#channel = affine_map<(n, f, d, h, w) -> (f)>
// Group statistics on the conv output viewed as (n, group, channel in group, d, h, w).
#identity6 = affine_map<(n, g, c, d, h, w) -> (n, g, c, d, h, w)>
#group = affine_map<(n, g, c, d, h, w) -> (n, g)>
#batch = affine_map<(n, g, c, d, h, w) -> (n)>
#identity2 = affine_map<(n, g) -> (n, g)>
#identity1 = affine_map<(n) -> (n)>

func.func @conv3d_groupnorm_mean(%x: tensor<128x3x24x32x32xf32>, %conv_weight: tensor<24x3x3x3x3xf32> {foundry.init = "uniform(-0.111111111, 0.111111111)"}, %conv_bias: tensor<24xf32> {foundry.init = "uniform(-0.111111111, 0.111111111)"}) -> tensor<128xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %count = arith.constant 59400.0 : f32
  %total_count = arith.constant 475200.0 : f32
  %eps = arith.constant 1.0e-05 : f32
  // Convolution, stride 1, no padding.
  %conv_empty = tensor.empty() : tensor<128x24x22x30x30xf32>
  %conv_init = linalg.fill ins(%zero : f32) outs(%conv_empty : tensor<128x24x22x30x30xf32>) -> tensor<128x24x22x30x30xf32>
  %conv = linalg.conv_3d_ncdhw_fcdhw {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>}
      ins(%x, %conv_weight : tensor<128x3x24x32x32xf32>, tensor<24x3x3x3x3xf32>) outs(%conv_init : tensor<128x24x22x30x30xf32>) -> tensor<128x24x22x30x30xf32>
  // + conv bias, broadcast over the channels.
  %biased_empty = tensor.empty() : tensor<128x24x22x30x30xf32>
  %biased = linalg.generic {indexing_maps = [#identity5, #channel, #identity5],
                            iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%conv, %conv_bias : tensor<128x24x22x30x30xf32>, tensor<24xf32>) outs(%biased_empty : tensor<128x24x22x30x30xf32>) {
  ^bb0(%acc: f32, %cbv: f32, %out: f32):
    %sum = arith.addf %acc, %cbv : f32
    linalg.yield %sum : f32
  } -> tensor<128x24x22x30x30xf32>
  // GroupNorm(8, 24): 24 channels -> 8 groups of 3.
  %grouped = tensor.expand_shape %biased [[0], [1, 2], [3], [4], [5]] output_shape [128, 8, 3, 22, 30, 30] : tensor<128x24x22x30x30xf32> into tensor<128x8x3x22x30x30xf32>
  %sum_empty = tensor.empty() : tensor<128x8xf32>
  %sum_init = linalg.fill ins(%zero : f32) outs(%sum_empty : tensor<128x8xf32>) -> tensor<128x8xf32>
  %sum = linalg.generic {indexing_maps = [#identity6, #group],
                         iterator_types = ["parallel", "parallel", "reduction", "reduction", "reduction", "reduction"]}
      ins(%grouped : tensor<128x8x3x22x30x30xf32>) outs(%sum_init : tensor<128x8xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %acc, %in : f32
    linalg.yield %s : f32
  } -> tensor<128x8xf32>
  %mean_empty = tensor.empty() : tensor<128x8xf32>
  %mean = linalg.generic {indexing_maps = [#identity2, #identity2],
                          iterator_types = ["parallel", "parallel"]}
      ins(%sum : tensor<128x8xf32>) outs(%mean_empty : tensor<128x8xf32>) {
  ^bb0(%s: f32, %out: f32):
    %m = arith.divf %s, %count : f32
    linalg.yield %m : f32
  } -> tensor<128x8xf32>
  // Biased variance: sum of (v - mean)^2 over the group, / 59400.
  %sq_empty = tensor.empty() : tensor<128x8xf32>
  %sq_init = linalg.fill ins(%zero : f32) outs(%sq_empty : tensor<128x8xf32>) -> tensor<128x8xf32>
  %sq_sum = linalg.generic {indexing_maps = [#identity6, #group, #group],
                            iterator_types = ["parallel", "parallel", "reduction", "reduction", "reduction", "reduction"]}
      ins(%grouped, %mean : tensor<128x8x3x22x30x30xf32>, tensor<128x8xf32>) outs(%sq_init : tensor<128x8xf32>) {
  ^bb0(%in: f32, %m: f32, %acc: f32):
    %d = arith.subf %in, %m : f32
    %d2 = arith.mulf %d, %d : f32
    %s = arith.addf %acc, %d2 : f32
    linalg.yield %s : f32
  } -> tensor<128x8xf32>
  // rstd = 1 / sqrt(var + eps).
  %rstd_empty = tensor.empty() : tensor<128x8xf32>
  %rstd = linalg.generic {indexing_maps = [#identity2, #identity2],
                          iterator_types = ["parallel", "parallel"]}
      ins(%sq_sum : tensor<128x8xf32>) outs(%rstd_empty : tensor<128x8xf32>) {
  ^bb0(%s: f32, %out: f32):
    %var = arith.divf %s, %count : f32
    %shifted = arith.addf %var, %eps : f32
    %r = math.rsqrt %shifted : f32
    linalg.yield %r : f32
  } -> tensor<128x8xf32>
  // Sum over all the channels and positions of the normalized value (v - mean) * rstd.
  %norm_sum_empty = tensor.empty() : tensor<128xf32>
  %norm_sum_init = linalg.fill ins(%zero : f32) outs(%norm_sum_empty : tensor<128xf32>) -> tensor<128xf32>
  %norm_sum = linalg.generic {indexing_maps = [#identity6, #group, #group, #batch],
                              iterator_types = ["parallel", "reduction", "reduction", "reduction", "reduction", "reduction"]}
      ins(%grouped, %mean, %rstd : tensor<128x8x3x22x30x30xf32>, tensor<128x8xf32>, tensor<128x8xf32>) outs(%norm_sum_init : tensor<128xf32>) {
  ^bb0(%in: f32, %m: f32, %r: f32, %acc: f32):
    %d = arith.subf %in, %m : f32
    %normalized = arith.mulf %d, %r : f32
    %s = arith.addf %acc, %normalized : f32
    linalg.yield %s : f32
  } -> tensor<128xf32>
  // Mean over the 24x22x30x30 = 475200 values of each batch element.
  %y_empty = tensor.empty() : tensor<128xf32>
  %y = linalg.generic {indexing_maps = [#identity1, #identity1],
                       iterator_types = ["parallel"]}
      ins(%norm_sum : tensor<128xf32>) outs(%y_empty : tensor<128xf32>) {
  ^bb0(%s: f32, %out: f32):
    %m = arith.divf %s, %total_count : f32
    linalg.yield %m : f32
  } -> tensor<128xf32>
  return %y : tensor<128xf32>
}
