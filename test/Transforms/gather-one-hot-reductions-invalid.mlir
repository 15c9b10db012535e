// RUN: not foundry-opt %s --foundry-gather-one-hot-reductions 2>&1 | FileCheck %s

// A select on the class index that keeps every other term (a masked sum,
// not a pick of one element) is no one-hot sum: the pass finds none.
// CHECK: error: foundry-gather-one-hot-reductions: no one-hot sum (a linalg.generic summing, over its one reduction loop r, select(linalg.index r == t, v, 0) with t computed without r) outside a block tile
#id2 = affine_map<(n, v) -> (n, v)>
#row = affine_map<(n, v) -> (n)>
foundry.kernel @masked_sum(%x: tensor<8x100xf32>, %limit: tensor<8xf32>) -> tensor<8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %r = linalg.generic {indexing_maps = [#id2, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x, %limit : tensor<8x100xf32>, tensor<8xf32>) outs(%f : tensor<8xf32>) {
  ^bb0(%in: f32, %l: f32, %acc: f32):
    %v = linalg.index 1 : index
    %l_i64 = arith.fptosi %l : f32 to i64
    %lim = arith.index_cast %l_i64 : i64 to index
    %keep = arith.cmpi slt, %v, %lim : index
    %term = arith.select %keep, %in, %zero : f32
    %s = arith.addf %acc, %term : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  foundry.yield %r : tensor<8xf32>
}

// The class index compared through an i8 (300 classes: indices 5 and 261
// both become 5): several terms may be picked, so it is no one-hot sum
// either.
foundry.kernel @narrow_index(%x: tensor<8x300xf32>, %classes: tensor<8xi8>) -> tensor<8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %r = linalg.generic {indexing_maps = [#id2, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x, %classes : tensor<8x300xf32>, tensor<8xi8>) outs(%f : tensor<8xf32>) {
  ^bb0(%in: f32, %c: i8, %acc: f32):
    %v = linalg.index 1 : index
    %v_i8 = arith.index_cast %v : index to i8
    %hit = arith.cmpi eq, %v_i8, %c : i8
    %term = arith.select %hit, %in, %zero : f32
    %s = arith.addf %acc, %term : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  foundry.yield %r : tensor<8xf32>
}
