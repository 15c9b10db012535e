#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map3 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map4 = affine_map<(d0, d1, d2) -> (d0, d2)>
#map5 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
#map6 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d4)>
#map7 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>
module {
  foundry.kernel @cumsum_reverse(%arg0: tensor<32768x32768xf32>) -> tensor<32768x32768xf32> attributes {schedule = #foundry.schedule<"foundry-tile-blocks{fuse=all sizes={1} target=result},foundry-tile-phases{threads=1024 width=4},foundry-vectorize{max-elements=1024}">} {
    %cst = arith.constant 0.000000e+00 : f32
    %expanded = tensor.expand_shape %arg0 [[0], [1, 2, 3]] output_shape [32768, 256, 16, 8] : tensor<32768x32768xf32> into tensor<32768x256x16x8xf32>
    %0 = tensor.empty() : tensor<32768x256x16xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<32768x256x16xf32>) -> tensor<32768x256x16xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%expanded : tensor<32768x256x16x8xf32>) outs(%1 : tensor<32768x256x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %12 = arith.addf %out, %in : f32
      linalg.yield %12 : f32
    } -> tensor<32768x256x16xf32>
    %3 = tensor.empty() : tensor<32768x256xf32>
    %4 = linalg.fill ins(%cst : f32) outs(%3 : tensor<32768x256xf32>) -> tensor<32768x256xf32>
    %5 = linalg.generic {indexing_maps = [#map2, #map3], iterator_types = ["parallel", "parallel", "reduction"]} ins(%2 : tensor<32768x256x16xf32>) outs(%4 : tensor<32768x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %12 = arith.addf %out, %in : f32
      linalg.yield %12 : f32
    } -> tensor<32768x256xf32>
    %6 = linalg.generic {indexing_maps = [#map4, #map3], iterator_types = ["parallel", "parallel", "reduction"]} ins(%5 : tensor<32768x256xf32>) outs(%4 : tensor<32768x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %12 = linalg.index 1 : index
      %13 = linalg.index 2 : index
      %14 = arith.cmpi ugt, %13, %12 : index
      %15 = arith.select %14, %in, %cst : f32
      %16 = arith.addf %out, %15 : f32
      linalg.yield %16 : f32
    } -> tensor<32768x256xf32>
    %7 = linalg.generic {indexing_maps = [#map3, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6 : tensor<32768x256xf32>) outs(%0 : tensor<32768x256x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<32768x256x16xf32>
    %8 = linalg.generic {indexing_maps = [#map5, #map1], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%2 : tensor<32768x256x16xf32>) outs(%7 : tensor<32768x256x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %12 = linalg.index 2 : index
      %13 = linalg.index 3 : index
      %14 = arith.cmpi ugt, %13, %12 : index
      %15 = arith.select %14, %in, %cst : f32
      %16 = arith.addf %out, %15 : f32
      linalg.yield %16 : f32
    } -> tensor<32768x256x16xf32>
    %9 = tensor.empty() : tensor<32768x256x16x8xf32>
    %10 = linalg.generic {indexing_maps = [#map1, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%8 : tensor<32768x256x16xf32>) outs(%9 : tensor<32768x256x16x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<32768x256x16x8xf32>
    %11 = linalg.generic {indexing_maps = [#map6, #map7], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%expanded : tensor<32768x256x16x8xf32>) outs(%10 : tensor<32768x256x16x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %12 = linalg.index 3 : index
      %13 = linalg.index 4 : index
      %14 = arith.cmpi uge, %13, %12 : index
      %15 = arith.select %14, %in, %cst : f32
      %16 = arith.addf %out, %15 : f32
      linalg.yield %16 : f32
    } -> tensor<32768x256x16x8xf32>
    %collapsed = tensor.collapse_shape %11 [[0], [1, 2, 3]] : tensor<32768x256x16x8xf32> into tensor<32768x32768xf32>
    yield %collapsed : tensor<32768x32768xf32>
  }
}
