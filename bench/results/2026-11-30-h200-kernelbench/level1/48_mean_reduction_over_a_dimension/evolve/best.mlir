#map = affine_map<(d0, d1, d2) -> (d0, d2, d1)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  foundry.kernel @mean_reduction(%arg0: tensor<128x4096x4095xf32>) -> tensor<128x4095xf32> attributes {schedule = #foundry.schedule<"foundry-tile-blocks{sizes={4,256} target=result},foundry-tile-threads{interleave=0 sizes={1,1}},foundry-vectorize{max-elements=1024}">} {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 4.096000e+03 : f32
    %0 = tensor.empty() : tensor<128x4095xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<128x4095xf32>) -> tensor<128x4095xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0 : tensor<128x4096x4095xf32>) outs(%1 : tensor<128x4095xf32>) {
    ^bb0(%in: f32, %out: f32):
      %5 = arith.addf %in, %out : f32
      linalg.yield %5 : f32
    } -> tensor<128x4095xf32>
    %3 = tensor.empty() : tensor<128x4095xf32>
    %4 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel"]} ins(%2 : tensor<128x4095xf32>) outs(%3 : tensor<128x4095xf32>) {
    ^bb0(%in: f32, %out: f32):
      %5 = arith.divf %in, %cst_0 : f32
      linalg.yield %5 : f32
    } -> tensor<128x4095xf32>
    yield %4 : tensor<128x4095xf32>
  }
}
