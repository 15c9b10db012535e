#map = affine_map<(d0, d1) -> (d0, d1)>
module {
  foundry.kernel @selu(%arg0: tensor<4096x393216xf32>) -> tensor<4096x393216xf32> attributes {schedule = #foundry.schedule<"foundry-tile-blocks{sizes={2,256} target=result},foundry-tile-threads{interleave=0 sizes={2,2}},foundry-vectorize{max-elements=1024},foundry-unroll{factor=2}">} {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 1.000000e+00 : f32
    %cst_1 = arith.constant 1.67326319 : f32
    %cst_2 = arith.constant 1.05070102 : f32
    %0 = tensor.empty() : tensor<4096x393216xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4096x393216xf32>) outs(%0 : tensor<4096x393216xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = arith.cmpf ogt, %in, %cst : f32
      %3 = math.exp %in : f32
      %4 = arith.subf %3, %cst_0 : f32
      %5 = arith.mulf %cst_1, %4 : f32
      %6 = arith.select %2, %in, %5 : f32
      %7 = arith.mulf %cst_2, %6 : f32
      linalg.yield %7 : f32
    } -> tensor<4096x393216xf32>
    yield %1 : tensor<4096x393216xf32>
  }
}
