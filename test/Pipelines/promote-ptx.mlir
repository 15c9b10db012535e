// REQUIRES: ptxas
// RUN: foundry-opt %s --foundry-tile-blocks=sizes=64,64 --foundry-tile-reduction=sizes=32 --foundry-promote=operands=0,1 --foundry-tile-warps=sizes=32,32 --foundry-tile-reduction=sizes=8 --foundry-mma --foundry-to-nvvm --foundry-extract-ptx=output=%t.ptx -o /dev/null
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_90 -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: foundry-opt %s --foundry-tile-blocks=sizes=64,64 --foundry-tile-reduction=sizes=32 "--foundry-promote=operands=0,1 padding=4" --foundry-tile-warps=sizes=32,32 --foundry-tile-reduction=sizes=8 --foundry-mma --foundry-to-nvvm --foundry-extract-ptx=output=%t.pad.ptx -o /dev/null
// RUN: FileCheck %s --check-prefix=PAD < %t.pad.ptx
// RUN: %ptxas -arch=sm_90 -v %t.pad.ptx -o %t.pad.cubin 2>&1 | FileCheck %s --check-prefix=PADPTXAS
// RUN: foundry-opt %s --foundry-tile-blocks=sizes=64,64 --foundry-tile-reduction=sizes=32 "--foundry-promote=operands=0,1 padding=4 stages=2" --foundry-tile-warps=sizes=32,32 --foundry-tile-reduction=sizes=8 --foundry-mma --foundry-to-nvvm --foundry-extract-ptx=output=%t.two.ptx -o /dev/null
// RUN: FileCheck %s --check-prefix=TWO < %t.two.ptx
// RUN: %ptxas -arch=sm_90 -v %t.two.ptx -o %t.two.cubin 2>&1 | FileCheck %s --check-prefix=TWOPTXAS
// RUN: foundry-opt %s --foundry-tile-blocks=sizes=128,128 --foundry-tile-reduction=sizes=32 "--foundry-promote=operands=0,1 padding=4 stages=2" --foundry-tile-warps=sizes=64,32 --foundry-tile-reduction=sizes=8 --foundry-mma "--foundry-to-nvvm=manifest=%t.dyn.json" --foundry-extract-ptx=output=%t.dyn.ptx -o /dev/null
// RUN: FileCheck %s --check-prefix=DYN < %t.dyn.ptx
// RUN: FileCheck %s --check-prefix=DYNLAUNCH < %t.dyn.json
// RUN: %ptxas -arch=sm_90 -v %t.dyn.ptx -o %t.dyn.cubin 2>&1 | FileCheck %s --check-prefix=DYNPTXAS

// Shared-memory staging for the tensor cores: per k-step of 32, the 64x32
// and 32x64 tiles go global -> shared with 16-byte cp.async, a barrier,
// ldmatrix / shared loads for the warps' mma.sync, a barrier.
// CHECK: .shared .align {{[0-9]+}} .b8
// CHECK: cp.async.cg.shared.global
// CHECK: cp.async.commit
// CHECK: cp.async.wait
// CHECK: bar.sync
// CHECK: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
// CHECK: bar.sync
// PTXAS: 0 bytes spill stores, 0 bytes spill loads
// PTXAS: 16384 bytes smem
// Padded rows (36 and 68 f32): 64x36 + 32x68 f32 of shared memory, still
// 16-byte cp.async and ldmatrix.
// PAD: cp.async.cg.shared.global {{.*}}, 16;
// PAD: ldmatrix.sync.aligned
// PAD: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
// PADPTXAS: 0 bytes spill stores, 0 bytes spill loads
// PADPTXAS: 17920 bytes smem
// Two stages: a twin of each padded tile; the first k-step's copies before
// the loop, then per k-step a wait and a barrier, the next k-step's copies
// into the other tiles, and the mma.sync. A last wait drains the repeated
// copies of the final half.
// TWO-COUNT-4: .shared .align {{[0-9]+}} .b8
// TWO:         cp.async.commit_group
// TWO:         cp.async.commit_group
// TWO:         cp.async.wait_group 0
// TWO-NEXT:    bar.sync
// TWO:         cp.async.commit_group
// TWO:         mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
// TWO:         cp.async.wait_group 0
// TWO-NEXT:    bar.sync
// TWO:         cp.async.commit_group
// TWO:         mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
// TWO:         cp.async.wait_group 0
// TWOPTXAS: 0 bytes spill stores, 0 bytes spill loads
// TWOPTXAS: 35840 bytes smem
// 128x128 tiles: 128x(32+4) + 32x(128+4) f32 are 35328 bytes, 70656 with
// their twins, over the 48 KB a kernel may declare statically. The tiles
// are views of the dynamic shared memory (128-byte aligned offsets), and
// the launch asks for all of it; no static tile is left: upstream's
// zero-length global for gpu.dynamic_shared_memory becomes a 1-byte
// .shared symbol at the start of the block's window, which the launch's
// dynamic shared memory extends.
// DYN:      .shared .align 16 .b8 __dynamic_shmem__0;
// DYN:      cp.async.cg.shared.global {{.*}}, 16;
// DYN:      mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
// DYNLAUNCH: "dynamic_shared_memory": 70656
// DYNPTXAS: 0 bytes spill stores, 0 bytes spill loads
// DYNPTXAS: 1 bytes smem
foundry.kernel @mm(%a: tensor<128x64xf32>, %b: tensor<64x128xf32>) -> tensor<128x128xf32> attributes {precision = #foundry.precision<tf32>} {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<128x128xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<128x128xf32>) -> tensor<128x128xf32>
  %m = linalg.matmul ins(%a, %b : tensor<128x64xf32>, tensor<64x128xf32>) outs(%f : tensor<128x128xf32>) -> tensor<128x128xf32>
  foundry.yield %m : tensor<128x128xf32>
}
