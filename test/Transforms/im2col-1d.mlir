// RUN: foundry-opt %s --foundry-im2col | FileCheck %s
// RUN: foundry-cpu-run %S/../../bench/kernelbench/level1/67_conv_standard_1d_small.mlir --schedule='foundry-im2col,foundry-tile-blocks{sizes=1,8,64 target=contraction},foundry-tile-threads{sizes=0,4,4},foundry-tile-reduction{sizes=4},foundry-vectorize' | FileCheck %s --check-prefix=CPU
// RUN: foundry-cpu-run %s --schedule='foundry-im2col,foundry-tile-blocks{sizes=1,4,16 target=contraction},foundry-tile-threads{sizes=0,2,4},foundry-vectorize' | FileCheck %s --check-prefix=CPU

// A 1-D NCW convolution (2 images of 5 channels x 17, 7 filters of width 3,
// stride 2) is lifted to the 2-D convolution of one image row,
// then gathered into [N, C*KW, OW] = [2, 15, 8] and multiplied by the
// filter [7, 15]; the result is reshaped back to [2, 7, 8].
// CHECK-LABEL: foundry.kernel @conv1d
// CHECK:         tensor.expand_shape %arg0 {{\[}}[0], [1], [2, 3]] output_shape [2, 5, 1, 17]
// CHECK:         tensor.expand_shape %arg1 {{\[}}[0], [1], [2, 3]] output_shape [7, 5, 1, 3]
// CHECK:         linalg.generic {{.*}} outs({{.*}} : tensor<2x15x8xf32>)
// CHECK:         linalg.generic {{.*}} ins({{.*}} : tensor<7x15xf32>, tensor<2x15x8xf32>)
// CHECK:         tensor.collapse_shape {{.*}} {{\[}}[0], [1], [2, 3]] : tensor<2x7x1x8xf32> into tensor<2x7x8xf32>
// CHECK-NOT:     linalg.conv_1d_ncw_fcw
// CHECK-NOT:     linalg.conv_2d_nchw_fchw
// Both schedules compute what the naive one does (CPU JIT): L1 67's small
// variant, and this strided, dilated convolution.
// CPU: schedule vs naive {{.*}} PASS
foundry.kernel @conv1d(%x: tensor<2x5x17xf32>, %w: tensor<7x5x3xf32>) -> tensor<2x7x8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x7x8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x7x8xf32>) -> tensor<2x7x8xf32>
  %c = linalg.conv_1d_ncw_fcw {dilations = dense<1> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>}
      ins(%x, %w : tensor<2x5x17xf32>, tensor<7x5x3xf32>) outs(%f : tensor<2x7x8xf32>) -> tensor<2x7x8xf32>
  foundry.yield %c : tensor<2x7x8xf32>
}
