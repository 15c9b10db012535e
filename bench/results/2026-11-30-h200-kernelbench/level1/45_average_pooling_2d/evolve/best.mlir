#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
module {
  foundry.kernel @avg_pool2d(%arg0: tensor<16x64x2048x2048xf32>) -> tensor<16x64x186x186xf32> attributes {schedule = #foundry.schedule<"foundry-tile-blocks{fuse=all sizes={0,1,4,186} target=result},foundry-tile-threads{interleave=0 sizes={0,4,1,1}},foundry-vectorize{max-elements=1024},foundry-unroll{factor=4}">} {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 1.210000e+02 : f32
    %0 = tensor.empty() : tensor<11x11xf32>
    %1 = tensor.empty() : tensor<16x64x186x186xf32>
    %2 = linalg.fill ins(%cst : f32) outs(%1 : tensor<16x64x186x186xf32>) -> tensor<16x64x186x186xf32>
    %3 = linalg.pooling_nchw_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<11> : tensor<2xi64>} ins(%arg0, %0 : tensor<16x64x2048x2048xf32>, tensor<11x11xf32>) outs(%2 : tensor<16x64x186x186xf32>) -> tensor<16x64x186x186xf32>
    %4 = tensor.empty() : tensor<16x64x186x186xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%3 : tensor<16x64x186x186xf32>) outs(%4 : tensor<16x64x186x186xf32>) {
    ^bb0(%in: f32, %out: f32):
      %6 = arith.divf %in, %cst_0 : f32
      linalg.yield %6 : f32
    } -> tensor<16x64x186x186xf32>
    yield %5 : tensor<16x64x186x186xf32>
  }
}
