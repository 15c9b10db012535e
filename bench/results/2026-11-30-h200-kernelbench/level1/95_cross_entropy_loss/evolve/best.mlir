#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0)>
#map2 = affine_map<(d0) -> (d0)>
#map3 = affine_map<(d0) -> ()>
#map4 = affine_map<() -> ()>
module {
  foundry.kernel @cross_entropy_loss(%arg0: tensor<32768x4096xf32>, %arg1: tensor<32768xf32>) -> tensor<f32> attributes {schedule = #foundry.schedule<"foundry-split-reduction{outputs=1 parts=0},foundry-reduce-threads{interleave=2 shuffle=true threads=256},foundry-vectorize{max-elements=128}">} {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0xFF800000 : f32
    %cst_1 = arith.constant 3.276800e+04 : f32
    %0 = tensor.empty() : tensor<32768xf32>
    %1 = linalg.fill ins(%cst_0 : f32) outs(%0 : tensor<32768xf32>) -> tensor<32768xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<32768x4096xf32>) outs(%1 : tensor<32768xf32>) {
    ^bb0(%in: f32, %out: f32):
      %14 = arith.maximumf %in, %out : f32
      linalg.yield %14 : f32
    } -> tensor<32768xf32>
    %3 = tensor.empty() : tensor<32768xf32>
    %4 = linalg.fill ins(%cst : f32) outs(%3 : tensor<32768xf32>) -> tensor<32768xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map1, #map1], iterator_types = ["parallel", "reduction"]} ins(%arg0, %2 : tensor<32768x4096xf32>, tensor<32768xf32>) outs(%4 : tensor<32768xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %14 = arith.subf %in, %in_2 : f32
      %15 = math.exp %14 : f32
      %16 = arith.addf %out, %15 : f32
      linalg.yield %16 : f32
    } -> tensor<32768xf32>
    %6 = tensor.empty() : tensor<32768xf32>
    %7 = linalg.fill ins(%cst : f32) outs(%6 : tensor<32768xf32>) -> tensor<32768xf32>
    %8 = linalg.generic {indexing_maps = [#map, #map1, #map1], iterator_types = ["parallel", "reduction"]} ins(%arg0, %arg1 : tensor<32768x4096xf32>, tensor<32768xf32>) outs(%7 : tensor<32768xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %14 = linalg.index 1 : index
      %15 = arith.fptosi %in_2 : f32 to i64
      %16 = arith.index_cast %15 : i64 to index
      %17 = arith.cmpi eq, %14, %16 : index
      %18 = arith.select %17, %in, %cst : f32
      %19 = arith.addf %out, %18 : f32
      linalg.yield %19 : f32
    } -> tensor<32768xf32>
    %9 = tensor.empty() : tensor<f32>
    %10 = linalg.fill ins(%cst : f32) outs(%9 : tensor<f32>) -> tensor<f32>
    %11 = linalg.generic {indexing_maps = [#map2, #map2, #map2, #map3], iterator_types = ["reduction"]} ins(%2, %5, %8 : tensor<32768xf32>, tensor<32768xf32>, tensor<32768xf32>) outs(%10 : tensor<f32>) {
    ^bb0(%in: f32, %in_2: f32, %in_3: f32, %out: f32):
      %14 = math.log %in_2 : f32
      %15 = arith.addf %in, %14 : f32
      %16 = arith.subf %15, %in_3 : f32
      %17 = arith.addf %out, %16 : f32
      linalg.yield %17 : f32
    } -> tensor<f32>
    %12 = tensor.empty() : tensor<f32>
    %13 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = []} ins(%11 : tensor<f32>) outs(%12 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %14 = arith.divf %in, %cst_1 : f32
      linalg.yield %14 : f32
    } -> tensor<f32>
    yield %13 : tensor<f32>
  }
}
