#map = affine_map<(d0, d1) -> (d0, d1)>
module {
  foundry.kernel @matrix_scalar_multiplication(%arg0: tensor<65536x16384xf32>) -> tensor<65536x16384xf32> attributes {schedule = #foundry.schedule<"foundry-tile-blocks{sizes={2,256} target=result},foundry-tile-threads{interleave=0 sizes={4,2}},foundry-vectorize{max-elements=1024}">} {
    %cst = arith.constant 3.140000e+00 : f32
    %0 = tensor.empty() : tensor<65536x16384xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<65536x16384xf32>) outs(%0 : tensor<65536x16384xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = arith.mulf %in, %cst : f32
      linalg.yield %2 : f32
    } -> tensor<65536x16384xf32>
    yield %1 : tensor<65536x16384xf32>
  }
}
