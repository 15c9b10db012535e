// Well-typed SSA, but the shapes of a linalg.matmul do not agree (4x8 * 8x16
// into a 4x32 accumulator): the linalg verifier rejects it after parsing.
// RUN: not foundry-opt %s --foundry-outline-kernels 2>&1 | FileCheck %s

func.func @f(%x: tensor<4x8xf32>, %y: tensor<8x16xf32>) -> tensor<4x32xf32> {
  %e = tensor.empty() : tensor<4x32xf32>
  // CHECK: {{.*}}bad-input{{/|\\}}linalg-shape-mismatch.mlir:[[@LINE+1]]:8: error: 'linalg.matmul' op inferred input/output operand #2 has shape's dimension #1 to be 16, but found 32
  %r = linalg.matmul ins(%x, %y : tensor<4x8xf32>, tensor<8x16xf32>) outs(%e : tensor<4x32xf32>) -> tensor<4x32xf32>
  return %r : tensor<4x32xf32>
}
