// KernelBench level 2 problem 21: Conv2d_Add_Scale_Sigmoid_GroupNorm.
// y = GroupNorm(2, 8)(sigmoid((Conv2d(3, 8, kernel_size=3)(x) + bias) * scale)), x 2x3x13x15, conv weight 8x3x3x3, conv bias 8, bias 8x1x1, scale 8x1x1, y 2x8x11x13 (fp32).
// GroupNorm in its default init state: weight = 1 and bias = 0 folded away; eps 1e-5, statistics of each (n, group) over 4 channels x 11x13, biased variance.
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

#identity4 = affine_map<(n, f, h, w) -> (n, f, h, w)>
#channel = affine_map<(n, f, h, w) -> (f)>
#channel_11 = affine_map<(n, f, h, w) -> (f, 0, 0)>
// Group statistics on the conv output viewed as (n, group, channel in group, h, w).
#identity5 = affine_map<(n, g, c, h, w) -> (n, g, c, h, w)>
#group = affine_map<(n, g, c, h, w) -> (n, g)>
#identity2 = affine_map<(n, g) -> (n, g)>

func.func @conv2d_add_scale_sigmoid_groupnorm(%x: tensor<2x3x13x15xf32>, %conv_weight: tensor<8x3x3x3xf32> {foundry.init = "uniform(-0.19245009, 0.19245009)"}, %conv_bias: tensor<8xf32> {foundry.init = "uniform(-0.19245009, 0.19245009)"}, %bias: tensor<8x1x1xf32> {foundry.init = "normal(0, 1)"}, %scale: tensor<8x1x1xf32> {foundry.init = "normal(0, 1)"}) -> tensor<2x8x11x13xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %count = arith.constant 572.0 : f32
  %eps = arith.constant 1.0e-05 : f32
  // Convolution, stride 1, no padding.
  %conv_empty = tensor.empty() : tensor<2x8x11x13xf32>
  %conv_init = linalg.fill ins(%zero : f32) outs(%conv_empty : tensor<2x8x11x13xf32>) -> tensor<2x8x11x13xf32>
  %conv = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %conv_weight : tensor<2x3x13x15xf32>, tensor<8x3x3x3xf32>) outs(%conv_init : tensor<2x8x11x13xf32>) -> tensor<2x8x11x13xf32>
  // sigmoid((conv + conv bias + bias) * scale), the parameters broadcast over the channels.
  %act_empty = tensor.empty() : tensor<2x8x11x13xf32>
  %act = linalg.generic {indexing_maps = [#identity4, #channel, #channel_11, #channel_11, #identity4],
                         iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%conv, %conv_bias, %bias, %scale : tensor<2x8x11x13xf32>, tensor<8xf32>, tensor<8x1x1xf32>, tensor<8x1x1xf32>) outs(%act_empty : tensor<2x8x11x13xf32>) {
  ^bb0(%acc: f32, %cbv: f32, %bv: f32, %sv: f32, %out: f32):
    %v0 = arith.addf %acc, %cbv : f32
    %v1 = arith.addf %v0, %bv : f32
    %v2 = arith.mulf %v1, %sv : f32
    %neg = arith.negf %v2 : f32
    %e = math.exp %neg : f32
    %den = arith.addf %e, %one : f32
    %sig = arith.divf %one, %den : f32
    linalg.yield %sig : f32
  } -> tensor<2x8x11x13xf32>
  // GroupNorm(2, 8): 8 channels -> 2 groups of 4.
  %grouped = tensor.expand_shape %act [[0], [1, 2], [3], [4]] output_shape [2, 2, 4, 11, 13] : tensor<2x8x11x13xf32> into tensor<2x2x4x11x13xf32>
  %sum_empty = tensor.empty() : tensor<2x2xf32>
  %sum_init = linalg.fill ins(%zero : f32) outs(%sum_empty : tensor<2x2xf32>) -> tensor<2x2xf32>
  %sum = linalg.generic {indexing_maps = [#identity5, #group],
                         iterator_types = ["parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%grouped : tensor<2x2x4x11x13xf32>) outs(%sum_init : tensor<2x2xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %acc, %in : f32
    linalg.yield %s : f32
  } -> tensor<2x2xf32>
  %mean_empty = tensor.empty() : tensor<2x2xf32>
  %mean = linalg.generic {indexing_maps = [#identity2, #identity2],
                          iterator_types = ["parallel", "parallel"]}
      ins(%sum : tensor<2x2xf32>) outs(%mean_empty : tensor<2x2xf32>) {
  ^bb0(%s: f32, %out: f32):
    %m = arith.divf %s, %count : f32
    linalg.yield %m : f32
  } -> tensor<2x2xf32>
  // Biased variance: sum of (v - mean)^2 over the group, / 572.
  %sq_empty = tensor.empty() : tensor<2x2xf32>
  %sq_init = linalg.fill ins(%zero : f32) outs(%sq_empty : tensor<2x2xf32>) -> tensor<2x2xf32>
  %sq_sum = linalg.generic {indexing_maps = [#identity5, #group, #group],
                            iterator_types = ["parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%grouped, %mean : tensor<2x2x4x11x13xf32>, tensor<2x2xf32>) outs(%sq_init : tensor<2x2xf32>) {
  ^bb0(%in: f32, %m: f32, %acc: f32):
    %d = arith.subf %in, %m : f32
    %d2 = arith.mulf %d, %d : f32
    %s = arith.addf %acc, %d2 : f32
    linalg.yield %s : f32
  } -> tensor<2x2xf32>
  // rstd = 1 / sqrt(var + eps).
  %rstd_empty = tensor.empty() : tensor<2x2xf32>
  %rstd = linalg.generic {indexing_maps = [#identity2, #identity2],
                          iterator_types = ["parallel", "parallel"]}
      ins(%sq_sum : tensor<2x2xf32>) outs(%rstd_empty : tensor<2x2xf32>) {
  ^bb0(%s: f32, %out: f32):
    %var = arith.divf %s, %count : f32
    %shifted = arith.addf %var, %eps : f32
    %r = math.rsqrt %shifted : f32
    linalg.yield %r : f32
  } -> tensor<2x2xf32>
  // y = (v - mean) * rstd.
  %norm_empty = tensor.empty() : tensor<2x2x4x11x13xf32>
  %norm = linalg.generic {indexing_maps = [#identity5, #group, #group, #identity5],
                          iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%grouped, %mean, %rstd : tensor<2x2x4x11x13xf32>, tensor<2x2xf32>, tensor<2x2xf32>) outs(%norm_empty : tensor<2x2x4x11x13xf32>) {
  ^bb0(%in: f32, %m: f32, %r: f32, %out: f32):
    %d = arith.subf %in, %m : f32
    %normalized = arith.mulf %d, %r : f32
    linalg.yield %normalized : f32
  } -> tensor<2x2x4x11x13xf32>
  %y = tensor.collapse_shape %norm [[0], [1, 2], [3], [4]] : tensor<2x2x4x11x13xf32> into tensor<2x8x11x13xf32>
  return %y : tensor<2x8x11x13xf32>
}
