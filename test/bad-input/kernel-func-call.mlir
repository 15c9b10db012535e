// A foundry.kernel body may only hold linalg/tensor/arith/math ops; a
// func.call inside a kernel is rejected, with a note pointing at the kernel.
// RUN: not foundry-opt %s --foundry-outline-kernels 2>&1 | FileCheck %s

func.func private @helper(tensor<4xf32>) -> tensor<4xf32>

// CHECK: {{.*}}bad-input{{/|\\}}kernel-func-call.mlir:[[@LINE+3]]:8: error: 'func.call' op is not allowed in a foundry.kernel body (only linalg, tensor, arith and math ops are, and the scf, affine and vector ops, shared-memory tiles and warp reductions of schedules)
// CHECK: {{.*}}bad-input{{/|\\}}kernel-func-call.mlir:[[@LINE+1]]:1: note: in this kernel
foundry.kernel @k(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = func.call @helper(%x) : (tensor<4xf32>) -> tensor<4xf32>
  foundry.yield %r : tensor<4xf32>
}
