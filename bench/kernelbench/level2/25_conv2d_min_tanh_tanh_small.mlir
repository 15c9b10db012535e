// KernelBench level 2 problem 25: Conv2d_Min_Tanh_Tanh.
// y = tanh(tanh(min(Conv2d(5, 7, kernel_size=3)(x), dim=1, keepdim=True))), x 2x5x13x15, conv weight 7x5x3x3, conv bias 7, conv out 2x7x11x13, y 2x1x11x13 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

// Min over the channels, loop order (n, h, w, f): the channels f are the innermost (reduction) loop.
// The conv bias is added in the reduction body.
#min_in = affine_map<(n, h, w, f) -> (n, f, h, w)>
#min_bias = affine_map<(n, h, w, f) -> (f)>
#min_out = affine_map<(n, h, w, f) -> (n, h, w)>
#identity3 = affine_map<(n, h, w) -> (n, h, w)>

func.func @conv2d_min_tanh_tanh(%x: tensor<2x5x13x15xf32>, %conv_weight: tensor<7x5x3x3xf32> {foundry.init = "uniform(-0.149071198, 0.149071198)"}, %conv_bias: tensor<7xf32> {foundry.init = "uniform(-0.149071198, 0.149071198)"}) -> tensor<2x1x11x13xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %pos_inf = arith.constant 0x7F800000 : f32
  // Convolution, stride 1, no padding.
  %conv_empty = tensor.empty() : tensor<2x7x11x13xf32>
  %conv_init = linalg.fill ins(%zero : f32) outs(%conv_empty : tensor<2x7x11x13xf32>) -> tensor<2x7x11x13xf32>
  %conv = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %conv_weight : tensor<2x5x13x15xf32>, tensor<7x5x3x3xf32>) outs(%conv_init : tensor<2x7x11x13xf32>) -> tensor<2x7x11x13xf32>
  // min over the channels (dim 1) of conv + conv bias, from +inf.
  %min_empty = tensor.empty() : tensor<2x11x13xf32>
  %min_init = linalg.fill ins(%pos_inf : f32) outs(%min_empty : tensor<2x11x13xf32>) -> tensor<2x11x13xf32>
  %min = linalg.generic {indexing_maps = [#min_in, #min_bias, #min_out],
                         iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%conv, %conv_bias : tensor<2x7x11x13xf32>, tensor<7xf32>) outs(%min_init : tensor<2x11x13xf32>) {
  ^bb0(%in: f32, %cbv: f32, %acc: f32):
    %biased = arith.addf %in, %cbv : f32
    %m = arith.minimumf %acc, %biased : f32
    linalg.yield %m : f32
  } -> tensor<2x11x13xf32>
  // tanh twice.
  %t_empty = tensor.empty() : tensor<2x11x13xf32>
  %t = linalg.generic {indexing_maps = [#identity3, #identity3],
                       iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%min : tensor<2x11x13xf32>) outs(%t_empty : tensor<2x11x13xf32>) {
  ^bb0(%in: f32, %out: f32):
    %t1 = math.tanh %in : f32
    %t2 = math.tanh %t1 : f32
    linalg.yield %t2 : f32
  } -> tensor<2x11x13xf32>
  // keepdim=True: 2x11x13 -> 2x1x11x13.
  %y = tensor.expand_shape %t [[0, 1], [2], [3]] output_shape [2, 1, 11, 13] : tensor<2x11x13xf32> into tensor<2x1x11x13xf32>
  return %y : tensor<2x1x11x13xf32>
}
