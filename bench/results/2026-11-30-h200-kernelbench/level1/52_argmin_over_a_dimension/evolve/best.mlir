#map = affine_map<(d0, d1, d2) -> (d0, d2, d1)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1)>
module {
  foundry.kernel @argmin(%arg0: tensor<128x4096x4095xf32>) -> tensor<128x4095xf32> attributes {schedule = #foundry.schedule<"foundry-tile-blocks{sizes={4,256} target=result},foundry-tile-threads{interleave=0 sizes={1,1}},foundry-vectorize{max-elements=1024}">} {
    %cst = arith.constant 0x7F800000 : f32
    %cst_0 = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<128x4095xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<128x4095xf32>) -> tensor<128x4095xf32>
    %2 = linalg.fill ins(%cst_0 : f32) outs(%0 : tensor<128x4095xf32>) -> tensor<128x4095xf32>
    %3:2 = linalg.generic {indexing_maps = [#map, #map1, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0 : tensor<128x4096x4095xf32>) outs(%1, %2 : tensor<128x4095xf32>, tensor<128x4095xf32>) {
    ^bb0(%in: f32, %out: f32, %out_1: f32):
      %4 = linalg.index 2 : index
      %5 = arith.index_cast %4 : index to i64
      %6 = arith.sitofp %5 : i64 to f32
      %7 = arith.cmpf olt, %in, %out : f32
      %8 = arith.select %7, %in, %out : f32
      %9 = arith.select %7, %6, %out_1 : f32
      linalg.yield %8, %9 : f32, f32
    } -> (tensor<128x4095xf32>, tensor<128x4095xf32>)
    yield %3#1 : tensor<128x4095xf32>
  }
}
