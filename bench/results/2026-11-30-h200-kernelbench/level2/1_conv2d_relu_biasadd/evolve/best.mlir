#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d1)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>
module {
  foundry.kernel @conv2d_relu_biasadd(%arg0: tensor<128x64x128x128xf32>, %arg1: tensor<128x64x3x3xf32> {foundry.init = "uniform(-0.0416666667, 0.0416666667)"}, %arg2: tensor<128xf32> {foundry.init = "uniform(-0.0416666667, 0.0416666667)"}, %arg3: tensor<128x1x1xf32> {foundry.init = "normal(0, 1)"}) -> tensor<128x128x126x126xf32> attributes {precision = #foundry.precision<3xtf32>, schedule = #foundry.schedule<"foundry-im2col,foundry-pad{k=32 m=128 n=64},foundry-tile-blocks{fuse=elementwise sizes={1,128,64} target=contraction},foundry-tile-reduction{sizes={32}},foundry-promote{operands={0,1} padding=4 stages=2},foundry-tile-warps{sizes={0,64,32}},foundry-tile-reduction{sizes={8}},foundry-mma,foundry-tile-blocks{fuse=all sizes={1,1,4,0} target=result},foundry-tile-threads{interleave=0 sizes={0,0,1,1}}">} {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<128x128x126x126xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<128x128x126x126xf32>) -> tensor<128x128x126x126xf32>
    %2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%arg0, %arg1 : tensor<128x64x128x128xf32>, tensor<128x64x3x3xf32>) outs(%1 : tensor<128x128x126x126xf32>) -> tensor<128x128x126x126xf32>
    %3 = tensor.empty() : tensor<128x128x126x126xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map1, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%2, %arg2, %arg3 : tensor<128x128x126x126xf32>, tensor<128xf32>, tensor<128x1x1xf32>) outs(%3 : tensor<128x128x126x126xf32>) {
    ^bb0(%in: f32, %in_0: f32, %in_1: f32, %out: f32):
      %5 = arith.addf %in, %in_0 : f32
      %6 = arith.maximumf %5, %cst : f32
      %7 = arith.addf %6, %in_1 : f32
      linalg.yield %7 : f32
    } -> tensor<128x128x126x126xf32>
    yield %4 : tensor<128x128x126x126xf32>
  }
}
