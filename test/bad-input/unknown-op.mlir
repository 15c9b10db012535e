// An op name that is not registered in a known dialect (arith has no
// `frobnicate`) is a parse error at the op, not a crash.
// RUN: not foundry-opt %s --foundry-outline-kernels 2>&1 | FileCheck %s

func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK: {{.*}}bad-input{{/|\\}}unknown-op.mlir:[[@LINE+1]]:8: error: custom op 'arith.frobnicate' is unknown
  %r = arith.frobnicate %x : tensor<4xf32>
  return %r : tensor<4xf32>
}
