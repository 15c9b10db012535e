// KernelBench level 2 problem 4: Conv2d_Mish_Mish.
// y = Mish(Mish(Conv2d(64, 128, kernel_size=3)(x))), Mish(v) = v * tanh(log1p(exp(v))), x 64x64x256x256, conv weight 128x64x3x3, conv bias 128, y 64x128x254x254 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

#identity4 = affine_map<(n, f, h, w) -> (n, f, h, w)>
#channel = affine_map<(n, f, h, w) -> (f)>

func.func @conv2d_mish_mish(%x: tensor<64x64x256x256xf32>, %conv_weight: tensor<128x64x3x3xf32> {foundry.init = "uniform(-0.0416666667, 0.0416666667)"}, %conv_bias: tensor<128xf32> {foundry.init = "uniform(-0.0416666667, 0.0416666667)"}) -> tensor<64x128x254x254xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  // Convolution, stride 1, no padding.
  %conv_empty = tensor.empty() : tensor<64x128x254x254xf32>
  %conv_init = linalg.fill ins(%zero : f32) outs(%conv_empty : tensor<64x128x254x254xf32>) -> tensor<64x128x254x254xf32>
  %conv = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %conv_weight : tensor<64x64x256x256xf32>, tensor<128x64x3x3xf32>) outs(%conv_init : tensor<64x128x254x254xf32>) -> tensor<64x128x254x254xf32>
  // + conv bias, broadcast over the channels.
  %biased_empty = tensor.empty() : tensor<64x128x254x254xf32>
  %biased = linalg.generic {indexing_maps = [#identity4, #channel, #identity4],
                            iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%conv, %conv_bias : tensor<64x128x254x254xf32>, tensor<128xf32>) outs(%biased_empty : tensor<64x128x254x254xf32>) {
  ^bb0(%acc: f32, %cbv: f32, %out: f32):
    %sum = arith.addf %acc, %cbv : f32
    linalg.yield %sum : f32
  } -> tensor<64x128x254x254xf32>
  // Mish twice: v * tanh(softplus(v)), softplus(v) = log1p(exp(v)).
  %mish1_empty = tensor.empty() : tensor<64x128x254x254xf32>
  %mish1 = linalg.generic {indexing_maps = [#identity4, #identity4],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%biased : tensor<64x128x254x254xf32>) outs(%mish1_empty : tensor<64x128x254x254xf32>) {
  ^bb0(%in: f32, %out: f32):
    %e = math.exp %in : f32
    %softplus = math.log1p %e : f32
    %t = math.tanh %softplus : f32
    %m = arith.mulf %in, %t : f32
    linalg.yield %m : f32
  } -> tensor<64x128x254x254xf32>
  %y_empty = tensor.empty() : tensor<64x128x254x254xf32>
  %y = linalg.generic {indexing_maps = [#identity4, #identity4],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%mish1 : tensor<64x128x254x254xf32>) outs(%y_empty : tensor<64x128x254x254xf32>) {
  ^bb0(%in: f32, %out: f32):
    %e = math.exp %in : f32
    %softplus = math.log1p %e : f32
    %t = math.tanh %softplus : f32
    %m = arith.mulf %in, %t : f32
    linalg.yield %m : f32
  } -> tensor<64x128x254x254xf32>
  return %y : tensor<64x128x254x254xf32>
}
