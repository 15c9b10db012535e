// KernelBench level 2 problem 24: Conv3d_Min_Softmax.
// y = softmax(min(Conv3d(3, 6, kernel_size=3)(x), dim=2), dim=1), x 2x3x7x9x11, conv weight 6x3x3x3x3, conv bias 6, conv out 2x6x5x7x9, y 2x6x7x9 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

#identity5 = affine_map<(n, f, d, h, w) -> (n, f, d, h, w)>
#channel5 = affine_map<(n, f, d, h, w) -> (f)>
// Min over the depth d, loop order (n, f, h, w, d).
#min_in = affine_map<(n, f, h, w, d) -> (n, f, d, h, w)>
#min_out = affine_map<(n, f, h, w, d) -> (n, f, h, w)>
#identity4 = affine_map<(n, f, h, w) -> (n, f, h, w)>
#reduced = affine_map<(n, f, h, w) -> (n, h, w)>
// Softmax reductions, loop order (n, h, w, f): the channels f are the innermost (reduction) loop.
#sm_in = affine_map<(n, h, w, f) -> (n, f, h, w)>
#sm_out = affine_map<(n, h, w, f) -> (n, h, w)>

func.func @conv3d_min_softmax(%x: tensor<2x3x7x9x11xf32>, %conv_weight: tensor<6x3x3x3x3xf32> {foundry.init = "uniform(-0.111111111, 0.111111111)"}, %conv_bias: tensor<6xf32> {foundry.init = "uniform(-0.111111111, 0.111111111)"}) -> tensor<2x6x7x9xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %pos_inf = arith.constant 0x7F800000 : f32
  %neg_inf = arith.constant 0xFF800000 : f32
  // Convolution, stride 1, no padding.
  %conv_empty = tensor.empty() : tensor<2x6x5x7x9xf32>
  %conv_init = linalg.fill ins(%zero : f32) outs(%conv_empty : tensor<2x6x5x7x9xf32>) -> tensor<2x6x5x7x9xf32>
  %conv = linalg.conv_3d_ncdhw_fcdhw {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>}
      ins(%x, %conv_weight : tensor<2x3x7x9x11xf32>, tensor<6x3x3x3x3xf32>) outs(%conv_init : tensor<2x6x5x7x9xf32>) -> tensor<2x6x5x7x9xf32>
  // + conv bias, broadcast over the channels.
  %biased_empty = tensor.empty() : tensor<2x6x5x7x9xf32>
  %biased = linalg.generic {indexing_maps = [#identity5, #channel5, #identity5],
                            iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%conv, %conv_bias : tensor<2x6x5x7x9xf32>, tensor<6xf32>) outs(%biased_empty : tensor<2x6x5x7x9xf32>) {
  ^bb0(%acc: f32, %cbv: f32, %out: f32):
    %sum = arith.addf %acc, %cbv : f32
    linalg.yield %sum : f32
  } -> tensor<2x6x5x7x9xf32>
  // Min over the depth (dim 2) from +inf: 5 -> removed.
  %min_empty = tensor.empty() : tensor<2x6x7x9xf32>
  %min_init = linalg.fill ins(%pos_inf : f32) outs(%min_empty : tensor<2x6x7x9xf32>) -> tensor<2x6x7x9xf32>
  %min = linalg.generic {indexing_maps = [#min_in, #min_out],
                         iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%biased : tensor<2x6x5x7x9xf32>) outs(%min_init : tensor<2x6x7x9xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %m = arith.minimumf %acc, %in : f32
    linalg.yield %m : f32
  } -> tensor<2x6x7x9xf32>
  // Softmax over the channels (dim 1): max from -inf, exp(v - max), sum from 0, divide.
  %max_empty = tensor.empty() : tensor<2x7x9xf32>
  %max_init = linalg.fill ins(%neg_inf : f32) outs(%max_empty : tensor<2x7x9xf32>) -> tensor<2x7x9xf32>
  %max = linalg.generic {indexing_maps = [#sm_in, #sm_out],
                         iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%min : tensor<2x6x7x9xf32>) outs(%max_init : tensor<2x7x9xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %m = arith.maximumf %acc, %in : f32
    linalg.yield %m : f32
  } -> tensor<2x7x9xf32>
  %exp_empty = tensor.empty() : tensor<2x6x7x9xf32>
  %exp = linalg.generic {indexing_maps = [#identity4, #reduced, #identity4],
                         iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%min, %max : tensor<2x6x7x9xf32>, tensor<2x7x9xf32>) outs(%exp_empty : tensor<2x6x7x9xf32>) {
  ^bb0(%in: f32, %m: f32, %out: f32):
    %shifted = arith.subf %in, %m : f32
    %e = math.exp %shifted : f32
    linalg.yield %e : f32
  } -> tensor<2x6x7x9xf32>
  %sum_empty = tensor.empty() : tensor<2x7x9xf32>
  %sum_init = linalg.fill ins(%zero : f32) outs(%sum_empty : tensor<2x7x9xf32>) -> tensor<2x7x9xf32>
  %sum = linalg.generic {indexing_maps = [#sm_in, #sm_out],
                         iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%exp : tensor<2x6x7x9xf32>) outs(%sum_init : tensor<2x7x9xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %acc, %in : f32
    linalg.yield %s : f32
  } -> tensor<2x7x9xf32>
  %y_empty = tensor.empty() : tensor<2x6x7x9xf32>
  %y = linalg.generic {indexing_maps = [#identity4, #reduced, #identity4],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%exp, %sum : tensor<2x6x7x9xf32>, tensor<2x7x9xf32>) outs(%y_empty : tensor<2x6x7x9xf32>) {
  ^bb0(%e: f32, %s: f32, %out: f32):
    %q = arith.divf %e, %s : f32
    linalg.yield %q : f32
  } -> tensor<2x6x7x9xf32>
  return %y : tensor<2x6x7x9xf32>
}
