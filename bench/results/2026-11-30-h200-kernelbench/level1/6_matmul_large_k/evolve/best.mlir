module {
  foundry.kernel @matmul_large_k(%arg0: tensor<256x524288xf32>, %arg1: tensor<524288x256xf32>) -> tensor<256x256xf32> attributes {precision = #foundry.precision<3xtf32>, schedule = #foundry.schedule<"foundry-split-k{parts=128},foundry-tile-blocks{fuse=all sizes={1,64,64} target=contraction},foundry-tile-reduction{sizes={32}},foundry-promote{operands={0,1} padding=4 stages=2},foundry-tile-warps{sizes={0,64,32}},foundry-tile-reduction{sizes={8}},foundry-mma,foundry-tile-blocks{fuse=all sizes={4,256} target=result},foundry-tile-threads{interleave=0 sizes={1,4}},foundry-vectorize{max-elements=1024}">} {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<256x256xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<256x256xf32>) -> tensor<256x256xf32>
    %2 = linalg.matmul ins(%arg0, %arg1 : tensor<256x524288xf32>, tensor<524288x256xf32>) outs(%1 : tensor<256x256xf32>) -> tensor<256x256xf32>
    yield %2 : tensor<256x256xf32>
  }
}
