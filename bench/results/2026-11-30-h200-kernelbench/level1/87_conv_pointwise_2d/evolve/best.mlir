#map = affine_map<(d0, d1, d2, d3, d4) -> (d0, d4, d2, d3)>
#map1 = affine_map<(d0, d1, d2, d3, d4) -> (d1, d4)>
#map2 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>
module {
  foundry.kernel @conv_pointwise_2d(%arg0: tensor<16x64x1024x1024xf32>, %arg1: tensor<128x64x1x1xf32> {foundry.init = "uniform(-0.125, 0.125)"}) -> tensor<16x128x1024x1024xf32> attributes {precision = #foundry.precision<3xtf32>, schedule = #foundry.schedule<"foundry-tile-blocks{fuse=all sizes={1,0,1,32} target=result},foundry-tile-reduction{sizes={32}},foundry-promote{operands={0,1} padding=0 stages=1},foundry-tile-threads{interleave=0 sizes={0,4,0,4}},foundry-tile-reduction{sizes={8}},foundry-vectorize{max-elements=1024},foundry-unroll{factor=2}">} {
    %cst = arith.constant 0.000000e+00 : f32
    %collapsed = tensor.collapse_shape %arg1 [[0], [1, 2, 3]] : tensor<128x64x1x1xf32> into tensor<128x64xf32>
    %0 = tensor.empty() : tensor<16x128x1024x1024xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<16x128x1024x1024xf32>) -> tensor<16x128x1024x1024xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%arg0, %collapsed : tensor<16x64x1024x1024xf32>, tensor<128x64xf32>) outs(%1 : tensor<16x128x1024x1024xf32>) {
    ^bb0(%in: f32, %in_0: f32, %out: f32):
      %3 = arith.mulf %in, %in_0 : f32
      %4 = arith.addf %out, %3 : f32
      linalg.yield %4 : f32
    } -> tensor<16x128x1024x1024xf32>
    yield %2 : tensor<16x128x1024x1024xf32>
  }
}
