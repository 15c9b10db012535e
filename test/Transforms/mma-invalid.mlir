// RUN: not foundry-opt %s --foundry-tile-blocks=sizes=64,64 --foundry-tile-warps=sizes=32,32 --foundry-tile-reduction=sizes=8 --foundry-mma 2>&1 | FileCheck %s

// Tensor cores round to tf32: not for a kernel whose precision is ieee.
// CHECK: error: 'foundry.kernel' op foundry-mma: this kernel's precision is ieee; tensor cores need #foundry.precision<3xtf32> or looser
foundry.kernel @ieee(%a: tensor<128x64xf32>, %b: tensor<64x128xf32>) -> tensor<128x128xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<128x128xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<128x128xf32>) -> tensor<128x128xf32>
  %m = linalg.matmul ins(%a, %b : tensor<128x64xf32>, tensor<64x128xf32>) outs(%f : tensor<128x128xf32>) -> tensor<128x128xf32>
  foundry.yield %m : tensor<128x128xf32>
}
