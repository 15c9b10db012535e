// KernelBench level 2 problem 7: Conv3d_ReLU_LeakyReLU_GELU_Sigmoid_BiasAdd.
// y = sigmoid(GELU(LeakyReLU(ReLU(Conv3d(3, 5, kernel_size=3)(x)), 0.01))) + bias, GELU exact (erf), x 2x3x7x9x11, conv weight 5x3x3x3x3, conv bias 5, bias 5x1x1x1, y 2x5x5x7x9 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

#identity5 = affine_map<(n, f, d, h, w) -> (n, f, d, h, w)>
#channel = affine_map<(n, f, d, h, w) -> (f)>
#channel_111 = affine_map<(n, f, d, h, w) -> (f, 0, 0, 0)>

func.func @conv3d_relu_leakyrelu_gelu_sigmoid_biasadd(%x: tensor<2x3x7x9x11xf32>, %conv_weight: tensor<5x3x3x3x3xf32> {foundry.init = "uniform(-0.111111111, 0.111111111)"}, %conv_bias: tensor<5xf32> {foundry.init = "uniform(-0.111111111, 0.111111111)"}, %bias: tensor<5x1x1x1xf32> {foundry.init = "normal(0, 1)"}) -> tensor<2x5x5x7x9xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %half = arith.constant 0.5 : f32
  %negative_slope = arith.constant 0.01 : f32
  %inv_sqrt2 = arith.constant 0.707106781186547524 : f32
  // Convolution, stride 1, no padding.
  %conv_empty = tensor.empty() : tensor<2x5x5x7x9xf32>
  %conv_init = linalg.fill ins(%zero : f32) outs(%conv_empty : tensor<2x5x5x7x9xf32>) -> tensor<2x5x5x7x9xf32>
  %conv = linalg.conv_3d_ncdhw_fcdhw {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>}
      ins(%x, %conv_weight : tensor<2x3x7x9x11xf32>, tensor<5x3x3x3x3xf32>) outs(%conv_init : tensor<2x5x5x7x9xf32>) -> tensor<2x5x5x7x9xf32>
  // + conv bias, ReLU, LeakyReLU(0.01), GELU, sigmoid, + bias (5x1x1x1), broadcast over the channels.
  %y_empty = tensor.empty() : tensor<2x5x5x7x9xf32>
  %y = linalg.generic {indexing_maps = [#identity5, #channel, #channel_111, #identity5],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%conv, %conv_bias, %bias : tensor<2x5x5x7x9xf32>, tensor<5xf32>, tensor<5x1x1x1xf32>) outs(%y_empty : tensor<2x5x5x7x9xf32>) {
  ^bb0(%acc: f32, %cbv: f32, %bv: f32, %out: f32):
    %v0 = arith.addf %acc, %cbv : f32
    // ReLU.
    %v1 = arith.maximumf %v0, %zero : f32
    // LeakyReLU: v > 0 ? v : 0.01 * v.
    %positive = arith.cmpf ogt, %v1, %zero : f32
    %leak = arith.mulf %v1, %negative_slope : f32
    %v2 = arith.select %positive, %v1, %leak : f32
    // GELU: 0.5 * v * (1 + erf(v / sqrt(2))).
    %scaled = arith.mulf %v2, %inv_sqrt2 : f32
    %erf = math.erf %scaled : f32
    %erf1 = arith.addf %erf, %one : f32
    %halfv = arith.mulf %v2, %half : f32
    %v3 = arith.mulf %halfv, %erf1 : f32
    // Sigmoid: 1 / (1 + exp(-v)).
    %neg = arith.negf %v3 : f32
    %e = math.exp %neg : f32
    %den = arith.addf %e, %one : f32
    %v4 = arith.divf %one, %den : f32
    %v5 = arith.addf %v4, %bv : f32
    linalg.yield %v5 : f32
  } -> tensor<2x5x5x7x9xf32>
  return %y : tensor<2x5x5x7x9xf32>
}
