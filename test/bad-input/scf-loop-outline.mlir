// An scf.for inside a func.func that the outliner is asked to turn into a
// kernel: loops are not kernel-body ops, so outlining fails at the loop with
// a note naming the function.
// RUN: not foundry-opt %s --foundry-outline-kernels 2>&1 | FileCheck %s

// CHECK: {{.*}}bad-input{{/|\\}}scf-loop-outline.mlir:[[@LINE+6]]:8: error: 'scf.for' op cannot be outlined into a foundry.kernel: only linalg, tensor, arith and math ops are allowed
// CHECK: {{.*}}bad-input{{/|\\}}scf-loop-outline.mlir:[[@LINE+1]]:1: note: in function @loop
func.func @loop(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %x) -> (tensor<4xf32>) {
    %s = arith.addf %acc, %acc : tensor<4xf32>
    scf.yield %s : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
