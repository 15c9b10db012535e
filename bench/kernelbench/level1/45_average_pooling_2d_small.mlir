// KernelBench level 1 problem 45: Average_Pooling_2D.
// y = nn.AvgPool2d(kernel_size=11)(x): stride 11 (defaults to kernel_size), padding 0, divide by 121, x 2x3x46x39 (N, C, H, W), y 2x3x4x3 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

#identity = affine_map<(n, c, h, w) -> (n, c, h, w)>

func.func @avg_pool2d(%x: tensor<2x3x46x39xf32>) -> tensor<2x3x4x3xf32> {
  %zero = arith.constant 0.0 : f32
  %window_size = arith.constant 121.0 : f32
  %window = tensor.empty() : tensor<11x11xf32>
  %sum_empty = tensor.empty() : tensor<2x3x4x3xf32>
  %sum_init = linalg.fill ins(%zero : f32) outs(%sum_empty : tensor<2x3x4x3xf32>) -> tensor<2x3x4x3xf32>
  %sum = linalg.pooling_nchw_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<11> : tensor<2xi64>}
      ins(%x, %window : tensor<2x3x46x39xf32>, tensor<11x11xf32>) outs(%sum_init : tensor<2x3x4x3xf32>) -> tensor<2x3x4x3xf32>
  // Divide by the full window size.
  %y_empty = tensor.empty() : tensor<2x3x4x3xf32>
  %y = linalg.generic {indexing_maps = [#identity, #identity],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%sum : tensor<2x3x4x3xf32>) outs(%y_empty : tensor<2x3x4x3xf32>) {
  ^bb0(%s: f32, %out: f32):
    %avg = arith.divf %s, %window_size : f32
    linalg.yield %avg : f32
  } -> tensor<2x3x4x3xf32>
  return %y : tensor<2x3x4x3xf32>
}
