// RUN: not foundry-opt %s -split-input-file --foundry-im2col 2>&1 | FileCheck %s

// Upstream im2col takes unit dilations only: a dilated convolution is
// reported at its own location, 1-D (before it would be lifted to 2-D) or
// 2-D.
// CHECK: im2col-invalid.mlir:[[# @LINE + 5]]:8: error: 'linalg.conv_1d_ncw_fcw' op foundry-im2col: the upstream im2col rewrite does not apply (it needs static shapes, tensor semantics and unit dilations)
foundry.kernel @dilated_1d(%x: tensor<2x5x20xf32>, %w: tensor<7x5x3xf32>) -> tensor<2x7x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x7x16xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x7x16xf32>) -> tensor<2x7x16xf32>
  %c = linalg.conv_1d_ncw_fcw {dilations = dense<2> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>}
      ins(%x, %w : tensor<2x5x20xf32>, tensor<7x5x3xf32>) outs(%f : tensor<2x7x16xf32>) -> tensor<2x7x16xf32>
  foundry.yield %c : tensor<2x7x16xf32>
}

// -----

// CHECK: im2col-invalid.mlir:[[# @LINE + 5]]:8: error: 'linalg.conv_2d_nchw_fchw' op foundry-im2col: the upstream im2col rewrite does not apply (it needs static shapes, tensor semantics and unit dilations)
foundry.kernel @dilated_2d(%x: tensor<1x2x9x9xf32>, %w: tensor<3x2x3x3xf32>) -> tensor<1x3x5x5xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x3x5x5xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x5x5xf32>) -> tensor<1x3x5x5xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<2> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<1x2x9x9xf32>, tensor<3x2x3x3xf32>) outs(%f : tensor<1x3x5x5xf32>) -> tensor<1x3x5x5xf32>
  foundry.yield %c : tensor<1x3x5x5xf32>
}
