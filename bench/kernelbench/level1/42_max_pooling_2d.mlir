// KernelBench level 1 problem 42: Max_Pooling_2D.
// y = nn.MaxPool2d(kernel_size=4, stride=1, padding=1, dilation=1)(x), x 32x64x512x512 (N, C, H, W), y 32x64x511x511 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

func.func @max_pool2d(%x: tensor<32x64x512x512xf32>) -> tensor<32x64x511x511xf32> {
  %neg_inf = arith.constant 0xFF800000 : f32
  // Pad H and W by 1 on both sides with -inf (never the max).
  %padded = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i: index, %j: index, %h: index, %w: index):
    tensor.yield %neg_inf : f32
  } : tensor<32x64x512x512xf32> to tensor<32x64x514x514xf32>
  %window = tensor.empty() : tensor<4x4xf32>
  %y_empty = tensor.empty() : tensor<32x64x511x511xf32>
  %y_init = linalg.fill ins(%neg_inf : f32) outs(%y_empty : tensor<32x64x511x511xf32>) -> tensor<32x64x511x511xf32>
  %y = linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%padded, %window : tensor<32x64x514x514xf32>, tensor<4x4xf32>) outs(%y_init : tensor<32x64x511x511xf32>) -> tensor<32x64x511x511xf32>
  return %y : tensor<32x64x511x511xf32>
}
