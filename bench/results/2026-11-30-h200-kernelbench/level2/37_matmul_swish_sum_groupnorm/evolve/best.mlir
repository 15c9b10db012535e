#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d1, d2)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map3 = affine_map<(d0, d1) -> (d0, d1)>
#map4 = affine_map<(d0, d1) -> (d1)>
#map5 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
module {
  foundry.kernel @matmul_swish_sum_groupnorm(%arg0: tensor<32768x1024xf32>, %arg1: tensor<4096x1024xf32> {foundry.init = "uniform(-0.03125, 0.03125)"}, %arg2: tensor<4096xf32> {foundry.init = "uniform(-0.03125, 0.03125)"}, %arg3: tensor<4096xf32> {foundry.init = "normal(0, 1)"}) -> tensor<32768x4096xf32> attributes {precision = #foundry.precision<3xtf32>, schedule = #foundry.schedule<"foundry-tile-blocks{fuse=all sizes={128,128} target=contraction},foundry-tile-reduction{sizes={32}},foundry-promote{operands={0,1} padding=0 stages=4},foundry-tile-warpgroups{sizes={64,128}},foundry-mma,foundry-tile-blocks{fuse=all sizes={32,32,0} target=result},foundry-tile-threads{interleave=0 sizes={2,2,0}},foundry-vectorize{max-elements=1024},foundry-unroll{factor=2}">} {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 1.000000e+00 : f32
    %cst_1 = arith.constant 6.400000e+01 : f32
    %cst_2 = arith.constant 9.99999974E-6 : f32
    %0 = tensor.empty() : tensor<32768x4096xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<32768x4096xf32>) -> tensor<32768x4096xf32>
    %2 = linalg.matmul indexing_maps = [#map, #map1, #map2] ins(%arg0, %arg1 : tensor<32768x1024xf32>, tensor<4096x1024xf32>) outs(%1 : tensor<32768x4096xf32>) -> tensor<32768x4096xf32>
    %3 = tensor.empty() : tensor<32768x4096xf32>
    %4 = linalg.generic {indexing_maps = [#map3, #map4, #map3], iterator_types = ["parallel", "parallel"]} ins(%2, %arg2 : tensor<32768x4096xf32>, tensor<4096xf32>) outs(%3 : tensor<32768x4096xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %17 = arith.addf %in, %in_3 : f32
      linalg.yield %17 : f32
    } -> tensor<32768x4096xf32>
    %5 = tensor.empty() : tensor<32768x4096xf32>
    %6 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%4 : tensor<32768x4096xf32>) outs(%5 : tensor<32768x4096xf32>) {
    ^bb0(%in: f32, %out: f32):
      %17 = arith.negf %in : f32
      %18 = math.exp %17 : f32
      %19 = arith.addf %cst_0, %18 : f32
      %20 = arith.divf %cst_0, %19 : f32
      %21 = arith.mulf %20, %in : f32
      linalg.yield %21 : f32
    } -> tensor<32768x4096xf32>
    %7 = tensor.empty() : tensor<32768x4096xf32>
    %8 = linalg.generic {indexing_maps = [#map3, #map4, #map3], iterator_types = ["parallel", "parallel"]} ins(%6, %arg3 : tensor<32768x4096xf32>, tensor<4096xf32>) outs(%7 : tensor<32768x4096xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %17 = arith.addf %in, %in_3 : f32
      linalg.yield %17 : f32
    } -> tensor<32768x4096xf32>
    %expanded = tensor.expand_shape %8 [[0], [1, 2]] output_shape [32768, 64, 64] : tensor<32768x4096xf32> into tensor<32768x64x64xf32>
    %9 = tensor.empty() : tensor<32768x64xf32>
    %10 = linalg.fill ins(%cst : f32) outs(%9 : tensor<32768x64xf32>) -> tensor<32768x64xf32>
    %11 = linalg.generic {indexing_maps = [#map5, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%expanded : tensor<32768x64x64xf32>) outs(%10 : tensor<32768x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %17 = arith.addf %in, %out : f32
      linalg.yield %17 : f32
    } -> tensor<32768x64xf32>
    %12 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%11 : tensor<32768x64xf32>) outs(%9 : tensor<32768x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %17 = arith.divf %in, %cst_1 : f32
      linalg.yield %17 : f32
    } -> tensor<32768x64xf32>
    %13 = linalg.generic {indexing_maps = [#map5, #map2, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%expanded, %12 : tensor<32768x64x64xf32>, tensor<32768x64xf32>) outs(%10 : tensor<32768x64xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %17 = arith.subf %in, %in_3 : f32
      %18 = arith.mulf %17, %17 : f32
      %19 = arith.addf %18, %out : f32
      linalg.yield %19 : f32
    } -> tensor<32768x64xf32>
    %14 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%13 : tensor<32768x64xf32>) outs(%9 : tensor<32768x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %17 = arith.divf %in, %cst_1 : f32
      %18 = arith.addf %17, %cst_2 : f32
      %19 = math.sqrt %18 : f32
      linalg.yield %19 : f32
    } -> tensor<32768x64xf32>
    %15 = tensor.empty() : tensor<32768x64x64xf32>
    %16 = linalg.generic {indexing_maps = [#map5, #map2, #map2, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded, %12, %14 : tensor<32768x64x64xf32>, tensor<32768x64xf32>, tensor<32768x64xf32>) outs(%15 : tensor<32768x64x64xf32>) {
    ^bb0(%in: f32, %in_3: f32, %in_4: f32, %out: f32):
      %17 = arith.subf %in, %in_3 : f32
      %18 = arith.divf %17, %in_4 : f32
      linalg.yield %18 : f32
    } -> tensor<32768x64x64xf32>
    %collapsed = tensor.collapse_shape %16 [[0], [1, 2]] : tensor<32768x64x64xf32> into tensor<32768x4096xf32>
    yield %collapsed : tensor<32768x4096xf32>
  }
}
