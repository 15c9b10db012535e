module {
  foundry.kernel @matmul_irregular_shapes(%arg0: tensor<8205x2949xf32>, %arg1: tensor<2949x5921xf32>) -> tensor<8205x5921xf32> attributes {precision = #foundry.precision<3xtf32>, schedule = #foundry.schedule<"foundry-transpose-b,foundry-pad{k=32 m=128 n=128},foundry-tile-blocks{fuse=all sizes={128,128} target=contraction},foundry-tile-reduction{sizes={32}},foundry-promote{operands={0,1} padding=0 stages=4},foundry-tile-warpgroups{sizes={64,128}},foundry-mma">} {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<8205x5921xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<8205x5921xf32>) -> tensor<8205x5921xf32>
    %2 = linalg.matmul ins(%arg0, %arg1 : tensor<8205x2949xf32>, tensor<2949x5921xf32>) outs(%1 : tensor<8205x5921xf32>) -> tensor<8205x5921xf32>
    yield %2 : tensor<8205x5921xf32>
  }
}
