// foundry.kernel's inherent attributes (tolerance, precision, workload,
// schedule) written in the custom form's `attributes {...}` with a value of
// the wrong attribute kind. The generic form rejects this ("Invalid attribute
// `tolerance` in property conversion"); the custom form must too, instead of
// silently dropping the value and falling back to the default numerical
// contract.
//
// RUN: not foundry-opt %s -split-input-file --foundry-outline-kernels 2>&1 | FileCheck %s

// CHECK: {{.*}}bad-input{{/|\\}}kernel-attr-wrong-type.mlir:[[@LINE+1]]:{{[0-9]+}}: error: {{.*}}tolerance
foundry.kernel @tolerance_string(%x: tensor<4xf32>) -> tensor<4xf32> attributes {tolerance = "1e-2"} {
  foundry.yield %x : tensor<4xf32>
}

// -----

// CHECK: {{.*}}bad-input{{/|\\}}kernel-attr-wrong-type.mlir:[[@LINE+1]]:{{[0-9]+}}: error: {{.*}}tolerance
foundry.kernel @tolerance_is_precision(%x: tensor<4xf32>) -> tensor<4xf32> attributes {tolerance = #foundry.precision<tf32>} {
  foundry.yield %x : tensor<4xf32>
}

// -----

// CHECK: {{.*}}bad-input{{/|\\}}kernel-attr-wrong-type.mlir:[[@LINE+1]]:{{[0-9]+}}: error: {{.*}}precision
foundry.kernel @precision_int(%x: tensor<4xf32>) -> tensor<4xf32> attributes {precision = 3 : i32} {
  foundry.yield %x : tensor<4xf32>
}

// -----

// CHECK: {{.*}}bad-input{{/|\\}}kernel-attr-wrong-type.mlir:[[@LINE+1]]:{{[0-9]+}}: error: {{.*}}workload
foundry.kernel @workload_int(%x: tensor<4xf32>) -> tensor<4xf32> attributes {workload = 7} {
  foundry.yield %x : tensor<4xf32>
}

// -----

// CHECK: {{.*}}bad-input{{/|\\}}kernel-attr-wrong-type.mlir:[[@LINE+1]]:{{[0-9]+}}: error: {{.*}}schedule
foundry.kernel @schedule_int(%x: tensor<4xf32>) -> tensor<4xf32> attributes {schedule = 5} {
  foundry.yield %x : tensor<4xf32>
}
