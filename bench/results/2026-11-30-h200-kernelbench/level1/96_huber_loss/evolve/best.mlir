#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> ()>
#map2 = affine_map<() -> ()>
module {
  foundry.kernel @huber_loss(%arg0: tensor<32768x32768xf32>, %arg1: tensor<32768x32768xf32>) -> tensor<f32> attributes {schedule = #foundry.schedule<"foundry-split-reduction{outputs=1 parts=0},foundry-reduce-threads{interleave=2 shuffle=true threads=256},foundry-vectorize{max-elements=128}">} {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 5.000000e-01 : f32
    %cst_1 = arith.constant 1.000000e+00 : f32
    %cst_2 = arith.constant 1.07374182E+9 : f32
    %0 = tensor.empty() : tensor<f32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<f32>) -> tensor<f32>
    %2 = linalg.generic {indexing_maps = [#map, #map, #map1], iterator_types = ["reduction", "reduction"]} ins(%arg0, %arg1 : tensor<32768x32768xf32>, tensor<32768x32768xf32>) outs(%1 : tensor<f32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %5 = arith.subf %in, %in_3 : f32
      %6 = math.absf %5 : f32
      %7 = arith.cmpf olt, %6, %cst_1 : f32
      %8 = arith.mulf %5, %5 : f32
      %9 = arith.mulf %8, %cst_0 : f32
      %10 = arith.subf %6, %cst_0 : f32
      %11 = arith.select %7, %9, %10 : f32
      %12 = arith.addf %out, %11 : f32
      linalg.yield %12 : f32
    } -> tensor<f32>
    %3 = tensor.empty() : tensor<f32>
    %4 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = []} ins(%2 : tensor<f32>) outs(%3 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %5 = arith.divf %in, %cst_2 : f32
      linalg.yield %5 : f32
    } -> tensor<f32>
    yield %4 : tensor<f32>
  }
}
