// KernelBench level 1 problem 44: Average_Pooling_1D.
// y = nn.AvgPool1d(kernel_size=8, stride=1, padding=4)(x), count_include_pad=True (divide by 8), x 2x3x37 (N, C, L), y 2x3x38 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

#identity = affine_map<(n, c, l) -> (n, c, l)>

func.func @avg_pool1d(%x: tensor<2x3x37xf32>) -> tensor<2x3x38xf32> {
  %zero = arith.constant 0.0 : f32
  %window_size = arith.constant 8.0 : f32
  // Zero-pad the length by 4 on both sides.
  %padded = tensor.pad %x low[0, 0, 4] high[0, 0, 4] {
  ^bb0(%i: index, %j: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<2x3x37xf32> to tensor<2x3x45xf32>
  // Window sums.
  %window = tensor.empty() : tensor<8xf32>
  %sum_empty = tensor.empty() : tensor<2x3x38xf32>
  %sum_init = linalg.fill ins(%zero : f32) outs(%sum_empty : tensor<2x3x38xf32>) -> tensor<2x3x38xf32>
  %sum = linalg.pooling_ncw_sum {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>}
      ins(%padded, %window : tensor<2x3x45xf32>, tensor<8xf32>) outs(%sum_init : tensor<2x3x38xf32>) -> tensor<2x3x38xf32>
  // Divide by the full window size.
  %y_empty = tensor.empty() : tensor<2x3x38xf32>
  %y = linalg.generic {indexing_maps = [#identity, #identity],
                       iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%sum : tensor<2x3x38xf32>) outs(%y_empty : tensor<2x3x38xf32>) {
  ^bb0(%s: f32, %out: f32):
    %avg = arith.divf %s, %window_size : f32
    linalg.yield %avg : f32
  } -> tensor<2x3x38xf32>
  return %y : tensor<2x3x38xf32>
}
