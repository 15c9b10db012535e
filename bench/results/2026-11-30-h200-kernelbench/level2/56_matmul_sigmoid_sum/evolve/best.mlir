#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d1, d2)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map3 = affine_map<(d0, d1) -> (d0, d1)>
#map4 = affine_map<(d0, d1) -> (d1)>
module {
  foundry.kernel @matmul_sigmoid_sum(%arg0: tensor<128x32768xf32>, %arg1: tensor<32768x32768xf32> {foundry.init = "uniform(-0.00552427173, 0.00552427173)"}, %arg2: tensor<32768xf32> {foundry.init = "uniform(-0.00552427173, 0.00552427173)"}) -> tensor<128x1xf32> attributes {precision = #foundry.precision<3xtf32>, schedule = #foundry.schedule<"foundry-tile-blocks{fuse=all sizes={128,128} target=contraction},foundry-tile-reduction{sizes={32}},foundry-promote{operands={0,1} padding=0 stages=4},foundry-tile-warpgroups{sizes={64,128}},foundry-mma,foundry-tile-blocks{fuse=all sizes={1,0} target=result},foundry-reduce-threads{interleave=0 online=false shuffle=false threads=256 welford=false},foundry-tile-threads{interleave=0 sizes={0,1}},foundry-vectorize{max-elements=1024}">} {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 1.000000e+00 : f32
    %0 = tensor.empty() : tensor<128x32768xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<128x32768xf32>) -> tensor<128x32768xf32>
    %2 = linalg.matmul indexing_maps = [#map, #map1, #map2] ins(%arg0, %arg1 : tensor<128x32768xf32>, tensor<32768x32768xf32>) outs(%1 : tensor<128x32768xf32>) -> tensor<128x32768xf32>
    %3 = tensor.empty() : tensor<128x32768xf32>
    %4 = linalg.generic {indexing_maps = [#map3, #map4, #map3], iterator_types = ["parallel", "parallel"]} ins(%2, %arg2 : tensor<128x32768xf32>, tensor<32768xf32>) outs(%3 : tensor<128x32768xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %10 = arith.addf %in, %in_1 : f32
      linalg.yield %10 : f32
    } -> tensor<128x32768xf32>
    %5 = tensor.empty() : tensor<128x32768xf32>
    %6 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%4 : tensor<128x32768xf32>) outs(%5 : tensor<128x32768xf32>) {
    ^bb0(%in: f32, %out: f32):
      %10 = arith.negf %in : f32
      %11 = math.exp %10 : f32
      %12 = arith.addf %cst_0, %11 : f32
      %13 = arith.divf %cst_0, %12 : f32
      linalg.yield %13 : f32
    } -> tensor<128x32768xf32>
    %7 = tensor.empty() : tensor<128x1xf32>
    %8 = linalg.fill ins(%cst : f32) outs(%7 : tensor<128x1xf32>) -> tensor<128x1xf32>
    %9 = linalg.generic {indexing_maps = [#map, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%6 : tensor<128x32768xf32>) outs(%8 : tensor<128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %10 = arith.addf %in, %out : f32
      linalg.yield %10 : f32
    } -> tensor<128x1xf32>
    yield %9 : tensor<128x1xf32>
  }
}
