// Two top-level symbols with the same name: two func.funcs, and a func.func
// next to a foundry.kernel of the same name (which the outliner would
// otherwise have to rename or clobber).
// RUN: not foundry-opt %s -split-input-file --foundry-outline-kernels 2>&1 | FileCheck %s

// CHECK: {{.*}}bad-input{{/|\\}}duplicate-symbol.mlir:[[@LINE+5]]:1: error: redefinition of symbol named 'f'
// CHECK: {{.*}}bad-input{{/|\\}}duplicate-symbol.mlir:[[@LINE+1]]:1: note: see existing symbol definition here
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = arith.addf %x, %x : tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// CHECK: {{.*}}bad-input{{/|\\}}duplicate-symbol.mlir:[[@LINE+5]]:1: error: redefinition of symbol named 'g'
// CHECK: {{.*}}bad-input{{/|\\}}duplicate-symbol.mlir:[[@LINE+1]]:1: note: see existing symbol definition here
func.func @g(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}
foundry.kernel @g(%x: tensor<4xf32>) -> tensor<4xf32> {
  foundry.yield %x : tensor<4xf32>
}
