// RUN: not foundry-opt %s --foundry-tile-blocks=sizes=1 "--foundry-reduce-threads=threads=64 welford=true" 2>&1 | FileCheck %s

// A sum of squares with no row constant subtracted (an RMS norm's): nothing
// to fuse.
// CHECK: error: 'foundry.kernel' op foundry-reduce-threads: welford=true needs a sum of squared deviations from a row constant (acc = (v - m)^2 + acc) after another reduction over the same row in one block tile (a variance); none found
#in = affine_map<(i, j) -> (i, j)>
#out = affine_map<(i, j) -> (i)>
foundry.kernel @sum_of_squares(%x: tensor<8x1000xf32>) -> tensor<8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %r = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x1000xf32>) outs(%f : tensor<8xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %s = arith.mulf %v, %v : f32
    %a = arith.addf %s, %acc : f32
    linalg.yield %a : f32
  } -> tensor<8xf32>
  foundry.yield %r : tensor<8xf32>
}
