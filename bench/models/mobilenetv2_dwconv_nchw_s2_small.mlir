// MobileNetV2 depthwise 3x3 convolution, stride 2 (padding 1, 6 channels, 9x11 -> 5x6, batch 2) with bias and ReLU6: y = min(max(Conv2d(6, 6, 3, stride=2, padding=1, groups=6)(x) + bias, 0), 6), NCHW, x 2x6x9x11, weight 6x3x3 (the 6x1x3x3 PyTorch weight), bias 6, y 2x6x5x6 (fp32).
// As torch-mlir lowers a grouped aten.convolution with groups = channels: linalg.depthwise_conv_2d_nchw_chw
// accumulating into the broadcast bias, then ReLU6 (hardtanh(0, 6)) as a generic.
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

#id4 = affine_map<(n, c, h, w) -> (n, c, h, w)>
#channel = affine_map<(n, c, h, w) -> (c)>

func.func @mobilenetv2_dwconv_nchw_s2(%x: tensor<2x6x9x11xf32>, %weight: tensor<6x3x3xf32> {foundry.init = "uniform(-0.3333333333, 0.3333333333)"}, %bias: tensor<6xf32> {foundry.init = "uniform(-0.3333333333, 0.3333333333)"}) -> tensor<2x6x5x6xf32> {
  %zero = arith.constant 0.0 : f32
  %six = arith.constant 6.0 : f32
  %x_padded = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<2x6x9x11xf32> to tensor<2x6x11x13xf32>
  %bias_empty = tensor.empty() : tensor<2x6x5x6xf32>
  %bias_init = linalg.generic {indexing_maps = [#channel, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%bias : tensor<6xf32>) outs(%bias_empty : tensor<2x6x5x6xf32>) {
  ^bb0(%b: f32, %out: f32):
    linalg.yield %b : f32
  } -> tensor<2x6x5x6xf32>
  %conv = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%x_padded, %weight : tensor<2x6x11x13xf32>, tensor<6x3x3xf32>) outs(%bias_init : tensor<2x6x5x6xf32>) -> tensor<2x6x5x6xf32>
  %y_empty = tensor.empty() : tensor<2x6x5x6xf32>
  %y = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%conv : tensor<2x6x5x6xf32>) outs(%y_empty : tensor<2x6x5x6xf32>) {
  ^bb0(%in: f32, %out: f32):
    %lo = arith.maximumf %in, %zero : f32
    %r = arith.minimumf %lo, %six : f32
    linalg.yield %r : f32
  } -> tensor<2x6x5x6xf32>
  return %y : tensor<2x6x5x6xf32>
}
