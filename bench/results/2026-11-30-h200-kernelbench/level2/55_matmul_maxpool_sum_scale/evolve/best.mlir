#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d1, d2)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map3 = affine_map<(d0, d1) -> (d0, d1)>
#map4 = affine_map<(d0, d1) -> (d1)>
#map5 = affine_map<(d0, d1) -> (d0)>
#map6 = affine_map<(d0) -> (d0)>
module {
  foundry.kernel @matmul_maxpool_sum_scale(%arg0: tensor<128x32768xf32>, %arg1: tensor<32768x32768xf32> {foundry.init = "uniform(-0.00552427173, 0.00552427173)"}, %arg2: tensor<32768xf32> {foundry.init = "uniform(-0.00552427173, 0.00552427173)"}) -> tensor<128xf32> attributes {precision = #foundry.precision<3xtf32>, schedule = #foundry.schedule<"foundry-tile-blocks{fuse=all sizes={128,128} target=contraction},foundry-tile-reduction{sizes={32}},foundry-promote{operands={0,1} padding=0 stages=4},foundry-tile-warpgroups{sizes={64,128}},foundry-mma,foundry-tile-blocks{fuse=all sizes={1} target=result},foundry-reduce-threads{interleave=0 online=false shuffle=true threads=256 welford=false}">} {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 5.000000e-01 : f32
    %0 = tensor.empty() : tensor<128x32768xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<128x32768xf32>) -> tensor<128x32768xf32>
    %2 = linalg.matmul indexing_maps = [#map, #map1, #map2] ins(%arg0, %arg1 : tensor<128x32768xf32>, tensor<32768x32768xf32>) outs(%1 : tensor<128x32768xf32>) -> tensor<128x32768xf32>
    %3 = tensor.empty() : tensor<128x32768xf32>
    %4 = linalg.generic {indexing_maps = [#map3, #map4, #map3], iterator_types = ["parallel", "parallel"]} ins(%2, %arg2 : tensor<128x32768xf32>, tensor<32768xf32>) outs(%3 : tensor<128x32768xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %12 = arith.addf %in, %in_2 : f32
      linalg.yield %12 : f32
    } -> tensor<128x32768xf32>
    %extracted_slice = tensor.extract_slice %4[0, 0] [128, 16384] [1, 2] : tensor<128x32768xf32> to tensor<128x16384xf32>
    %extracted_slice_1 = tensor.extract_slice %4[0, 1] [128, 16384] [1, 2] : tensor<128x32768xf32> to tensor<128x16384xf32>
    %5 = tensor.empty() : tensor<128x16384xf32>
    %6 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%extracted_slice, %extracted_slice_1 : tensor<128x16384xf32>, tensor<128x16384xf32>) outs(%5 : tensor<128x16384xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %12 = arith.maximumf %in, %in_2 : f32
      linalg.yield %12 : f32
    } -> tensor<128x16384xf32>
    %7 = tensor.empty() : tensor<128xf32>
    %8 = linalg.fill ins(%cst : f32) outs(%7 : tensor<128xf32>) -> tensor<128xf32>
    %9 = linalg.generic {indexing_maps = [#map3, #map5], iterator_types = ["parallel", "reduction"]} ins(%6 : tensor<128x16384xf32>) outs(%8 : tensor<128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %12 = arith.addf %in, %out : f32
      linalg.yield %12 : f32
    } -> tensor<128xf32>
    %10 = tensor.empty() : tensor<128xf32>
    %11 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel"]} ins(%9 : tensor<128xf32>) outs(%10 : tensor<128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %12 = arith.mulf %in, %cst_0 : f32
      linalg.yield %12 : f32
    } -> tensor<128xf32>
    yield %11 : tensor<128xf32>
  }
}
