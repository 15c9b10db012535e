// A result named by a bare `%` (no identifier after the sigil) is malformed
// syntax.
// RUN: not foundry-opt %s --foundry-outline-kernels 2>&1 | FileCheck %s

func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK: {{.*}}bad-input{{/|\\}}bad-ssa-name.mlir:[[@LINE+1]]:3: error: invalid SSA name
  % = arith.addf %x, %x : tensor<4xf32>
  return %x : tensor<4xf32>
}
