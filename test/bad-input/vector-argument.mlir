// A bare vector (not a tensor) argument cannot become a kernel argument.
// RUN: not foundry-opt %s --foundry-outline-kernels 2>&1 | FileCheck %s

// CHECK: {{.*}}bad-input{{/|\\}}vector-argument.mlir:[[@LINE+1]]:1: error: 'func.func' op argument #0 of @v must be a ranked tensor, got vector<4xf32>
func.func @v(%x: vector<4xf32>) -> vector<4xf32> {
  return %x : vector<4xf32>
}
