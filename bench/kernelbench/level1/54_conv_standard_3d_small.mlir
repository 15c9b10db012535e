// KernelBench level 1 problem 54: conv_standard_3D__square_input__square_kernel.
// y = Conv3d(3, 5, kernel_size=3, stride=1, padding=0, bias=False)(x), x 2x3x9x10x11, weight 5x3x3x3x3, y 2x5x7x8x9 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

func.func @conv_standard_3d(%x: tensor<2x3x9x10x11xf32>, %weight: tensor<5x3x3x3x3xf32> {foundry.init = "uniform(-0.111111111, 0.111111111)"}) -> tensor<2x5x7x8x9xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %conv_empty = tensor.empty() : tensor<2x5x7x8x9xf32>
  %conv_init = linalg.fill ins(%zero : f32) outs(%conv_empty : tensor<2x5x7x8x9xf32>) -> tensor<2x5x7x8x9xf32>
  %y = linalg.conv_3d_ncdhw_fcdhw {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>}
      ins(%x, %weight : tensor<2x3x9x10x11xf32>, tensor<5x3x3x3x3xf32>) outs(%conv_init : tensor<2x5x7x8x9xf32>) -> tensor<2x5x7x8x9xf32>
  return %y : tensor<2x5x7x8x9xf32>
}
