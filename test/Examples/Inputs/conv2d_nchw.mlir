// Conv2d NCHW/FCHW: N=2, C=3, H=W=11, F=5, 3x3, stride 1 -> 2x5x9x9.
func.func @conv2d_nchw(%x: tensor<2x3x11x11xf32>, %w: tensor<5x3x3x3xf32>) -> tensor<2x5x9x9xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x5x9x9xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x5x9x9xf32>) -> tensor<2x5x9x9xf32>
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<2x3x11x11xf32>, tensor<5x3x3x3xf32>) outs(%f : tensor<2x5x9x9xf32>) -> tensor<2x5x9x9xf32>
  return %r : tensor<2x5x9x9xf32>
}
