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
