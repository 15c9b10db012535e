#map = affine_map<(d0, d1, d2) -> (d0, d2, d1)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1)>
module {
  foundry.kernel @min_reduction(%arg0: tensor<128x4096x4095xf32>) -> tensor<128x4095xf32> attributes {schedule = #foundry.schedule<"foundry-tile-blocks{fuse=all sizes={4,256} target=result},foundry-tile-threads{interleave=0 sizes={1,1}},foundry-vectorize{max-elements=1024}">} {
    %cst = arith.constant 0x7F800000 : f32
    %0 = tensor.empty() : tensor<128x4095xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<128x4095xf32>) -> tensor<128x4095xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0 : tensor<128x4096x4095xf32>) outs(%1 : tensor<128x4095xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = arith.minimumf %in, %out : f32
      linalg.yield %3 : f32
    } -> tensor<128x4095xf32>
    yield %2 : tensor<128x4095xf32>
  }
}
