// RUN: not foundry-opt %s --pass-pipeline='builtin.module(foundry-fold-pad)' 2>&1 | FileCheck %s

// The only pad is also returned as it is: a result must exist as a tensor,
// so there is nothing to fold.
// CHECK: error: foundry-fold-pad: no tensor.pad to fold
#id = affine_map<(i) -> (i)>
foundry.kernel @returned(%x: tensor<6xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %zero = arith.constant 0.0 : f32
  %padded = tensor.pad %x low[1] high[1] {
  ^bb0(%i: index):
    tensor.yield %zero : f32
  } : tensor<6xf32> to tensor<8xf32>
  %e = tensor.empty() : tensor<8xf32>
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%padded : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<8xf32>
  foundry.yield %a, %padded : tensor<8xf32>, tensor<8xf32>
}
