// KernelBench level 1 problem 87: conv_pointwise_2D.
// y = Conv2d(6, 7, kernel_size=1, stride=1, padding=0, bias=False)(x), x 2x6x9x11, weight 7x6x1x1, y 2x7x9x11 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

// Loop order (n, f, h, w, c): the input channels c are the innermost (reduction) loop.
#x_map = affine_map<(n, f, h, w, c) -> (n, c, h, w)>
#w_map = affine_map<(n, f, h, w, c) -> (f, c)>
#y_map = affine_map<(n, f, h, w, c) -> (n, f, h, w)>

func.func @conv_pointwise_2d(%x: tensor<2x6x9x11xf32>, %weight: tensor<7x6x1x1xf32> {foundry.init = "uniform(-0.40824829, 0.40824829)"}) -> tensor<2x7x9x11xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  // The 1x1 weight (out, in, 1, 1) -> (out, in).
  %w = tensor.collapse_shape %weight [[0], [1, 2, 3]] : tensor<7x6x1x1xf32> into tensor<7x6xf32>
  // y[n, f, h, w] = sum over c of x[n, c, h, w] * w[f, c].
  %y_empty = tensor.empty() : tensor<2x7x9x11xf32>
  %y_init = linalg.fill ins(%zero : f32) outs(%y_empty : tensor<2x7x9x11xf32>) -> tensor<2x7x9x11xf32>
  %y = linalg.generic {indexing_maps = [#x_map, #w_map, #y_map],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%x, %w : tensor<2x6x9x11xf32>, tensor<7x6xf32>) outs(%y_init : tensor<2x7x9x11xf32>) {
  ^bb0(%xv: f32, %wv: f32, %acc: f32):
    %prod = arith.mulf %xv, %wv : f32
    %sum = arith.addf %acc, %prod : f32
    linalg.yield %sum : f32
  } -> tensor<2x7x9x11xf32>
  return %y : tensor<2x7x9x11xf32>
}
