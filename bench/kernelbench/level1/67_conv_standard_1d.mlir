// KernelBench level 1 problem 67: conv_standard_1D.
// y = Conv1d(64, 128, kernel_size=3, stride=1, padding=0, bias=False)(x), x 32x64x131072, weight 128x64x3, y 32x128x131070 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

func.func @conv_standard_1d(%x: tensor<32x64x131072xf32>, %weight: tensor<128x64x3xf32> {foundry.init = "uniform(-0.0721687836, 0.0721687836)"}) -> tensor<32x128x131070xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %conv_empty = tensor.empty() : tensor<32x128x131070xf32>
  %conv_init = linalg.fill ins(%zero : f32) outs(%conv_empty : tensor<32x128x131070xf32>) -> tensor<32x128x131070xf32>
  %y = linalg.conv_1d_ncw_fcw {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>}
      ins(%x, %weight : tensor<32x64x131072xf32>, tensor<128x64x3xf32>) outs(%conv_init : tensor<32x128x131070xf32>) -> tensor<32x128x131070xf32>
  return %y : tensor<32x128x131070xf32>
}
