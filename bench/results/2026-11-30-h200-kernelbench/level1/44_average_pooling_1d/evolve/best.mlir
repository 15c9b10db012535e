#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
module {
  foundry.kernel @avg_pool1d(%arg0: tensor<64x128x65536xf32>) -> tensor<64x128x65537xf32> attributes {schedule = #foundry.schedule<"foundry-fold-pad,foundry-tile-blocks{fuse=all sizes={8,4,32} target=result},foundry-tile-threads{interleave=0 sizes={2,4,1}},foundry-vectorize{max-elements=1024},foundry-unroll{factor=2}">} {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 8.000000e+00 : f32
    %padded = tensor.pad %arg0 low[0, 0, 4] high[0, 0, 4] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index):
      tensor.yield %cst : f32
    } : tensor<64x128x65536xf32> to tensor<64x128x65544xf32>
    %0 = tensor.empty() : tensor<8xf32>
    %1 = tensor.empty() : tensor<64x128x65537xf32>
    %2 = linalg.fill ins(%cst : f32) outs(%1 : tensor<64x128x65537xf32>) -> tensor<64x128x65537xf32>
    %3 = linalg.pooling_ncw_sum {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>} ins(%padded, %0 : tensor<64x128x65544xf32>, tensor<8xf32>) outs(%2 : tensor<64x128x65537xf32>) -> tensor<64x128x65537xf32>
    %4 = tensor.empty() : tensor<64x128x65537xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%3 : tensor<64x128x65537xf32>) outs(%4 : tensor<64x128x65537xf32>) {
    ^bb0(%in: f32, %out: f32):
      %6 = arith.divf %in, %cst_0 : f32
      linalg.yield %6 : f32
    } -> tensor<64x128x65537xf32>
    yield %5 : tensor<64x128x65537xf32>
  }
}
