// RUN: foundry-opt %s --foundry-im2col | FileCheck %s
// RUN: foundry-cpu-run %s --reference=f64 --schedule='foundry-im2col,foundry-tile-blocks{sizes=1,4,16 target=contraction},foundry-tile-threads{sizes=0,2,4},foundry-vectorize' | FileCheck %s --check-prefix=CPU
// RUN: foundry-cpu-run %s --reference=f64 --schedule='foundry-im2col,foundry-pad{m=16 n=32 k=8},foundry-tile-blocks{sizes=1,16,32 target=contraction},foundry-tile-reduction{sizes=8},foundry-promote{operands=0,1 padding=4},foundry-tile-warps{sizes=0,16,32},foundry-tile-reduction{sizes=8},foundry-mma' | FileCheck %s --check-prefix=CPU
// RUN: foundry-cpu-run %S/../../bench/kernelbench/level1/54_conv_standard_3d_small.mlir --reference=f64 --schedule='foundry-im2col,foundry-tile-blocks{sizes=1,8,64 target=contraction},foundry-tile-threads{sizes=0,4,4},foundry-tile-reduction{sizes=4},foundry-vectorize' | FileCheck %s --check-prefix=CPU

// A 3-D NCDHW convolution (2 images of 3 channels x 7x8x9, 5 filters of
// 2x3x2, strides 2, 1, 3): upstream's im2col takes 2-D convolutions only,
// so foundry-im2col builds the same rewrite one dimension up. The input is
// copied into col[n, k, p] with K = 3*2*3*2 = 36 and P = 3*6*3 = 54 (k and
// p delinearized in unsigned 32-bit arithmetic, strides as factors, and
// the input read with tensor.extract, which tiling can slice), the filter
// is collapsed to [5, 36], the output to [2, 5, 54], and the GEMM is a
// batched contraction over k, reshaped back to [2, 5, 3, 6, 3].
// CHECK-LABEL: foundry.kernel @conv3d
// CHECK:         %[[COL:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel"]} outs({{.*}} : tensor<2x36x54xf32>)
// CHECK:           %[[N:.*]] = linalg.index 0
// CHECK:           %[[K:.*]] = linalg.index 1
// CHECK:           %[[P:.*]] = linalg.index 2
// CHECK:           %[[K32:.*]] = arith.index_castui %[[K]] : index to i32
// CHECK:           %[[P32:.*]] = arith.index_castui %[[P]] : index to i32
// CHECK:           %[[C32:.*]] = arith.divui %[[K32]], %{{.*}} : i32
// CHECK:           %[[C:.*]] = arith.index_castui %[[C32]] : i32 to index
// CHECK:           arith.divui %[[P32]]
// CHECK:           arith.remui %[[K32]]
// CHECK:           %[[X:.*]] = tensor.extract %arg0[%[[N]], %[[C]], %{{.*}}, %{{.*}}, %{{.*}}] : tensor<2x3x7x8x9xf32>
// CHECK:           linalg.yield %[[X]]
// CHECK:         %[[FILTER:.*]] = tensor.collapse_shape %arg1 {{\[}}[0], [1, 2, 3, 4]] : tensor<5x3x2x3x2xf32> into tensor<5x36xf32>
// CHECK:         %[[OUT:.*]] = tensor.collapse_shape {{.*}} {{\[}}[0], [1], [2, 3, 4]] : tensor<2x5x3x6x3xf32> into tensor<2x5x54xf32>
// CHECK:         %[[GEMM:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%[[FILTER]], %[[COL]] : tensor<5x36xf32>, tensor<2x36x54xf32>) outs(%[[OUT]] : tensor<2x5x54xf32>)
// CHECK:           arith.mulf
// CHECK:           arith.addf
// CHECK:         tensor.expand_shape %[[GEMM]] {{\[}}[0], [1], [2, 3, 4]] output_shape [2, 5, 3, 6, 3]
// CHECK-NOT:     linalg.conv_3d
// CPU: mismatches=0/{{[0-9]+}} PASS
foundry.kernel @conv3d(%x: tensor<2x3x7x8x9xf32>, %w: tensor<5x3x2x3x2xf32>) -> tensor<2x5x3x6x3xf32> attributes {precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x5x3x6x3xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x5x3x6x3xf32>) -> tensor<2x5x3x6x3xf32>
  %y = linalg.conv_3d_ncdhw_fcdhw {dilations = dense<1> : tensor<3xi64>, strides = dense<[2, 1, 3]> : tensor<3xi64>}
      ins(%x, %w : tensor<2x3x7x8x9xf32>, tensor<5x3x2x3x2xf32>) outs(%f : tensor<2x5x3x6x3xf32>) -> tensor<2x5x3x6x3xf32>
  foundry.yield %y : tensor<2x5x3x6x3xf32>
}

