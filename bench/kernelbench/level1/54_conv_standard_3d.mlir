// KernelBench level 1 problem 54: conv_standard_3D__square_input__square_kernel.
// y = Conv3d(3, 64, kernel_size=3, stride=1, padding=0, bias=False)(x), x 16x3x64x64x64, weight 64x3x3x3x3, y 16x64x62x62x62 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

func.func @conv_standard_3d(%x: tensor<16x3x64x64x64xf32>, %weight: tensor<64x3x3x3x3xf32> {foundry.init = "uniform(-0.111111111, 0.111111111)"}) -> tensor<16x64x62x62x62xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %conv_empty = tensor.empty() : tensor<16x64x62x62x62xf32>
  %conv_init = linalg.fill ins(%zero : f32) outs(%conv_empty : tensor<16x64x62x62x62xf32>) -> tensor<16x64x62x62x62xf32>
  %y = linalg.conv_3d_ncdhw_fcdhw {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>}
      ins(%x, %weight : tensor<16x3x64x64x64xf32>, tensor<64x3x3x3x3xf32>) outs(%conv_init : tensor<16x64x62x62x62xf32>) -> tensor<16x64x62x62x62xf32>
  return %y : tensor<16x64x62x62x62xf32>
}
