// RUN: foundry-opt %s -split-input-file --foundry-annotate-workload | FileCheck %s

// matmul 8x16 * 16x4: 2*8*4*16 = 1024 FLOPs (fill counts nothing);
// bytes (8*16 + 16*4 + 8*4) * 4 = 896.
// CHECK-LABEL: foundry.kernel @matmul
// CHECK-SAME:    workload = #foundry.workload<flops = 1024, bytes = 896>
foundry.kernel @matmul(%a: tensor<8x16xf32>, %b: tensor<16x4xf32>) -> tensor<8x4xf32> {
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<8x4xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%init : tensor<8x4xf32>) -> tensor<8x4xf32>
  %c = linalg.matmul ins(%a, %b : tensor<8x16xf32>, tensor<16x4xf32>) outs(%fill : tensor<8x4xf32>) -> tensor<8x4xf32>
  foundry.yield %c : tensor<8x4xf32>
}

// -----

// batch_matmul 3 x (5x7 * 7x2): 2*3*5*2*7 = 420; bytes (105 + 42 + 30 + 30) * 4
// = 828 (the init argument is read, the result written).
// CHECK-LABEL: foundry.kernel @batch_matmul
// CHECK-SAME:    workload = #foundry.workload<flops = 420, bytes = 828>
foundry.kernel @batch_matmul(%a: tensor<3x5x7xf32>, %b: tensor<3x7x2xf32>, %c: tensor<3x5x2xf32>) -> tensor<3x5x2xf32> {
  %r = linalg.batch_matmul ins(%a, %b : tensor<3x5x7xf32>, tensor<3x7x2xf32>) outs(%c : tensor<3x5x2xf32>) -> tensor<3x5x2xf32>
  foundry.yield %r : tensor<3x5x2xf32>
}

// -----

// matvec 6x10 * 10: 2*6*10 = 120; bytes (60 + 10 + 6 + 6) * 4 = 328.
// CHECK-LABEL: foundry.kernel @matvec
// CHECK-SAME:    workload = #foundry.workload<flops = 120, bytes = 328>
foundry.kernel @matvec(%a: tensor<6x10xf32>, %x: tensor<10xf32>, %y: tensor<6xf32>) -> tensor<6xf32> {
  %r = linalg.matvec ins(%a, %x : tensor<6x10xf32>, tensor<10xf32>) outs(%y : tensor<6xf32>) -> tensor<6xf32>
  foundry.yield %r : tensor<6xf32>
}

// -----

// conv_2d_nchw_fchw: N=2, C=3, F=4, H=W=8, KH=KW=3, OH=OW=6:
// 2 * (2*4*6*6) * (3*3*3) = 15552; bytes (384 + 108 + 288 + 288) * 4 = 4272.
// CHECK-LABEL: foundry.kernel @conv2d
// CHECK-SAME:    workload = #foundry.workload<flops = 15552, bytes = 4272>
foundry.kernel @conv2d(%x: tensor<2x3x8x8xf32>, %w: tensor<4x3x3x3xf32>, %o: tensor<2x4x6x6xf32>) -> tensor<2x4x6x6xf32> {
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<2x3x8x8xf32>, tensor<4x3x3x3xf32>) outs(%o : tensor<2x4x6x6xf32>) -> tensor<2x4x6x6xf32>
  foundry.yield %r : tensor<2x4x6x6xf32>
}

// -----

// conv_1d_ncw_fcw: N=1, C=2, F=3, W=10, KW=4, OW=7: 2 * (1*3*7) * (2*4) = 336;
// bytes (20 + 24 + 21 + 21) * 4 = 344.
// CHECK-LABEL: foundry.kernel @conv1d
// CHECK-SAME:    workload = #foundry.workload<flops = 336, bytes = 344>
foundry.kernel @conv1d(%x: tensor<1x2x10xf32>, %w: tensor<3x2x4xf32>, %o: tensor<1x3x7xf32>) -> tensor<1x3x7xf32> {
  %r = linalg.conv_1d_ncw_fcw {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>}
      ins(%x, %w : tensor<1x2x10xf32>, tensor<3x2x4xf32>) outs(%o : tensor<1x3x7xf32>) -> tensor<1x3x7xf32>
  foundry.yield %r : tensor<1x3x7xf32>
}

// -----

// conv_3d_ndhwc_dhwcf: N=1, D=H=W=4, C=2, K=2^3, F=3, out 3x3x3:
// 2 * (1*3*3*3*3) * (2*2*2*2) = 2592; bytes (128 + 48 + 81 + 81) * 4 = 1352.
// CHECK-LABEL: foundry.kernel @conv3d
// CHECK-SAME:    workload = #foundry.workload<flops = 2592, bytes = 1352>
foundry.kernel @conv3d(%x: tensor<1x4x4x4x2xf32>, %w: tensor<2x2x2x2x3xf32>, %o: tensor<1x3x3x3x3xf32>) -> tensor<1x3x3x3x3xf32> {
  %r = linalg.conv_3d_ndhwc_dhwcf {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>}
      ins(%x, %w : tensor<1x4x4x4x2xf32>, tensor<2x2x2x2x3xf32>) outs(%o : tensor<1x3x3x3x3xf32>) -> tensor<1x3x3x3x3xf32>
  foundry.yield %r : tensor<1x3x3x3x3xf32>
}

// -----

// Grouped conv: N=1, G=2, C/G=3, F/G=4, H=W=5, K=3x3, out 3x3:
// 2 * (1*2*4*3*3) * (3*3*3) = 3888; bytes (150 + 216 + 72 + 72) * 4 = 2040.
// CHECK-LABEL: foundry.kernel @grouped_conv
// CHECK-SAME:    workload = #foundry.workload<flops = 3888, bytes = 2040>
foundry.kernel @grouped_conv(%x: tensor<1x2x3x5x5xf32>, %w: tensor<2x4x3x3x3xf32>, %o: tensor<1x2x4x3x3xf32>) -> tensor<1x2x4x3x3xf32> {
  %r = linalg.conv_2d_ngchw_gfchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<1x2x3x5x5xf32>, tensor<2x4x3x3x3xf32>) outs(%o : tensor<1x2x4x3x3xf32>) -> tensor<1x2x4x3x3xf32>
  foundry.yield %r : tensor<1x2x4x3x3xf32>
}

// -----

// Depthwise conv: N=1, H=W=6, C=4, K=3x3, out 4x4: 2 * (1*4*4*4) * 9 = 1152;
// bytes (144 + 36 + 64 + 64) * 4 = 1232.
// CHECK-LABEL: foundry.kernel @depthwise
// CHECK-SAME:    workload = #foundry.workload<flops = 1152, bytes = 1232>
foundry.kernel @depthwise(%x: tensor<1x6x6x4xf32>, %w: tensor<3x3x4xf32>, %o: tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32> {
  %r = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<1x6x6x4xf32>, tensor<3x3x4xf32>) outs(%o : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  foundry.yield %r : tensor<1x4x4x4xf32>
}

// -----

// Max pooling 2x2 stride 2 on 1x3x8x8 -> 1x3x4x4: one max per window element,
// 48 * 4 = 192; bytes (192 + 48) * 4 = 960 (the window tensor is not a
// kernel argument).
// CHECK-LABEL: foundry.kernel @max_pool
// CHECK-SAME:    workload = #foundry.workload<flops = 192, bytes = 960>
foundry.kernel @max_pool(%x: tensor<1x3x8x8xf32>) -> tensor<1x3x4x4xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %window = tensor.empty() : tensor<2x2xf32>
  %init = tensor.empty() : tensor<1x3x4x4xf32>
  %fill = linalg.fill ins(%ninf : f32) outs(%init : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %r = linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%x, %window : tensor<1x3x8x8xf32>, tensor<2x2xf32>) outs(%fill : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  foundry.yield %r : tensor<1x3x4x4xf32>
}

// -----

// Generic: 3 scalar ops (mulf, addf, math.tanh) per element of 4x5, the
// extf cast and the constant excluded: 60; bytes (40 + 80) = 120 (f16 in,
// f32 out).
// CHECK-LABEL: foundry.kernel @generic_body_ops
// CHECK-SAME:    workload = #foundry.workload<flops = 60, bytes = 120>
foundry.kernel @generic_body_ops(%x: tensor<4x5xf16>) -> tensor<4x5xf32> {
  %init = tensor.empty() : tensor<4x5xf32>
  %r = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<4x5xf16>) outs(%init : tensor<4x5xf32>) {
  ^bb0(%in: f16, %out: f32):
    %two = arith.constant 2.0 : f32
    %e = arith.extf %in : f16 to f32
    %m = arith.mulf %e, %two : f32
    %a = arith.addf %m, %e : f32
    %t = math.tanh %a : f32
    linalg.yield %t : f32
  } -> tensor<4x5xf32>
  foundry.yield %r : tensor<4x5xf32>
}

// -----

// Reduction generic over the iteration domain 6x9 with one addf: 54;
// bytes (216 + 24) = 240.
// CHECK-LABEL: foundry.kernel @row_sum
// CHECK-SAME:    workload = #foundry.workload<flops = 54, bytes = 240>
foundry.kernel @row_sum(%x: tensor<6x9xf32>) -> tensor<6xf32> {
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<6xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%init : tensor<6xf32>) -> tensor<6xf32>
  %r = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
      iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<6x9xf32>) outs(%fill : tensor<6xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<6xf32>
  foundry.yield %r : tensor<6xf32>
}

// -----

// Elementwise arith directly on tensors: one per element, 2 ops * 12 = 24;
// bytes (48 * 2 + 48) = 144. i1 elements count one byte each: see below.
// CHECK-LABEL: foundry.kernel @tensor_arith
// CHECK-SAME:    workload = #foundry.workload<flops = 24, bytes = 144>
foundry.kernel @tensor_arith(%a: tensor<3x4xf32>, %b: tensor<3x4xf32>) -> tensor<3x4xf32> {
  %s = arith.addf %a, %b : tensor<3x4xf32>
  %e = math.exp %s : tensor<3x4xf32>
  foundry.yield %e : tensor<3x4xf32>
}

// -----

// No arithmetic at all; i1 counts one byte per element: (10 + 10) = 20.
// CHECK-LABEL: foundry.kernel @copy_i1
// CHECK-SAME:    workload = #foundry.workload<flops = 0, bytes = 20>
foundry.kernel @copy_i1(%x: tensor<10xi1>) -> tensor<10xi1> {
  foundry.yield %x : tensor<10xi1>
}

// -----

// An existing workload is replaced by the count.
// CHECK-LABEL: foundry.kernel @stale_workload
// CHECK-SAME:    workload = #foundry.workload<flops = 0, bytes = 32>
// CHECK-NOT:     flops = 7
foundry.kernel @stale_workload(%x: tensor<4xf32>) -> tensor<4xf32>
    attributes {workload = #foundry.workload<flops = 7, bytes = 7>} {
  foundry.yield %x : tensor<4xf32>
}
