#map = affine_map<(d0, d1) -> (d0, d1)>
module {
  foundry.kernel @mingptnewgelu(%arg0: tensor<8192x8192xf32>) -> tensor<8192x8192xf32> attributes {schedule = #foundry.schedule<"foundry-tile-blocks{fuse=all sizes={2,256} target=result},foundry-tile-threads{interleave=0 sizes={2,2}},foundry-vectorize{max-elements=1024},foundry-unroll{factor=2}">} {
    %cst = arith.constant 5.000000e-01 : f32
    %cst_0 = arith.constant 1.000000e+00 : f32
    %cst_1 = arith.constant 4.471500e-02 : f32
    %cst_2 = arith.constant 0.797884583 : f32
    %0 = tensor.empty() : tensor<8192x8192xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<8192x8192xf32>) outs(%0 : tensor<8192x8192xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = arith.mulf %in, %in : f32
      %3 = arith.mulf %2, %in : f32
      %4 = arith.mulf %cst_1, %3 : f32
      %5 = arith.addf %in, %4 : f32
      %6 = arith.mulf %cst_2, %5 : f32
      %7 = math.tanh %6 : f32
      %8 = arith.addf %cst_0, %7 : f32
      %9 = arith.mulf %cst, %in : f32
      %10 = arith.mulf %9, %8 : f32
      linalg.yield %10 : f32
    } -> tensor<8192x8192xf32>
    yield %1 : tensor<8192x8192xf32>
  }
}
