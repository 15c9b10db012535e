// The function returns a tensor<4xf32> while its signature says
// tensor<8xf32>.
// RUN: not foundry-opt %s --foundry-outline-kernels 2>&1 | FileCheck %s

func.func @f(%x: tensor<4xf32>) -> tensor<8xf32> {
  // CHECK: {{.*}}bad-input{{/|\\}}return-type-mismatch.mlir:[[@LINE+1]]:3: error: type of return operand 0 ('tensor<4xf32>') doesn't match function result type ('tensor<8xf32>') in function @f
  return %x : tensor<4xf32>
}
