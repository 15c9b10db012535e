module {
  foundry.kernel @matvec(%arg0: tensor<2048x1048576xf32>, %arg1: tensor<1048576x1xf32>) -> tensor<2048x1xf32> attributes {schedule = #foundry.schedule<"foundry-tile-blocks{sizes={1} target=result},foundry-reduce-threads{interleave=1 threads=32}">} {
    %cst = arith.constant 0.000000e+00 : f32
    %collapsed = tensor.collapse_shape %arg1 [[0, 1]] : tensor<1048576x1xf32> into tensor<1048576xf32>
    %0 = tensor.empty() : tensor<2048xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<2048xf32>) -> tensor<2048xf32>
    %2 = linalg.matvec ins(%arg0, %collapsed : tensor<2048x1048576xf32>, tensor<1048576xf32>) outs(%1 : tensor<2048xf32>) -> tensor<2048xf32>
    %expanded = tensor.expand_shape %2 [[0, 1]] output_shape [2048, 1] : tensor<2048xf32> into tensor<2048x1xf32>
    yield %expanded : tensor<2048x1xf32>
  }
}
