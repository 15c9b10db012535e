// RUN: foundry-opt %s --foundry-tile-blocks=sizes=64,64 --foundry-tile-warps=sizes=32,32 --foundry-tile-reduction=sizes=8 --foundry-mma --foundry-bufferize --foundry-map-forall-to-gpu | FileCheck %s
// RUN: foundry-opt %s "--foundry-tile-blocks=sizes=64,64 target=contraction" --foundry-tile-reduction=sizes=32 "--foundry-promote=operands=0,1 padding=4" --foundry-tile-warps=sizes=32,32 --foundry-tile-reduction=sizes=8 --foundry-mma --foundry-bufferize --foundry-map-forall-to-gpu | FileCheck %s --check-prefix=STAGED

// The fill of a warp tile's accumulator is not stored: the mma.sync
// fragments start from the constant (the loop's initial values) and the
// tile is written once, after the k-loop (map-forall-to-gpu-fold-fill.mlir
// has the rule; a fill that stays is split over the lanes there).
// CHECK-LABEL: func.func @tf32
// CHECK:         %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<2x2xf32>
// CHECK:         gpu.launch
// CHECK-NOT:       memref.store
// CHECK-NOT:       nvvm.bar.warp.sync
// CHECK:           scf.for {{.*}} iter_args(%{{.*}} = %[[ZERO]],
// CHECK:             nvgpu.mma.sync
// CHECK:           vector.store

// The same with a block-level k-loop over staged operands.
// STAGED-LABEL: func.func @tf32
// STAGED:         %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<2x2xf32>
// STAGED:         gpu.launch
// STAGED-NOT:       memref.store
// STAGED:           scf.for {{.*}} iter_args(%{{.*}} = %[[ZERO]],
// STAGED:             nvgpu.mma.sync
// STAGED:           vector.store
foundry.kernel @tf32(%a: tensor<128x64xf32>, %b: tensor<64x128xf32>) -> tensor<128x128xf32> attributes {precision = #foundry.precision<tf32>} {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<128x128xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<128x128xf32>) -> tensor<128x128xf32>
  %m = linalg.matmul ins(%a, %b : tensor<128x64xf32>, tensor<64x128xf32>) outs(%f : tensor<128x128xf32>) -> tensor<128x128xf32>
  foundry.yield %m : tensor<128x128xf32>
}
