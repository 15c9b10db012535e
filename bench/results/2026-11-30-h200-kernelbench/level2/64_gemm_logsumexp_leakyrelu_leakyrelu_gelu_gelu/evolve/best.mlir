#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d1, d2)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map3 = affine_map<(d0, d1) -> (d0, d1)>
#map4 = affine_map<(d0, d1) -> (d1)>
#map5 = affine_map<(d0, d1) -> (d0)>
module {
  foundry.kernel @gemm_logsumexp_leakyrelu_leakyrelu_gelu_gelu(%arg0: tensor<1024x8192xf32>, %arg1: tensor<8192x8192xf32> {foundry.init = "uniform(-0.0110485435, 0.0110485435)"}, %arg2: tensor<8192xf32> {foundry.init = "uniform(-0.0110485435, 0.0110485435)"}) -> tensor<1024x1xf32> attributes {precision = #foundry.precision<3xtf32>, schedule = #foundry.schedule<"foundry-tile-blocks{fuse=all sizes={128,128} target=contraction},foundry-tile-reduction{sizes={32}},foundry-promote{operands={0,1} padding=0 stages=4},foundry-tile-warpgroups{sizes={64,128}},foundry-mma,foundry-tile-blocks{fuse=all sizes={1,0} target=result},foundry-reduce-threads{interleave=0 online=true shuffle=false threads=64 welford=false},foundry-tile-threads{interleave=0 sizes={0,1}},foundry-vectorize{max-elements=1024}">} {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0xFF800000 : f32
    %cst_1 = arith.constant 0.00999999977 : f32
    %cst_2 = arith.constant 1.000000e+00 : f32
    %cst_3 = arith.constant 5.000000e-01 : f32
    %cst_4 = arith.constant 0.707106769 : f32
    %0 = tensor.empty() : tensor<1024x8192xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1024x8192xf32>) -> tensor<1024x8192xf32>
    %2 = linalg.matmul indexing_maps = [#map, #map1, #map2] ins(%arg0, %arg1 : tensor<1024x8192xf32>, tensor<8192x8192xf32>) outs(%1 : tensor<1024x8192xf32>) -> tensor<1024x8192xf32>
    %3 = tensor.empty() : tensor<1024x8192xf32>
    %4 = linalg.generic {indexing_maps = [#map3, #map4, #map3], iterator_types = ["parallel", "parallel"]} ins(%2, %arg2 : tensor<1024x8192xf32>, tensor<8192xf32>) outs(%3 : tensor<1024x8192xf32>) {
    ^bb0(%in: f32, %in_5: f32, %out: f32):
      %21 = arith.addf %in, %in_5 : f32
      linalg.yield %21 : f32
    } -> tensor<1024x8192xf32>
    %5 = tensor.empty() : tensor<1024xf32>
    %6 = linalg.fill ins(%cst_0 : f32) outs(%5 : tensor<1024xf32>) -> tensor<1024xf32>
    %7 = linalg.generic {indexing_maps = [#map3, #map5], iterator_types = ["parallel", "reduction"]} ins(%4 : tensor<1024x8192xf32>) outs(%6 : tensor<1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      %21 = arith.maximumf %in, %out : f32
      linalg.yield %21 : f32
    } -> tensor<1024xf32>
    %8 = tensor.empty() : tensor<1024xf32>
    %9 = linalg.fill ins(%cst : f32) outs(%8 : tensor<1024xf32>) -> tensor<1024xf32>
    %10 = linalg.generic {indexing_maps = [#map3, #map5, #map5], iterator_types = ["parallel", "reduction"]} ins(%4, %7 : tensor<1024x8192xf32>, tensor<1024xf32>) outs(%9 : tensor<1024xf32>) {
    ^bb0(%in: f32, %in_5: f32, %out: f32):
      %21 = arith.subf %in, %in_5 : f32
      %22 = math.exp %21 : f32
      %23 = arith.addf %22, %out : f32
      linalg.yield %23 : f32
    } -> tensor<1024xf32>
    %11 = tensor.empty() : tensor<1024x1xf32>
    %12 = linalg.generic {indexing_maps = [#map5, #map5, #map3], iterator_types = ["parallel", "parallel"]} ins(%10, %7 : tensor<1024xf32>, tensor<1024xf32>) outs(%11 : tensor<1024x1xf32>) {
    ^bb0(%in: f32, %in_5: f32, %out: f32):
      %21 = math.log %in : f32
      %22 = arith.addf %21, %in_5 : f32
      linalg.yield %22 : f32
    } -> tensor<1024x1xf32>
    %13 = tensor.empty() : tensor<1024x1xf32>
    %14 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%12 : tensor<1024x1xf32>) outs(%13 : tensor<1024x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %21 = arith.cmpf ogt, %in, %cst : f32
      %22 = arith.mulf %in, %cst_1 : f32
      %23 = arith.select %21, %in, %22 : f32
      linalg.yield %23 : f32
    } -> tensor<1024x1xf32>
    %15 = tensor.empty() : tensor<1024x1xf32>
    %16 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%14 : tensor<1024x1xf32>) outs(%15 : tensor<1024x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %21 = arith.cmpf ogt, %in, %cst : f32
      %22 = arith.mulf %in, %cst_1 : f32
      %23 = arith.select %21, %in, %22 : f32
      linalg.yield %23 : f32
    } -> tensor<1024x1xf32>
    %17 = tensor.empty() : tensor<1024x1xf32>
    %18 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%16 : tensor<1024x1xf32>) outs(%17 : tensor<1024x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %21 = arith.mulf %in, %cst_4 : f32
      %22 = math.erf %21 : f32
      %23 = arith.addf %cst_2, %22 : f32
      %24 = arith.mulf %cst_3, %in : f32
      %25 = arith.mulf %24, %23 : f32
      linalg.yield %25 : f32
    } -> tensor<1024x1xf32>
    %19 = tensor.empty() : tensor<1024x1xf32>
    %20 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%18 : tensor<1024x1xf32>) outs(%19 : tensor<1024x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %21 = arith.mulf %in, %cst_4 : f32
      %22 = math.erf %21 : f32
      %23 = arith.addf %cst_2, %22 : f32
      %24 = arith.mulf %cst_3, %in : f32
      %25 = arith.mulf %24, %23 : f32
      linalg.yield %25 : f32
    } -> tensor<1024x1xf32>
    yield %20 : tensor<1024x1xf32>
  }
}
