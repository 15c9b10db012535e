#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0)>
#map2 = affine_map<(d0) -> (d0)>
module {
  foundry.kernel @logsoftmax(%arg0: tensor<4096x393216xf32>) -> tensor<4096x393216xf32> attributes {schedule = #foundry.schedule<"foundry-tile-blocks{fuse=all sizes={1,0} target=result},foundry-reduce-threads{interleave=1 online=true shuffle=false threads=512},foundry-tile-threads{interleave=4 sizes={0,768}},foundry-vectorize{max-elements=1024}">} {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0xFF800000 : f32
    %0 = tensor.empty() : tensor<4096xf32>
    %1 = linalg.fill ins(%cst_0 : f32) outs(%0 : tensor<4096xf32>) -> tensor<4096xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<4096x393216xf32>) outs(%1 : tensor<4096xf32>) {
    ^bb0(%in: f32, %out: f32):
      %10 = arith.maximumf %in, %out : f32
      linalg.yield %10 : f32
    } -> tensor<4096xf32>
    %3 = tensor.empty() : tensor<4096xf32>
    %4 = linalg.fill ins(%cst : f32) outs(%3 : tensor<4096xf32>) -> tensor<4096xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map1, #map1], iterator_types = ["parallel", "reduction"]} ins(%arg0, %2 : tensor<4096x393216xf32>, tensor<4096xf32>) outs(%4 : tensor<4096xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %10 = arith.subf %in, %in_1 : f32
      %11 = math.exp %10 : f32
      %12 = arith.addf %11, %out : f32
      linalg.yield %12 : f32
    } -> tensor<4096xf32>
    %6 = tensor.empty() : tensor<4096xf32>
    %7 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel"]} ins(%2, %5 : tensor<4096xf32>, tensor<4096xf32>) outs(%6 : tensor<4096xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %10 = math.log %in_1 : f32
      %11 = arith.addf %in, %10 : f32
      linalg.yield %11 : f32
    } -> tensor<4096xf32>
    %8 = tensor.empty() : tensor<4096x393216xf32>
    %9 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %7 : tensor<4096x393216xf32>, tensor<4096xf32>) outs(%8 : tensor<4096x393216xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %10 = arith.subf %in, %in_1 : f32
      linalg.yield %10 : f32
    } -> tensor<4096x393216xf32>
    yield %9 : tensor<4096x393216xf32>
  }
}
