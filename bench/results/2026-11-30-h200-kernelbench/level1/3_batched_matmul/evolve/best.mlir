module {
  foundry.kernel @batched_matmul(%arg0: tensor<128x512x1024xf32>, %arg1: tensor<128x1024x2048xf32>) -> tensor<128x512x2048xf32> attributes {precision = #foundry.precision<3xtf32>, schedule = #foundry.schedule<"foundry-tile-blocks{fuse=all sizes={1,64,64} target=result},foundry-tile-reduction{sizes={32}},foundry-promote{operands={0,1} padding=4 stages=2},foundry-tile-warps{sizes={0,64,32}},foundry-tile-reduction{sizes={8}},foundry-mma">} {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<128x512x2048xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<128x512x2048xf32>) -> tensor<128x512x2048xf32>
    %2 = linalg.batch_matmul ins(%arg0, %arg1 : tensor<128x512x1024xf32>, tensor<128x1024x2048xf32>) outs(%1 : tensor<128x512x2048xf32>) -> tensor<128x512x2048xf32>
    yield %2 : tensor<128x512x2048xf32>
  }
}
