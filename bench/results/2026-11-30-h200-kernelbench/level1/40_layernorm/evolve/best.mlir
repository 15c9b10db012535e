#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0)>
#map2 = affine_map<(d0) -> (d0)>
module {
  foundry.kernel @layernorm(%arg0: tensor<16x64x256x256xf32>) -> tensor<16x64x256x256xf32> attributes {schedule = #foundry.schedule<"foundry-split-reduction{outputs=16 parts=0},foundry-tile-blocks{sizes={1,1,1,0} target=result},foundry-reduce-threads{interleave=0 shuffle=true threads=128},foundry-tile-threads{interleave=0 sizes={0,0,0,4}},foundry-vectorize{max-elements=1024}">} {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0x4A800000 : f32
    %cst_1 = arith.constant 9.99999974E-6 : f32
    %0 = tensor.empty() : tensor<16xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<16xf32>) -> tensor<16xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction", "reduction", "reduction"]} ins(%arg0 : tensor<16x64x256x256xf32>) outs(%1 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %12 = arith.addf %in, %out : f32
      linalg.yield %12 : f32
    } -> tensor<16xf32>
    %3 = tensor.empty() : tensor<16xf32>
    %4 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel"]} ins(%2 : tensor<16xf32>) outs(%3 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %12 = arith.divf %in, %cst_0 : f32
      linalg.yield %12 : f32
    } -> tensor<16xf32>
    %5 = tensor.empty() : tensor<16xf32>
    %6 = linalg.fill ins(%cst : f32) outs(%5 : tensor<16xf32>) -> tensor<16xf32>
    %7 = linalg.generic {indexing_maps = [#map, #map1, #map1], iterator_types = ["parallel", "reduction", "reduction", "reduction"]} ins(%arg0, %4 : tensor<16x64x256x256xf32>, tensor<16xf32>) outs(%6 : tensor<16xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %12 = arith.subf %in, %in_2 : f32
      %13 = arith.mulf %12, %12 : f32
      %14 = arith.addf %13, %out : f32
      linalg.yield %14 : f32
    } -> tensor<16xf32>
    %8 = tensor.empty() : tensor<16xf32>
    %9 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel"]} ins(%7 : tensor<16xf32>) outs(%8 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %12 = arith.divf %in, %cst_0 : f32
      %13 = arith.addf %12, %cst_1 : f32
      %14 = math.rsqrt %13 : f32
      linalg.yield %14 : f32
    } -> tensor<16xf32>
    %10 = tensor.empty() : tensor<16x64x256x256xf32>
    %11 = linalg.generic {indexing_maps = [#map, #map1, #map1, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg0, %4, %9 : tensor<16x64x256x256xf32>, tensor<16xf32>, tensor<16xf32>) outs(%10 : tensor<16x64x256x256xf32>) {
    ^bb0(%in: f32, %in_2: f32, %in_3: f32, %out: f32):
      %12 = arith.subf %in, %in_2 : f32
      %13 = arith.mulf %12, %in_3 : f32
      linalg.yield %13 : f32
    } -> tensor<16x64x256x256xf32>
    yield %11 : tensor<16x64x256x256xf32>
  }
}
