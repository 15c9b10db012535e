// KernelBench level 1 problem 41: Max_Pooling_1D.
// y = nn.MaxPool1d(kernel_size=8, stride=1, padding=4, dilation=3)(x), x 64x192x65536 (N, C, L), y 64x192x65523 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

func.func @max_pool1d(%x: tensor<64x192x65536xf32>) -> tensor<64x192x65523xf32> {
  %neg_inf = arith.constant 0xFF800000 : f32
  // Pad the length by 4 on both sides with -inf (never the max).
  %padded = tensor.pad %x low[0, 0, 4] high[0, 0, 4] {
  ^bb0(%i: index, %j: index, %l: index):
    tensor.yield %neg_inf : f32
  } : tensor<64x192x65536xf32> to tensor<64x192x65544xf32>
  %window = tensor.empty() : tensor<8xf32>
  %y_empty = tensor.empty() : tensor<64x192x65523xf32>
  %y_init = linalg.fill ins(%neg_inf : f32) outs(%y_empty : tensor<64x192x65523xf32>) -> tensor<64x192x65523xf32>
  %y = linalg.pooling_ncw_max {dilations = dense<3> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>}
      ins(%padded, %window : tensor<64x192x65544xf32>, tensor<8xf32>) outs(%y_init : tensor<64x192x65523xf32>) -> tensor<64x192x65523xf32>
  return %y : tensor<64x192x65523xf32>
}
