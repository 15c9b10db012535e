// A 1-D max-pool (window 8, dilation 3, padding 4) of 24 outputs per row, which 16-wide tiles do not divide (vectorize-masked-cpu.test).
func.func @max_pool1d(%x: tensor<2x8x37xf32>) -> tensor<2x8x24xf32> {
  %neg_inf = arith.constant 0xFF800000 : f32
  %padded = tensor.pad %x low[0, 0, 4] high[0, 0, 4] {
  ^bb0(%i: index, %j: index, %l: index):
    tensor.yield %neg_inf : f32
  } : tensor<2x8x37xf32> to tensor<2x8x45xf32>
  %window = tensor.empty() : tensor<8xf32>
  %y_empty = tensor.empty() : tensor<2x8x24xf32>
  %y_init = linalg.fill ins(%neg_inf : f32) outs(%y_empty : tensor<2x8x24xf32>) -> tensor<2x8x24xf32>
  %y = linalg.pooling_ncw_max {dilations = dense<3> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>}
      ins(%padded, %window : tensor<2x8x45xf32>, tensor<8xf32>) outs(%y_init : tensor<2x8x24xf32>) -> tensor<2x8x24xf32>
  return %y : tensor<2x8x24xf32>
}
