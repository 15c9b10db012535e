#map = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
#map1 = affine_map<(d0, d1, d2, d3, d4) -> (d1)>
#map2 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d4, d2, d3)>
#map3 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>
#map4 = affine_map<(d0, d1, d2, d3) -> (d0, d3, d1, d2)>
#map5 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map6 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map7 = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>
module {
  foundry.kernel @conv3d_min_softmax(%arg0: tensor<128x3x24x32x32xf32>, %arg1: tensor<24x3x3x3x3xf32> {foundry.init = "uniform(-0.111111111, 0.111111111)"}, %arg2: tensor<24xf32> {foundry.init = "uniform(-0.111111111, 0.111111111)"}) -> tensor<128x24x30x30xf32> attributes {precision = #foundry.precision<3xtf32>, schedule = #foundry.schedule<"foundry-im2col,foundry-pad{k=16 m=32 n=64},foundry-tile-blocks{fuse=elementwise sizes={1,32,64} target=contraction},foundry-tile-reduction{sizes={16}},foundry-promote{operands={0,1} padding=4 stages=1},foundry-tile-warps{sizes={0,32,32}},foundry-tile-reduction{sizes={8}},foundry-mma,foundry-tile-blocks{fuse=elementwise sizes={1,1,8,0} target=reduction},foundry-tile-threads{interleave=0 sizes={0,0,1,1}},foundry-tile-blocks{fuse=elementwise sizes={1,8,0} target=reduction},foundry-tile-threads{interleave=0 sizes={0,1,1}},foundry-tile-blocks{fuse=elementwise sizes={1,8,0} target=reduction},foundry-tile-threads{interleave=0 sizes={0,1,1}},foundry-tile-blocks{fuse=all sizes={1,1,8,0} target=result},foundry-tile-threads{interleave=0 sizes={0,0,1,1}},foundry-vectorize{max-elements=1024}">} {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0x7F800000 : f32
    %cst_1 = arith.constant 0xFF800000 : f32
    %0 = tensor.empty() : tensor<128x24x22x30x30xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<128x24x22x30x30xf32>) -> tensor<128x24x22x30x30xf32>
    %2 = linalg.conv_3d_ncdhw_fcdhw {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>} ins(%arg0, %arg1 : tensor<128x3x24x32x32xf32>, tensor<24x3x3x3x3xf32>) outs(%1 : tensor<128x24x22x30x30xf32>) -> tensor<128x24x22x30x30xf32>
    %3 = tensor.empty() : tensor<128x24x22x30x30xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%2, %arg2 : tensor<128x24x22x30x30xf32>, tensor<24xf32>) outs(%3 : tensor<128x24x22x30x30xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %18 = arith.addf %in, %in_2 : f32
      linalg.yield %18 : f32
    } -> tensor<128x24x22x30x30xf32>
    %5 = tensor.empty() : tensor<128x24x30x30xf32>
    %6 = linalg.fill ins(%cst_0 : f32) outs(%5 : tensor<128x24x30x30xf32>) -> tensor<128x24x30x30xf32>
    %7 = linalg.generic {indexing_maps = [#map2, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%4 : tensor<128x24x22x30x30xf32>) outs(%6 : tensor<128x24x30x30xf32>) {
    ^bb0(%in: f32, %out: f32):
      %18 = arith.minimumf %out, %in : f32
      linalg.yield %18 : f32
    } -> tensor<128x24x30x30xf32>
    %8 = tensor.empty() : tensor<128x30x30xf32>
    %9 = linalg.fill ins(%cst_1 : f32) outs(%8 : tensor<128x30x30xf32>) -> tensor<128x30x30xf32>
    %10 = linalg.generic {indexing_maps = [#map4, #map5], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%7 : tensor<128x24x30x30xf32>) outs(%9 : tensor<128x30x30xf32>) {
    ^bb0(%in: f32, %out: f32):
      %18 = arith.maximumf %out, %in : f32
      linalg.yield %18 : f32
    } -> tensor<128x30x30xf32>
    %11 = tensor.empty() : tensor<128x24x30x30xf32>
    %12 = linalg.generic {indexing_maps = [#map6, #map7, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%7, %10 : tensor<128x24x30x30xf32>, tensor<128x30x30xf32>) outs(%11 : tensor<128x24x30x30xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %18 = arith.subf %in, %in_2 : f32
      %19 = math.exp %18 : f32
      linalg.yield %19 : f32
    } -> tensor<128x24x30x30xf32>
    %13 = tensor.empty() : tensor<128x30x30xf32>
    %14 = linalg.fill ins(%cst : f32) outs(%13 : tensor<128x30x30xf32>) -> tensor<128x30x30xf32>
    %15 = linalg.generic {indexing_maps = [#map4, #map5], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%12 : tensor<128x24x30x30xf32>) outs(%14 : tensor<128x30x30xf32>) {
    ^bb0(%in: f32, %out: f32):
      %18 = arith.addf %out, %in : f32
      linalg.yield %18 : f32
    } -> tensor<128x30x30xf32>
    %16 = tensor.empty() : tensor<128x24x30x30xf32>
    %17 = linalg.generic {indexing_maps = [#map6, #map7, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%12, %15 : tensor<128x24x30x30xf32>, tensor<128x30x30xf32>) outs(%16 : tensor<128x24x30x30xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %18 = arith.divf %in, %in_2 : f32
      linalg.yield %18 : f32
    } -> tensor<128x24x30x30xf32>
    yield %17 : tensor<128x24x30x30xf32>
  }
}
