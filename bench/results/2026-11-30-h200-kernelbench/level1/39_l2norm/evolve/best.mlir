#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0)>
#map2 = affine_map<(d0) -> (d0)>
module {
  foundry.kernel @l2norm(%arg0: tensor<32768x65535xf32>) -> tensor<32768x65535xf32> attributes {schedule = #foundry.schedule<"foundry-tile-blocks{sizes={2,0} target=result},foundry-reduce-threads{interleave=1 threads=771},foundry-tile-threads{interleave=1 sizes={0,85}},foundry-vectorize{max-elements=1024}">} {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<32768xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<32768xf32>) -> tensor<32768xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<32768x65535xf32>) outs(%1 : tensor<32768xf32>) {
    ^bb0(%in: f32, %out: f32):
      %7 = arith.mulf %in, %in : f32
      %8 = arith.addf %out, %7 : f32
      linalg.yield %8 : f32
    } -> tensor<32768xf32>
    %3 = tensor.empty() : tensor<32768xf32>
    %4 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel"]} ins(%2 : tensor<32768xf32>) outs(%3 : tensor<32768xf32>) {
    ^bb0(%in: f32, %out: f32):
      %7 = math.sqrt %in : f32
      linalg.yield %7 : f32
    } -> tensor<32768xf32>
    %5 = tensor.empty() : tensor<32768x65535xf32>
    %6 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %4 : tensor<32768x65535xf32>, tensor<32768xf32>) outs(%5 : tensor<32768x65535xf32>) {
    ^bb0(%in: f32, %in_0: f32, %out: f32):
      %7 = arith.divf %in, %in_0 : f32
      linalg.yield %7 : f32
    } -> tensor<32768x65535xf32>
    yield %6 : tensor<32768x65535xf32>
  }
}
