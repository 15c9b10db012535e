// A use of an SSA value that is never defined.
// RUN: not foundry-opt %s --foundry-outline-kernels 2>&1 | FileCheck %s

func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK: {{.*}}bad-input{{/|\\}}undefined-ssa.mlir:[[@LINE+1]]:23: error: use of undeclared SSA value name
  %r = arith.addf %x, %nope : tensor<4xf32>
  return %r : tensor<4xf32>
}
