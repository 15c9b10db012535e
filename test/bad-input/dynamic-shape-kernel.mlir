// A foundry.kernel written directly with a dynamic result dimension is
// rejected by the kernel verifier right after parsing.
// RUN: not foundry-opt %s --foundry-outline-kernels 2>&1 | FileCheck %s

// CHECK: {{.*}}bad-input{{/|\\}}dynamic-shape-kernel.mlir:[[@LINE+1]]:1: error: 'foundry.kernel' op result #0 must have a static shape, got tensor<4x?xf32> (dynamic dimensions are not supported)
foundry.kernel @dyn(%x: tensor<4x8xf32>) -> tensor<4x?xf32> {
  %c3 = arith.constant 3 : index
  %e = tensor.empty(%c3) : tensor<4x?xf32>
  foundry.yield %e : tensor<4x?xf32>
}
