#map = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2 + d4, d3 + d5)>
#map1 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d1, d4, d5)>
#map2 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>
module {
  foundry.kernel @conv_depthwise_2d(%arg0: tensor<16x64x512x512xf32>, %arg1: tensor<64x1x3x3xf32> {foundry.init = "uniform(-0.333333333, 0.333333333)"}) -> tensor<16x64x510x510xf32> attributes {schedule = #foundry.schedule<"foundry-tile-blocks{sizes={1,1,1,0} target=result},foundry-tile-threads{interleave=0 sizes={0,4,4,2}},foundry-tile-reduction{sizes={4}},foundry-vectorize{max-elements=1024},foundry-unroll{factor=4}">} {
    %cst = arith.constant 0.000000e+00 : f32
    %collapsed = tensor.collapse_shape %arg1 [[0, 1], [2], [3]] : tensor<64x1x3x3xf32> into tensor<64x3x3xf32>
    %0 = tensor.empty() : tensor<16x64x510x510xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<16x64x510x510xf32>) -> tensor<16x64x510x510xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%arg0, %collapsed : tensor<16x64x512x512xf32>, tensor<64x3x3xf32>) outs(%1 : tensor<16x64x510x510xf32>) {
    ^bb0(%in: f32, %in_0: f32, %out: f32):
      %3 = arith.mulf %in, %in_0 : f32
      %4 = arith.addf %out, %3 : f32
      linalg.yield %4 : f32
    } -> tensor<16x64x510x510xf32>
    yield %2 : tensor<16x64x510x510xf32>
  }
}
