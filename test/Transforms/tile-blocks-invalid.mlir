// RUN: foundry-opt %s -split-input-file -verify-diagnostics --foundry-tile-blocks="sizes=4,8"
// RUN: foundry-opt %s -split-input-file -verify-diagnostics --foundry-tile-blocks="sizes=4,8 fuse=elementwise"

// A flipped index (x[i, 36 - j]) in the root or in a producer a tile would
// fuse: upstream tiling takes the slice at the image of the tile's first
// iteration, its far end here, so the pass refuses it.
#id = affine_map<(i, j) -> (i, j)>
#rev = affine_map<(i, j) -> (i, 36 - j)>
foundry.kernel @flip_root(%x: tensor<13x37xf32>) -> tensor<13x37xf32> {
  %e = tensor.empty() : tensor<13x37xf32>
  // expected-error @+1 {{foundry-tile-blocks: the indexing map affine_map<(d0, d1) -> (d0, -d1 + 36)> reads a loop in decreasing order (a flip), which tiling does not support}}
  %y = linalg.generic {indexing_maps = [#rev, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<13x37xf32>) outs(%e : tensor<13x37xf32>) {
  ^bb0(%in: f32, %o: f32):
    %v = arith.negf %in : f32
    linalg.yield %v : f32
  } -> tensor<13x37xf32>
  foundry.yield %y : tensor<13x37xf32>
}

// -----

#id = affine_map<(i, j) -> (i, j)>
#rev = affine_map<(i, j) -> (i, 36 - j)>
foundry.kernel @flip_producer(%x: tensor<13x37xf32>) -> tensor<13x37xf32> {
  %e = tensor.empty() : tensor<13x37xf32>
  // expected-error @+1 {{reads a loop in decreasing order (a flip)}}
  %a = linalg.generic {indexing_maps = [#rev, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<13x37xf32>) outs(%e : tensor<13x37xf32>) {
  ^bb0(%in: f32, %o: f32):
    %v = math.exp %in : f32
    linalg.yield %v : f32
  } -> tensor<13x37xf32>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<13x37xf32>) outs(%e : tensor<13x37xf32>) {
  ^bb0(%in: f32, %o: f32):
    %v = arith.negf %in : f32
    linalg.yield %v : f32
  } -> tensor<13x37xf32>
  foundry.yield %y : tensor<13x37xf32>
}
