// MobileNetV2 depthwise 3x3 convolution (stride 1, padding 1, 144 channels at 56x56, batch 32) with bias and ReLU6: y = min(max(dwconv(x, weight) + bias, 0), 6), NHWC, x 32x56x56x144, weight 3x3x144 (HWC), bias 144, y 32x56x56x144 (fp32).
// linalg.depthwise_conv_2d_nhwc_hwc accumulating into the broadcast bias (IREE's form), then ReLU6
// as a generic. No tensor-core contraction: the default ieee precision.
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

#id4 = affine_map<(n, h, w, c) -> (n, h, w, c)>

func.func @mobilenetv2_dwconv_nhwc(%x: tensor<32x56x56x144xf32>, %weight: tensor<3x3x144xf32> {foundry.init = "uniform(-0.3333333333, 0.3333333333)"}, %bias: tensor<144xf32> {foundry.init = "uniform(-0.3333333333, 0.3333333333)"}) -> tensor<32x56x56x144xf32> {
  %zero = arith.constant 0.0 : f32
  %six = arith.constant 6.0 : f32
  %x_padded = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<32x56x56x144xf32> to tensor<32x58x58x144xf32>
  %bias_empty = tensor.empty() : tensor<32x56x56x144xf32>
  %bias_init = linalg.broadcast ins(%bias : tensor<144xf32>) outs(%bias_empty : tensor<32x56x56x144xf32>) dimensions = [0, 1, 2]
  %conv = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x_padded, %weight : tensor<32x58x58x144xf32>, tensor<3x3x144xf32>) outs(%bias_init : tensor<32x56x56x144xf32>) -> tensor<32x56x56x144xf32>
  %y_empty = tensor.empty() : tensor<32x56x56x144xf32>
  %y = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%conv : tensor<32x56x56x144xf32>) outs(%y_empty : tensor<32x56x56x144xf32>) {
  ^bb0(%in: f32, %out: f32):
    %lo = arith.maximumf %in, %zero : f32
    %r = arith.minimumf %lo, %six : f32
    linalg.yield %r : f32
  } -> tensor<32x56x56x144xf32>
  return %y : tensor<32x56x56x144xf32>
}
