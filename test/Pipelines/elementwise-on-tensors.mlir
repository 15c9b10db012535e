// RUN: foundry-opt %s --foundry-bufferize | FileCheck %s
// RUN: foundry-opt %s --foundry-to-nvvm --foundry-extract-ptx -o /dev/null | FileCheck %s --check-prefix=PTX

// arith/math applied to whole tensors lower like linalg ops.
// CHECK-LABEL: func.func @tensor_arith
// CHECK:         linalg.generic
// CHECK:           arith.addf
// CHECK:         linalg.generic
// CHECK:           math.exp
// CHECK-NOT:     memref.alloc
// PTX: .visible .entry tensor_arith_kernel
foundry.kernel @tensor_arith(%a: tensor<3x4xf32>, %b: tensor<3x4xf32>) -> tensor<3x4xf32> {
  %s = arith.addf %a, %b : tensor<3x4xf32>
  %e = math.exp %s : tensor<3x4xf32>
  foundry.yield %e : tensor<3x4xf32>
}
