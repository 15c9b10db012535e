#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d1, d2)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map3 = affine_map<(d0, d1) -> (d0, d1)>
#map4 = affine_map<(d0, d1) -> (d1)>
#map5 = affine_map<(d0, d1) -> (d0)>
#map6 = affine_map<(d0) -> (d0)>
module {
  foundry.kernel @gemm_sigmoid_logsumexp(%arg0: tensor<16384x2048xf32>, %arg1: tensor<4096x2048xf32> {foundry.init = "uniform(-0.0220970869, 0.0220970869)"}, %arg2: tensor<4096xf32> {foundry.init = "uniform(-0.0220970869, 0.0220970869)"}, %arg3: tensor<1024x4096xf32> {foundry.init = "uniform(-0.015625, 0.015625)"}, %arg4: tensor<1024xf32> {foundry.init = "uniform(-0.015625, 0.015625)"}) -> tensor<16384xf32> attributes {precision = #foundry.precision<3xtf32>, schedule = #foundry.schedule<"foundry-tile-blocks{fuse=all sizes={128,128} target=contraction},foundry-tile-reduction{sizes={32}},foundry-promote{operands={0,1} padding=0 stages=4},foundry-tile-warpgroups{sizes={64,128}},foundry-mma,foundry-tile-blocks{fuse=all sizes={128,128} target=contraction},foundry-tile-reduction{sizes={32}},foundry-promote{operands={0,1} padding=0 stages=4},foundry-tile-warpgroups{sizes={64,128}},foundry-mma,foundry-tile-blocks{fuse=all sizes={1} target=result},foundry-reduce-threads{interleave=0 online=true shuffle=false threads=32 welford=false}">} {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 1.000000e+00 : f32
    %cst_1 = arith.constant 0xFF800000 : f32
    %0 = tensor.empty() : tensor<16384x4096xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<16384x4096xf32>) -> tensor<16384x4096xf32>
    %2 = linalg.matmul indexing_maps = [#map, #map1, #map2] ins(%arg0, %arg1 : tensor<16384x2048xf32>, tensor<4096x2048xf32>) outs(%1 : tensor<16384x4096xf32>) -> tensor<16384x4096xf32>
    %3 = tensor.empty() : tensor<16384x4096xf32>
    %4 = linalg.generic {indexing_maps = [#map3, #map4, #map3], iterator_types = ["parallel", "parallel"]} ins(%2, %arg2 : tensor<16384x4096xf32>, tensor<4096xf32>) outs(%3 : tensor<16384x4096xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %20 = arith.addf %in, %in_2 : f32
      linalg.yield %20 : f32
    } -> tensor<16384x4096xf32>
    %5 = tensor.empty() : tensor<16384x4096xf32>
    %6 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%4 : tensor<16384x4096xf32>) outs(%5 : tensor<16384x4096xf32>) {
    ^bb0(%in: f32, %out: f32):
      %20 = arith.negf %in : f32
      %21 = math.exp %20 : f32
      %22 = arith.addf %cst_0, %21 : f32
      %23 = arith.divf %cst_0, %22 : f32
      linalg.yield %23 : f32
    } -> tensor<16384x4096xf32>
    %7 = tensor.empty() : tensor<16384x1024xf32>
    %8 = linalg.fill ins(%cst : f32) outs(%7 : tensor<16384x1024xf32>) -> tensor<16384x1024xf32>
    %9 = linalg.matmul indexing_maps = [#map, #map1, #map2] ins(%6, %arg3 : tensor<16384x4096xf32>, tensor<1024x4096xf32>) outs(%8 : tensor<16384x1024xf32>) -> tensor<16384x1024xf32>
    %10 = tensor.empty() : tensor<16384x1024xf32>
    %11 = linalg.generic {indexing_maps = [#map3, #map4, #map3], iterator_types = ["parallel", "parallel"]} ins(%9, %arg4 : tensor<16384x1024xf32>, tensor<1024xf32>) outs(%10 : tensor<16384x1024xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %20 = arith.addf %in, %in_2 : f32
      linalg.yield %20 : f32
    } -> tensor<16384x1024xf32>
    %12 = tensor.empty() : tensor<16384xf32>
    %13 = linalg.fill ins(%cst_1 : f32) outs(%12 : tensor<16384xf32>) -> tensor<16384xf32>
    %14 = linalg.generic {indexing_maps = [#map3, #map5], iterator_types = ["parallel", "reduction"]} ins(%11 : tensor<16384x1024xf32>) outs(%13 : tensor<16384xf32>) {
    ^bb0(%in: f32, %out: f32):
      %20 = arith.maximumf %in, %out : f32
      linalg.yield %20 : f32
    } -> tensor<16384xf32>
    %15 = tensor.empty() : tensor<16384xf32>
    %16 = linalg.fill ins(%cst : f32) outs(%15 : tensor<16384xf32>) -> tensor<16384xf32>
    %17 = linalg.generic {indexing_maps = [#map3, #map5, #map5], iterator_types = ["parallel", "reduction"]} ins(%11, %14 : tensor<16384x1024xf32>, tensor<16384xf32>) outs(%16 : tensor<16384xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %20 = arith.subf %in, %in_2 : f32
      %21 = math.exp %20 : f32
      %22 = arith.addf %21, %out : f32
      linalg.yield %22 : f32
    } -> tensor<16384xf32>
    %18 = tensor.empty() : tensor<16384xf32>
    %19 = linalg.generic {indexing_maps = [#map6, #map6, #map6], iterator_types = ["parallel"]} ins(%17, %14 : tensor<16384xf32>, tensor<16384xf32>) outs(%18 : tensor<16384xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %20 = math.log %in : f32
      %21 = arith.addf %20, %in_2 : f32
      linalg.yield %21 : f32
    } -> tensor<16384xf32>
    yield %19 : tensor<16384xf32>
  }
}
