#map = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
#map1 = affine_map<(d0, d1, d2, d3, d4) -> (d1)>
#map2 = affine_map<(d0, d1, d2, d3, d4) -> (d1, 0, 0, 0)>
module {
  foundry.kernel @conv3d_relu_leakyrelu_gelu_sigmoid_biasadd(%arg0: tensor<64x8x32x64x64xf32>, %arg1: tensor<32x8x3x3x3xf32> {foundry.init = "uniform(-0.0680413817, 0.0680413817)"}, %arg2: tensor<32xf32> {foundry.init = "uniform(-0.0680413817, 0.0680413817)"}, %arg3: tensor<32x1x1x1xf32> {foundry.init = "normal(0, 1)"}) -> tensor<64x32x30x62x62xf32> attributes {precision = #foundry.precision<3xtf32>, schedule = #foundry.schedule<"foundry-im2col,foundry-pad{k=32 m=32 n=120},foundry-tile-blocks{fuse=elementwise sizes={1,32,120} target=contraction},foundry-tile-reduction{sizes={32}},foundry-promote{operands={0,1} padding=4 stages=2},foundry-tile-warps{sizes={0,32,40}},foundry-tile-reduction{sizes={8}},foundry-mma,foundry-tile-blocks{fuse=all sizes={1,1,1,0,0} target=result},foundry-tile-threads{interleave=0 sizes={0,0,1,2,2}},foundry-vectorize{max-elements=1024}">} {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 1.000000e+00 : f32
    %cst_1 = arith.constant 5.000000e-01 : f32
    %cst_2 = arith.constant 0.00999999977 : f32
    %cst_3 = arith.constant 0.707106769 : f32
    %0 = tensor.empty() : tensor<64x32x30x62x62xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<64x32x30x62x62xf32>) -> tensor<64x32x30x62x62xf32>
    %2 = linalg.conv_3d_ncdhw_fcdhw {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>} ins(%arg0, %arg1 : tensor<64x8x32x64x64xf32>, tensor<32x8x3x3x3xf32>) outs(%1 : tensor<64x32x30x62x62xf32>) -> tensor<64x32x30x62x62xf32>
    %3 = tensor.empty() : tensor<64x32x30x62x62xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map1, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%2, %arg2, %arg3 : tensor<64x32x30x62x62xf32>, tensor<32xf32>, tensor<32x1x1x1xf32>) outs(%3 : tensor<64x32x30x62x62xf32>) {
    ^bb0(%in: f32, %in_4: f32, %in_5: f32, %out: f32):
      %5 = arith.addf %in, %in_4 : f32
      %6 = arith.maximumf %5, %cst : f32
      %7 = arith.cmpf ogt, %6, %cst : f32
      %8 = arith.mulf %6, %cst_2 : f32
      %9 = arith.select %7, %6, %8 : f32
      %10 = arith.mulf %9, %cst_3 : f32
      %11 = math.erf %10 : f32
      %12 = arith.addf %11, %cst_0 : f32
      %13 = arith.mulf %9, %cst_1 : f32
      %14 = arith.mulf %13, %12 : f32
      %15 = arith.negf %14 : f32
      %16 = math.exp %15 : f32
      %17 = arith.addf %16, %cst_0 : f32
      %18 = arith.divf %cst_0, %17 : f32
      %19 = arith.addf %18, %in_5 : f32
      linalg.yield %19 : f32
    } -> tensor<64x32x30x62x62xf32>
    yield %4 : tensor<64x32x30x62x62xf32>
  }
}
