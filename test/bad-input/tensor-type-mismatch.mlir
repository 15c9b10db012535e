// A value of type tensor<8xf32> used where the op's type says tensor<4xf32>:
// the parser reports the use and notes the definition.
// RUN: not foundry-opt %s --foundry-outline-kernels 2>&1 | FileCheck %s

// CHECK: {{.*}}bad-input{{/|\\}}tensor-type-mismatch.mlir:[[@LINE+3]]:23: error: use of value '%y' expects different type than prior uses: 'tensor<4xf32>' vs 'tensor<8xf32>'
// CHECK: {{.*}}bad-input{{/|\\}}tensor-type-mismatch.mlir:[[@LINE+1]]:33: note: prior use here
func.func @f(%x: tensor<4xf32>, %y: tensor<8xf32>) -> tensor<4xf32> {
  %r = arith.addf %x, %y : tensor<4xf32>
  return %r : tensor<4xf32>
}
