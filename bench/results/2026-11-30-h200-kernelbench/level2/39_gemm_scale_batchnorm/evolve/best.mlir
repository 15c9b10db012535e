#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d1, d2)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map3 = affine_map<(d0, d1) -> (d0, d1)>
#map4 = affine_map<(d0, d1) -> (d1)>
#map5 = affine_map<(d0) -> (d0)>
module {
  foundry.kernel @gemm_scale_batchnorm(%arg0: tensor<16384x4096xf32>, %arg1: tensor<4096x4096xf32> {foundry.init = "uniform(-0.015625, 0.015625)"}, %arg2: tensor<4096xf32> {foundry.init = "uniform(-0.015625, 0.015625)"}, %arg3: tensor<4096xf32> {foundry.init = "normal(0, 1)"}) -> tensor<16384x4096xf32> attributes {precision = #foundry.precision<3xtf32>, schedule = #foundry.schedule<"foundry-tile-blocks{fuse=all sizes={128,128} target=contraction},foundry-tile-reduction{sizes={32}},foundry-promote{operands={0,1} padding=0 stages=4},foundry-tile-warpgroups{sizes={64,128}},foundry-mma,foundry-tile-blocks{fuse=all sizes={0,1} target=result},foundry-reduce-threads{interleave=0 online=false shuffle=false threads=256 welford=false},foundry-tile-threads{interleave=4 sizes={64,0}},foundry-vectorize{max-elements=1024}">} {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 1.638400e+04 : f32
    %cst_1 = arith.constant 9.99999974E-6 : f32
    %0 = tensor.empty() : tensor<16384x4096xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<16384x4096xf32>) -> tensor<16384x4096xf32>
    %2 = linalg.matmul indexing_maps = [#map, #map1, #map2] ins(%arg0, %arg1 : tensor<16384x4096xf32>, tensor<4096x4096xf32>) outs(%1 : tensor<16384x4096xf32>) -> tensor<16384x4096xf32>
    %3 = tensor.empty() : tensor<16384x4096xf32>
    %4 = linalg.generic {indexing_maps = [#map3, #map4, #map3], iterator_types = ["parallel", "parallel"]} ins(%2, %arg2 : tensor<16384x4096xf32>, tensor<4096xf32>) outs(%3 : tensor<16384x4096xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %15 = arith.addf %in, %in_2 : f32
      linalg.yield %15 : f32
    } -> tensor<16384x4096xf32>
    %5 = tensor.empty() : tensor<16384x4096xf32>
    %6 = linalg.generic {indexing_maps = [#map3, #map4, #map3], iterator_types = ["parallel", "parallel"]} ins(%4, %arg3 : tensor<16384x4096xf32>, tensor<4096xf32>) outs(%5 : tensor<16384x4096xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %15 = arith.mulf %in, %in_2 : f32
      linalg.yield %15 : f32
    } -> tensor<16384x4096xf32>
    %7 = tensor.empty() : tensor<4096xf32>
    %8 = linalg.fill ins(%cst : f32) outs(%7 : tensor<4096xf32>) -> tensor<4096xf32>
    %9 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["reduction", "parallel"]} ins(%6 : tensor<16384x4096xf32>) outs(%8 : tensor<4096xf32>) {
    ^bb0(%in: f32, %out: f32):
      %15 = arith.addf %in, %out : f32
      linalg.yield %15 : f32
    } -> tensor<4096xf32>
    %10 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel"]} ins(%9 : tensor<4096xf32>) outs(%7 : tensor<4096xf32>) {
    ^bb0(%in: f32, %out: f32):
      %15 = arith.divf %in, %cst_0 : f32
      linalg.yield %15 : f32
    } -> tensor<4096xf32>
    %11 = linalg.generic {indexing_maps = [#map3, #map4, #map4], iterator_types = ["reduction", "parallel"]} ins(%6, %10 : tensor<16384x4096xf32>, tensor<4096xf32>) outs(%8 : tensor<4096xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %15 = arith.subf %in, %in_2 : f32
      %16 = arith.mulf %15, %15 : f32
      %17 = arith.addf %16, %out : f32
      linalg.yield %17 : f32
    } -> tensor<4096xf32>
    %12 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel"]} ins(%11 : tensor<4096xf32>) outs(%7 : tensor<4096xf32>) {
    ^bb0(%in: f32, %out: f32):
      %15 = arith.divf %in, %cst_0 : f32
      %16 = arith.addf %15, %cst_1 : f32
      %17 = math.sqrt %16 : f32
      linalg.yield %17 : f32
    } -> tensor<4096xf32>
    %13 = tensor.empty() : tensor<16384x4096xf32>
    %14 = linalg.generic {indexing_maps = [#map3, #map4, #map4, #map3], iterator_types = ["parallel", "parallel"]} ins(%6, %10, %12 : tensor<16384x4096xf32>, tensor<4096xf32>, tensor<4096xf32>) outs(%13 : tensor<16384x4096xf32>) {
    ^bb0(%in: f32, %in_2: f32, %in_3: f32, %out: f32):
      %15 = arith.subf %in, %in_2 : f32
      %16 = arith.divf %15, %in_3 : f32
      linalg.yield %16 : f32
    } -> tensor<16384x4096xf32>
    yield %14 : tensor<16384x4096xf32>
  }
}
