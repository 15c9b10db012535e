#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d2, 0)>
#map3 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map4 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
module {
  foundry.kernel @cumsum_reverse(%arg0: tensor<32768x32768xf32>) -> tensor<32768x32768xf32> attributes {schedule = #foundry.schedule<"foundry-naive">} {
    %cst = arith.constant 0.000000e+00 : f32
    %expanded = tensor.expand_shape %arg0 [[0], [1, 2]] output_shape [32768, 1024, 32] : tensor<32768x32768xf32> into tensor<32768x1024x32xf32>
    %0 = tensor.empty() : tensor<32768x1024x32xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<32768x1024x32xf32>) -> tensor<32768x1024x32xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%expanded : tensor<32768x1024x32xf32>) outs(%1 : tensor<32768x1024x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %8 = linalg.index 2 : index
      %9 = linalg.index 3 : index
      %10 = arith.cmpi uge, %9, %8 : index
      %11 = arith.select %10, %in, %cst : f32
      %12 = arith.addf %out, %11 : f32
      linalg.yield %12 : f32
    } -> tensor<32768x1024x32xf32>
    %3 = tensor.empty() : tensor<32768x1024xf32>
    %4 = linalg.fill ins(%cst : f32) outs(%3 : tensor<32768x1024xf32>) -> tensor<32768x1024xf32>
    %5 = linalg.generic {indexing_maps = [#map2, #map3], iterator_types = ["parallel", "parallel", "reduction"]} ins(%2 : tensor<32768x1024x32xf32>) outs(%4 : tensor<32768x1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      %8 = linalg.index 1 : index
      %9 = linalg.index 2 : index
      %10 = arith.cmpi ugt, %9, %8 : index
      %11 = arith.select %10, %in, %cst : f32
      %12 = arith.addf %out, %11 : f32
      linalg.yield %12 : f32
    } -> tensor<32768x1024xf32>
    %6 = tensor.empty() : tensor<32768x1024x32xf32>
    %7 = linalg.generic {indexing_maps = [#map4, #map3, #map4], iterator_types = ["parallel", "parallel", "parallel"]} ins(%2, %5 : tensor<32768x1024x32xf32>, tensor<32768x1024xf32>) outs(%6 : tensor<32768x1024x32xf32>) {
    ^bb0(%in: f32, %in_0: f32, %out: f32):
      %8 = arith.addf %in, %in_0 : f32
      linalg.yield %8 : f32
    } -> tensor<32768x1024x32xf32>
    %collapsed = tensor.collapse_shape %7 [[0], [1, 2]] : tensor<32768x1024x32xf32> into tensor<32768x32768xf32>
    yield %collapsed : tensor<32768x32768xf32>
  }
}
