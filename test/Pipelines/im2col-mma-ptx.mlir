// REQUIRES: ptxas
// RUN: foundry-opt %s --foundry-im2col "--foundry-pad=m=16 n=64 k=32" "--foundry-tile-blocks=sizes=1,16,64 target=contraction" --foundry-tile-reduction=sizes=32 "--foundry-promote=operands=0,1 padding=4" --foundry-tile-warps=sizes=0,16,32 --foundry-tile-reduction=sizes=8 --foundry-mma --foundry-to-nvvm --foundry-extract-ptx=output=%t.ptx -o /dev/null
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_90 -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS

// A 3x3 convolution on the tensor cores: the im2col gather, the pads, then
// the batched GEMM (one image per block row; the unit image loop of each
// warp tile dropped, so mma.sync takes a 2-D matmul) with staged operand
// tiles copied by the whole block.
// CHECK: .entry conv_kernel(
// CHECK: .entry [[GEMM:conv_kernel_[0-9]+]](
// CHECK:   cp.async
// CHECK:   mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
// PTXAS-NOT: {{[1-9][0-9]*}} bytes spill
foundry.kernel @conv(%x: tensor<2x16x34x34xf32>, %w: tensor<16x16x3x3xf32>) -> tensor<2x16x32x32xf32> attributes {precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x16x32x32xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x16x32x32xf32>) -> tensor<2x16x32x32xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<2x16x34x34xf32>, tensor<16x16x3x3xf32>) outs(%f : tensor<2x16x32x32xf32>) -> tensor<2x16x32x32xf32>
  foundry.yield %c : tensor<2x16x32x32xf32>
}
