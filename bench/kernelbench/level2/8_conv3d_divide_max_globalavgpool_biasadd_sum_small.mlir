// KernelBench level 2 problem 8: Conv3d_Divide_Max_GlobalAvgPool_BiasAdd_Sum.
// y = sum(AdaptiveAvgPool3d(1)(MaxPool3d(2)(Conv3d(3, 5, kernel_size=3)(x) / 2.0)) + bias, dim=1), x 3x3x8x11x13, conv weight 5x3x3x3x3, conv bias 5, bias 5x1x1x1, conv out 3x5x6x9x11, pool 3x5x3x4x5, y 3x1x1x1 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

#identity5 = affine_map<(n, f, d, h, w) -> (n, f, d, h, w)>
#channel = affine_map<(n, f, d, h, w) -> (f)>
// Max pooling, window 2x2x2, stride 2 (floor): the window tensor only gives the window loops their size.
#pool_in = affine_map<(n, f, d, h, w, kd, kh, kw) -> (n, f, d * 2 + kd, h * 2 + kh, w * 2 + kw)>
#pool_window = affine_map<(n, f, d, h, w, kd, kh, kw) -> (kd, kh, kw)>
#pool_out = affine_map<(n, f, d, h, w, kd, kh, kw) -> (n, f, d, h, w)>
// Global average pooling: sum over (d, h, w).
#gap_in = affine_map<(n, f, d, h, w) -> (n, f, d, h, w)>
#gap_out = affine_map<(n, f, d, h, w) -> (n, f)>
// Channel sum.
#nf = affine_map<(n, f) -> (n, f)>
#bias_map = affine_map<(n, f) -> (f, 0, 0, 0)>
#batch = affine_map<(n, f) -> (n)>

func.func @conv3d_divide_max_globalavgpool_biasadd_sum(%x: tensor<3x3x8x11x13xf32>, %conv_weight: tensor<5x3x3x3x3xf32> {foundry.init = "uniform(-0.111111111, 0.111111111)"}, %conv_bias: tensor<5xf32> {foundry.init = "uniform(-0.111111111, 0.111111111)"}, %bias: tensor<5x1x1x1xf32> {foundry.init = "normal(0, 1)"}) -> tensor<3x1x1x1xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %neg_inf = arith.constant 0xFF800000 : f32
  %divisor = arith.constant 2.0 : f32
  %pool_count = arith.constant 60.0 : f32
  // Convolution, stride 1, no padding.
  %conv_empty = tensor.empty() : tensor<3x5x6x9x11xf32>
  %conv_init = linalg.fill ins(%zero : f32) outs(%conv_empty : tensor<3x5x6x9x11xf32>) -> tensor<3x5x6x9x11xf32>
  %conv = linalg.conv_3d_ncdhw_fcdhw {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>}
      ins(%x, %conv_weight : tensor<3x3x8x11x13xf32>, tensor<5x3x3x3x3xf32>) outs(%conv_init : tensor<3x5x6x9x11xf32>) -> tensor<3x5x6x9x11xf32>
  // (conv + conv bias) / 2.0.
  %scaled_empty = tensor.empty() : tensor<3x5x6x9x11xf32>
  %scaled = linalg.generic {indexing_maps = [#identity5, #channel, #identity5],
                            iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%conv, %conv_bias : tensor<3x5x6x9x11xf32>, tensor<5xf32>) outs(%scaled_empty : tensor<3x5x6x9x11xf32>) {
  ^bb0(%acc: f32, %cbv: f32, %out: f32):
    %biased = arith.addf %acc, %cbv : f32
    %q = arith.divf %biased, %divisor : f32
    linalg.yield %q : f32
  } -> tensor<3x5x6x9x11xf32>
  // MaxPool3d(2): 6x9x11 -> 3x4x5.
  %window = tensor.empty() : tensor<2x2x2xf32>
  %pool_empty = tensor.empty() : tensor<3x5x3x4x5xf32>
  %pool_init = linalg.fill ins(%neg_inf : f32) outs(%pool_empty : tensor<3x5x3x4x5xf32>) -> tensor<3x5x3x4x5xf32>
  %pool = linalg.generic {indexing_maps = [#pool_in, #pool_window, #pool_out],
                          iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%scaled, %window : tensor<3x5x6x9x11xf32>, tensor<2x2x2xf32>) outs(%pool_init : tensor<3x5x3x4x5xf32>) {
  ^bb0(%in: f32, %unused: f32, %acc: f32):
    %m = arith.maximumf %acc, %in : f32
    linalg.yield %m : f32
  } -> tensor<3x5x3x4x5xf32>
  // Global average pooling, first the sum over the 3x4x5 = 60 positions.
  %gap_empty = tensor.empty() : tensor<3x5xf32>
  %gap_init = linalg.fill ins(%zero : f32) outs(%gap_empty : tensor<3x5xf32>) -> tensor<3x5xf32>
  %gap_sum = linalg.generic {indexing_maps = [#gap_in, #gap_out],
                             iterator_types = ["parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%pool : tensor<3x5x3x4x5xf32>) outs(%gap_init : tensor<3x5xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %acc, %in : f32
    linalg.yield %s : f32
  } -> tensor<3x5xf32>
  // sum over the channels of (gap_sum / 60 + bias).
  %total_empty = tensor.empty() : tensor<3xf32>
  %total_init = linalg.fill ins(%zero : f32) outs(%total_empty : tensor<3xf32>) -> tensor<3xf32>
  %total = linalg.generic {indexing_maps = [#nf, #bias_map, #batch],
                           iterator_types = ["parallel", "reduction"]}
      ins(%gap_sum, %bias : tensor<3x5xf32>, tensor<5x1x1x1xf32>) outs(%total_init : tensor<3xf32>) {
  ^bb0(%s: f32, %bv: f32, %acc: f32):
    %mean = arith.divf %s, %pool_count : f32
    %biased = arith.addf %mean, %bv : f32
    %t = arith.addf %acc, %biased : f32
    linalg.yield %t : f32
  } -> tensor<3xf32>
  %y = tensor.expand_shape %total [[0, 1, 2, 3]] output_shape [3, 1, 1, 1] : tensor<3xf32> into tensor<3x1x1x1xf32>
  return %y : tensor<3x1x1x1xf32>
}
