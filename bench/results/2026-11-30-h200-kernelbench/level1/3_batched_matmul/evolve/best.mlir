module {
  foundry.kernel @batched_matmul(%arg0: tensor<128x512x1024xf32>, %arg1: tensor<128x1024x2048xf32>) -> tensor<128x512x2048xf32> attributes {schedule = #foundry.schedule<"foundry-tile-blocks{sizes={1,64,64} target=result},foundry-tile-threads{interleave=0 sizes={0,8,8}},foundry-tile-reduction{sizes={4}},foundry-vectorize{max-elements=1024}">} {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<128x512x2048xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<128x512x2048xf32>) -> tensor<128x512x2048xf32>
    %2 = linalg.batch_matmul ins(%arg0, %arg1 : tensor<128x512x1024xf32>, tensor<128x1024x2048xf32>) outs(%1 : tensor<128x512x2048xf32>) -> tensor<128x512x2048xf32>
    yield %2 : tensor<128x512x2048xf32>
  }
}
