// KernelBench level 2 problem 21: Conv2d_Add_Scale_Sigmoid_GroupNorm.
// y = GroupNorm(8, 32)(sigmoid((Conv2d(8, 32, kernel_size=3)(x) + bias) * scale)), x 128x8x256x256, conv weight 32x8x3x3, conv bias 32, bias 32x1x1, scale 32x1x1, y 128x32x254x254 (fp32).
// GroupNorm in its default init state: weight = 1 and bias = 0 folded away; eps 1e-5, statistics of each (n, group) over 4 channels x 254x254, biased variance.
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

#identity4 = affine_map<(n, f, h, w) -> (n, f, h, w)>
#channel = affine_map<(n, f, h, w) -> (f)>
#channel_11 = affine_map<(n, f, h, w) -> (f, 0, 0)>
// Group statistics on the conv output viewed as (n, group, channel in group, h, w).
#identity5 = affine_map<(n, g, c, h, w) -> (n, g, c, h, w)>
#group = affine_map<(n, g, c, h, w) -> (n, g)>
#identity2 = affine_map<(n, g) -> (n, g)>

func.func @conv2d_add_scale_sigmoid_groupnorm(%x: tensor<128x8x256x256xf32>, %conv_weight: tensor<32x8x3x3xf32> {foundry.init = "uniform(-0.11785113, 0.11785113)"}, %conv_bias: tensor<32xf32> {foundry.init = "uniform(-0.11785113, 0.11785113)"}, %bias: tensor<32x1x1xf32> {foundry.init = "normal(0, 1)"}, %scale: tensor<32x1x1xf32> {foundry.init = "normal(0, 1)"}) -> tensor<128x32x254x254xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %count = arith.constant 258064.0 : f32
  %eps = arith.constant 1.0e-05 : f32
  // Convolution, stride 1, no padding.
  %conv_empty = tensor.empty() : tensor<128x32x254x254xf32>
  %conv_init = linalg.fill ins(%zero : f32) outs(%conv_empty : tensor<128x32x254x254xf32>) -> tensor<128x32x254x254xf32>
  %conv = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %conv_weight : tensor<128x8x256x256xf32>, tensor<32x8x3x3xf32>) outs(%conv_init : tensor<128x32x254x254xf32>) -> tensor<128x32x254x254xf32>
  // sigmoid((conv + conv bias + bias) * scale), the parameters broadcast over the channels.
  %act_empty = tensor.empty() : tensor<128x32x254x254xf32>
  %act = linalg.generic {indexing_maps = [#identity4, #channel, #channel_11, #channel_11, #identity4],
                         iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%conv, %conv_bias, %bias, %scale : tensor<128x32x254x254xf32>, tensor<32xf32>, tensor<32x1x1xf32>, tensor<32x1x1xf32>) outs(%act_empty : tensor<128x32x254x254xf32>) {
  ^bb0(%acc: f32, %cbv: f32, %bv: f32, %sv: f32, %out: f32):
    %v0 = arith.addf %acc, %cbv : f32
    %v1 = arith.addf %v0, %bv : f32
    %v2 = arith.mulf %v1, %sv : f32
    %neg = arith.negf %v2 : f32
    %e = math.exp %neg : f32
    %den = arith.addf %e, %one : f32
    %sig = arith.divf %one, %den : f32
    linalg.yield %sig : f32
  } -> tensor<128x32x254x254xf32>
  // GroupNorm(8, 32): 32 channels -> 8 groups of 4.
  %grouped = tensor.expand_shape %act [[0], [1, 2], [3], [4]] output_shape [128, 8, 4, 254, 254] : tensor<128x32x254x254xf32> into tensor<128x8x4x254x254xf32>
  %sum_empty = tensor.empty() : tensor<128x8xf32>
  %sum_init = linalg.fill ins(%zero : f32) outs(%sum_empty : tensor<128x8xf32>) -> tensor<128x8xf32>
  %sum = linalg.generic {indexing_maps = [#identity5, #group],
                         iterator_types = ["parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%grouped : tensor<128x8x4x254x254xf32>) outs(%sum_init : tensor<128x8xf32>) {
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
  // Biased variance: sum of (v - mean)^2 over the group, / 258064.
  %sq_empty = tensor.empty() : tensor<128x8xf32>
  %sq_init = linalg.fill ins(%zero : f32) outs(%sq_empty : tensor<128x8xf32>) -> tensor<128x8xf32>
  %sq_sum = linalg.generic {indexing_maps = [#identity5, #group, #group],
                            iterator_types = ["parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%grouped, %mean : tensor<128x8x4x254x254xf32>, tensor<128x8xf32>) outs(%sq_init : tensor<128x8xf32>) {
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
  // y = (v - mean) * rstd.
  %norm_empty = tensor.empty() : tensor<128x8x4x254x254xf32>
  %norm = linalg.generic {indexing_maps = [#identity5, #group, #group, #identity5],
                          iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%grouped, %mean, %rstd : tensor<128x8x4x254x254xf32>, tensor<128x8xf32>, tensor<128x8xf32>) outs(%norm_empty : tensor<128x8x4x254x254xf32>) {
  ^bb0(%in: f32, %m: f32, %r: f32, %out: f32):
    %d = arith.subf %in, %m : f32
    %normalized = arith.mulf %d, %r : f32
    linalg.yield %normalized : f32
  } -> tensor<128x8x4x254x254xf32>
  %y = tensor.collapse_shape %norm [[0], [1, 2], [3], [4]] : tensor<128x8x4x254x254xf32> into tensor<128x32x254x254xf32>
  return %y : tensor<128x32x254x254xf32>
}
