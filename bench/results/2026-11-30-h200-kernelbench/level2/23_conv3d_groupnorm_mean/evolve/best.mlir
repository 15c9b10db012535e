#map = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
#map1 = affine_map<(d0, d1, d2, d3, d4) -> (d1)>
#map2 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>
#map3 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1)>
#map4 = affine_map<(d0, d1) -> (d0, d1)>
#map5 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0)>
#map6 = affine_map<(d0) -> (d0)>
module {
  foundry.kernel @conv3d_groupnorm_mean(%arg0: tensor<128x3x24x32x32xf32>, %arg1: tensor<24x3x3x3x3xf32> {foundry.init = "uniform(-0.111111111, 0.111111111)"}, %arg2: tensor<24xf32> {foundry.init = "uniform(-0.111111111, 0.111111111)"}) -> tensor<128xf32> attributes {precision = #foundry.precision<3xtf32>, schedule = #foundry.schedule<"foundry-im2col,foundry-pad{k=32 m=32 n=64},foundry-tile-blocks{fuse=elementwise sizes={1,32,64} target=contraction},foundry-tile-reduction{sizes={32}},foundry-promote{operands={0,1} padding=4 stages=1},foundry-tile-warps{sizes={0,32,32}},foundry-tile-reduction{sizes={8}},foundry-mma,foundry-tile-blocks{fuse=all sizes={1} target=result},foundry-reduce-threads{interleave=0 online=false shuffle=false threads=256 welford=false}">} {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 5.940000e+04 : f32
    %cst_1 = arith.constant 4.752000e+05 : f32
    %cst_2 = arith.constant 9.99999974E-6 : f32
    %0 = tensor.empty() : tensor<128x24x22x30x30xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<128x24x22x30x30xf32>) -> tensor<128x24x22x30x30xf32>
    %2 = linalg.conv_3d_ncdhw_fcdhw {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>} ins(%arg0, %arg1 : tensor<128x3x24x32x32xf32>, tensor<24x3x3x3x3xf32>) outs(%1 : tensor<128x24x22x30x30xf32>) -> tensor<128x24x22x30x30xf32>
    %3 = tensor.empty() : tensor<128x24x22x30x30xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%2, %arg2 : tensor<128x24x22x30x30xf32>, tensor<24xf32>) outs(%3 : tensor<128x24x22x30x30xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %20 = arith.addf %in, %in_3 : f32
      linalg.yield %20 : f32
    } -> tensor<128x24x22x30x30xf32>
    %expanded = tensor.expand_shape %4 [[0], [1, 2], [3], [4], [5]] output_shape [128, 8, 3, 22, 30, 30] : tensor<128x24x22x30x30xf32> into tensor<128x8x3x22x30x30xf32>
    %5 = tensor.empty() : tensor<128x8xf32>
    %6 = linalg.fill ins(%cst : f32) outs(%5 : tensor<128x8xf32>) -> tensor<128x8xf32>
    %7 = linalg.generic {indexing_maps = [#map2, #map3], iterator_types = ["parallel", "parallel", "reduction", "reduction", "reduction", "reduction"]} ins(%expanded : tensor<128x8x3x22x30x30xf32>) outs(%6 : tensor<128x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %20 = arith.addf %out, %in : f32
      linalg.yield %20 : f32
    } -> tensor<128x8xf32>
    %8 = tensor.empty() : tensor<128x8xf32>
    %9 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%7 : tensor<128x8xf32>) outs(%8 : tensor<128x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %20 = arith.divf %in, %cst_0 : f32
      linalg.yield %20 : f32
    } -> tensor<128x8xf32>
    %10 = tensor.empty() : tensor<128x8xf32>
    %11 = linalg.fill ins(%cst : f32) outs(%10 : tensor<128x8xf32>) -> tensor<128x8xf32>
    %12 = linalg.generic {indexing_maps = [#map2, #map3, #map3], iterator_types = ["parallel", "parallel", "reduction", "reduction", "reduction", "reduction"]} ins(%expanded, %9 : tensor<128x8x3x22x30x30xf32>, tensor<128x8xf32>) outs(%11 : tensor<128x8xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %20 = arith.subf %in, %in_3 : f32
      %21 = arith.mulf %20, %20 : f32
      %22 = arith.addf %out, %21 : f32
      linalg.yield %22 : f32
    } -> tensor<128x8xf32>
    %13 = tensor.empty() : tensor<128x8xf32>
    %14 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%12 : tensor<128x8xf32>) outs(%13 : tensor<128x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %20 = arith.divf %in, %cst_0 : f32
      %21 = arith.addf %20, %cst_2 : f32
      %22 = math.rsqrt %21 : f32
      linalg.yield %22 : f32
    } -> tensor<128x8xf32>
    %15 = tensor.empty() : tensor<128xf32>
    %16 = linalg.fill ins(%cst : f32) outs(%15 : tensor<128xf32>) -> tensor<128xf32>
    %17 = linalg.generic {indexing_maps = [#map2, #map3, #map3, #map5], iterator_types = ["parallel", "reduction", "reduction", "reduction", "reduction", "reduction"]} ins(%expanded, %9, %14 : tensor<128x8x3x22x30x30xf32>, tensor<128x8xf32>, tensor<128x8xf32>) outs(%16 : tensor<128xf32>) {
    ^bb0(%in: f32, %in_3: f32, %in_4: f32, %out: f32):
      %20 = arith.subf %in, %in_3 : f32
      %21 = arith.mulf %20, %in_4 : f32
      %22 = arith.addf %out, %21 : f32
      linalg.yield %22 : f32
    } -> tensor<128xf32>
    %18 = tensor.empty() : tensor<128xf32>
    %19 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel"]} ins(%17 : tensor<128xf32>) outs(%18 : tensor<128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %20 = arith.divf %in, %cst_1 : f32
      linalg.yield %20 : f32
    } -> tensor<128xf32>
    yield %19 : tensor<128xf32>
  }
}
