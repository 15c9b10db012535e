module {
  foundry.kernel @matmul_small_k(%arg0: tensor<32768x64xf32>, %arg1: tensor<64x32768xf32>) -> tensor<32768x32768xf32> attributes {precision = #foundry.precision<3xtf32>, schedule = #foundry.schedule<"foundry-tile-blocks{sizes={32,64} target=result},foundry-tile-reduction{sizes={32}},foundry-promote{operands={0,1} padding=0 stages=1},foundry-tile-threads{interleave=0 sizes={4,4}},foundry-tile-reduction{sizes={8}},foundry-vectorize{max-elements=1024},foundry-unroll{factor=2}">} {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<32768x32768xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<32768x32768xf32>) -> tensor<32768x32768xf32>
    %2 = linalg.matmul ins(%arg0, %arg1 : tensor<32768x64xf32>, tensor<64x32768xf32>) outs(%1 : tensor<32768x32768xf32>) -> tensor<32768x32768xf32>
    yield %2 : tensor<32768x32768xf32>
  }
}
