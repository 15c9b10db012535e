// KernelBench level 1 problem 82: conv_depthwise_2D_square_input_square_kernel.
// y = Conv2d(6, 6, kernel_size=3, stride=1, padding=0, groups=6, bias=False)(x), x 2x6x14x17, weight 6x1x3x3, y 2x6x12x15 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

func.func @conv_depthwise_2d(%x: tensor<2x6x14x17xf32>, %weight: tensor<6x1x3x3xf32> {foundry.init = "uniform(-0.333333333, 0.333333333)"}) -> tensor<2x6x12x15xf32> {
  %zero = arith.constant 0.0 : f32
  // The PyTorch weight (channels, in_channels / groups = 1, kh, kw) -> (channels, kh, kw).
  %filter = tensor.collapse_shape %weight [[0, 1], [2], [3]] : tensor<6x1x3x3xf32> into tensor<6x3x3xf32>
  %conv_empty = tensor.empty() : tensor<2x6x12x15xf32>
  %conv_init = linalg.fill ins(%zero : f32) outs(%conv_empty : tensor<2x6x12x15xf32>) -> tensor<2x6x12x15xf32>
  %y = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %filter : tensor<2x6x14x17xf32>, tensor<6x3x3xf32>) outs(%conv_init : tensor<2x6x12x15xf32>) -> tensor<2x6x12x15xf32>
  return %y : tensor<2x6x12x15xf32>
}
