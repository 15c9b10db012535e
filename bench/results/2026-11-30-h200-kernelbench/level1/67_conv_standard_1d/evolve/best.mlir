module {
  foundry.kernel @conv_standard_1d(%arg0: tensor<32x64x131072xf32>, %arg1: tensor<128x64x3xf32> {foundry.init = "uniform(-0.0721687836, 0.0721687836)"}) -> tensor<32x128x131070xf32> attributes {precision = #foundry.precision<3xtf32>, schedule = #foundry.schedule<"foundry-im2col,foundry-pad{k=32 m=128 n=64},foundry-tile-blocks{fuse=elementwise sizes={1,128,64} target=contraction},foundry-tile-reduction{sizes={32}},foundry-promote{operands={0,1} padding=4 stages=1},foundry-tile-warps{sizes={0,64,32}},foundry-tile-reduction{sizes={8}},foundry-mma">} {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<32x128x131070xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<32x128x131070xf32>) -> tensor<32x128x131070xf32>
    %2 = linalg.conv_1d_ncw_fcw {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>} ins(%arg0, %arg1 : tensor<32x64x131072xf32>, tensor<128x64x3xf32>) outs(%1 : tensor<32x128x131070xf32>) -> tensor<32x128x131070xf32>
    yield %2 : tensor<32x128x131070xf32>
  }
}
