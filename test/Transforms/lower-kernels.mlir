// RUN: foundry-opt %s -split-input-file --foundry-lower-kernels | FileCheck %s

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
