#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d1, d2)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map3 = affine_map<(d0, d1) -> (d0, d1)>
#map4 = affine_map<(d0, d1) -> (d1)>
#map5 = affine_map<(d0) -> (d0)>
module {
  foundry.kernel @gemm_batchnorm_gelu_relu(%arg0: tensor<16384x4096xf32>, %arg1: tensor<4096x4096xf32> {foundry.init = "uniform(-0.015625, 0.015625)"}, %arg2: tensor<4096xf32> {foundry.init = "uniform(-0.015625, 0.015625)"}) -> tensor<16384x4096xf32> attributes {precision = #foundry.precision<3xtf32>, schedule = #foundry.schedule<"foundry-tile-blocks{fuse=all sizes={128,128} target=contraction},foundry-tile-reduction{sizes={32}},foundry-promote{operands={0,1} padding=0 stages=4},foundry-tile-warpgroups{sizes={64,128}},foundry-mma,foundry-tile-blocks{fuse=all sizes={0,1} target=result},foundry-reduce-threads{interleave=4 online=false shuffle=true threads=128 welford=false},foundry-tile-threads{interleave=4 sizes={128,0}},foundry-vectorize{max-elements=1024}">} {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 1.638400e+04 : f32
    %cst_1 = arith.constant 9.99999974E-6 : f32
    %cst_2 = arith.constant 5.000000e-01 : f32
    %cst_3 = arith.constant 1.000000e+00 : f32
    %cst_4 = arith.constant 0.707106769 : f32
    %0 = tensor.empty() : tensor<16384x4096xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<16384x4096xf32>) -> tensor<16384x4096xf32>
    %2 = linalg.matmul indexing_maps = [#map, #map1, #map2] ins(%arg0, %arg1 : tensor<16384x4096xf32>, tensor<4096x4096xf32>) outs(%1 : tensor<16384x4096xf32>) -> tensor<16384x4096xf32>
    %3 = tensor.empty() : tensor<16384x4096xf32>
    %4 = linalg.generic {indexing_maps = [#map3, #map4, #map3], iterator_types = ["parallel", "parallel"]} ins(%2, %arg2 : tensor<16384x4096xf32>, tensor<4096xf32>) outs(%3 : tensor<16384x4096xf32>) {
    ^bb0(%in: f32, %in_5: f32, %out: f32):
      %17 = arith.addf %in, %in_5 : f32
      linalg.yield %17 : f32
    } -> tensor<16384x4096xf32>
    %5 = tensor.empty() : tensor<4096xf32>
    %6 = linalg.fill ins(%cst : f32) outs(%5 : tensor<4096xf32>) -> tensor<4096xf32>
    %7 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["reduction", "parallel"]} ins(%4 : tensor<16384x4096xf32>) outs(%6 : tensor<4096xf32>) {
    ^bb0(%in: f32, %out: f32):
      %17 = arith.addf %in, %out : f32
      linalg.yield %17 : f32
    } -> tensor<4096xf32>
    %8 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel"]} ins(%7 : tensor<4096xf32>) outs(%5 : tensor<4096xf32>) {
    ^bb0(%in: f32, %out: f32):
      %17 = arith.divf %in, %cst_0 : f32
      linalg.yield %17 : f32
    } -> tensor<4096xf32>
    %9 = linalg.generic {indexing_maps = [#map3, #map4, #map4], iterator_types = ["reduction", "parallel"]} ins(%4, %8 : tensor<16384x4096xf32>, tensor<4096xf32>) outs(%6 : tensor<4096xf32>) {
    ^bb0(%in: f32, %in_5: f32, %out: f32):
      %17 = arith.subf %in, %in_5 : f32
      %18 = arith.mulf %17, %17 : f32
      %19 = arith.addf %18, %out : f32
      linalg.yield %19 : f32
    } -> tensor<4096xf32>
    %10 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel"]} ins(%9 : tensor<4096xf32>) outs(%5 : tensor<4096xf32>) {
    ^bb0(%in: f32, %out: f32):
      %17 = arith.divf %in, %cst_0 : f32
      %18 = arith.addf %17, %cst_1 : f32
      %19 = math.sqrt %18 : f32
      linalg.yield %19 : f32
    } -> tensor<4096xf32>
    %11 = tensor.empty() : tensor<16384x4096xf32>
    %12 = linalg.generic {indexing_maps = [#map3, #map4, #map4, #map3], iterator_types = ["parallel", "parallel"]} ins(%4, %8, %10 : tensor<16384x4096xf32>, tensor<4096xf32>, tensor<4096xf32>) outs(%11 : tensor<16384x4096xf32>) {
    ^bb0(%in: f32, %in_5: f32, %in_6: f32, %out: f32):
      %17 = arith.subf %in, %in_5 : f32
      %18 = arith.divf %17, %in_6 : f32
      linalg.yield %18 : f32
    } -> tensor<16384x4096xf32>
    %13 = tensor.empty() : tensor<16384x4096xf32>
    %14 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%12 : tensor<16384x4096xf32>) outs(%13 : tensor<16384x4096xf32>) {
    ^bb0(%in: f32, %out: f32):
      %17 = arith.mulf %in, %cst_4 : f32
      %18 = math.erf %17 : f32
      %19 = arith.addf %cst_3, %18 : f32
      %20 = arith.mulf %cst_2, %in : f32
      %21 = arith.mulf %20, %19 : f32
      linalg.yield %21 : f32
    } -> tensor<16384x4096xf32>
    %15 = tensor.empty() : tensor<16384x4096xf32>
    %16 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%14 : tensor<16384x4096xf32>) outs(%15 : tensor<16384x4096xf32>) {
    ^bb0(%in: f32, %out: f32):
      %17 = arith.maximumf %in, %cst : f32
      linalg.yield %17 : f32
    } -> tensor<16384x4096xf32>
    yield %16 : tensor<16384x4096xf32>
  }
}
