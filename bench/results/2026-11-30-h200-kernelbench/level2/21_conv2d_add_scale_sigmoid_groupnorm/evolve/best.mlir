#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d1)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>
#map3 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
#map4 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1)>
#map5 = affine_map<(d0, d1) -> (d0, d1)>
module {
  foundry.kernel @conv2d_add_scale_sigmoid_groupnorm(%arg0: tensor<128x8x256x256xf32>, %arg1: tensor<32x8x3x3xf32> {foundry.init = "uniform(-0.11785113, 0.11785113)"}, %arg2: tensor<32xf32> {foundry.init = "uniform(-0.11785113, 0.11785113)"}, %arg3: tensor<32x1x1xf32> {foundry.init = "normal(0, 1)"}, %arg4: tensor<32x1x1xf32> {foundry.init = "normal(0, 1)"}) -> tensor<128x32x254x254xf32> attributes {precision = #foundry.precision<3xtf32>, schedule = #foundry.schedule<"foundry-im2col,foundry-pad{k=32 m=32 n=128},foundry-tile-blocks{fuse=elementwise sizes={1,32,128} target=contraction},foundry-tile-reduction{sizes={32}},foundry-promote{operands={0,1} padding=4 stages=2},foundry-tile-warps{sizes={0,32,32}},foundry-tile-reduction{sizes={8}},foundry-mma,foundry-tile-blocks{fuse=all sizes={1,1,0,0,0} target=result},foundry-reduce-threads{interleave=0 online=false shuffle=false threads=127 welford=false},foundry-tile-threads{interleave=1 sizes={0,0,0,0,2}},foundry-vectorize{max-elements=1024}">} {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 1.000000e+00 : f32
    %cst_1 = arith.constant 2.580640e+05 : f32
    %cst_2 = arith.constant 9.99999974E-6 : f32
    %0 = tensor.empty() : tensor<128x32x254x254xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<128x32x254x254xf32>) -> tensor<128x32x254x254xf32>
    %2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%arg0, %arg1 : tensor<128x8x256x256xf32>, tensor<32x8x3x3xf32>) outs(%1 : tensor<128x32x254x254xf32>) -> tensor<128x32x254x254xf32>
    %3 = tensor.empty() : tensor<128x32x254x254xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map1, #map2, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%2, %arg2, %arg3, %arg4 : tensor<128x32x254x254xf32>, tensor<32xf32>, tensor<32x1x1xf32>, tensor<32x1x1xf32>) outs(%3 : tensor<128x32x254x254xf32>) {
    ^bb0(%in: f32, %in_3: f32, %in_4: f32, %in_5: f32, %out: f32):
      %17 = arith.addf %in, %in_3 : f32
      %18 = arith.addf %17, %in_4 : f32
      %19 = arith.mulf %18, %in_5 : f32
      %20 = arith.negf %19 : f32
      %21 = math.exp %20 : f32
      %22 = arith.addf %21, %cst_0 : f32
      %23 = arith.divf %cst_0, %22 : f32
      linalg.yield %23 : f32
    } -> tensor<128x32x254x254xf32>
    %expanded = tensor.expand_shape %4 [[0], [1, 2], [3], [4]] output_shape [128, 8, 4, 254, 254] : tensor<128x32x254x254xf32> into tensor<128x8x4x254x254xf32>
    %5 = tensor.empty() : tensor<128x8xf32>
    %6 = linalg.fill ins(%cst : f32) outs(%5 : tensor<128x8xf32>) -> tensor<128x8xf32>
    %7 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%expanded : tensor<128x8x4x254x254xf32>) outs(%6 : tensor<128x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %17 = arith.addf %out, %in : f32
      linalg.yield %17 : f32
    } -> tensor<128x8xf32>
    %8 = tensor.empty() : tensor<128x8xf32>
    %9 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel"]} ins(%7 : tensor<128x8xf32>) outs(%8 : tensor<128x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %17 = arith.divf %in, %cst_1 : f32
      linalg.yield %17 : f32
    } -> tensor<128x8xf32>
    %10 = tensor.empty() : tensor<128x8xf32>
    %11 = linalg.fill ins(%cst : f32) outs(%10 : tensor<128x8xf32>) -> tensor<128x8xf32>
    %12 = linalg.generic {indexing_maps = [#map3, #map4, #map4], iterator_types = ["parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%expanded, %9 : tensor<128x8x4x254x254xf32>, tensor<128x8xf32>) outs(%11 : tensor<128x8xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %17 = arith.subf %in, %in_3 : f32
      %18 = arith.mulf %17, %17 : f32
      %19 = arith.addf %out, %18 : f32
      linalg.yield %19 : f32
    } -> tensor<128x8xf32>
    %13 = tensor.empty() : tensor<128x8xf32>
    %14 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel"]} ins(%12 : tensor<128x8xf32>) outs(%13 : tensor<128x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %17 = arith.divf %in, %cst_1 : f32
      %18 = arith.addf %17, %cst_2 : f32
      %19 = math.rsqrt %18 : f32
      linalg.yield %19 : f32
    } -> tensor<128x8xf32>
    %15 = tensor.empty() : tensor<128x8x4x254x254xf32>
    %16 = linalg.generic {indexing_maps = [#map3, #map4, #map4, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%expanded, %9, %14 : tensor<128x8x4x254x254xf32>, tensor<128x8xf32>, tensor<128x8xf32>) outs(%15 : tensor<128x8x4x254x254xf32>) {
    ^bb0(%in: f32, %in_3: f32, %in_4: f32, %out: f32):
      %17 = arith.subf %in, %in_3 : f32
      %18 = arith.mulf %17, %in_4 : f32
      linalg.yield %18 : f32
    } -> tensor<128x8x4x254x254xf32>
    %collapsed = tensor.collapse_shape %16 [[0], [1, 2], [3], [4]] : tensor<128x8x4x254x254xf32> into tensor<128x32x254x254xf32>
    yield %collapsed : tensor<128x32x254x254xf32>
  }
}
