// RUN: foundry-opt %s --foundry-tile-blocks=sizes=64,64 --foundry-tile-threads=sizes=4,4 --foundry-tile-reduction=sizes=8 --foundry-unroll=factor=2 | FileCheck %s
// RUN: foundry-opt %s --foundry-tile-blocks=sizes=64,64 --foundry-tile-threads=sizes=4,4 --foundry-tile-reduction=sizes=8 --foundry-unroll=factor=1 | FileCheck %s --check-prefix=ONE
// RUN: not foundry-opt %s --foundry-unroll=factor=64 2>&1 | FileCheck %s --check-prefix=RANGE
// RUN: foundry-opt %s --pass-pipeline='builtin.module(foundry-tile-blocks{sizes=64,64},foundry-tile-warps{sizes=32,32},foundry-tile-reduction{sizes=8},foundry-mma,foundry-unroll{factor=2})' | FileCheck %s --check-prefix=WARP
// RUN: foundry-opt %s --pass-pipeline='builtin.module(foundry-tile-blocks{sizes=64,64},foundry-tile-warps{sizes=32,32},foundry-tile-reduction{sizes=8},foundry-mma,foundry-unroll{factor=2},foundry-lower-kernels,foundry-to-nvvm{format=isa})' -o /dev/null
// RUN: foundry-opt %S/Inputs/linear_256.mlir --pass-pipeline='builtin.module(foundry-outline-kernels,foundry-tile-blocks{sizes=128,128},foundry-tile-reduction{sizes=32},foundry-promote{operands=0,1 stages=4},foundry-tile-warpgroups{sizes=64,128},foundry-mma,foundry-unroll{factor=2})' | FileCheck %s --check-prefix=WGMMA
// RUN: foundry-opt %S/Inputs/linear_256.mlir --pass-pipeline='builtin.module(foundry-outline-kernels,foundry-tile-blocks{sizes=128,128},foundry-tile-reduction{sizes=32},foundry-promote{operands=0,1 stages=4},foundry-tile-warpgroups{sizes=64,128},foundry-mma,foundry-unroll{factor=2},foundry-lower-kernels,foundry-to-nvvm{chip=sm_90a format=isa})' -o /dev/null

// K = 32 in steps of 8, unrolled by 2: steps of 16, two matmuls per trip.
// CHECK:     scf.for {{.*}} = %c0 to %c32 step %c16
// CHECK:       linalg.matmul
// CHECK:       linalg.matmul
// ONE:       scf.for {{.*}} = %c0 to %c32 step %c8
// RANGE: error: foundry-unroll: factor must be 1 to 32, got 64

// A warp tile's k-loop of mma.sync fragments stays as foundry-mma built it
// (unrolled, the tensor-core lowering failed), and the kernel still lowers.
// WARP:     scf.for {{.*}} = %c0 to %c32 step %c8
// WARP-NOT: scf.for %
// WARP:     mapping = [#gpu.warp<y>, #gpu.warp<x>]

// The k-loop around warpgroup tiles (nn.Linear 256x256x128, four 32-deep
// k-steps) stays as it is: the wgmma lowering pipelines it itself
// (unrolled, its k-steps came out wrong on the H200).
// WGMMA:     scf.for {{.*}} = %c0 to %c128 step %c32
// WGMMA-NOT: scf.for %
// WGMMA:     mapping = [#gpu.warpgroup<y>, #gpu.warpgroup<x>]
foundry.kernel @matmul(%a: tensor<128x32xf32>, %b: tensor<32x256xf32>) -> tensor<128x256xf32> attributes {precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<128x256xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<128x256xf32>) -> tensor<128x256xf32>
  %m = linalg.matmul ins(%a, %b : tensor<128x32xf32>, tensor<32x256xf32>) outs(%f : tensor<128x256xf32>) -> tensor<128x256xf32>
  foundry.yield %m : tensor<128x256xf32>
}
