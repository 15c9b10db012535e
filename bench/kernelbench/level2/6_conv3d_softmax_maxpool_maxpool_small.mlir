// KernelBench level 2 problem 6: Conv3d_Softmax_MaxPool_MaxPool.
// y = MaxPool3d(2)(MaxPool3d(2)(softmax(Conv3d(3, 5, kernel_size=3)(x), dim=1))), x 2x3x10x13x17, conv weight 5x3x3x3x3, conv bias 5, conv out 2x5x8x11x15, pool1 2x5x4x5x7, y 2x5x2x2x3 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

#identity5 = affine_map<(n, f, d, h, w) -> (n, f, d, h, w)>
#channel = affine_map<(n, f, d, h, w) -> (f)>
#reduced = affine_map<(n, f, d, h, w) -> (n, d, h, w)>
// Softmax reductions, loop order (n, d, h, w, f): the channels f are the innermost (reduction) loop.
#sm_in = affine_map<(n, d, h, w, f) -> (n, f, d, h, w)>
#sm_out = affine_map<(n, d, h, w, f) -> (n, d, h, w)>
// Max pooling, window 2x2x2, stride 2 (floor): the window tensor only gives the window loops their size.
#pool_in = affine_map<(n, f, d, h, w, kd, kh, kw) -> (n, f, d * 2 + kd, h * 2 + kh, w * 2 + kw)>
#pool_window = affine_map<(n, f, d, h, w, kd, kh, kw) -> (kd, kh, kw)>
#pool_out = affine_map<(n, f, d, h, w, kd, kh, kw) -> (n, f, d, h, w)>

func.func @conv3d_softmax_maxpool_maxpool(%x: tensor<2x3x10x13x17xf32>, %conv_weight: tensor<5x3x3x3x3xf32> {foundry.init = "uniform(-0.111111111, 0.111111111)"}, %conv_bias: tensor<5xf32> {foundry.init = "uniform(-0.111111111, 0.111111111)"}) -> tensor<2x5x2x2x3xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %neg_inf = arith.constant 0xFF800000 : f32
  // Convolution, stride 1, no padding.
  %conv_empty = tensor.empty() : tensor<2x5x8x11x15xf32>
  %conv_init = linalg.fill ins(%zero : f32) outs(%conv_empty : tensor<2x5x8x11x15xf32>) -> tensor<2x5x8x11x15xf32>
  %conv = linalg.conv_3d_ncdhw_fcdhw {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>}
      ins(%x, %conv_weight : tensor<2x3x10x13x17xf32>, tensor<5x3x3x3x3xf32>) outs(%conv_init : tensor<2x5x8x11x15xf32>) -> tensor<2x5x8x11x15xf32>
  // + conv bias, broadcast over the channels.
  %biased_empty = tensor.empty() : tensor<2x5x8x11x15xf32>
  %biased = linalg.generic {indexing_maps = [#identity5, #channel, #identity5],
                            iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%conv, %conv_bias : tensor<2x5x8x11x15xf32>, tensor<5xf32>) outs(%biased_empty : tensor<2x5x8x11x15xf32>) {
  ^bb0(%acc: f32, %cbv: f32, %out: f32):
    %sum = arith.addf %acc, %cbv : f32
    linalg.yield %sum : f32
  } -> tensor<2x5x8x11x15xf32>
  // Softmax over the channels (dim 1): max from -inf, exp(v - max), sum from 0, divide.
  %max_empty = tensor.empty() : tensor<2x8x11x15xf32>
  %max_init = linalg.fill ins(%neg_inf : f32) outs(%max_empty : tensor<2x8x11x15xf32>) -> tensor<2x8x11x15xf32>
  %max = linalg.generic {indexing_maps = [#sm_in, #sm_out],
                         iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%biased : tensor<2x5x8x11x15xf32>) outs(%max_init : tensor<2x8x11x15xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %m = arith.maximumf %acc, %in : f32
    linalg.yield %m : f32
  } -> tensor<2x8x11x15xf32>
  %exp_empty = tensor.empty() : tensor<2x5x8x11x15xf32>
  %exp = linalg.generic {indexing_maps = [#identity5, #reduced, #identity5],
                         iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%biased, %max : tensor<2x5x8x11x15xf32>, tensor<2x8x11x15xf32>) outs(%exp_empty : tensor<2x5x8x11x15xf32>) {
  ^bb0(%in: f32, %m: f32, %out: f32):
    %shifted = arith.subf %in, %m : f32
    %e = math.exp %shifted : f32
    linalg.yield %e : f32
  } -> tensor<2x5x8x11x15xf32>
  %sum_empty = tensor.empty() : tensor<2x8x11x15xf32>
  %sum_init = linalg.fill ins(%zero : f32) outs(%sum_empty : tensor<2x8x11x15xf32>) -> tensor<2x8x11x15xf32>
  %sum = linalg.generic {indexing_maps = [#sm_in, #sm_out],
                         iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%exp : tensor<2x5x8x11x15xf32>) outs(%sum_init : tensor<2x8x11x15xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %acc, %in : f32
    linalg.yield %s : f32
  } -> tensor<2x8x11x15xf32>
  %softmax_empty = tensor.empty() : tensor<2x5x8x11x15xf32>
  %softmax = linalg.generic {indexing_maps = [#identity5, #reduced, #identity5],
                             iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%exp, %sum : tensor<2x5x8x11x15xf32>, tensor<2x8x11x15xf32>) outs(%softmax_empty : tensor<2x5x8x11x15xf32>) {
  ^bb0(%e: f32, %s: f32, %out: f32):
    %q = arith.divf %e, %s : f32
    linalg.yield %q : f32
  } -> tensor<2x5x8x11x15xf32>
  // Two MaxPool3d(2): 8x11x15 -> 4x5x7 -> 2x2x3.
  %window = tensor.empty() : tensor<2x2x2xf32>
  %pool1_empty = tensor.empty() : tensor<2x5x4x5x7xf32>
  %pool1_init = linalg.fill ins(%neg_inf : f32) outs(%pool1_empty : tensor<2x5x4x5x7xf32>) -> tensor<2x5x4x5x7xf32>
  %pool1 = linalg.generic {indexing_maps = [#pool_in, #pool_window, #pool_out],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%softmax, %window : tensor<2x5x8x11x15xf32>, tensor<2x2x2xf32>) outs(%pool1_init : tensor<2x5x4x5x7xf32>) {
  ^bb0(%in: f32, %unused: f32, %acc: f32):
    %m = arith.maximumf %acc, %in : f32
    linalg.yield %m : f32
  } -> tensor<2x5x4x5x7xf32>
  %y_empty = tensor.empty() : tensor<2x5x2x2x3xf32>
  %y_init = linalg.fill ins(%neg_inf : f32) outs(%y_empty : tensor<2x5x2x2x3xf32>) -> tensor<2x5x2x2x3xf32>
  %y = linalg.generic {indexing_maps = [#pool_in, #pool_window, #pool_out],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%pool1, %window : tensor<2x5x4x5x7xf32>, tensor<2x2x2xf32>) outs(%y_init : tensor<2x5x2x2x3xf32>) {
  ^bb0(%in: f32, %unused: f32, %acc: f32):
    %m = arith.maximumf %acc, %in : f32
    linalg.yield %m : f32
  } -> tensor<2x5x2x2x3xf32>
  return %y : tensor<2x5x2x2x3xf32>
}
