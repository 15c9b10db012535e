// KernelBench level 2 problem 1: Conv2D_ReLU_BiasAdd.
// y = ReLU(Conv2d(5, 7, kernel_size=3)(x)) + bias, x 2x5x13x15, conv weight 7x5x3x3, conv bias 7, bias 7x1x1, y 2x7x11x13 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

#identity4 = affine_map<(n, f, h, w) -> (n, f, h, w)>
#channel = affine_map<(n, f, h, w) -> (f)>
#channel_11 = affine_map<(n, f, h, w) -> (f, 0, 0)>

func.func @conv2d_relu_biasadd(%x: tensor<2x5x13x15xf32>, %conv_weight: tensor<7x5x3x3xf32> {foundry.init = "uniform(-0.149071198, 0.149071198)"}, %conv_bias: tensor<7xf32> {foundry.init = "uniform(-0.149071198, 0.149071198)"}, %bias: tensor<7x1x1xf32> {foundry.init = "normal(0, 1)"}) -> tensor<2x7x11x13xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  // Convolution, stride 1, no padding.
  %conv_empty = tensor.empty() : tensor<2x7x11x13xf32>
  %conv_init = linalg.fill ins(%zero : f32) outs(%conv_empty : tensor<2x7x11x13xf32>) -> tensor<2x7x11x13xf32>
  %conv = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %conv_weight : tensor<2x5x13x15xf32>, tensor<7x5x3x3xf32>) outs(%conv_init : tensor<2x7x11x13xf32>) -> tensor<2x7x11x13xf32>
  // + conv bias, ReLU, + bias (7x1x1), broadcast over the channels.
  %y_empty = tensor.empty() : tensor<2x7x11x13xf32>
  %y = linalg.generic {indexing_maps = [#identity4, #channel, #channel_11, #identity4],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%conv, %conv_bias, %bias : tensor<2x7x11x13xf32>, tensor<7xf32>, tensor<7x1x1xf32>) outs(%y_empty : tensor<2x7x11x13xf32>) {
  ^bb0(%acc: f32, %cbv: f32, %bv: f32, %out: f32):
    %biased = arith.addf %acc, %cbv : f32
    %relu = arith.maximumf %biased, %zero : f32
    %sum = arith.addf %relu, %bv : f32
    linalg.yield %sum : f32
  } -> tensor<2x7x11x13xf32>
  return %y : tensor<2x7x11x13xf32>
}
