#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
#map2 = affine_map<(d0, d1) -> ()>
#map3 = affine_map<() -> ()>
module {
  foundry.kernel @hinge_loss(%arg0: tensor<32768x32768xf32>, %arg1: tensor<32768xf32>) -> tensor<f32> attributes {schedule = #foundry.schedule<"foundry-split-reduction{outputs=1 parts=0},foundry-reduce-threads{interleave=2 shuffle=true threads=512},foundry-vectorize{max-elements=64}">} {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 1.000000e+00 : f32
    %cst_1 = arith.constant 1.07374182E+9 : f32
    %0 = tensor.empty() : tensor<f32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<f32>) -> tensor<f32>
    %2 = linalg.generic {indexing_maps = [#map, #map1, #map2], iterator_types = ["reduction", "reduction"]} ins(%arg0, %arg1 : tensor<32768x32768xf32>, tensor<32768xf32>) outs(%1 : tensor<f32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %5 = arith.mulf %in, %in_2 : f32
      %6 = arith.subf %cst_0, %5 : f32
      %7 = arith.maximumf %6, %cst : f32
      %8 = arith.addf %out, %7 : f32
      linalg.yield %8 : f32
    } -> tensor<f32>
    %3 = tensor.empty() : tensor<f32>
    %4 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = []} ins(%2 : tensor<f32>) outs(%3 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %5 = arith.divf %in, %cst_1 : f32
      linalg.yield %5 : f32
    } -> tensor<f32>
    yield %4 : tensor<f32>
  }
}
