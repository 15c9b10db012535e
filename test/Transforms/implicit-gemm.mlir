// RUN: foundry-opt %s --pass-pipeline='builtin.module(foundry-im2col,foundry-pad{m=16 n=32 k=8},foundry-tile-blocks{sizes=1,16,32 target=contraction fuse=elementwise},foundry-tile-reduction{sizes=8},foundry-promote{operands=0,1 padding=4})' | FileCheck %s
// RUN: foundry-opt %s --pass-pipeline='builtin.module(foundry-im2col,foundry-pad{m=16 n=32 k=8},foundry-tile-blocks{sizes=1,16,32 target=contraction fuse=elementwise},foundry-tile-reduction{sizes=8},foundry-promote{operands=0,1 padding=4},foundry-tile-warps{sizes=0,16,16})' | FileCheck %s --check-prefix=WARPS
// RUN: foundry-opt %s --pass-pipeline='builtin.module(foundry-im2col,foundry-tile-blocks{sizes=1,8,64 target=contraction},foundry-tile-reduction{sizes=8})' | FileCheck %s --check-prefix=UNFUSED
// RUN: foundry-opt %s --pass-pipeline='builtin.module(foundry-im2col,foundry-pad{m=16 n=32 k=8},foundry-tile-blocks{sizes=1,16,32 target=contraction fuse=elementwise},foundry-tile-reduction{sizes=8},foundry-promote{operands=0,1 padding=4},foundry-tile-warps{sizes=0,16,16},foundry-tile-reduction{sizes=8},foundry-mma,foundry-lower-kernels,foundry-to-nvvm{format=isa})' -o /dev/null
// RUN: foundry-opt %s --pass-pipeline='builtin.module(foundry-im2col,foundry-pad{m=16 n=32 k=8},foundry-tile-blocks{sizes=1,16,32 target=contraction fuse=elementwise},foundry-tile-reduction{sizes=8},foundry-promote{operands=0,1 padding=4 stages=2},foundry-tile-warps{sizes=0,16,16},foundry-tile-reduction{sizes=8},foundry-mma,foundry-bufferize,func.func(foundry-map-forall-to-gpu))' | FileCheck %s --check-prefix=ASYNC
// The implicit GEMMs on the CPU compute what the f64 reference does:
// staged and on tensor cores, staged on SIMT threads, and unstaged (each
// thread or warp gathers its own tile), with tiles that do not divide the
// GEMM (2-D) and that do (1-D, 3-D).
// RUN: foundry-cpu-run %s --reference=f64 --schedule='foundry-im2col,foundry-pad{m=16 n=32 k=8},foundry-tile-blocks{sizes=1,16,32 target=contraction fuse=elementwise},foundry-tile-reduction{sizes=8},foundry-promote{operands=0,1 padding=4},foundry-tile-warps{sizes=0,16,16},foundry-tile-reduction{sizes=8},foundry-mma' | FileCheck %s --check-prefix=CPU
// RUN: foundry-cpu-run %s --reference=f64 --schedule='foundry-im2col,foundry-pad{m=4 n=8 k=4},foundry-tile-blocks{sizes=1,4,8 target=contraction fuse=elementwise},foundry-tile-reduction{sizes=4},foundry-promote{operands=0,1},foundry-tile-threads{sizes=0,1,1}' | FileCheck %s --check-prefix=CPU
// RUN: foundry-cpu-run %s --reference=f64 --schedule='foundry-im2col,foundry-tile-blocks{sizes=1,4,8 target=contraction fuse=elementwise},foundry-tile-reduction{sizes=4},foundry-tile-threads{sizes=0,1,1}' | FileCheck %s --check-prefix=CPU
// RUN: foundry-cpu-run %s --reference=f64 --schedule='foundry-im2col,foundry-tile-blocks{sizes=1,4,8 target=contraction fuse=elementwise},foundry-tile-warps{sizes=0,4,8}' | FileCheck %s --check-prefix=CPU
// RUN: foundry-cpu-run %foundry_src_root/bench/kernelbench/level1/67_conv_standard_1d_small.mlir --reference=f64 --schedule='foundry-im2col,foundry-pad{m=16 n=32 k=8},foundry-tile-blocks{sizes=1,16,32 target=contraction fuse=elementwise},foundry-tile-reduction{sizes=8},foundry-promote{operands=0,1 padding=4},foundry-tile-warps{sizes=0,16,16},foundry-tile-reduction{sizes=8},foundry-mma' | FileCheck %s --check-prefix=CPU
// RUN: foundry-cpu-run %foundry_src_root/bench/kernelbench/level1/54_conv_standard_3d_small.mlir --reference=f64 --schedule='foundry-im2col,foundry-pad{m=16 n=32 k=8},foundry-tile-blocks{sizes=1,16,32 target=contraction fuse=elementwise},foundry-tile-reduction{sizes=8},foundry-promote{operands=0,1 padding=4},foundry-tile-warps{sizes=0,16,16},foundry-tile-reduction{sizes=8},foundry-mma' | FileCheck %s --check-prefix=CPU

// An implicit GEMM: with fuse=elementwise, a convolution's GEMM tile takes
// the im2col gather along with its init; the block's k-loop computes each
// k-slice of the gather, straight into the shared tile the GEMM reads (no
// im2col tensor in memory, no copy). The filter tile is copied as usual.
// CHECK-LABEL: foundry.kernel @conv
// CHECK-NOT:     linalg.generic
// CHECK:         scf.forall
// CHECK:           scf.for
// CHECK:             %[[B:.*]] = bufferization.alloc_tensor() {memory_space = #gpu.address_space<workgroup>} : tensor<1x8x36xf32>
// CHECK:             %[[BT:.*]] = tensor.extract_slice %[[B]][0, 0, 0] [1, 8, 32] [1, 1, 1]
// CHECK:             %[[COL:.*]] = linalg.generic {{.*}} outs(%[[BT]] : tensor<1x8x32xf32>)
// CHECK:               tensor.extract %arg0
// CHECK:             %[[A:.*]] = bufferization.alloc_tensor() {memory_space = #gpu.address_space<workgroup>} : tensor<16x12xf32>
// CHECK:             %[[AT:.*]] = linalg.copy {{.*}} -> tensor<16x8xf32>
// CHECK-NOT:         linalg.copy
// CHECK:             linalg.generic {{.*}} ins(%[[AT]], %[[COL]] : tensor<16x8xf32>, tensor<1x8x32xf32>)

// The whole block gathers the tile, one element per thread along a row
// (linear thread ids, as the copies), before the warps compute.
// WARPS-LABEL: foundry.kernel @conv
// WARPS:         scf.for
// WARPS:           scf.forall {{.*}} in (2, 32)
// WARPS:             linalg.generic {{.*}} outs(%{{.*}} : tensor<1x4x1xf32>)
// WARPS:               tensor.extract %arg0
// WARPS:           mapping = [#gpu.thread<linear_dim_1>, #gpu.thread<linear_dim_0>]
// WARPS:           scf.forall {{.*}} in (16, 2)
// WARPS:             linalg.copy
// WARPS:           mapping = [#gpu.thread<linear_dim_1>, #gpu.thread<linear_dim_0>]
// WARPS:           mapping = [#gpu.warp<y>, #gpu.warp<x>]

// On the GPU each thread's four elements are 4-byte cp.async copies from
// the input, the pad's mask their source size (0: zero-filled), in one
// group and wait before the barrier, as the filter tile's copies.
// ASYNC:       gpu.launch
// ASYNC:         scf.for
// ASYNC:           %[[N:.*]] = arith.select %{{.*}}, %c1{{.*}}, %c0{{.*}} : index
// ASYNC-NEXT:      %[[T0:.*]] = nvgpu.device_async_copy %arg0[{{.*}}], %{{.*}}[%c0{{.*}}, %c0{{.*}}, %c0{{.*}}], 1, %[[N]] : memref<2x5x13x15xf32> to memref<1x4x1xf32
// ASYNC-COUNT-3:   nvgpu.device_async_copy %arg0
// ASYNC-NEXT:      nvgpu.device_async_create_group %[[T0]], %{{.*}}, %{{.*}}, %{{.*}}
// ASYNC-NEXT:      nvgpu.device_async_wait
// ASYNC-NEXT:      gpu.barrier
// ASYNC-NOT:       linalg.generic

// The default (fuse=all) keeps the gather a kernel of its own: the
// contraction's tile takes only its init.
// UNFUSED-LABEL: foundry.kernel @conv
// UNFUSED:         linalg.generic {{.*}} outs(%{{.*}} : tensor<2x45x143xf32>)
// UNFUSED:         scf.forall
// UNFUSED-NOT:       tensor.extract %arg0
// UNFUSED:         mapping = [#gpu.block<z>, #gpu.block<y>, #gpu.block<x>]

// CPU: schedule vs f64 {{.*}} PASS
// CPU-NOT: FAIL

foundry.kernel @conv(%x: tensor<2x5x13x15xf32>, %w: tensor<7x5x3x3xf32>) -> tensor<2x7x11x13xf32> attributes {precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x7x11x13xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x7x11x13xf32>) -> tensor<2x7x11x13xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<2x5x13x15xf32>, tensor<7x5x3x3xf32>) outs(%f : tensor<2x7x11x13xf32>) -> tensor<2x7x11x13xf32>
  foundry.yield %c : tensor<2x7x11x13xf32>
}
