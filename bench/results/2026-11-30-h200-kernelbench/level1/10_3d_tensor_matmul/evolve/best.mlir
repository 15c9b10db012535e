module {
  foundry.kernel @tensor3d_matmul(%arg0: tensor<16x1024x2048xf32>, %arg1: tensor<2048x768xf32>) -> tensor<16x1024x768xf32> attributes {precision = #foundry.precision<3xtf32>, schedule = #foundry.schedule<"foundry-transpose-b,foundry-tile-blocks{fuse=all sizes={128,128} target=contraction},foundry-tile-reduction{sizes={32}},foundry-promote{operands={0,1} padding=0 stages=4},foundry-tile-warpgroups{sizes={64,128}},foundry-mma,foundry-tile-blocks{fuse=all sizes={32,32} target=transpose},foundry-tile-threads{interleave=0 sizes={4,4}},foundry-vectorize{max-elements=1024}">} {
    %cst = arith.constant 0.000000e+00 : f32
    %collapsed = tensor.collapse_shape %arg0 [[0, 1], [2]] : tensor<16x1024x2048xf32> into tensor<16384x2048xf32>
    %0 = tensor.empty() : tensor<16384x768xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<16384x768xf32>) -> tensor<16384x768xf32>
    %2 = linalg.matmul ins(%collapsed, %arg1 : tensor<16384x2048xf32>, tensor<2048x768xf32>) outs(%1 : tensor<16384x768xf32>) -> tensor<16384x768xf32>
    %expanded = tensor.expand_shape %2 [[0, 1], [2]] output_shape [16, 1024, 768] : tensor<16384x768xf32> into tensor<16x1024x768xf32>
    yield %expanded : tensor<16x1024x768xf32>
  }
}
