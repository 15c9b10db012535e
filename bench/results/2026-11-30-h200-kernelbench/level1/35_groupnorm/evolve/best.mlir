#map = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
#map1 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1)>
#map2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  foundry.kernel @groupnorm(%arg0: tensor<112x64x512x512xf32>) -> tensor<112x64x512x512xf32> attributes {schedule = #foundry.schedule<"foundry-tile-blocks{fuse=all sizes={1,1,0,0,0} target=result},foundry-reduce-threads{interleave=4 online=false shuffle=false threads=512 welford=false},foundry-tile-threads{interleave=1 sizes={0,0,0,0,1}},foundry-vectorize{max-elements=1024}">} {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0x4A000000 : f32
    %cst_1 = arith.constant 9.99999974E-6 : f32
    %expanded = tensor.expand_shape %arg0 [[0], [1, 2], [3], [4]] output_shape [112, 8, 8, 512, 512] : tensor<112x64x512x512xf32> into tensor<112x8x8x512x512xf32>
    %0 = tensor.empty() : tensor<112x8xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<112x8xf32>) -> tensor<112x8xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%expanded : tensor<112x8x8x512x512xf32>) outs(%1 : tensor<112x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %12 = arith.addf %in, %out : f32
      linalg.yield %12 : f32
    } -> tensor<112x8xf32>
    %3 = tensor.empty() : tensor<112x8xf32>
    %4 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel"]} ins(%2 : tensor<112x8xf32>) outs(%3 : tensor<112x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %12 = arith.divf %in, %cst_0 : f32
      linalg.yield %12 : f32
    } -> tensor<112x8xf32>
    %5 = tensor.empty() : tensor<112x8xf32>
    %6 = linalg.fill ins(%cst : f32) outs(%5 : tensor<112x8xf32>) -> tensor<112x8xf32>
    %7 = linalg.generic {indexing_maps = [#map, #map1, #map1], iterator_types = ["parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%expanded, %4 : tensor<112x8x8x512x512xf32>, tensor<112x8xf32>) outs(%6 : tensor<112x8xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %12 = arith.subf %in, %in_2 : f32
      %13 = arith.mulf %12, %12 : f32
      %14 = arith.addf %13, %out : f32
      linalg.yield %14 : f32
    } -> tensor<112x8xf32>
    %8 = tensor.empty() : tensor<112x8xf32>
    %9 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel"]} ins(%7 : tensor<112x8xf32>) outs(%8 : tensor<112x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %12 = arith.divf %in, %cst_0 : f32
      %13 = arith.addf %12, %cst_1 : f32
      %14 = math.rsqrt %13 : f32
      linalg.yield %14 : f32
    } -> tensor<112x8xf32>
    %10 = tensor.empty() : tensor<112x8x8x512x512xf32>
    %11 = linalg.generic {indexing_maps = [#map, #map1, #map1, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%expanded, %4, %9 : tensor<112x8x8x512x512xf32>, tensor<112x8xf32>, tensor<112x8xf32>) outs(%10 : tensor<112x8x8x512x512xf32>) {
    ^bb0(%in: f32, %in_2: f32, %in_3: f32, %out: f32):
      %12 = arith.subf %in, %in_2 : f32
      %13 = arith.mulf %12, %in_3 : f32
      linalg.yield %13 : f32
    } -> tensor<112x8x8x512x512xf32>
    %collapsed = tensor.collapse_shape %11 [[0], [1, 2], [3], [4]] : tensor<112x8x8x512x512xf32> into tensor<112x64x512x512xf32>
    yield %collapsed : tensor<112x64x512x512xf32>
  }
}
