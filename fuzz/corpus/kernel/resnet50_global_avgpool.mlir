// ResNet-50 global average pooling: y = AdaptiveAvgPool2d(1)(x).flatten(1), NHWC, x 2x3x5x37, y 2x37 (fp32).
// linalg.pooling_nhwc_sum over the whole 3x5 window, tensor.collapse_shape, then / 15.
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

#id2 = affine_map<(n, c) -> (n, c)>

func.func @resnet50_global_avgpool(%x: tensor<2x3x5x37xf32>) -> tensor<2x37xf32> {
  %zero = arith.constant 0.0 : f32
  %count = arith.constant 15.0 : f32
  %window = tensor.empty() : tensor<3x5xf32>
  %sum_empty = tensor.empty() : tensor<2x1x1x37xf32>
  %sum_init = linalg.fill ins(%zero : f32) outs(%sum_empty : tensor<2x1x1x37xf32>) -> tensor<2x1x1x37xf32>
  %sum = linalg.pooling_nhwc_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %window : tensor<2x3x5x37xf32>, tensor<3x5xf32>) outs(%sum_init : tensor<2x1x1x37xf32>) -> tensor<2x1x1x37xf32>
  %flat = tensor.collapse_shape %sum [[0, 1, 2], [3]] : tensor<2x1x1x37xf32> into tensor<2x37xf32>
  %y_empty = tensor.empty() : tensor<2x37xf32>
  %y = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%flat : tensor<2x37xf32>) outs(%y_empty : tensor<2x37xf32>) {
  ^bb0(%in: f32, %out: f32):
    %mean = arith.divf %in, %count : f32
    linalg.yield %mean : f32
  } -> tensor<2x37xf32>
  return %y : tensor<2x37xf32>
}
