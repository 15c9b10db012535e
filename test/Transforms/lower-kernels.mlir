// RUN: foundry-opt %s -split-input-file --foundry-lower-kernels | FileCheck %s
// RUN: foundry-opt %s -split-input-file --foundry-bufferize | FileCheck %s --check-prefix=BUFFERS

// Inputs first, then one caller-owned output buffer per result; the body
// reads inputs through restrict to_tensor and writes results in place.
// CHECK-LABEL: func.func @two_results
// CHECK-SAME:    (%[[X:.*]]: memref<4x8xf32>, %[[O0:.*]]: memref<4x8xf32> {foundry.output = 0 : i64}, %[[O1:.*]]: memref<8xf16> {foundry.output = 1 : i64})
// CHECK-SAME:    foundry.precision = #foundry.precision<ieee>
// CHECK-SAME:    foundry.tolerance = #foundry.tolerance<atol = 1.000000e-02, rtol = 1.000000e-02>
// CHECK:         %[[T:.*]] = bufferization.to_tensor %[[X]] restrict
// CHECK:         %[[N:.*]] = arith.negf %[[T]]
// CHECK:         bufferization.materialize_in_destination %[[N]] in restrict writable %[[O0]]
// CHECK:         bufferization.materialize_in_destination %{{.*}} in restrict writable %[[O1]]
// CHECK:         return
// CHECK-NOT:     foundry.kernel
foundry.kernel @two_results(%x: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<8xf16>) {
  %n = arith.negf %x : tensor<4x8xf32>
  %h = tensor.empty() : tensor<8xf16>
  foundry.yield %n, %h : tensor<4x8xf32>, tensor<8xf16>
}

// -----

// Explicit contract attributes and the workload carry over.
// CHECK-LABEL: func.func @with_contract
// CHECK-SAME:    foundry.precision = #foundry.precision<3xtf32>
// CHECK-SAME:    foundry.tolerance = #foundry.tolerance<atol = 1.000000e-03, rtol = 1.000000e-03>
// CHECK-SAME:    foundry.workload = #foundry.workload<flops = 0, bytes = 32>
foundry.kernel @with_contract(%x: tensor<4xf32>) -> tensor<4xf32>
    attributes {precision = #foundry.precision<3xtf32>,
                tolerance = #foundry.tolerance<atol = 1.0e-3, rtol = 1.0e-3>,
                workload = #foundry.workload<flops = 0, bytes = 32>} {
  foundry.yield %x : tensor<4xf32>
}

// -----

// Nothing to lower: plain functions are left alone.
// CHECK-LABEL: func.func @not_a_kernel
// CHECK-SAME:    (%{{.*}}: memref<4xf32>)
// CHECK-NOT:     foundry.output
func.func @not_a_kernel(%m: memref<4xf32>) {
  return
}

// -----

// A result reshaped at the end is materialized before the reshape, into a
// view of the output buffer (the inverse reshape): after bufferization it is
// computed in place, with no workspace and no copy.
// CHECK-LABEL: func.func @reshaped_result
// CHECK-SAME:    (%[[A:.*]]: memref<2x3x4xf32>, %[[OUT:.*]]: memref<2x3x4xf32> {foundry.output = 0 : i64})
// CHECK:         %[[RESULT:.*]] = linalg.generic
// CHECK:         %[[VIEW:.*]] = memref.collapse_shape %[[OUT]] {{\[}}[0, 1], [2]] : memref<2x3x4xf32> into memref<6x4xf32>
// CHECK:         bufferization.materialize_in_destination %[[RESULT]] in restrict writable %[[VIEW]] : (tensor<6x4xf32>, memref<6x4xf32>) -> ()
// BUFFERS-LABEL: func.func @reshaped_result
// BUFFERS-NOT:     memref.alloc
// BUFFERS-NOT:     foundry.workspace
// BUFFERS:         %[[VIEW:.*]] = memref.collapse_shape %arg1
// BUFFERS:         linalg.generic {{.*}} outs(%[[VIEW]] : memref<6x4xf32>)
// BUFFERS-NOT:     linalg.copy
foundry.kernel @reshaped_result(%a: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
  %rows = tensor.collapse_shape %a [[0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
  %e = tensor.empty() : tensor<6x4xf32>
  %n = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%rows : tensor<6x4xf32>) outs(%e : tensor<6x4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.negf %x : f32
    linalg.yield %y : f32
  } -> tensor<6x4xf32>
  %r = tensor.expand_shape %n [[0, 1], [2]] output_shape [2, 3, 4] : tensor<6x4xf32> into tensor<2x3x4xf32>
  foundry.yield %r : tensor<2x3x4xf32>
}
