// The same SSA name defined twice in one region.
// RUN: not foundry-opt %s --foundry-outline-kernels 2>&1 | FileCheck %s

func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = arith.addf %x, %x : tensor<4xf32>
  // CHECK: {{.*}}bad-input{{/|\\}}redefined-ssa.mlir:[[@LINE+1]]:3: error: redefinition of SSA value '%r'
  %r = arith.mulf %x, %x : tensor<4xf32>
  return %r : tensor<4xf32>
}
