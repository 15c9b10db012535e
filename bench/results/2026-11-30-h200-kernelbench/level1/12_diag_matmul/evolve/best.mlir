#map = affine_map<(d0, d1) -> (d0)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
module {
  foundry.kernel @diag_matmul(%arg0: tensor<4096xf32>, %arg1: tensor<4096x4096xf32>) -> tensor<4096x4096xf32> attributes {schedule = #foundry.schedule<"foundry-tile-blocks{sizes={32,64} target=result},foundry-tile-threads{interleave=0 sizes={2,4}},foundry-vectorize{max-elements=1024},foundry-unroll{factor=4}">} {
    %0 = tensor.empty() : tensor<4096x4096xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : tensor<4096xf32>, tensor<4096x4096xf32>) outs(%0 : tensor<4096x4096xf32>) {
    ^bb0(%in: f32, %in_0: f32, %out: f32):
      %2 = arith.mulf %in, %in_0 : f32
      linalg.yield %2 : f32
    } -> tensor<4096x4096xf32>
    yield %1 : tensor<4096x4096xf32>
  }
}
