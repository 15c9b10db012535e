module {
  foundry.kernel @tall_skinny_matmul(%arg0: tensor<32768x32xf32>, %arg1: tensor<32x32768xf32>) -> tensor<32768x32768xf32> attributes {precision = #foundry.precision<3xtf32>, schedule = #foundry.schedule<"foundry-tile-blocks{fuse=all sizes={32,128} target=result},foundry-tile-threads{interleave=0 sizes={8,4}},foundry-tile-reduction{sizes={8}},foundry-vectorize{max-elements=1024},foundry-unroll{factor=2}">} {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<32768x32768xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<32768x32768xf32>) -> tensor<32768x32768xf32>
    %2 = linalg.matmul ins(%arg0, %arg1 : tensor<32768x32xf32>, tensor<32x32768xf32>) outs(%1 : tensor<32768x32768xf32>) -> tensor<32768x32768xf32>
    yield %2 : tensor<32768x32768xf32>
  }
}
