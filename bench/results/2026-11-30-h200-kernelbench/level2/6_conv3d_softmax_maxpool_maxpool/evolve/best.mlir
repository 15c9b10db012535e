#map = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
#map1 = affine_map<(d0, d1, d2, d3, d4) -> (d1)>
#map2 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d4, d1, d2, d3)>
#map3 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>
#map4 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d2, d3, d4)>
#map5 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d1, d2 * 2 + d5, d3 * 2 + d6, d4 * 2 + d7)>
#map6 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d5, d6, d7)>
#map7 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d1, d2, d3, d4)>
module {
  foundry.kernel @conv3d_softmax_maxpool_maxpool(%arg0: tensor<128x3x16x32x32xf32>, %arg1: tensor<16x3x3x3x3xf32> {foundry.init = "uniform(-0.111111111, 0.111111111)"}, %arg2: tensor<16xf32> {foundry.init = "uniform(-0.111111111, 0.111111111)"}) -> tensor<128x16x3x7x7xf32> attributes {precision = #foundry.precision<3xtf32>, schedule = #foundry.schedule<"foundry-im2col,foundry-pad{k=16 m=16 n=120},foundry-tile-blocks{fuse=elementwise sizes={1,16,120} target=contraction},foundry-tile-reduction{sizes={16}},foundry-promote{operands={0,1} padding=4 stages=1},foundry-tile-warps{sizes={0,16,40}},foundry-tile-reduction{sizes={8}},foundry-mma,foundry-tile-blocks{fuse=elementwise sizes={1,1,8,0} target=reduction},foundry-tile-threads{interleave=0 sizes={0,0,1,1}},foundry-tile-blocks{fuse=elementwise sizes={1,1,8,0} target=reduction},foundry-tile-threads{interleave=0 sizes={0,0,1,1}},foundry-tile-blocks{fuse=elementwise sizes={1,1,1,0,0} target=reduction},foundry-tile-threads{interleave=0 sizes={0,0,0,1,1}},foundry-tile-blocks{fuse=all sizes={1,1,1,0,0} target=result},foundry-reduce-threads{interleave=0 online=false shuffle=false threads=32 welford=false}">} {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0xFF800000 : f32
    %0 = tensor.empty() : tensor<128x16x14x30x30xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<128x16x14x30x30xf32>) -> tensor<128x16x14x30x30xf32>
    %2 = linalg.conv_3d_ncdhw_fcdhw {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>} ins(%arg0, %arg1 : tensor<128x3x16x32x32xf32>, tensor<16x3x3x3x3xf32>) outs(%1 : tensor<128x16x14x30x30xf32>) -> tensor<128x16x14x30x30xf32>
    %3 = tensor.empty() : tensor<128x16x14x30x30xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%2, %arg2 : tensor<128x16x14x30x30xf32>, tensor<16xf32>) outs(%3 : tensor<128x16x14x30x30xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %22 = arith.addf %in, %in_1 : f32
      linalg.yield %22 : f32
    } -> tensor<128x16x14x30x30xf32>
    %5 = tensor.empty() : tensor<128x14x30x30xf32>
    %6 = linalg.fill ins(%cst_0 : f32) outs(%5 : tensor<128x14x30x30xf32>) -> tensor<128x14x30x30xf32>
    %7 = linalg.generic {indexing_maps = [#map2, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%4 : tensor<128x16x14x30x30xf32>) outs(%6 : tensor<128x14x30x30xf32>) {
    ^bb0(%in: f32, %out: f32):
      %22 = arith.maximumf %out, %in : f32
      linalg.yield %22 : f32
    } -> tensor<128x14x30x30xf32>
    %8 = tensor.empty() : tensor<128x16x14x30x30xf32>
    %9 = linalg.generic {indexing_maps = [#map, #map4, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%4, %7 : tensor<128x16x14x30x30xf32>, tensor<128x14x30x30xf32>) outs(%8 : tensor<128x16x14x30x30xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %22 = arith.subf %in, %in_1 : f32
      %23 = math.exp %22 : f32
      linalg.yield %23 : f32
    } -> tensor<128x16x14x30x30xf32>
    %10 = tensor.empty() : tensor<128x14x30x30xf32>
    %11 = linalg.fill ins(%cst : f32) outs(%10 : tensor<128x14x30x30xf32>) -> tensor<128x14x30x30xf32>
    %12 = linalg.generic {indexing_maps = [#map2, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%9 : tensor<128x16x14x30x30xf32>) outs(%11 : tensor<128x14x30x30xf32>) {
    ^bb0(%in: f32, %out: f32):
      %22 = arith.addf %out, %in : f32
      linalg.yield %22 : f32
    } -> tensor<128x14x30x30xf32>
    %13 = tensor.empty() : tensor<128x16x14x30x30xf32>
    %14 = linalg.generic {indexing_maps = [#map, #map4, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%9, %12 : tensor<128x16x14x30x30xf32>, tensor<128x14x30x30xf32>) outs(%13 : tensor<128x16x14x30x30xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %22 = arith.divf %in, %in_1 : f32
      linalg.yield %22 : f32
    } -> tensor<128x16x14x30x30xf32>
    %15 = tensor.empty() : tensor<2x2x2xf32>
    %16 = tensor.empty() : tensor<128x16x7x15x15xf32>
    %17 = linalg.fill ins(%cst_0 : f32) outs(%16 : tensor<128x16x7x15x15xf32>) -> tensor<128x16x7x15x15xf32>
    %18 = linalg.generic {indexing_maps = [#map5, #map6, #map7], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%14, %15 : tensor<128x16x14x30x30xf32>, tensor<2x2x2xf32>) outs(%17 : tensor<128x16x7x15x15xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %22 = arith.maximumf %out, %in : f32
      linalg.yield %22 : f32
    } -> tensor<128x16x7x15x15xf32>
    %19 = tensor.empty() : tensor<128x16x3x7x7xf32>
    %20 = linalg.fill ins(%cst_0 : f32) outs(%19 : tensor<128x16x3x7x7xf32>) -> tensor<128x16x3x7x7xf32>
    %21 = linalg.generic {indexing_maps = [#map5, #map6, #map7], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%18, %15 : tensor<128x16x7x15x15xf32>, tensor<2x2x2xf32>) outs(%20 : tensor<128x16x3x7x7xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %22 = arith.maximumf %out, %in : f32
      linalg.yield %22 : f32
    } -> tensor<128x16x3x7x7xf32>
    yield %21 : tensor<128x16x3x7x7xf32>
  }
}
