#map = affine_map<(d0, d1, d2, d3) -> (d0, d3, d1, d2)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map3 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map4 = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>
module {
  foundry.kernel @rmsnorm(%arg0: tensor<112x64x512x512xf32>) -> tensor<112x64x512x512xf32> attributes {schedule = #foundry.schedule<"foundry-tile-blocks{sizes={1,0,1,256} target=result},foundry-tile-threads{interleave=0 sizes={2,0,1,2}},foundry-vectorize{max-elements=1024},foundry-unroll{factor=4}">} {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 6.400000e+01 : f32
    %cst_1 = arith.constant 9.99999974E-6 : f32
    %0 = tensor.empty() : tensor<112x512x512xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<112x512x512xf32>) -> tensor<112x512x512xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%arg0 : tensor<112x64x512x512xf32>) outs(%1 : tensor<112x512x512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %7 = arith.mulf %in, %in : f32
      %8 = arith.addf %out, %7 : f32
      linalg.yield %8 : f32
    } -> tensor<112x512x512xf32>
    %3 = tensor.empty() : tensor<112x512x512xf32>
    %4 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%2 : tensor<112x512x512xf32>) outs(%3 : tensor<112x512x512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %7 = arith.divf %in, %cst_0 : f32
      %8 = arith.addf %7, %cst_1 : f32
      %9 = math.sqrt %8 : f32
      linalg.yield %9 : f32
    } -> tensor<112x512x512xf32>
    %5 = tensor.empty() : tensor<112x64x512x512xf32>
    %6 = linalg.generic {indexing_maps = [#map3, #map4, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg0, %4 : tensor<112x64x512x512xf32>, tensor<112x512x512xf32>) outs(%5 : tensor<112x64x512x512xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %7 = arith.divf %in, %in_2 : f32
      linalg.yield %7 : f32
    } -> tensor<112x64x512x512xf32>
    yield %6 : tensor<112x64x512x512xf32>
  }
}
