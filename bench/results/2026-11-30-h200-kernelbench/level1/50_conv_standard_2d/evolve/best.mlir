#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d1)>
module {
  foundry.kernel @conv_standard_2d(%arg0: tensor<256x3x224x224xf32>, %arg1: tensor<96x3x11x11xf32> {foundry.init = "uniform(-0.0524863881, 0.0524863881)"}, %arg2: tensor<96xf32> {foundry.init = "uniform(-0.0524863881, 0.0524863881)"}) -> tensor<256x96x55x55xf32> attributes {precision = #foundry.precision<3xtf32>, schedule = #foundry.schedule<"foundry-im2col,foundry-pad{k=32 m=128 n=64},foundry-tile-blocks{fuse=elementwise sizes={1,128,64} target=contraction},foundry-tile-reduction{sizes={32}},foundry-promote{operands={0,1} padding=4 stages=1},foundry-tile-warps{sizes={0,64,32}},foundry-tile-reduction{sizes={8}},foundry-mma,foundry-tile-blocks{fuse=all sizes={1,1,4,0} target=result},foundry-tile-threads{interleave=0 sizes={0,0,1,1}}">} {
    %cst = arith.constant 0.000000e+00 : f32
    %padded = tensor.pad %arg0 low[0, 0, 2, 2] high[0, 0, 2, 2] {
    ^bb0(%arg3: index, %arg4: index, %arg5: index, %arg6: index):
      tensor.yield %cst : f32
    } : tensor<256x3x224x224xf32> to tensor<256x3x228x228xf32>
    %0 = tensor.empty() : tensor<256x96x55x55xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<256x96x55x55xf32>) -> tensor<256x96x55x55xf32>
    %2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<4> : tensor<2xi64>} ins(%padded, %arg1 : tensor<256x3x228x228xf32>, tensor<96x3x11x11xf32>) outs(%1 : tensor<256x96x55x55xf32>) -> tensor<256x96x55x55xf32>
    %3 = tensor.empty() : tensor<256x96x55x55xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%2, %arg2 : tensor<256x96x55x55xf32>, tensor<96xf32>) outs(%3 : tensor<256x96x55x55xf32>) {
    ^bb0(%in: f32, %in_0: f32, %out: f32):
      %5 = arith.addf %in, %in_0 : f32
      linalg.yield %5 : f32
    } -> tensor<256x96x55x55xf32>
    yield %4 : tensor<256x96x55x55xf32>
  }
}
