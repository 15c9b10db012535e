// KernelBench level 1 problem 67: conv_standard_1D.
// y = Conv1d(6, 7, kernel_size=3, stride=1, padding=0, bias=False)(x), x 3x6x19, weight 7x6x3, y 3x7x17 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

func.func @conv_standard_1d(%x: tensor<3x6x19xf32>, %weight: tensor<7x6x3xf32> {foundry.init = "uniform(-0.23570226, 0.23570226)"}) -> tensor<3x7x17xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %conv_empty = tensor.empty() : tensor<3x7x17xf32>
  %conv_init = linalg.fill ins(%zero : f32) outs(%conv_empty : tensor<3x7x17xf32>) -> tensor<3x7x17xf32>
  %y = linalg.conv_1d_ncw_fcw {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>}
      ins(%x, %weight : tensor<3x6x19xf32>, tensor<7x6x3xf32>) outs(%conv_init : tensor<3x7x17xf32>) -> tensor<3x7x17xf32>
  return %y : tensor<3x7x17xf32>
}
