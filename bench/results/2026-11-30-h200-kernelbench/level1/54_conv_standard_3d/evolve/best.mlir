module {
  foundry.kernel @conv_standard_3d(%arg0: tensor<16x3x64x64x64xf32>, %arg1: tensor<64x3x3x3x3xf32> {foundry.init = "uniform(-0.111111111, 0.111111111)"}) -> tensor<16x64x62x62x62xf32> attributes {precision = #foundry.precision<3xtf32>, schedule = #foundry.schedule<"foundry-im2col,foundry-pad{k=32 m=64 n=128},foundry-tile-blocks{fuse=elementwise sizes={1,64,128} target=contraction},foundry-tile-reduction{sizes={32}},foundry-promote{operands={0,1} padding=4 stages=1},foundry-tile-warps{sizes={0,64,32}},foundry-tile-reduction{sizes={8}},foundry-mma">} {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<16x64x62x62x62xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<16x64x62x62x62xf32>) -> tensor<16x64x62x62x62xf32>
    %2 = linalg.conv_3d_ncdhw_fcdhw {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>} ins(%arg0, %arg1 : tensor<16x3x64x64x64xf32>, tensor<64x3x3x3x3xf32>) outs(%1 : tensor<16x64x62x62x62xf32>) -> tensor<16x64x62x62x62xf32>
    yield %2 : tensor<16x64x62x62x62xf32>
  }
}
