// ResNet-50 layer1 bottleneck 1x1 reduction: y = relu(Conv2d(256, 64, kernel_size=1, padding=0)(x) + bias), NCHW, x 32x256x56x56, weight 64x256x1x1, bias 64 (the folded BatchNorm), y 32x64x56x56 (f32).
// As torch-mlir lowers aten.convolution: the bias broadcast into the output as the init of linalg.conv_2d_nchw_fchw,
// then aten.relu as a generic.
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

#id4 = affine_map<(n, f, h, w) -> (n, f, h, w)>

func.func @resnet50_conv1x1_nchw(%x: tensor<32x256x56x56xf32>, %weight: tensor<64x256x1x1xf32> {foundry.init = "uniform(-0.0625, 0.0625)"}, %bias: tensor<64xf32> {foundry.init = "uniform(-0.0625, 0.0625)"}) -> tensor<32x64x56x56xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  // The bias in every output position, accumulated into by the convolution.
  %bias_empty = tensor.empty() : tensor<32x64x56x56xf32>
  %bias_init = linalg.broadcast ins(%bias : tensor<64xf32>) outs(%bias_empty : tensor<32x64x56x56xf32>) dimensions = [0, 2, 3]
  %conv = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %weight : tensor<32x256x56x56xf32>, tensor<64x256x1x1xf32>) outs(%bias_init : tensor<32x64x56x56xf32>) -> tensor<32x64x56x56xf32>
  %y_empty = tensor.empty() : tensor<32x64x56x56xf32>
  %y = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%conv : tensor<32x64x56x56xf32>) outs(%y_empty : tensor<32x64x56x56xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.maximumf %in, %zero : f32
    linalg.yield %r : f32
  } -> tensor<32x64x56x56xf32>
  return %y : tensor<32x64x56x56xf32>
}
