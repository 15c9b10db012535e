// RUN: not foundry-opt %s --foundry-tile-blocks=sizes=1 "--foundry-reduce-threads=threads=64 online=true" 2>&1 | FileCheck %s

// A row max alone: nothing to fuse.
// CHECK: error: 'foundry.kernel' op foundry-reduce-threads: online=true needs a row maximum and a sum of exp(x - maximum) over the same row in one block tile (a softmax); none found
#in = affine_map<(i, j) -> (i, j)>
#out = affine_map<(i, j) -> (i)>
foundry.kernel @row_max(%x: tensor<8x1000xf32>) -> tensor<8xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<8xf32>
  %f = linalg.fill ins(%ninf : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %r = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x1000xf32>) outs(%f : tensor<8xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %m = arith.maximumf %v, %acc : f32
    linalg.yield %m : f32
  } -> tensor<8xf32>
  foundry.yield %r : tensor<8xf32>
}
