// KernelBench level 2 problem 17: Conv2d_InstanceNorm_Divide.
// y = InstanceNorm2d(6)(Conv2d(5, 6, kernel_size=3)(x)) / 2.0, x 2x5x13x15, conv weight 6x5x3x3, conv bias 6, y 2x6x11x13 (fp32).
// InstanceNorm2d defaults: affine=False (no weight, no bias), eps 1e-5, statistics of each (n, c) plane over HxW, biased variance.
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

#identity4 = affine_map<(n, f, h, w) -> (n, f, h, w)>
#channel = affine_map<(n, f, h, w) -> (f)>
#plane = affine_map<(n, f, h, w) -> (n, f)>
#identity2 = affine_map<(n, f) -> (n, f)>

func.func @conv2d_instancenorm_divide(%x: tensor<2x5x13x15xf32>, %conv_weight: tensor<6x5x3x3xf32> {foundry.init = "uniform(-0.149071198, 0.149071198)"}, %conv_bias: tensor<6xf32> {foundry.init = "uniform(-0.149071198, 0.149071198)"}) -> tensor<2x6x11x13xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %count = arith.constant 143.0 : f32
  %eps = arith.constant 1.0e-05 : f32
  %divide_by = arith.constant 2.0 : f32
  // Convolution, stride 1, no padding.
  %conv_empty = tensor.empty() : tensor<2x6x11x13xf32>
  %conv_init = linalg.fill ins(%zero : f32) outs(%conv_empty : tensor<2x6x11x13xf32>) -> tensor<2x6x11x13xf32>
  %conv = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %conv_weight : tensor<2x5x13x15xf32>, tensor<6x5x3x3xf32>) outs(%conv_init : tensor<2x6x11x13xf32>) -> tensor<2x6x11x13xf32>
  // + conv bias, broadcast over the channels.
  %biased_empty = tensor.empty() : tensor<2x6x11x13xf32>
  %biased = linalg.generic {indexing_maps = [#identity4, #channel, #identity4],
                            iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%conv, %conv_bias : tensor<2x6x11x13xf32>, tensor<6xf32>) outs(%biased_empty : tensor<2x6x11x13xf32>) {
  ^bb0(%acc: f32, %cbv: f32, %out: f32):
    %sum = arith.addf %acc, %cbv : f32
    linalg.yield %sum : f32
  } -> tensor<2x6x11x13xf32>
  // Mean of each (n, c) plane over the 11x13 = 143 positions.
  %sum_empty = tensor.empty() : tensor<2x6xf32>
  %sum_init = linalg.fill ins(%zero : f32) outs(%sum_empty : tensor<2x6xf32>) -> tensor<2x6xf32>
  %sum = linalg.generic {indexing_maps = [#identity4, #plane],
                         iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
      ins(%biased : tensor<2x6x11x13xf32>) outs(%sum_init : tensor<2x6xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %acc, %in : f32
    linalg.yield %s : f32
  } -> tensor<2x6xf32>
  %mean_empty = tensor.empty() : tensor<2x6xf32>
  %mean = linalg.generic {indexing_maps = [#identity2, #identity2],
                          iterator_types = ["parallel", "parallel"]}
      ins(%sum : tensor<2x6xf32>) outs(%mean_empty : tensor<2x6xf32>) {
  ^bb0(%s: f32, %out: f32):
    %m = arith.divf %s, %count : f32
    linalg.yield %m : f32
  } -> tensor<2x6xf32>
  // Biased variance: sum of (v - mean)^2 over the plane, / 143.
  %sq_empty = tensor.empty() : tensor<2x6xf32>
  %sq_init = linalg.fill ins(%zero : f32) outs(%sq_empty : tensor<2x6xf32>) -> tensor<2x6xf32>
  %sq_sum = linalg.generic {indexing_maps = [#identity4, #plane, #plane],
                            iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
      ins(%biased, %mean : tensor<2x6x11x13xf32>, tensor<2x6xf32>) outs(%sq_init : tensor<2x6xf32>) {
  ^bb0(%in: f32, %m: f32, %acc: f32):
    %d = arith.subf %in, %m : f32
    %d2 = arith.mulf %d, %d : f32
    %s = arith.addf %acc, %d2 : f32
    linalg.yield %s : f32
  } -> tensor<2x6xf32>
  // rstd = 1 / sqrt(var + eps).
  %rstd_empty = tensor.empty() : tensor<2x6xf32>
  %rstd = linalg.generic {indexing_maps = [#identity2, #identity2],
                          iterator_types = ["parallel", "parallel"]}
      ins(%sq_sum : tensor<2x6xf32>) outs(%rstd_empty : tensor<2x6xf32>) {
  ^bb0(%s: f32, %out: f32):
    %var = arith.divf %s, %count : f32
    %shifted = arith.addf %var, %eps : f32
    %r = math.rsqrt %shifted : f32
    linalg.yield %r : f32
  } -> tensor<2x6xf32>
  // y = (v - mean) * rstd / 2.0.
  %y_empty = tensor.empty() : tensor<2x6x11x13xf32>
  %y = linalg.generic {indexing_maps = [#identity4, #plane, #plane, #identity4],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%biased, %mean, %rstd : tensor<2x6x11x13xf32>, tensor<2x6xf32>, tensor<2x6xf32>) outs(%y_empty : tensor<2x6x11x13xf32>) {
  ^bb0(%in: f32, %m: f32, %r: f32, %out: f32):
    %d = arith.subf %in, %m : f32
    %normalized = arith.mulf %d, %r : f32
    %q = arith.divf %normalized, %divide_by : f32
    linalg.yield %q : f32
  } -> tensor<2x6x11x13xf32>
  return %y : tensor<2x6x11x13xf32>
}
