// ResNet-50 layer1 bottleneck 3x3 convolution on bf16: y = relu(Conv2d(64, 64, kernel_size=3, padding=1)(x) + bias), NCHW, x 32x64x56x56 in bf16, weight 64x64x3x3 in bf16, bias 64 in bf16 (the folded BatchNorm), y 32x64x56x56 (f32).
// As torch-mlir lowers aten.convolution: the bias broadcast into the output as the init of an f32 linalg.conv_2d_nchw_fchw
// (bf16 operands, f32 accumulator and result), then aten.relu as a generic.
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

#id4 = affine_map<(n, f, h, w) -> (n, f, h, w)>
#channel = affine_map<(n, f, h, w) -> (f)>

func.func @resnet50_conv3x3_nchw_bf16(%x: tensor<32x64x56x56xbf16>, %weight: tensor<64x64x3x3xbf16> {foundry.init = "uniform(-0.04166666667, 0.04166666667)"}, %bias: tensor<64xbf16> {foundry.init = "uniform(-0.04166666667, 0.04166666667)"}) -> tensor<32x64x56x56xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %zero_bf16 = arith.constant 0.0 : bf16
  // Zero padding 1 on each side of H and W.
  %x_padded = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero_bf16 : bf16
  } : tensor<32x64x56x56xbf16> to tensor<32x64x58x58xbf16>
  // The bias in every output position, accumulated into by the convolution.
  %bias_empty = tensor.empty() : tensor<32x64x56x56xf32>
  %bias_init = linalg.generic {indexing_maps = [#channel, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%bias : tensor<64xbf16>) outs(%bias_empty : tensor<32x64x56x56xf32>) {
  ^bb0(%b: bf16, %out: f32):
    %e = arith.extf %b : bf16 to f32
    linalg.yield %e : f32
  } -> tensor<32x64x56x56xf32>
  %conv = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x_padded, %weight : tensor<32x64x58x58xbf16>, tensor<64x64x3x3xbf16>) outs(%bias_init : tensor<32x64x56x56xf32>) -> tensor<32x64x56x56xf32>
  %y_empty = tensor.empty() : tensor<32x64x56x56xf32>
  %y = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%conv : tensor<32x64x56x56xf32>) outs(%y_empty : tensor<32x64x56x56xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.maximumf %in, %zero : f32
    linalg.yield %r : f32
  } -> tensor<32x64x56x56xf32>
  return %y : tensor<32x64x56x56xf32>
}
