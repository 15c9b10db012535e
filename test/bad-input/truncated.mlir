// A file cut off in the middle of a type (as after an interrupted write).
// The last line below deliberately ends inside `tensor<4x`.
// RUN: not foundry-opt %s --foundry-outline-kernels 2>&1 | FileCheck %s

// CHECK: {{.*}}bad-input{{/|\\}}truncated.mlir:[[@LINE+3]]:36: error: expected non-function type

func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = arith.addf %x, %x : tensor<4x