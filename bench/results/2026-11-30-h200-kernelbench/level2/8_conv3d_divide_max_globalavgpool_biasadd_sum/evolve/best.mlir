#map = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
#map1 = affine_map<(d0, d1, d2, d3, d4) -> (d1)>
#map2 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d1, d2 * 2 + d5, d3 * 2 + d6, d4 * 2 + d7)>
#map3 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d5, d6, d7)>
#map4 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d1, d2, d3, d4)>
#map5 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1)>
#map6 = affine_map<(d0, d1) -> (d0, d1)>
#map7 = affine_map<(d0, d1) -> (d1, 0, 0, 0)>
#map8 = affine_map<(d0, d1) -> (d0)>
module {
  foundry.kernel @conv3d_divide_max_globalavgpool_biasadd_sum(%arg0: tensor<128x8x16x64x64xf32>, %arg1: tensor<16x8x3x3x3xf32> {foundry.init = "uniform(-0.0680413817, 0.0680413817)"}, %arg2: tensor<16xf32> {foundry.init = "uniform(-0.0680413817, 0.0680413817)"}, %arg3: tensor<16x1x1x1xf32> {foundry.init = "normal(0, 1)"}) -> tensor<128x1x1x1xf32> attributes {precision = #foundry.precision<3xtf32>, schedule = #foundry.schedule<"foundry-im2col,foundry-pad{k=16 m=16 n=56},foundry-tile-blocks{fuse=elementwise sizes={1,16,56} target=contraction},foundry-tile-reduction{sizes={16}},foundry-promote{operands={0,1} padding=4 stages=1},foundry-tile-warps{sizes={0,16,56}},foundry-tile-reduction{sizes={8}},foundry-mma">} {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0xFF800000 : f32
    %cst_1 = arith.constant 2.000000e+00 : f32
    %cst_2 = arith.constant 6.727000e+03 : f32
    %0 = tensor.empty() : tensor<128x16x14x62x62xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<128x16x14x62x62xf32>) -> tensor<128x16x14x62x62xf32>
    %2 = linalg.conv_3d_ncdhw_fcdhw {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>} ins(%arg0, %arg1 : tensor<128x8x16x64x64xf32>, tensor<16x8x3x3x3xf32>) outs(%1 : tensor<128x16x14x62x62xf32>) -> tensor<128x16x14x62x62xf32>
    %3 = tensor.empty() : tensor<128x16x14x62x62xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%2, %arg2 : tensor<128x16x14x62x62xf32>, tensor<16xf32>) outs(%3 : tensor<128x16x14x62x62xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %15 = arith.addf %in, %in_3 : f32
      %16 = arith.divf %15, %cst_1 : f32
      linalg.yield %16 : f32
    } -> tensor<128x16x14x62x62xf32>
    %5 = tensor.empty() : tensor<2x2x2xf32>
    %6 = tensor.empty() : tensor<128x16x7x31x31xf32>
    %7 = linalg.fill ins(%cst_0 : f32) outs(%6 : tensor<128x16x7x31x31xf32>) -> tensor<128x16x7x31x31xf32>
    %8 = linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%4, %5 : tensor<128x16x14x62x62xf32>, tensor<2x2x2xf32>) outs(%7 : tensor<128x16x7x31x31xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %15 = arith.maximumf %out, %in : f32
      linalg.yield %15 : f32
    } -> tensor<128x16x7x31x31xf32>
    %9 = tensor.empty() : tensor<128x16xf32>
    %10 = linalg.fill ins(%cst : f32) outs(%9 : tensor<128x16xf32>) -> tensor<128x16xf32>
    %11 = linalg.generic {indexing_maps = [#map, #map5], iterator_types = ["parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%8 : tensor<128x16x7x31x31xf32>) outs(%10 : tensor<128x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %15 = arith.addf %out, %in : f32
      linalg.yield %15 : f32
    } -> tensor<128x16xf32>
    %12 = tensor.empty() : tensor<128xf32>
    %13 = linalg.fill ins(%cst : f32) outs(%12 : tensor<128xf32>) -> tensor<128xf32>
    %14 = linalg.generic {indexing_maps = [#map6, #map7, #map8], iterator_types = ["parallel", "reduction"]} ins(%11, %arg3 : tensor<128x16xf32>, tensor<16x1x1x1xf32>) outs(%13 : tensor<128xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %15 = arith.divf %in, %cst_2 : f32
      %16 = arith.addf %15, %in_3 : f32
      %17 = arith.addf %out, %16 : f32
      linalg.yield %17 : f32
    } -> tensor<128xf32>
    %expanded = tensor.expand_shape %14 [[0, 1, 2, 3]] output_shape [128, 1, 1, 1] : tensor<128xf32> into tensor<128x1x1x1xf32>
    yield %expanded : tensor<128x1x1x1xf32>
  }
}
