// A func.func with a dynamic dimension cannot be outlined: foundry kernels
// only take static shapes. The outliner rejects it at the function.
// RUN: not foundry-opt %s --foundry-outline-kernels 2>&1 | FileCheck %s

// CHECK: {{.*}}bad-input{{/|\\}}dynamic-shape-func.mlir:[[@LINE+1]]:1: error: 'func.func' op argument #0 of @dyn must have a static shape, got tensor<?x8xf32> (dynamic dimensions are not supported)
func.func @dyn(%x: tensor<?x8xf32>) -> tensor<?x8xf32> {
  %r = arith.addf %x, %x : tensor<?x8xf32>
  return %r : tensor<?x8xf32>
}
