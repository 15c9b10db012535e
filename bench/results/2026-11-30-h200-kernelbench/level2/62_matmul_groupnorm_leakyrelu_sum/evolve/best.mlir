#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d1, d2)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map3 = affine_map<(d0, d1) -> (d0, d1)>
#map4 = affine_map<(d0, d1) -> (d1)>
#map5 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
module {
  foundry.kernel @matmul_groupnorm_leakyrelu_sum(%arg0: tensor<1024x8192xf32>, %arg1: tensor<8192x8192xf32> {foundry.init = "uniform(-0.0110485435, 0.0110485435)"}, %arg2: tensor<8192xf32> {foundry.init = "uniform(-0.0110485435, 0.0110485435)"}) -> tensor<1024x8192xf32> attributes {precision = #foundry.precision<3xtf32>, schedule = #foundry.schedule<"foundry-tile-blocks{fuse=all sizes={128,128} target=contraction},foundry-tile-reduction{sizes={32}},foundry-promote{operands={0,1} padding=0 stages=4},foundry-tile-warpgroups{sizes={64,128}},foundry-mma,foundry-tile-blocks{fuse=all sizes={4,256} target=result},foundry-tile-threads{interleave=0 sizes={1,4}},foundry-vectorize{max-elements=1024}">} {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 1.600000e+01 : f32
    %cst_1 = arith.constant 9.99999974E-6 : f32
    %cst_2 = arith.constant 0.00999999977 : f32
    %0 = tensor.empty() : tensor<1024x8192xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1024x8192xf32>) -> tensor<1024x8192xf32>
    %2 = linalg.matmul indexing_maps = [#map, #map1, #map2] ins(%arg0, %arg1 : tensor<1024x8192xf32>, tensor<8192x8192xf32>) outs(%1 : tensor<1024x8192xf32>) -> tensor<1024x8192xf32>
    %3 = tensor.empty() : tensor<1024x8192xf32>
    %4 = linalg.generic {indexing_maps = [#map3, #map4, #map3], iterator_types = ["parallel", "parallel"]} ins(%2, %arg2 : tensor<1024x8192xf32>, tensor<8192xf32>) outs(%3 : tensor<1024x8192xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %17 = arith.addf %in, %in_3 : f32
      linalg.yield %17 : f32
    } -> tensor<1024x8192xf32>
    %expanded = tensor.expand_shape %4 [[0], [1, 2]] output_shape [1024, 512, 16] : tensor<1024x8192xf32> into tensor<1024x512x16xf32>
    %5 = tensor.empty() : tensor<1024x512xf32>
    %6 = linalg.fill ins(%cst : f32) outs(%5 : tensor<1024x512xf32>) -> tensor<1024x512xf32>
    %7 = linalg.generic {indexing_maps = [#map5, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%expanded : tensor<1024x512x16xf32>) outs(%6 : tensor<1024x512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %17 = arith.addf %in, %out : f32
      linalg.yield %17 : f32
    } -> tensor<1024x512xf32>
    %8 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%7 : tensor<1024x512xf32>) outs(%5 : tensor<1024x512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %17 = arith.divf %in, %cst_0 : f32
      linalg.yield %17 : f32
    } -> tensor<1024x512xf32>
    %9 = linalg.generic {indexing_maps = [#map5, #map2, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%expanded, %8 : tensor<1024x512x16xf32>, tensor<1024x512xf32>) outs(%6 : tensor<1024x512xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %17 = arith.subf %in, %in_3 : f32
      %18 = arith.mulf %17, %17 : f32
      %19 = arith.addf %18, %out : f32
      linalg.yield %19 : f32
    } -> tensor<1024x512xf32>
    %10 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%9 : tensor<1024x512xf32>) outs(%5 : tensor<1024x512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %17 = arith.divf %in, %cst_0 : f32
      %18 = arith.addf %17, %cst_1 : f32
      %19 = math.sqrt %18 : f32
      linalg.yield %19 : f32
    } -> tensor<1024x512xf32>
    %11 = tensor.empty() : tensor<1024x512x16xf32>
    %12 = linalg.generic {indexing_maps = [#map5, #map2, #map2, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded, %8, %10 : tensor<1024x512x16xf32>, tensor<1024x512xf32>, tensor<1024x512xf32>) outs(%11 : tensor<1024x512x16xf32>) {
    ^bb0(%in: f32, %in_3: f32, %in_4: f32, %out: f32):
      %17 = arith.subf %in, %in_3 : f32
      %18 = arith.divf %17, %in_4 : f32
      linalg.yield %18 : f32
    } -> tensor<1024x512x16xf32>
    %collapsed = tensor.collapse_shape %12 [[0], [1, 2]] : tensor<1024x512x16xf32> into tensor<1024x8192xf32>
    %13 = tensor.empty() : tensor<1024x8192xf32>
    %14 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%collapsed : tensor<1024x8192xf32>) outs(%13 : tensor<1024x8192xf32>) {
    ^bb0(%in: f32, %out: f32):
      %17 = arith.cmpf ogt, %in, %cst : f32
      %18 = arith.mulf %in, %cst_2 : f32
      %19 = arith.select %17, %in, %18 : f32
      linalg.yield %19 : f32
    } -> tensor<1024x8192xf32>
    %15 = tensor.empty() : tensor<1024x8192xf32>
    %16 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%14 : tensor<1024x8192xf32>) outs(%15 : tensor<1024x8192xf32>) {
    ^bb0(%in: f32, %out: f32):
      %17 = arith.addf %in, %in : f32
      linalg.yield %17 : f32
    } -> tensor<1024x8192xf32>
    yield %16 : tensor<1024x8192xf32>
  }
}
