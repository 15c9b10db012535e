// ResNet-50 layer2 bottleneck 1x1 reduction on bf16: y = relu(conv(x, weight) + bias) with kernel 1x1, padding 0, NHWC, x 2x9x11x13 in bf16, weight 1x1x13x7 (HWCF) in bf16, bias 7 in bf16 (the folded BatchNorm), y 2x9x11x7 (f32).
// As IREE and TF/TFLite importers emit it: linalg.conv_2d_nhwc_hwcf accumulating into the
// broadcast bias, then ReLU as a generic. bf16 operands, f32 accumulator and result.
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

#id4 = affine_map<(n, h, w, f) -> (n, h, w, f)>
#channel = affine_map<(n, h, w, f) -> (f)>

func.func @resnet50_conv1x1_nhwc_bf16(%x: tensor<2x9x11x13xbf16>, %weight: tensor<1x1x13x7xbf16> {foundry.init = "uniform(-0.2773500981, 0.2773500981)"}, %bias: tensor<7xbf16> {foundry.init = "uniform(-0.2773500981, 0.2773500981)"}) -> tensor<2x9x11x7xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  // The bias in every output position, accumulated into by the convolution.
  %bias_empty = tensor.empty() : tensor<2x9x11x7xf32>
  %bias_init = linalg.generic {indexing_maps = [#channel, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%bias : tensor<7xbf16>) outs(%bias_empty : tensor<2x9x11x7xf32>) {
  ^bb0(%b: bf16, %out: f32):
    %e = arith.extf %b : bf16 to f32
    linalg.yield %e : f32
  } -> tensor<2x9x11x7xf32>
  %conv = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %weight : tensor<2x9x11x13xbf16>, tensor<1x1x13x7xbf16>) outs(%bias_init : tensor<2x9x11x7xf32>) -> tensor<2x9x11x7xf32>
  %y_empty = tensor.empty() : tensor<2x9x11x7xf32>
  %y = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%conv : tensor<2x9x11x7xf32>) outs(%y_empty : tensor<2x9x11x7xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.maximumf %in, %zero : f32
    linalg.yield %r : f32
  } -> tensor<2x9x11x7xf32>
  return %y : tensor<2x9x11x7xf32>
}
