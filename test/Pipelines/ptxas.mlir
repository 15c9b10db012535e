// REQUIRES: ptxas
// RUN: foundry-opt %s --foundry-to-nvvm --foundry-extract-ptx=output=%t.ptx -o /dev/null
// RUN: %ptxas -arch=sm_90 -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s

// The naive ReLU assembles for sm_90 without spills.
// CHECK: Compiling entry function 'relu_kernel' for 'sm_90'
// CHECK: 0 bytes spill stores, 0 bytes spill loads
foundry.kernel @relu(%x: tensor<37x300xf32>) -> tensor<37x300xf32> {
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<37x300xf32>
  %r = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<37x300xf32>) outs(%init : tensor<37x300xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<37x300xf32>
  foundry.yield %r : tensor<37x300xf32>
}
