module {
  foundry.kernel @conv_standard_1d(%arg0: tensor<32x64x131072xf32>, %arg1: tensor<128x64x3xf32> {foundry.init = "uniform(-0.0721687836, 0.0721687836)"}) -> tensor<32x128x131070xf32> attributes {schedule = #foundry.schedule<"foundry-tile-blocks{sizes={1,2,256} target=result},foundry-tile-threads{interleave=0 sizes={1,1,1}},foundry-vectorize{max-elements=1024}">} {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<32x128x131070xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<32x128x131070xf32>) -> tensor<32x128x131070xf32>
    %2 = linalg.conv_1d_ncw_fcw {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>} ins(%arg0, %arg1 : tensor<32x64x131072xf32>, tensor<128x64x3xf32>) outs(%1 : tensor<32x128x131070xf32>) -> tensor<32x128x131070xf32>
    yield %2 : tensor<32x128x131070xf32>
  }
}
