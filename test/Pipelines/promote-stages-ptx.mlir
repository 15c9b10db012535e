// REQUIRES: ptxas
// RUN: foundry-opt %s --foundry-tile-blocks=sizes=64,64 --foundry-tile-reduction=sizes=32 "--foundry-promote=operands=0,1 padding=4 stages=3" --foundry-tile-warps=sizes=32,32 --foundry-tile-reduction=sizes=8 --foundry-mma --foundry-to-nvvm --foundry-extract-ptx=output=%t.three.ptx -o /dev/null
// RUN: FileCheck %s --check-prefix=THREE < %t.three.ptx
// RUN: %ptxas -arch=sm_90 -v %t.three.ptx -o %t.three.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: foundry-opt %s --foundry-tile-blocks=sizes=64,64 --foundry-tile-reduction=sizes=8 "--foundry-promote=operands=0,1 padding=4 stages=4" --foundry-tile-warps=sizes=32,32 --foundry-tile-reduction=sizes=8 --foundry-mma --foundry-to-nvvm --foundry-extract-ptx=output=%t.four.ptx -o /dev/null
// RUN: FileCheck %s --check-prefix=FOUR < %t.four.ptx
// RUN: %ptxas -arch=sm_90 -v %t.four.ptx -o %t.four.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: foundry-opt %s --foundry-tile-blocks=sizes=64,64 --foundry-tile-reduction=sizes=16 "--foundry-promote=operands=0,1 padding=4 stages=4" --foundry-tile-warps=sizes=32,32 --foundry-tile-reduction=sizes=8 --foundry-mma --foundry-to-nvvm --foundry-extract-ptx=output=%t.odd.ptx -o /dev/null
// RUN: FileCheck %s --check-prefix=ODD < %t.odd.ptx

// Three stages over K = 96 in k-steps of 32: three sets of padded tiles
// (40 KB, in dynamic shared memory); the first two k-steps' copies before
// the loop (a group per operand: four), then per k-step a wait that leaves
// the next k-step's two groups in flight, a barrier, the copies of the
// k-step two ahead, and the mma.sync; a last wait drains the repeated
// copies.
// THREE:         .shared .align 16 .b8 __dynamic_shmem__0;
// THREE-COUNT-4: cp.async.commit_group
// THREE:         cp.async.wait_group 2;
// THREE-NEXT:    bar.sync
// THREE-COUNT-2: cp.async.commit_group
// THREE:         mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
// THREE:         cp.async.wait_group 2;
// THREE:         mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
// THREE:         cp.async.wait_group 2;
// THREE:         mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
// THREE:         cp.async.wait_group 0;
// Four stages over twelve k-steps of 8: four sets of tiles, the first
// three k-steps' copies (six groups) before the loop, four groups left in
// flight by each wait.
// FOUR-COUNT-8:  .shared .align 16 .b8
// FOUR-COUNT-6:  cp.async.commit_group
// FOUR:          cp.async.wait_group 4;
// FOUR-NEXT:     bar.sync
// FOUR:          mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
// FOUR:          cp.async.wait_group 0;
// PTXAS: 0 bytes spill stores, 0 bytes spill loads
// Six k-steps of 16 that four stages do not divide: one stage (two tiles,
// every copy waited for).
// ODD-COUNT-2:   .shared .align 16 .b8
// ODD-NOT:       .shared .align
// ODD-NOT:       cp.async.wait_group {{[1-9]}}
foundry.kernel @mm(%a: tensor<128x96xf32>, %b: tensor<96x128xf32>) -> tensor<128x128xf32> attributes {precision = #foundry.precision<tf32>} {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<128x128xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<128x128xf32>) -> tensor<128x128xf32>
  %m = linalg.matmul ins(%a, %b : tensor<128x96xf32>, tensor<96x128xf32>) outs(%f : tensor<128x128xf32>) -> tensor<128x128xf32>
  foundry.yield %m : tensor<128x128xf32>
}
