module {
  foundry.kernel @matmul_irregular_shapes(%arg0: tensor<8205x2949xf32>, %arg1: tensor<2949x5921xf32>) -> tensor<8205x5921xf32> attributes {precision = #foundry.precision<3xtf32>, schedule = #foundry.schedule<"foundry-pad{k=16 m=128 n=64},foundry-tile-blocks{sizes={128,64} target=contraction},foundry-tile-reduction{sizes={16}},foundry-promote{operands={0,1} padding=4 stages=1},foundry-tile-warps{sizes={64,32}},foundry-tile-reduction{sizes={8}},foundry-mma">} {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<8205x5921xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<8205x5921xf32>) -> tensor<8205x5921xf32>
    %2 = linalg.matmul ins(%arg0, %arg1 : tensor<8205x2949xf32>, tensor<2949x5921xf32>) outs(%1 : tensor<8205x5921xf32>) -> tensor<8205x5921xf32>
    yield %2 : tensor<8205x5921xf32>
  }
}
