// RUN: foundry-opt %s --foundry-gather-concats | FileCheck %s
// RUN: foundry-opt %s --foundry-gather-concats --foundry-to-llvm -o /dev/null

// rotate_half as torch-mlir lowers it: cat(-x[..., 5:], x[..., :5]). The
// concatenation becomes one parallel generic that reads q where each piece
// lies (the slice's offset added, the index clamped into the piece), the
// negation computed at the element, the piece the index lies in selected;
// the slices, the negation's generic and the concatenation go away.
// CHECK-LABEL: foundry.kernel @rotate_half
// CHECK-NOT:     tensor.extract_slice
// CHECK:         linalg.generic {indexing_maps = [#{{.*}}], iterator_types = ["parallel", "parallel"]} outs(
// CHECK:           %[[ROW:.*]] = linalg.index 0 : index
// CHECK:           %[[COL:.*]] = linalg.index 1 : index
// CHECK:           %[[IN0:.*]] = arith.minsi %[[COL]], %c4
// CHECK:           %[[AT0:.*]] = arith.addi %[[IN0]], %c5
// CHECK:           %[[X2:.*]] = tensor.extract %arg0[%[[ROW]], %[[AT0]]] : tensor<3x10xf32>
// CHECK:           %[[NEG:.*]] = arith.negf %[[X2]]
// CHECK:           %[[SHIFT:.*]] = arith.subi %[[COL]], %c5
// CHECK:           %[[IN1:.*]] = arith.maxsi %[[SHIFT]], %c0
// CHECK:           %[[X1:.*]] = tensor.extract %arg0[%[[ROW]], %[[IN1]]] : tensor<3x10xf32>
// CHECK:           %[[FIRST:.*]] = arith.cmpi slt, %[[COL]], %c5
// CHECK:           %[[PICK:.*]] = arith.select %[[FIRST]], %[[NEG]], %[[X1]]
// CHECK:           linalg.yield %[[PICK]]
// CHECK-NOT:     tensor.concat
// CHECK-NOT:     arith.negf
// CHECK:         yield %
#id2 = affine_map<(i, j) -> (i, j)>
foundry.kernel @rotate_half(%q: tensor<3x10xf32>) -> tensor<3x10xf32> {
  %x1 = tensor.extract_slice %q[0, 0] [3, 5] [1, 1] : tensor<3x10xf32> to tensor<3x5xf32>
  %x2 = tensor.extract_slice %q[0, 5] [3, 5] [1, 1] : tensor<3x10xf32> to tensor<3x5xf32>
  %e = tensor.empty() : tensor<3x5xf32>
  %neg = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x2 : tensor<3x5xf32>) outs(%e : tensor<3x5xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<3x5xf32>
  %r = tensor.concat dim(1) %neg, %x1 : (tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<3x10xf32>
  foundry.yield %r : tensor<3x10xf32>
}

// Three pieces along the outer dimension, one of them empty, one a
// broadcast and one a kernel argument read as it is: the empty piece is
// skipped, the broadcast read at its input's index, the middle piece's
// index clamped on both sides, two selects.
// CHECK-LABEL: foundry.kernel @three_pieces
// CHECK:         linalg.generic
// CHECK:           %[[I:.*]] = linalg.index 0 : index
// CHECK:           %[[J:.*]] = linalg.index 1 : index
// CHECK:           %[[A:.*]] = arith.minsi %[[I]], %c1
// CHECK:           tensor.extract %arg0[%[[A]], %[[J]]] : tensor<2x4xi32>
// CHECK:           arith.subi %[[I]], %c2
// CHECK:           arith.maxsi
// CHECK:           arith.minsi
// CHECK:           tensor.extract %arg1[%[[J]]] : tensor<4xi32>
// CHECK:           arith.subi %[[I]], %c5
// CHECK:           arith.maxsi
// CHECK:           tensor.extract %arg0
// CHECK:           arith.cmpi slt, %[[I]], %c5
// CHECK:           arith.select
// CHECK:           arith.cmpi slt, %[[I]], %c2
// CHECK:           arith.select
// CHECK-NOT:     linalg.broadcast
foundry.kernel @three_pieces(%a: tensor<2x4xi32>, %row: tensor<4xi32>) -> tensor<7x4xi32> {
  %e = tensor.empty() : tensor<3x4xi32>
  %b = linalg.broadcast ins(%row : tensor<4xi32>) outs(%e : tensor<3x4xi32>) dimensions = [0]
  %none = tensor.empty() : tensor<0x4xi32>
  %r = tensor.concat dim(0) %a, %none, %b, %a : (tensor<2x4xi32>, tensor<0x4xi32>, tensor<3x4xi32>, tensor<2x4xi32>) -> tensor<7x4xi32>
  foundry.yield %r : tensor<7x4xi32>
}

// A piece computed by a chain of 12 generics, each reading the one before
// twice: each is computed once at the element (12 additions, not 4095),
// for each of the two pieces it is given as (at two indices), and its
// producers are erased once. A concatenation whose pieces are all empty is
// an empty tensor, which the next one skips.
// CHECK-LABEL: foundry.kernel @chain
// CHECK-COUNT-24: arith.addf
// CHECK-NOT:     arith.addf
// CHECK:         yield
foundry.kernel @chain(%x: tensor<2x4xf32>) -> tensor<2x8xf32> {
  %e = tensor.empty() : tensor<2x4xf32>
  %v0 = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x, %x : tensor<2x4xf32>, tensor<2x4xf32>) outs(%e : tensor<2x4xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<2x4xf32>
  %v1 = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%v0, %v0 : tensor<2x4xf32>, tensor<2x4xf32>) outs(%e : tensor<2x4xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<2x4xf32>
  %v2 = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%v1, %v1 : tensor<2x4xf32>, tensor<2x4xf32>) outs(%e : tensor<2x4xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<2x4xf32>
  %v3 = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%v2, %v2 : tensor<2x4xf32>, tensor<2x4xf32>) outs(%e : tensor<2x4xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<2x4xf32>
  %v4 = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%v3, %v3 : tensor<2x4xf32>, tensor<2x4xf32>) outs(%e : tensor<2x4xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<2x4xf32>
  %v5 = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%v4, %v4 : tensor<2x4xf32>, tensor<2x4xf32>) outs(%e : tensor<2x4xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<2x4xf32>
  %v6 = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%v5, %v5 : tensor<2x4xf32>, tensor<2x4xf32>) outs(%e : tensor<2x4xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<2x4xf32>
  %v7 = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%v6, %v6 : tensor<2x4xf32>, tensor<2x4xf32>) outs(%e : tensor<2x4xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<2x4xf32>
  %v8 = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%v7, %v7 : tensor<2x4xf32>, tensor<2x4xf32>) outs(%e : tensor<2x4xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<2x4xf32>
  %v9 = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%v8, %v8 : tensor<2x4xf32>, tensor<2x4xf32>) outs(%e : tensor<2x4xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<2x4xf32>
  %v10 = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%v9, %v9 : tensor<2x4xf32>, tensor<2x4xf32>) outs(%e : tensor<2x4xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<2x4xf32>
  %v11 = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%v10, %v10 : tensor<2x4xf32>, tensor<2x4xf32>) outs(%e : tensor<2x4xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<2x4xf32>
  %r = tensor.concat dim(1) %v11, %v11 : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x8xf32>
  foundry.yield %r : tensor<2x8xf32>
}

// CHECK-LABEL: foundry.kernel @nothing
// CHECK-NOT:     tensor.concat
// CHECK:         linalg.generic
// CHECK:           tensor.extract %arg0
// CHECK-NOT:       arith.select
// CHECK:         yield
foundry.kernel @nothing(%a: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %e0 = tensor.empty() : tensor<0x4xf32>
  %z = tensor.concat dim(0) %e0, %e0 : (tensor<0x4xf32>, tensor<0x4xf32>) -> tensor<0x4xf32>
  %r = tensor.concat dim(0) %z, %a : (tensor<0x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  foundry.yield %r : tensor<2x4xf32>
}
