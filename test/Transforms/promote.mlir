// RUN: foundry-opt %s --foundry-tile-blocks=sizes=64,64 --foundry-tile-reduction=sizes=32 --foundry-promote=operands=0,1 | FileCheck %s
// RUN: foundry-opt %s --foundry-tile-blocks=sizes=64,64 --foundry-tile-reduction=sizes=32 --foundry-promote=operands=0,1 --foundry-tile-threads=sizes=4,4 | FileCheck %s --check-prefix=DIST
// RUN: not foundry-opt %s --foundry-tile-blocks=sizes=64,64 --foundry-promote=operands=0,1 2>&1 | FileCheck %s --check-prefix=NOLOOP
// RUN: not foundry-opt %s --foundry-tile-blocks=sizes=64,64 --foundry-tile-reduction=sizes=32 --foundry-promote=operands=2 2>&1 | FileCheck %s --check-prefix=INDEX
// RUN: not foundry-opt %s --foundry-tile-blocks=sizes=256,256 --foundry-tile-reduction=sizes=32 "--foundry-promote=operands=0,1 padding=200" 2>&1 | FileCheck %s --check-prefix=BIG
// RUN: foundry-opt %s --foundry-tile-blocks=sizes=64,64 --foundry-tile-reduction=sizes=32 "--foundry-promote=operands=0,1 padding=4" | FileCheck %s --check-prefix=PAD
// RUN: not foundry-opt %s --foundry-tile-blocks=sizes=64,64 --foundry-tile-reduction=sizes=32 "--foundry-promote=operands=0,1 padding=3" 2>&1 | FileCheck %s --check-prefix=UNALIGNED
// RUN: not foundry-opt %s --foundry-tile-blocks=sizes=64,64 --foundry-tile-reduction=sizes=32 "--foundry-promote=operands=0,1 padding=-4" 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// RUN: foundry-opt %s --foundry-tile-blocks=sizes=64,64 --foundry-tile-reduction=sizes=32 "--foundry-promote=operands=0,1 stages=2" | FileCheck %s --check-prefix=STAGES
// RUN: not foundry-opt %s --foundry-tile-blocks=sizes=64,64 --foundry-tile-reduction=sizes=32 "--foundry-promote=operands=0,1 stages=5" 2>&1 | FileCheck %s --check-prefix=BADSTAGES
// RUN: foundry-opt %s --foundry-tile-blocks=sizes=64,64 --foundry-tile-reduction=sizes=32 "--foundry-promote=operands=0,1 stages=3 tma=true" | FileCheck %s --check-prefix=TMA
// RUN: not foundry-opt %s --foundry-tile-blocks=sizes=64,64 --foundry-tile-reduction=sizes=32 "--foundry-promote=operands=0,1 stages=2 tma=true" 2>&1 | FileCheck %s --check-prefix=TMASTAGES

// Each k-step copies the 64x32 A tile and the 32x64 B tile into shared
// memory; the matmul reads the copies.
// CHECK-LABEL: foundry.kernel @matmul
// CHECK:         scf.for
// CHECK:           %[[A:.*]] = bufferization.alloc_tensor() {memory_space = #gpu.address_space<workgroup>} : tensor<64x32xf32>
// CHECK:           %[[CA:.*]] = linalg.copy ins(%{{.*}} : tensor<64x32xf32>) outs(%[[A]] : tensor<64x32xf32>)
// CHECK:           %[[B:.*]] = bufferization.alloc_tensor() {memory_space = #gpu.address_space<workgroup>} : tensor<32x64xf32>
// CHECK:           %[[CB:.*]] = linalg.copy ins(%{{.*}} : tensor<32x64xf32>) outs(%[[B]] : tensor<32x64xf32>)
// CHECK:           linalg.matmul ins(%[[CA]], %[[CB]] : tensor<64x32xf32>, tensor<32x64xf32>)
// The copies spread over all 256 threads of the block on linear thread ids;
// the matmul over the 16x16 threads.
// DIST:          scf.for
// DIST:            scf.forall ({{.*}}) in (32, 8)
// DIST:            mapping = [#gpu.thread<linear_dim_1>, #gpu.thread<linear_dim_0>]
// DIST:            scf.forall ({{.*}}) in (16, 16)
// DIST:            mapping = [#gpu.thread<linear_dim_1>, #gpu.thread<linear_dim_0>]
// DIST:            scf.forall ({{.*}}) in (16, 16)
// DIST:              linalg.matmul
// DIST:            mapping = [#gpu.thread<y>, #gpu.thread<x>]
// NOLOOP: error: 'foundry.kernel' op foundry-promote: no op inside a block-level k-loop; run foundry-tile-blocks then foundry-tile-reduction first
// INDEX: error: 'linalg.matmul' op foundry-promote: operand #2 does not exist; the op has 2 inputs
// Padded rows: the copy fills the 64x32 corner of a 64x36 buffer.
// PAD:           %[[A:.*]] = bufferization.alloc_tensor() {memory_space = #gpu.address_space<workgroup>} : tensor<64x36xf32>
// PAD:           %[[SA:.*]] = tensor.extract_slice %[[A]][0, 0] [64, 32] [1, 1] : tensor<64x36xf32> to tensor<64x32xf32>
// PAD:           %[[CA:.*]] = linalg.copy ins(%{{.*}} : tensor<64x32xf32>) outs(%[[SA]] : tensor<64x32xf32>)
// PAD:           bufferization.alloc_tensor() {memory_space = #gpu.address_space<workgroup>} : tensor<32x68xf32>
// PAD:           linalg.matmul ins(%[[CA]], %{{.*}} : tensor<64x32xf32>, tensor<32x64xf32>)
// UNALIGNED: error: 'linalg.matmul' op foundry-promote: padding 3 x 4 bytes does not keep the rows of operand #0 16-byte aligned
// Two stages mark the k-loop for the GPU tail, which double-buffers it.
// STAGES:        scf.for
// STAGES:        foundry.pipeline_stages = 2 : i64
// BADSTAGES: error: foundry-promote: stages must be 1 to 4, got 5
// TMA:        scf.for
// TMA:        foundry.pipeline_stages = 3 : i64, foundry.tma_loads
// TMASTAGES: error: foundry-promote: tma=true needs stages=3 or 4 (the GPU tail loads the tiles of pipelined wgmma k-loops with TMA), got stages=2
// NEGATIVE: error: foundry-promote: padding must be in [0, 1024] elements, got -4
// 256x(32+200) f32 of A alone are over the 227 KB a block may have.
// BIG: error: 'linalg.matmul' op foundry-promote: the promoted tiles need 237568 bytes of shared memory per block, over sm_90's 232448-byte limit
foundry.kernel @matmul(%a: tensor<256x64xf32>, %b: tensor<64x256xf32>) -> tensor<256x256xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<256x256xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<256x256xf32>) -> tensor<256x256xf32>
  %m = linalg.matmul ins(%a, %b : tensor<256x64xf32>, tensor<64x256xf32>) outs(%f : tensor<256x256xf32>) -> tensor<256x256xf32>
  foundry.yield %m : tensor<256x256xf32>
}
