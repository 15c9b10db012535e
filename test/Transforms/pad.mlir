// RUN: foundry-opt %s --split-input-file --pass-pipeline='builtin.module(foundry-pad{m=16 n=16 k=8})' | FileCheck %s
// RUN: foundry-cpu-run %S/../../bench/kernelbench/level1/8_matmul_irregular_shapes_small.mlir --schedule='foundry-pad{m=16 n=16 k=8},foundry-tile-blocks{sizes=16,16 target=contraction},foundry-tile-reduction{sizes=8},foundry-promote{operands=0,1},foundry-tile-threads{sizes=2,2},foundry-tile-reduction{sizes=4},foundry-vectorize' | FileCheck %s --check-prefix=CPU
// RUN: foundry-cpu-run %S/../../bench/kernelbench/level2/1_conv2d_relu_biasadd_small.mlir --schedule='foundry-im2col,foundry-pad{m=16 n=16 k=8},foundry-tile-blocks{sizes=1,16,16 target=contraction},foundry-tile-reduction{sizes=8},foundry-promote{operands=0,1},foundry-tile-threads{sizes=0,2,2},foundry-tile-reduction{sizes=4},foundry-vectorize' | FileCheck %s --check-prefix=CONV

// 29x23x37 padded to 32x32x40: A and B through tensor.pad with zeros, the
// accumulator's fill made at the padded shape (no pad), the result read
// back as a slice.
// CHECK-LABEL: foundry.kernel @irregular
// CHECK:         %[[A:.*]] = tensor.pad %arg0 low[0, 0] high[3, 3]
// CHECK:           tensor.yield %{{.*}} : f32
// CHECK:         } : tensor<29x37xf32> to tensor<32x40xf32>
// CHECK:         %[[B:.*]] = tensor.pad %arg1 low[0, 0] high[3, 9]
// CHECK:         } : tensor<37x23xf32> to tensor<40x32xf32>
// CHECK:         %[[C:.*]] = linalg.fill {{.*}} -> tensor<32x32xf32>
// CHECK:         %[[MM:.*]] = linalg.matmul ins(%[[A]], %[[B]] : {{.*}}) outs(%[[C]] : tensor<32x32xf32>)
// CHECK:         %[[R:.*]] = tensor.extract_slice %[[MM]][0, 0] [29, 23] [1, 1] : tensor<32x32xf32> to tensor<29x23xf32>
// CHECK:         yield %[[R]]
foundry.kernel @irregular(%a: tensor<29x37xf32>, %b: tensor<37x23xf32>) -> tensor<29x23xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<29x23xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<29x23xf32>) -> tensor<29x23xf32>
  %c = linalg.matmul ins(%a, %b : tensor<29x37xf32>, tensor<37x23xf32>) outs(%f : tensor<29x23xf32>) -> tensor<29x23xf32>
  foundry.yield %c : tensor<29x23xf32>
}

// -----

// Loops that are multiples already are left: only k (20 -> 24) is padded,
// so only A and B change; a kernel without contractions is left as it is.
// CHECK-LABEL: foundry.kernel @k_only
// CHECK:         tensor.pad %arg0 low[0, 0] high[0, 4]
// CHECK:         } : tensor<32x20xf32> to tensor<32x24xf32>
// CHECK:         tensor.pad %arg1 low[0, 0] high[4, 0]
// CHECK:         } : tensor<20x16xf32> to tensor<24x16xf32>
// CHECK-NOT:     tensor.extract_slice
// CHECK:         yield
foundry.kernel @k_only(%a: tensor<32x20xf32>, %b: tensor<20x16xf32>) -> tensor<32x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32x16xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<32x16xf32>) -> tensor<32x16xf32>
  %c = linalg.matmul ins(%a, %b : tensor<32x20xf32>, tensor<20x16xf32>) outs(%f : tensor<32x16xf32>) -> tensor<32x16xf32>
  foundry.yield %c : tensor<32x16xf32>
}

// -----

// CHECK-LABEL: foundry.kernel @dividing
// CHECK-NOT:     tensor.pad
// CHECK:         linalg.matmul ins(%arg0, %arg1 : tensor<32x16xf32>, tensor<16x16xf32>)
foundry.kernel @dividing(%a: tensor<32x16xf32>, %b: tensor<16x16xf32>) -> tensor<32x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32x16xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<32x16xf32>) -> tensor<32x16xf32>
  %c = linalg.matmul ins(%a, %b : tensor<32x16xf32>, tensor<16x16xf32>) outs(%f : tensor<32x16xf32>) -> tensor<32x16xf32>
  foundry.yield %c : tensor<32x16xf32>
}

// -----

// An operand computed by an all-parallel generic that does not read its
// init (an im2col-like tensor here, whose map divides the column index) is
// computed at the padded shape (6x20 to 8x32) in one op: indices clamped
// into the original extent for the reads (the map in unsigned 32-bit
// arithmetic: no index of it can be negative or reach 2^31), the pad's zero
// outside it. No
// tensor.pad, fill or copy of it is left; A, an argument, is padded.
// CHECK-LABEL: foundry.kernel @producer
// CHECK-DAG:     %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG:     %[[C5:.*]] = arith.constant 5 : index
// CHECK-DAG:     %[[C6:.*]] = arith.constant 6 : index
// CHECK-DAG:     %[[C19:.*]] = arith.constant 19 : index
// CHECK-DAG:     %[[C20:.*]] = arith.constant 20 : index
// CHECK-DAG:     %[[C5I:.*]] = arith.constant 5 : i32
// CHECK-DAG:     %[[C6I:.*]] = arith.constant 6 : i32
// CHECK:         %[[A:.*]] = tensor.pad %arg0 low[0, 0] high[0, 2]
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<8x32xf32>
// CHECK:         %[[B:.*]] = linalg.generic {{.*}} outs(%[[E]] : tensor<8x32xf32>)
// CHECK:           %[[I:.*]] = linalg.index 0 : index
// CHECK:           %[[IC:.*]] = arith.minui %[[I]], %[[C5]] : index
// CHECK:           %[[IIN:.*]] = arith.cmpi ult, %[[I]], %[[C6]] : index
// CHECK:           %[[J:.*]] = linalg.index 1 : index
// CHECK:           %[[JC:.*]] = arith.minui %[[J]], %[[C19]] : index
// CHECK:           %[[JIN:.*]] = arith.cmpi ult, %[[J]], %[[C20]] : index
// CHECK:           %[[IN:.*]] = arith.andi %[[IIN]], %[[JIN]] : i1
// CHECK:           %[[I32:.*]] = arith.index_castui %[[IC]] : index to i32
// CHECK:           %[[J32:.*]] = arith.index_castui %[[JC]] : index to i32
// CHECK:           %[[Q:.*]] = arith.divui %[[J32]], %[[C5I]] : i32
// CHECK:           %[[Q6:.*]] = arith.muli %[[Q]], %[[C6I]] : i32
// CHECK:           %[[R32:.*]] = arith.addi %[[I32]], %[[Q6]] : i32
// CHECK:           %[[ROW:.*]] = arith.index_castui %[[R32]] : i32 to index
// CHECK:           %[[M32:.*]] = arith.remui %[[J32]], %[[C5I]] : i32
// CHECK:           %[[COL:.*]] = arith.index_castui %[[M32]] : i32 to index
// CHECK:           %[[X:.*]] = tensor.extract %arg1[%[[ROW]], %[[COL]]] : tensor<48x5xf32>
// CHECK:           %[[X2:.*]] = arith.mulf %[[X]], %[[X]] : f32
// CHECK:           %[[V:.*]] = arith.select %[[IN]], %[[X2]], %[[ZERO]] : f32
// CHECK:           linalg.yield %[[V]] : f32
// CHECK-NOT:     tensor.pad
// CHECK:         linalg.matmul ins(%[[A]], %[[B]] : tensor<16x8xf32>, tensor<8x32xf32>)
#im2col = affine_map<(k, n) -> (k + 6 * (n floordiv 5), n mod 5)>
#id = affine_map<(k, n) -> (k, n)>
foundry.kernel @producer(%a: tensor<16x6xf32>, %x: tensor<48x5xf32>) -> tensor<16x20xf32> {
  %zero = arith.constant 0.0 : f32
  %be = tensor.empty() : tensor<6x20xf32>
  %b = linalg.generic {indexing_maps = [#im2col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<48x5xf32>) outs(%be : tensor<6x20xf32>) {
  ^bb0(%in: f32, %out: f32):
    %sq = arith.mulf %in, %in : f32
    linalg.yield %sq : f32
  } -> tensor<6x20xf32>
  %e = tensor.empty() : tensor<16x20xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<16x20xf32>) -> tensor<16x20xf32>
  %c = linalg.matmul ins(%a, %b : tensor<16x6xf32>, tensor<6x20xf32>) outs(%f : tensor<16x20xf32>) -> tensor<16x20xf32>
  foundry.yield %c : tensor<16x20xf32>
}

// The padded schedule computes what the naive one does (CPU JIT), with the
// operand a convolution's im2col tensor folded into its pad too.
// CPU: schedule vs naive {{.*}} PASS
// CONV: schedule vs naive {{.*}} PASS
