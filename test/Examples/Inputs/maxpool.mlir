// Max pooling NCHW, 2x2 window, stride 2: 2x3x12x10 -> 2x3x6x5.
func.func @maxpool(%x: tensor<2x3x12x10xf32>) -> tensor<2x3x6x5xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %window = tensor.empty() : tensor<2x2xf32>
  %e = tensor.empty() : tensor<2x3x6x5xf32>
  %f = linalg.fill ins(%ninf : f32) outs(%e : tensor<2x3x6x5xf32>) -> tensor<2x3x6x5xf32>
  %r = linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%x, %window : tensor<2x3x12x10xf32>, tensor<2x2xf32>) outs(%f : tensor<2x3x6x5xf32>) -> tensor<2x3x6x5xf32>
  return %r : tensor<2x3x6x5xf32>
}
