// RUN: foundry-opt %s --split-input-file --pass-pipeline='builtin.module(foundry-pad{m=16 n=16 k=8})' | FileCheck %s
// RUN: foundry-cpu-run %S/../../bench/kernelbench/level1/8_matmul_irregular_shapes_small.mlir --schedule='foundry-pad{m=16 n=16 k=8},foundry-tile-blocks{sizes=16,16 target=contraction},foundry-tile-reduction{sizes=8},foundry-promote{operands=0,1},foundry-tile-threads{sizes=2,2},foundry-tile-reduction{sizes=4},foundry-vectorize' | FileCheck %s --check-prefix=CPU

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

// The padded schedule computes what the naive one does (CPU JIT).
// CPU: schedule vs naive {{.*}} PASS
