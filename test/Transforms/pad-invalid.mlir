// RUN: not foundry-opt %s --pass-pipeline='builtin.module(foundry-pad{n=2048})' 2>&1 | FileCheck %s
// RUN: not foundry-opt %s --pass-pipeline='builtin.module(foundry-pad{k=-1})' 2>&1 | FileCheck %s --check-prefix=NEGATIVE

// CHECK: error: foundry-pad: n must be 0 to 1024, got 2048
// NEGATIVE: error: foundry-pad: k must be 0 to 1024, got -1
foundry.kernel @irregular(%a: tensor<29x37xf32>, %b: tensor<37x23xf32>) -> tensor<29x23xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<29x23xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<29x23xf32>) -> tensor<29x23xf32>
  %c = linalg.matmul ins(%a, %b : tensor<29x37xf32>, tensor<37x23xf32>) outs(%f : tensor<29x23xf32>) -> tensor<29x23xf32>
  foundry.yield %c : tensor<29x23xf32>
}
