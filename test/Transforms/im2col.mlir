// RUN: foundry-opt %s --foundry-im2col | FileCheck %s
// RUN: foundry-cpu-run %S/../../bench/kernelbench/level2/1_conv2d_relu_biasadd_small.mlir --schedule='foundry-im2col,foundry-tile-blocks{sizes=1,8,64 target=contraction},foundry-tile-threads{sizes=0,4,4},foundry-tile-reduction{sizes=4},foundry-vectorize,foundry-tile-blocks{sizes=1,1,4,0},foundry-tile-threads{sizes=0,0,1,1}' | FileCheck %s --check-prefix=CPU
// RUN: foundry-cpu-run %S/../../bench/kernelbench/level2/1_conv2d_relu_biasadd_small.mlir --schedule='foundry-im2col,foundry-pad{m=16 n=32 k=8},foundry-tile-blocks{sizes=1,16,32 target=contraction},foundry-tile-reduction{sizes=8},foundry-promote{operands=0,1 padding=4},foundry-tile-warps{sizes=0,16,32},foundry-tile-reduction{sizes=8},foundry-mma,foundry-tile-blocks{sizes=1,1,4,0},foundry-tile-threads{sizes=0,0,1,1}' | FileCheck %s --check-prefix=CPU

// A 3x3 NCHW convolution (2 images of 5x13x15, 7 filters) as a GEMM: the
// gather into [N, C*KH*KW, OH*OW] = [2, 45, 143] (upstream's copy, rewritten
// to read the input with tensor.extract), then the filter [7, 45]
// times each image's columns, reshaped back to [2, 7, 11, 13].
// CHECK-LABEL: foundry.kernel @conv
// CHECK:         %[[F:.*]] = tensor.collapse_shape %arg1 {{\[}}[0], [1, 2, 3]] : tensor<7x5x3x3xf32> into tensor<7x45xf32>
// CHECK:         %[[COL:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel"]} outs({{.*}} : tensor<2x45x143xf32>)
// CHECK:           %[[X:.*]] = tensor.extract %arg0[{{.*}}] : tensor<2x5x13x15xf32>
// CHECK:           linalg.yield %[[X]]
// CHECK:         %[[MM:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%[[F]], %[[COL]] : tensor<7x45xf32>, tensor<2x45x143xf32>)
// CHECK:           arith.mulf
// CHECK:           arith.addf
// CHECK:         tensor.expand_shape %[[MM]] {{\[}}[0], [1], [2, 3]] output_shape [2, 7, 11, 13]
// CHECK-NOT:     linalg.conv_2d_nchw_fchw
foundry.kernel @conv(%x: tensor<2x5x13x15xf32>, %w: tensor<7x5x3x3xf32>) -> tensor<2x7x11x13xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x7x11x13xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x7x11x13xf32>) -> tensor<2x7x11x13xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<2x5x13x15xf32>, tensor<7x5x3x3xf32>) outs(%f : tensor<2x7x11x13xf32>) -> tensor<2x7x11x13xf32>
  foundry.yield %c : tensor<2x7x11x13xf32>
}

// Both schedules compute what the naive one does (CPU JIT): SIMT register
// tiles, and padded, staged tensor-core tiles (one image per block).
// CPU: schedule vs naive {{.*}} PASS
