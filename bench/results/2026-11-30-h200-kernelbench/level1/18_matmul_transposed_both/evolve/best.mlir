#map = affine_map<(d0, d1, d2) -> (d2, d0)>
#map1 = affine_map<(d0, d1, d2) -> (d1, d2)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
module {
  foundry.kernel @matmul_transposed_both(%arg0: tensor<8192x2048xf32>, %arg1: tensor<4096x8192xf32>) -> tensor<2048x4096xf32> attributes {precision = #foundry.precision<3xtf32>, schedule = #foundry.schedule<"foundry-transpose-a,foundry-tile-blocks{fuse=all sizes={128,128} target=contraction},foundry-tile-reduction{sizes={32}},foundry-promote{operands={0,1} padding=0 stages=4},foundry-tile-warpgroups{sizes={64,128}},foundry-mma,foundry-tile-blocks{fuse=all sizes={32,32} target=transpose},foundry-tile-threads{interleave=0 sizes={4,4}},foundry-vectorize{max-elements=1024}">} {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<2048x4096xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<2048x4096xf32>) -> tensor<2048x4096xf32>
    %2 = linalg.matmul indexing_maps = [#map, #map1, #map2] ins(%arg0, %arg1 : tensor<8192x2048xf32>, tensor<4096x8192xf32>) outs(%1 : tensor<2048x4096xf32>) -> tensor<2048x4096xf32>
    yield %2 : tensor<2048x4096xf32>
  }
}
