// ResNet-50 stem max pooling: y = MaxPool2d(kernel_size=3, stride=2, padding=1)(x), NHWC, x 2x9x11x5, y 2x5x6x5 (fp32).
// tensor.pad with -inf, then linalg.pooling_nhwc_max from -inf.
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

func.func @resnet50_maxpool_nhwc(%x: tensor<2x9x11x5xf32>) -> tensor<2x5x6x5xf32> {
  %neg_inf = arith.constant 0xFF800000 : f32
  %x_padded = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %neg_inf : f32
  } : tensor<2x9x11x5xf32> to tensor<2x11x13x5xf32>
  %window = tensor.empty() : tensor<3x3xf32>
  %y_empty = tensor.empty() : tensor<2x5x6x5xf32>
  %y_init = linalg.fill ins(%neg_inf : f32) outs(%y_empty : tensor<2x5x6x5xf32>) -> tensor<2x5x6x5xf32>
  %y = linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%x_padded, %window : tensor<2x11x13x5xf32>, tensor<3x3xf32>) outs(%y_init : tensor<2x5x6x5xf32>) -> tensor<2x5x6x5xf32>
  return %y : tensor<2x5x6x5xf32>
}
