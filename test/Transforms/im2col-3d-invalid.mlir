// RUN: not foundry-opt %s --foundry-im2col 2>&1 | FileCheck %s

// The GEMM foundry-im2col builds for a 3-D convolution multiplies and adds
// floats; an integer convolution is refused at the op.
// CHECK: error: 'linalg.conv_3d_ncdhw_fcdhw' op foundry-im2col: 3-D convolutions are rewritten for floating-point elements only
foundry.kernel @conv3d_i32(%x: tensor<1x1x4x4x4xi32>, %w: tensor<1x1x2x2x2xi32>) -> tensor<1x1x3x3x3xi32> {
  %zero = arith.constant 0 : i32
  %e = tensor.empty() : tensor<1x1x3x3x3xi32>
  %f = linalg.fill ins(%zero : i32) outs(%e : tensor<1x1x3x3x3xi32>) -> tensor<1x1x3x3x3xi32>
  %y = linalg.conv_3d_ncdhw_fcdhw {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>}
      ins(%x, %w : tensor<1x1x4x4x4xi32>, tensor<1x1x2x2x2xi32>) outs(%f : tensor<1x1x3x3x3xi32>) -> tensor<1x1x3x3x3xi32>
  foundry.yield %y : tensor<1x1x3x3x3xi32>
}
