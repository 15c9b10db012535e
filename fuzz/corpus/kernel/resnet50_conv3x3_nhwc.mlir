// ResNet-50 layer3 bottleneck 3x3 convolution: y = relu(conv(x, weight) + bias) with kernel 3x3, padding 1, NHWC, x 2x9x11x5, weight 3x3x5x7 (HWCF), bias 7 (the folded BatchNorm), y 2x9x11x7 (f32).
// As IREE and TF/TFLite importers emit it: linalg.conv_2d_nhwc_hwcf accumulating into the
// broadcast bias, then ReLU as a generic.
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

#id4 = affine_map<(n, h, w, f) -> (n, h, w, f)>

func.func @resnet50_conv3x3_nhwc(%x: tensor<2x9x11x5xf32>, %weight: tensor<3x3x5x7xf32> {foundry.init = "uniform(-0.1490711985, 0.1490711985)"}, %bias: tensor<7xf32> {foundry.init = "uniform(-0.1490711985, 0.1490711985)"}) -> tensor<2x9x11x7xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  // Zero padding 1 on each side of H and W.
  %x_padded = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<2x9x11x5xf32> to tensor<2x11x13x5xf32>
  // The bias in every output position, accumulated into by the convolution.
  %bias_empty = tensor.empty() : tensor<2x9x11x7xf32>
  %bias_init = linalg.broadcast ins(%bias : tensor<7xf32>) outs(%bias_empty : tensor<2x9x11x7xf32>) dimensions = [0, 1, 2]
  %conv = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x_padded, %weight : tensor<2x11x13x5xf32>, tensor<3x3x5x7xf32>) outs(%bias_init : tensor<2x9x11x7xf32>) -> tensor<2x9x11x7xf32>
  %y_empty = tensor.empty() : tensor<2x9x11x7xf32>
  %y = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%conv : tensor<2x9x11x7xf32>) outs(%y_empty : tensor<2x9x11x7xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.maximumf %in, %zero : f32
    linalg.yield %r : f32
  } -> tensor<2x9x11x7xf32>
  return %y : tensor<2x9x11x7xf32>
}
