#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d1, d2)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map3 = affine_map<(d0, d1) -> (d0, d1)>
#map4 = affine_map<(d0, d1) -> (d1)>
module {
  foundry.kernel @gemm_multiply_leakyrelu(%arg0: tensor<1024x8192xf32>, %arg1: tensor<8192x8192xf32> {foundry.init = "uniform(-0.0110485435, 0.0110485435)"}, %arg2: tensor<8192xf32> {foundry.init = "uniform(-0.0110485435, 0.0110485435)"}) -> tensor<1024x8192xf32> attributes {precision = #foundry.precision<3xtf32>, schedule = #foundry.schedule<"foundry-tile-blocks{fuse=all sizes={128,128} target=contraction},foundry-tile-reduction{sizes={32}},foundry-promote{operands={0,1} padding=0 stages=4},foundry-tile-warpgroups{sizes={64,128}},foundry-mma,foundry-tile-blocks{fuse=all sizes={4,256} target=result},foundry-tile-threads{interleave=0 sizes={1,4}},foundry-vectorize{max-elements=1024}">} {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 2.000000e+00 : f32
    %cst_1 = arith.constant 1.000000e-01 : f32
    %0 = tensor.empty() : tensor<1024x8192xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1024x8192xf32>) -> tensor<1024x8192xf32>
    %2 = linalg.matmul indexing_maps = [#map, #map1, #map2] ins(%arg0, %arg1 : tensor<1024x8192xf32>, tensor<8192x8192xf32>) outs(%1 : tensor<1024x8192xf32>) -> tensor<1024x8192xf32>
    %3 = tensor.empty() : tensor<1024x8192xf32>
    %4 = linalg.generic {indexing_maps = [#map3, #map4, #map3], iterator_types = ["parallel", "parallel"]} ins(%2, %arg2 : tensor<1024x8192xf32>, tensor<8192xf32>) outs(%3 : tensor<1024x8192xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %9 = arith.addf %in, %in_2 : f32
      linalg.yield %9 : f32
    } -> tensor<1024x8192xf32>
    %5 = tensor.empty() : tensor<1024x8192xf32>
    %6 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%4 : tensor<1024x8192xf32>) outs(%5 : tensor<1024x8192xf32>) {
    ^bb0(%in: f32, %out: f32):
      %9 = arith.mulf %in, %cst_0 : f32
      linalg.yield %9 : f32
    } -> tensor<1024x8192xf32>
    %7 = tensor.empty() : tensor<1024x8192xf32>
    %8 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%6 : tensor<1024x8192xf32>) outs(%7 : tensor<1024x8192xf32>) {
    ^bb0(%in: f32, %out: f32):
      %9 = arith.cmpf ogt, %in, %cst : f32
      %10 = arith.mulf %in, %cst_1 : f32
      %11 = arith.select %9, %in, %10 : f32
      linalg.yield %11 : f32
    } -> tensor<1024x8192xf32>
    yield %8 : tensor<1024x8192xf32>
  }
}
