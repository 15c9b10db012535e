#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d1)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d0, d1)>
#map3 = affine_map<(d0, d1) -> (d0, d1)>
module {
  foundry.kernel @conv2d_instancenorm_divide(%arg0: tensor<128x64x128x128xf32>, %arg1: tensor<128x64x3x3xf32> {foundry.init = "uniform(-0.0416666667, 0.0416666667)"}, %arg2: tensor<128xf32> {foundry.init = "uniform(-0.0416666667, 0.0416666667)"}) -> tensor<128x128x126x126xf32> attributes {precision = #foundry.precision<3xtf32>, schedule = #foundry.schedule<"foundry-im2col,foundry-pad{k=32 m=128 n=64},foundry-tile-blocks{fuse=elementwise sizes={1,128,64} target=contraction},foundry-tile-reduction{sizes={32}},foundry-promote{operands={0,1} padding=4 stages=2},foundry-tile-warps{sizes={0,64,32}},foundry-tile-reduction{sizes={8}},foundry-mma,foundry-tile-blocks{fuse=all sizes={1,1,0,0} target=result},foundry-reduce-threads{interleave=1 online=false shuffle=false threads=126 welford=false},foundry-tile-threads{interleave=0 sizes={0,0,0,1}},foundry-vectorize{max-elements=1024}">} {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 1.587600e+04 : f32
    %cst_1 = arith.constant 9.99999974E-6 : f32
    %cst_2 = arith.constant 2.000000e+00 : f32
    %0 = tensor.empty() : tensor<128x128x126x126xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<128x128x126x126xf32>) -> tensor<128x128x126x126xf32>
    %2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%arg0, %arg1 : tensor<128x64x128x128xf32>, tensor<128x64x3x3xf32>) outs(%1 : tensor<128x128x126x126xf32>) -> tensor<128x128x126x126xf32>
    %3 = tensor.empty() : tensor<128x128x126x126xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%2, %arg2 : tensor<128x128x126x126xf32>, tensor<128xf32>) outs(%3 : tensor<128x128x126x126xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %17 = arith.addf %in, %in_3 : f32
      linalg.yield %17 : f32
    } -> tensor<128x128x126x126xf32>
    %5 = tensor.empty() : tensor<128x128xf32>
    %6 = linalg.fill ins(%cst : f32) outs(%5 : tensor<128x128xf32>) -> tensor<128x128xf32>
    %7 = linalg.generic {indexing_maps = [#map, #map2], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%4 : tensor<128x128x126x126xf32>) outs(%6 : tensor<128x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %17 = arith.addf %out, %in : f32
      linalg.yield %17 : f32
    } -> tensor<128x128xf32>
    %8 = tensor.empty() : tensor<128x128xf32>
    %9 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%7 : tensor<128x128xf32>) outs(%8 : tensor<128x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %17 = arith.divf %in, %cst_0 : f32
      linalg.yield %17 : f32
    } -> tensor<128x128xf32>
    %10 = tensor.empty() : tensor<128x128xf32>
    %11 = linalg.fill ins(%cst : f32) outs(%10 : tensor<128x128xf32>) -> tensor<128x128xf32>
    %12 = linalg.generic {indexing_maps = [#map, #map2, #map2], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%4, %9 : tensor<128x128x126x126xf32>, tensor<128x128xf32>) outs(%11 : tensor<128x128xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %17 = arith.subf %in, %in_3 : f32
      %18 = arith.mulf %17, %17 : f32
      %19 = arith.addf %out, %18 : f32
      linalg.yield %19 : f32
    } -> tensor<128x128xf32>
    %13 = tensor.empty() : tensor<128x128xf32>
    %14 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%12 : tensor<128x128xf32>) outs(%13 : tensor<128x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %17 = arith.divf %in, %cst_0 : f32
      %18 = arith.addf %17, %cst_1 : f32
      %19 = math.rsqrt %18 : f32
      linalg.yield %19 : f32
    } -> tensor<128x128xf32>
    %15 = tensor.empty() : tensor<128x128x126x126xf32>
    %16 = linalg.generic {indexing_maps = [#map, #map2, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%4, %9, %14 : tensor<128x128x126x126xf32>, tensor<128x128xf32>, tensor<128x128xf32>) outs(%15 : tensor<128x128x126x126xf32>) {
    ^bb0(%in: f32, %in_3: f32, %in_4: f32, %out: f32):
      %17 = arith.subf %in, %in_3 : f32
      %18 = arith.mulf %17, %in_4 : f32
      %19 = arith.divf %18, %cst_2 : f32
      linalg.yield %19 : f32
    } -> tensor<128x128x126x126xf32>
    yield %16 : tensor<128x128x126x126xf32>
  }
}
