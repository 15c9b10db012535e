#map = affine_map<(d0, d1) -> (d0, d1)>
module {
  foundry.kernel @hardsigmoid(%arg0: tensor<4096x393216xf32>) -> tensor<4096x393216xf32> attributes {schedule = #foundry.schedule<"foundry-tile-blocks{sizes={2,256} target=result},foundry-tile-threads{interleave=0 sizes={1,4}},foundry-vectorize{max-elements=1024}">} {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 3.000000e+00 : f32
    %cst_1 = arith.constant 6.000000e+00 : f32
    %cst_2 = arith.constant 0.166666672 : f32
    %0 = tensor.empty() : tensor<4096x393216xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4096x393216xf32>) outs(%0 : tensor<4096x393216xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = arith.addf %in, %cst_0 : f32
      %3 = arith.maximumf %2, %cst : f32
      %4 = arith.minimumf %3, %cst_1 : f32
      %5 = arith.mulf %4, %cst_2 : f32
      linalg.yield %5 : f32
    } -> tensor<4096x393216xf32>
    yield %1 : tensor<4096x393216xf32>
  }
}
