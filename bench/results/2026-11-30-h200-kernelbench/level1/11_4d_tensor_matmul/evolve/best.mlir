module {
  foundry.kernel @tensor4d_matmul(%arg0: tensor<8x256x512x256xf32>, %arg1: tensor<256x768xf32>) -> tensor<8x256x512x768xf32> attributes {precision = #foundry.precision<3xtf32>, schedule = #foundry.schedule<"foundry-transpose-b,foundry-tile-blocks{fuse=all sizes={128,128} target=contraction},foundry-tile-reduction{sizes={32}},foundry-promote{operands={0,1} padding=0 stages=4},foundry-tile-warpgroups{sizes={64,128}},foundry-mma">} {
    %cst = arith.constant 0.000000e+00 : f32
    %collapsed = tensor.collapse_shape %arg0 [[0, 1, 2], [3]] : tensor<8x256x512x256xf32> into tensor<1048576x256xf32>
    %0 = tensor.empty() : tensor<1048576x768xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1048576x768xf32>) -> tensor<1048576x768xf32>
    %2 = linalg.matmul ins(%collapsed, %arg1 : tensor<1048576x256xf32>, tensor<256x768xf32>) outs(%1 : tensor<1048576x768xf32>) -> tensor<1048576x768xf32>
    %expanded = tensor.expand_shape %2 [[0, 1, 2], [3]] output_shape [8, 256, 512, 768] : tensor<1048576x768xf32> into tensor<8x256x512x768xf32>
    yield %expanded : tensor<8x256x512x768xf32>
  }
}
