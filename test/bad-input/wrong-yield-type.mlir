// foundry.yield returns a tensor whose shape differs from the kernel's
// declared result type.
// RUN: not foundry-opt %s --foundry-outline-kernels 2>&1 | FileCheck %s

foundry.kernel @k(%x: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<8xf32>
  // CHECK: {{.*}}bad-input{{/|\\}}wrong-yield-type.mlir:[[@LINE+1]]:3: error: 'foundry.yield' op operand #0 has type 'tensor<8xf32>' but kernel @k returns 'tensor<4xf32>'
  foundry.yield %e : tensor<8xf32>
}
