// RUN: foundry-opt %s -split-input-file -verify-diagnostics "--foundry-tile-blocks=sizes=32,32 target=transpose"

// target=transpose on a kernel without a linalg.transpose (foundry-transpose-b
// not run first).
// expected-error @below {{foundry-tile-blocks: target=transpose, but the kernel has no linalg.transpose outside a block tile}}
foundry.kernel @no_transpose(%a: tensor<32x64xf32>, %b: tensor<64x128xf32>) -> tensor<32x128xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32x128xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<32x128xf32>) -> tensor<32x128xf32>
  %r = linalg.matmul ins(%a, %b : tensor<32x64xf32>, tensor<64x128xf32>) outs(%c : tensor<32x128xf32>) -> tensor<32x128xf32>
  foundry.yield %r : tensor<32x128xf32>
}
