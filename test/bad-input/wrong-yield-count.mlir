// foundry.yield returns fewer values than the kernel declares.
// RUN: not foundry-opt %s --foundry-outline-kernels 2>&1 | FileCheck %s

foundry.kernel @k(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  // CHECK: {{.*}}bad-input{{/|\\}}wrong-yield-count.mlir:[[@LINE+1]]:3: error: 'foundry.yield' op yields 1 values but kernel @k returns 2
  foundry.yield %x : tensor<4xf32>
}
