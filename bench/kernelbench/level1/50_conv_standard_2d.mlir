// KernelBench level 1 problem 50: conv_standard_2D__square_input__square_kernel.
// y = Conv2d(3, 96, kernel_size=11, stride=4, padding=2, bias=True)(x), x 256x3x224x224, weight 96x3x11x11, bias 96, y 256x96x55x55 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

#identity4 = affine_map<(n, f, h, w) -> (n, f, h, w)>
#channel = affine_map<(n, f, h, w) -> (f)>

func.func @conv_standard_2d(%x: tensor<256x3x224x224xf32>, %weight: tensor<96x3x11x11xf32> {foundry.init = "uniform(-0.0524863881, 0.0524863881)"}, %bias: tensor<96xf32> {foundry.init = "uniform(-0.0524863881, 0.0524863881)"}) -> tensor<256x96x55x55xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  // Zero padding 2 on each side of H and W: 224x224 -> 228x228.
  %x_padded = tensor.pad %x low[0, 0, 2, 2] high[0, 0, 2, 2] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<256x3x224x224xf32> to tensor<256x3x228x228xf32>
  // Convolution, stride 4, no bias.
  %conv_empty = tensor.empty() : tensor<256x96x55x55xf32>
  %conv_init = linalg.fill ins(%zero : f32) outs(%conv_empty : tensor<256x96x55x55xf32>) -> tensor<256x96x55x55xf32>
  %conv = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<4> : tensor<2xi64>}
      ins(%x_padded, %weight : tensor<256x3x228x228xf32>, tensor<96x3x11x11xf32>) outs(%conv_init : tensor<256x96x55x55xf32>) -> tensor<256x96x55x55xf32>
  // + bias, broadcast over the channels.
  %y_empty = tensor.empty() : tensor<256x96x55x55xf32>
  %y = linalg.generic {indexing_maps = [#identity4, #channel, #identity4],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%conv, %bias : tensor<256x96x55x55xf32>, tensor<96xf32>) outs(%y_empty : tensor<256x96x55x55xf32>) {
  ^bb0(%acc: f32, %bv: f32, %out: f32):
    %biased = arith.addf %acc, %bv : f32
    linalg.yield %biased : f32
  } -> tensor<256x96x55x55xf32>
  return %y : tensor<256x96x55x55xf32>
}
