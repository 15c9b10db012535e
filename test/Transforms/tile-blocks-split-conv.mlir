// RUN: foundry-opt %s -split-input-file --pass-pipeline='builtin.module(foundry-tile-blocks{target=contraction sizes=1,1,0,0},foundry-tile-threads{sizes=0,0,1,1},foundry-tile-blocks{sizes=1})' -verify-diagnostics | FileCheck %s
// RUN: foundry-cpu-run %s --kernel conv_max --schedule='foundry-tile-blocks{target=contraction sizes=1,1,0,0},foundry-tile-threads{sizes=0,0,1,1},foundry-vectorize,foundry-tile-blocks{sizes=1},foundry-tile-threads{sizes=0,1,1}' | FileCheck %s --check-prefix=CPU

// A convolution followed by a max over its channels (the shape of L2 6's
// convolution then softmax over channels): target=contraction tiles the
// convolution alone, one image and one filter per block, its threads over
// the output positions; the second tiling takes the rest and does not pull
// the convolution's block tile in.
// CHECK-LABEL: foundry.kernel @conv_max
// CHECK:         scf.forall ({{.*}}) in (2, 6)
// CHECK:           scf.forall ({{.*}}) in (8, 7)
// CHECK:             linalg.conv_2d_nchw_fchw
// CHECK:           mapping = [#gpu.thread<y>, #gpu.thread<x>]
// CHECK:         mapping = [#gpu.block<y>, #gpu.block<x>]
// CHECK:         scf.forall ({{.*}}) in (2)
// CHECK-NOT:       linalg.conv_2d_nchw_fchw
// CHECK:           linalg.generic
// CHECK:         mapping = [#gpu.block<x>]
// CPU: schedule vs naive {{.*}} mismatches=0/{{[0-9]+}} PASS
#in = affine_map<(n, c, h, w) -> (n, c, h, w)>
#out = affine_map<(n, c, h, w) -> (n, h, w)>
foundry.kernel @conv_max(%x: tensor<2x3x10x9xf32>, %f: tensor<6x3x3x3xf32>) -> tensor<2x8x7xf32> {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<2x6x8x7xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<2x6x8x7xf32>) -> tensor<2x6x8x7xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %f : tensor<2x3x10x9xf32>, tensor<6x3x3x3xf32>) outs(%z : tensor<2x6x8x7xf32>) -> tensor<2x6x8x7xf32>
  %me = tensor.empty() : tensor<2x8x7xf32>
  %mi = linalg.fill ins(%ninf : f32) outs(%me : tensor<2x8x7xf32>) -> tensor<2x8x7xf32>
  %m = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction", "parallel", "parallel"]}
      ins(%c : tensor<2x6x8x7xf32>) outs(%mi : tensor<2x8x7xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %y = arith.maximumf %a, %acc : f32
    linalg.yield %y : f32
  } -> tensor<2x8x7xf32>
  foundry.yield %m : tensor<2x8x7xf32>
}

// -----

// A max-pool implements linalg's ConvolutionOpInterface too, but has no
// filter: target=contraction does not take it.
// expected-error @+1 {{foundry-tile-blocks: target=contraction, but the kernel has no contraction or convolution outside a block tile}}
foundry.kernel @pool(%x: tensor<2x1x8x7xf32>) -> tensor<2x1x4x3xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %window = tensor.empty() : tensor<2x2xf32>
  %pe = tensor.empty() : tensor<2x1x4x3xf32>
  %pi = linalg.fill ins(%ninf : f32) outs(%pe : tensor<2x1x4x3xf32>) -> tensor<2x1x4x3xf32>
  %p = linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%x, %window : tensor<2x1x8x7xf32>, tensor<2x2xf32>) outs(%pi : tensor<2x1x4x3xf32>) -> tensor<2x1x4x3xf32>
  foundry.yield %p : tensor<2x1x4x3xf32>
}
