#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> ()>
#map2 = affine_map<() -> ()>
module {
  foundry.kernel @frobeniusnorm(%arg0: tensor<112x64x512x512xf32>) -> tensor<112x64x512x512xf32> attributes {schedule = #foundry.schedule<"foundry-split-reduction{outputs=1 parts=7168},foundry-tile-blocks{sizes={1,1,1,0} target=result},foundry-reduce-threads{interleave=0 threads=256},foundry-tile-threads{interleave=0 sizes={0,0,0,4}},foundry-vectorize{max-elements=1024}">} {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<f32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<f32>) -> tensor<f32>
    %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["reduction", "reduction", "reduction", "reduction"]} ins(%arg0 : tensor<112x64x512x512xf32>) outs(%1 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %7 = arith.mulf %in, %in : f32
      %8 = arith.addf %out, %7 : f32
      linalg.yield %8 : f32
    } -> tensor<f32>
    %3 = tensor.empty() : tensor<f32>
    %4 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = []} ins(%2 : tensor<f32>) outs(%3 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %7 = math.sqrt %in : f32
      linalg.yield %7 : f32
    } -> tensor<f32>
    %5 = tensor.empty() : tensor<112x64x512x512xf32>
    %6 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg0, %4 : tensor<112x64x512x512xf32>, tensor<f32>) outs(%5 : tensor<112x64x512x512xf32>) {
    ^bb0(%in: f32, %in_0: f32, %out: f32):
      %7 = arith.divf %in, %in_0 : f32
      linalg.yield %7 : f32
    } -> tensor<112x64x512x512xf32>
    yield %6 : tensor<112x64x512x512xf32>
  }
}
