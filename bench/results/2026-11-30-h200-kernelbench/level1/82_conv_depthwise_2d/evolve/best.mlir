module {
  foundry.kernel @conv_depthwise_2d(%arg0: tensor<16x64x512x512xf32>, %arg1: tensor<64x1x3x3xf32> {foundry.init = "uniform(-0.333333333, 0.333333333)"}) -> tensor<16x64x510x510xf32> attributes {schedule = #foundry.schedule<"foundry-tile-blocks{sizes={1,1,1,0} target=result},foundry-reduce-threads{interleave=0 threads=128}">} {
    %cst = arith.constant 0.000000e+00 : f32
    %collapsed = tensor.collapse_shape %arg1 [[0, 1], [2], [3]] : tensor<64x1x3x3xf32> into tensor<64x3x3xf32>
    %0 = tensor.empty() : tensor<16x64x510x510xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<16x64x510x510xf32>) -> tensor<16x64x510x510xf32>
    %2 = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%arg0, %collapsed : tensor<16x64x512x512xf32>, tensor<64x3x3xf32>) outs(%1 : tensor<16x64x510x510xf32>) -> tensor<16x64x510x510xf32>
    yield %2 : tensor<16x64x510x510xf32>
  }
}
