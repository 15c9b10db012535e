#map = affine_map<(d0, d1) -> (d0, d1)>
module {
  foundry.kernel @leakyrelu(%arg0: tensor<4096x393216xf32>) -> tensor<4096x393216xf32> attributes {schedule = #foundry.schedule<"foundry-tile-blocks{fuse=all sizes={4,256} target=result},foundry-tile-threads{interleave=0 sizes={4,4}},foundry-vectorize{max-elements=1024},foundry-unroll{factor=4}">} {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0.00999999977 : f32
    %0 = tensor.empty() : tensor<4096x393216xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4096x393216xf32>) outs(%0 : tensor<4096x393216xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = arith.cmpf ogt, %in, %cst : f32
      %3 = arith.mulf %in, %cst_0 : f32
      %4 = arith.select %2, %in, %3 : f32
      linalg.yield %4 : f32
    } -> tensor<4096x393216xf32>
    yield %1 : tensor<4096x393216xf32>
  }
}
