#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
module {
  foundry.kernel @bert_bias_gelu_erf(%arg0: tensor<19x41xf32> {foundry.init = "normal(0.0, 1.0)"}, %arg1: tensor<41xf32> {foundry.init = "uniform(-0.03608439182, 0.03608439182)"}) -> tensor<19x41xf32> {
    %cst = arith.constant 5.000000e-01 : f32
    %cst_0 = arith.constant 1.000000e+00 : f32
    %cst_1 = arith.constant 0.707106769 : f32
    %0 = tensor.empty() : tensor<19x41xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : tensor<19x41xf32>, tensor<41xf32>) outs(%0 : tensor<19x41xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %2 = arith.addf %in, %in_2 : f32
      %3 = arith.mulf %2, %cst_1 : f32
      %4 = math.erf %3 : f32
      %5 = arith.addf %cst_0, %4 : f32
      %6 = arith.mulf %cst, %2 : f32
      %7 = arith.mulf %6, %5 : f32
      linalg.yield %7 : f32
    } -> tensor<19x41xf32>
    yield %1 : tensor<19x41xf32>
  }
}

