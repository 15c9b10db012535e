// KernelBench level 2 problem 25: Conv2d_Min_Tanh_Tanh.
// y = tanh(tanh(min(Conv2d(16, 64, kernel_size=3)(x), dim=1, keepdim=True))), x 128x16x256x256, conv weight 64x16x3x3, conv bias 64, conv out 128x64x254x254, y 128x1x254x254 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

// Min over the channels, loop order (n, h, w, f): the channels f are the innermost (reduction) loop.
// The conv bias is added in the reduction body.
#min_in = affine_map<(n, h, w, f) -> (n, f, h, w)>
#min_bias = affine_map<(n, h, w, f) -> (f)>
#min_out = affine_map<(n, h, w, f) -> (n, h, w)>
#identity3 = affine_map<(n, h, w) -> (n, h, w)>

func.func @conv2d_min_tanh_tanh(%x: tensor<128x16x256x256xf32>, %conv_weight: tensor<64x16x3x3xf32> {foundry.init = "uniform(-0.0833333333, 0.0833333333)"}, %conv_bias: tensor<64xf32> {foundry.init = "uniform(-0.0833333333, 0.0833333333)"}) -> tensor<128x1x254x254xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %pos_inf = arith.constant 0x7F800000 : f32
  // Convolution, stride 1, no padding.
  %conv_empty = tensor.empty() : tensor<128x64x254x254xf32>
  %conv_init = linalg.fill ins(%zero : f32) outs(%conv_empty : tensor<128x64x254x254xf32>) -> tensor<128x64x254x254xf32>
  %conv = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %conv_weight : tensor<128x16x256x256xf32>, tensor<64x16x3x3xf32>) outs(%conv_init : tensor<128x64x254x254xf32>) -> tensor<128x64x254x254xf32>
  // min over the channels (dim 1) of conv + conv bias, from +inf.
  %min_empty = tensor.empty() : tensor<128x254x254xf32>
  %min_init = linalg.fill ins(%pos_inf : f32) outs(%min_empty : tensor<128x254x254xf32>) -> tensor<128x254x254xf32>
  %min = linalg.generic {indexing_maps = [#min_in, #min_bias, #min_out],
                         iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%conv, %conv_bias : tensor<128x64x254x254xf32>, tensor<64xf32>) outs(%min_init : tensor<128x254x254xf32>) {
  ^bb0(%in: f32, %cbv: f32, %acc: f32):
    %biased = arith.addf %in, %cbv : f32
    %m = arith.minimumf %acc, %biased : f32
    linalg.yield %m : f32
  } -> tensor<128x254x254xf32>
  // tanh twice.
  %t_empty = tensor.empty() : tensor<128x254x254xf32>
  %t = linalg.generic {indexing_maps = [#identity3, #identity3],
                       iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%min : tensor<128x254x254xf32>) outs(%t_empty : tensor<128x254x254xf32>) {
  ^bb0(%in: f32, %out: f32):
    %t1 = math.tanh %in : f32
    %t2 = math.tanh %t1 : f32
    linalg.yield %t2 : f32
  } -> tensor<128x254x254xf32>
  // keepdim=True: 128x254x254 -> 128x1x254x254.
  %y = tensor.expand_shape %t [[0, 1], [2], [3]] output_shape [128, 1, 254, 254] : tensor<128x254x254xf32> into tensor<128x1x254x254xf32>
  return %y : tensor<128x1x254x254xf32>
}
