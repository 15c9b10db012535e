#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d1)>
module {
  foundry.kernel @conv2d_mish_mish(%arg0: tensor<64x64x256x256xf32>, %arg1: tensor<128x64x3x3xf32> {foundry.init = "uniform(-0.0416666667, 0.0416666667)"}, %arg2: tensor<128xf32> {foundry.init = "uniform(-0.0416666667, 0.0416666667)"}) -> tensor<64x128x254x254xf32> attributes {precision = #foundry.precision<3xtf32>, schedule = #foundry.schedule<"foundry-im2col,foundry-pad{k=32 m=128 n=128},foundry-tile-blocks{fuse=elementwise sizes={1,128,128} target=contraction},foundry-tile-reduction{sizes={32}},foundry-promote{operands={0,1} padding=4 stages=2},foundry-tile-warps{sizes={0,64,32}},foundry-tile-reduction{sizes={8}},foundry-mma,foundry-tile-blocks{fuse=all sizes={1,1,4,0} target=result},foundry-tile-threads{interleave=0 sizes={0,0,1,1}}">} {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<64x128x254x254xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<64x128x254x254xf32>) -> tensor<64x128x254x254xf32>
    %2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%arg0, %arg1 : tensor<64x64x256x256xf32>, tensor<128x64x3x3xf32>) outs(%1 : tensor<64x128x254x254xf32>) -> tensor<64x128x254x254xf32>
    %3 = tensor.empty() : tensor<64x128x254x254xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%2, %arg2 : tensor<64x128x254x254xf32>, tensor<128xf32>) outs(%3 : tensor<64x128x254x254xf32>) {
    ^bb0(%in: f32, %in_0: f32, %out: f32):
      %9 = arith.addf %in, %in_0 : f32
      linalg.yield %9 : f32
    } -> tensor<64x128x254x254xf32>
    %5 = tensor.empty() : tensor<64x128x254x254xf32>
    %6 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%4 : tensor<64x128x254x254xf32>) outs(%5 : tensor<64x128x254x254xf32>) {
    ^bb0(%in: f32, %out: f32):
      %9 = math.exp %in : f32
      %10 = math.log1p %9 : f32
      %11 = math.tanh %10 : f32
      %12 = arith.mulf %in, %11 : f32
      linalg.yield %12 : f32
    } -> tensor<64x128x254x254xf32>
    %7 = tensor.empty() : tensor<64x128x254x254xf32>
    %8 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%6 : tensor<64x128x254x254xf32>) outs(%7 : tensor<64x128x254x254xf32>) {
    ^bb0(%in: f32, %out: f32):
      %9 = math.exp %in : f32
      %10 = math.log1p %9 : f32
      %11 = math.tanh %10 : f32
      %12 = arith.mulf %in, %11 : f32
      linalg.yield %12 : f32
    } -> tensor<64x128x254x254xf32>
    yield %8 : tensor<64x128x254x254xf32>
  }
}
