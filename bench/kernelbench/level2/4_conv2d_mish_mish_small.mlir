// KernelBench level 2 problem 4: Conv2d_Mish_Mish.
// y = Mish(Mish(Conv2d(5, 7, kernel_size=3)(x))), Mish(v) = v * tanh(log1p(exp(v))), x 2x5x13x15, conv weight 7x5x3x3, conv bias 7, y 2x7x11x13 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

#identity4 = affine_map<(n, f, h, w) -> (n, f, h, w)>
#channel = affine_map<(n, f, h, w) -> (f)>

func.func @conv2d_mish_mish(%x: tensor<2x5x13x15xf32>, %conv_weight: tensor<7x5x3x3xf32> {foundry.init = "uniform(-0.149071198, 0.149071198)"}, %conv_bias: tensor<7xf32> {foundry.init = "uniform(-0.149071198, 0.149071198)"}) -> tensor<2x7x11x13xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  // Convolution, stride 1, no padding.
  %conv_empty = tensor.empty() : tensor<2x7x11x13xf32>
  %conv_init = linalg.fill ins(%zero : f32) outs(%conv_empty : tensor<2x7x11x13xf32>) -> tensor<2x7x11x13xf32>
  %conv = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %conv_weight : tensor<2x5x13x15xf32>, tensor<7x5x3x3xf32>) outs(%conv_init : tensor<2x7x11x13xf32>) -> tensor<2x7x11x13xf32>
  // + conv bias, broadcast over the channels.
  %biased_empty = tensor.empty() : tensor<2x7x11x13xf32>
  %biased = linalg.generic {indexing_maps = [#identity4, #channel, #identity4],
                            iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%conv, %conv_bias : tensor<2x7x11x13xf32>, tensor<7xf32>) outs(%biased_empty : tensor<2x7x11x13xf32>) {
  ^bb0(%acc: f32, %cbv: f32, %out: f32):
    %sum = arith.addf %acc, %cbv : f32
    linalg.yield %sum : f32
  } -> tensor<2x7x11x13xf32>
  // Mish twice: v * tanh(softplus(v)), softplus(v) = log1p(exp(v)).
  %mish1_empty = tensor.empty() : tensor<2x7x11x13xf32>
  %mish1 = linalg.generic {indexing_maps = [#identity4, #identity4],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%biased : tensor<2x7x11x13xf32>) outs(%mish1_empty : tensor<2x7x11x13xf32>) {
  ^bb0(%in: f32, %out: f32):
    %e = math.exp %in : f32
    %softplus = math.log1p %e : f32
    %t = math.tanh %softplus : f32
    %m = arith.mulf %in, %t : f32
    linalg.yield %m : f32
  } -> tensor<2x7x11x13xf32>
  %y_empty = tensor.empty() : tensor<2x7x11x13xf32>
  %y = linalg.generic {indexing_maps = [#identity4, #identity4],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%mish1 : tensor<2x7x11x13xf32>) outs(%y_empty : tensor<2x7x11x13xf32>) {
  ^bb0(%in: f32, %out: f32):
    %e = math.exp %in : f32
    %softplus = math.log1p %e : f32
    %t = math.tanh %softplus : f32
    %m = arith.mulf %in, %t : f32
    linalg.yield %m : f32
  } -> tensor<2x7x11x13xf32>
  return %y : tensor<2x7x11x13xf32>
}
