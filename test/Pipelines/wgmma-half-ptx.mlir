// REQUIRES: ptxas
// Warpgroup tiles of foundry-mma on bf16 and f16 operands (sm_90a): wgmma
// m64nNk16 into f32, read as they are (the 3xtf32 contract of the kernel
// splits fp32 operands only: no residual tiles, one product per k-step).
// The k-step of 64 elements is one 128-byte swizzled row: per warpgroup 4
// k16-steps of m64n128k16; the block copies each 128x64 tile (16 KiB) in
// 16-byte cp.async pieces, 4 per thread per tile.
// RUN: foundry-opt %S/../Transforms/Inputs/linear_256_bf16.mlir --foundry-outline-kernels --foundry-tile-blocks="sizes=128,128 target=contraction" --foundry-tile-reduction=sizes=64 --foundry-promote=operands=0,1 --foundry-tile-warpgroups=sizes=64,128 --foundry-mma "--foundry-to-nvvm=chip=sm_90a" --foundry-extract-ptx=output=%t.bf16.ptx -o /dev/null
// RUN: FileCheck %s --check-prefixes=ONE,BF16 < %t.bf16.ptx
// RUN: FileCheck %s --check-prefix=ACC < %t.bf16.ptx
// RUN: %ptxas -arch=sm_90a -v %t.bf16.ptx -o %t.bf16.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: sed 's/bf16/f16/g' %S/../Transforms/Inputs/linear_256_bf16.mlir > %t.f16.mlir
// RUN: foundry-opt %t.f16.mlir --foundry-outline-kernels --foundry-tile-blocks="sizes=128,128 target=contraction" --foundry-tile-reduction=sizes=64 --foundry-promote=operands=0,1 --foundry-tile-warpgroups=sizes=64,128 --foundry-mma "--foundry-to-nvvm=chip=sm_90a" --foundry-extract-ptx=output=%t.f16.ptx -o /dev/null
// RUN: FileCheck %s --check-prefixes=ONE,F16 < %t.f16.ptx
// RUN: %ptxas -arch=sm_90a -v %t.f16.ptx -o %t.f16.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// ONE:            .target sm_90a
// ONE-COUNT-8:    cp.async.cg.shared.global [{{.*}}], [{{.*}}], 16;
// ONE:            cp.async.wait_group 0;
// ONE-NOT:        st.shared
// ONE:            fence.proxy.async.shared::cta;
// ONE-NEXT:       bar.sync
// ONE:            wgmma.fence.sync.aligned;
// BF16-COUNT-4:   wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16
// F16-COUNT-4:    wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
// ONE-NOT:        wgmma.mma_async
// ONE:            wgmma.commit_group.sync.aligned;
// ONE:            wgmma.wait_group.sync.aligned 0;
// ONE-NOT:        add.rn.f32
// PTXAS: 0 bytes spill stores, 0 bytes spill loads
// Each thread stores its 64 accumulator elements once (32 v2 stores).
// ACC-NOT:        ld.global
// ACC-NOT:        st.global
// ACC-COUNT-32:   st.global.v2.b32
// ACC-NOT:        st.global

// A B stored KxN (torch.matmul's) is read in place, MN-major: the staged
// 64x128 tile of K rows in 128-byte swizzled rows of N, wgmma's transposed
// B (imm-trans-b 1), no copy kernel.
// RUN: sed 's/(n, k)>/(k, n)>/; s/%w: tensor<256x128xbf16>/%w: tensor<128x256xbf16>/; s/tensor<256x128xbf16>, tensor<256x128xbf16>/tensor<256x128xbf16>, tensor<128x256xbf16>/' %S/../Transforms/Inputs/linear_256_bf16.mlir > %t.kxn.mlir
// RUN: foundry-opt %t.kxn.mlir --foundry-outline-kernels --foundry-tile-blocks="sizes=128,128 target=contraction" --foundry-tile-reduction=sizes=64 --foundry-promote=operands=0,1 --foundry-tile-warpgroups=sizes=64,128 --foundry-mma "--foundry-to-nvvm=chip=sm_90a" --foundry-extract-ptx=output=%t.kxn.ptx -o /dev/null
// RUN: FileCheck %s --check-prefix=KXN < %t.kxn.ptx
// RUN: %ptxas -arch=sm_90a -v %t.kxn.ptx -o %t.kxn.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// KXN:            .entry
// KXN-NOT:        .entry
// KXN-COUNT-8:    cp.async.cg.shared.global [{{.*}}], [{{.*}}], 16;
// KXN-COUNT-4:    wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 {{.*}}, p, 1, 1, 0, 1;
// A warpgroup N of 32 is half a 128-byte row of the MN-major tile.
// RUN: not foundry-opt %t.kxn.mlir --foundry-outline-kernels --foundry-tile-blocks="sizes=128,128 target=contraction" --foundry-tile-reduction=sizes=64 --foundry-promote=operands=0,1 --foundry-tile-warpgroups=sizes=64,32 --foundry-mma -o /dev/null 2>&1 | FileCheck %s --check-prefix=HALFROW
// HALFROW: error: 'linalg.matmul' op foundry-mma: the warpgroup tile is 64x32x64; wgmma reads a B stored KxN in 128-byte rows of N here: n must be a multiple of 64

// Four stages over K = 512 (8 k-steps): wgmma accumulates in place, one
// k-step's wgmma in flight while the next is issued. Two k-steps' copies
// before the loop; per k-step one wait that leaves the next k-step's group
// in flight, a proxy fence and one barrier, the copies two ahead, the
// k-step's wgmma, and a wait that leaves it in flight; ptxas keeps it in
// flight (it warns where it serializes wgmma). Both layouts of B.
// RUN: sed 's/256x128xbf16/256x512xbf16/g' %S/../Transforms/Inputs/linear_256_bf16.mlir > %t.k512.mlir
// RUN: foundry-opt %t.k512.mlir --foundry-outline-kernels --foundry-tile-blocks="sizes=128,128 target=contraction" --foundry-tile-reduction=sizes=64 "--foundry-promote=operands=0,1 stages=4" --foundry-tile-warpgroups=sizes=64,128 --foundry-mma "--foundry-to-nvvm=chip=sm_90a" --foundry-extract-ptx=output=%t.four.ptx -o /dev/null
// RUN: FileCheck %s --check-prefix=FOUR < %t.four.ptx
// RUN: FileCheck %s --check-prefix=ACC < %t.four.ptx
// RUN: %ptxas -arch=sm_90a -v %t.four.ptx -o %t.four.cubin > %t.four.log 2>&1
// RUN: FileCheck %s --check-prefix=PTXAS < %t.four.log
// RUN: FileCheck %s --check-prefix=INFLIGHT < %t.four.log
// RUN: sed 's/256x128xbf16/256x512xbf16/g; s/(n, k)>/(k, n)>/; s/%w: tensor<256x512xbf16>/%w: tensor<512x256xbf16>/; s/tensor<256x512xbf16>, tensor<256x512xbf16>/tensor<256x512xbf16>, tensor<512x256xbf16>/' %S/../Transforms/Inputs/linear_256_bf16.mlir > %t.k512kxn.mlir
// RUN: foundry-opt %t.k512kxn.mlir --foundry-outline-kernels --foundry-tile-blocks="sizes=128,128 target=contraction" --foundry-tile-reduction=sizes=64 "--foundry-promote=operands=0,1 stages=4" --foundry-tile-warpgroups=sizes=64,128 --foundry-mma "--foundry-to-nvvm=chip=sm_90a" --foundry-extract-ptx=output=%t.fourkxn.ptx -o /dev/null
// RUN: FileCheck %s --check-prefix=FOUR < %t.fourkxn.ptx
// RUN: %ptxas -arch=sm_90a -v %t.fourkxn.ptx -o %t.fourkxn.cubin > %t.fourkxn.log 2>&1
// RUN: FileCheck %s --check-prefix=PTXAS < %t.fourkxn.log
// RUN: FileCheck %s --check-prefix=INFLIGHT < %t.fourkxn.log
// FOUR-COUNT-2:   cp.async.commit_group;
// FOUR-NOT:       bar.sync
// FOUR:           $L__BB0_[[LOOP:[0-9]+]]:
// FOUR:           cp.async.wait_group 1;
// FOUR-NEXT:      fence.proxy.async.shared::cta;
// FOUR-NEXT:      bar.sync
// FOUR-NOT:       bar.sync
// FOUR:           cp.async.commit_group;
// FOUR-NOT:       bar.sync
// FOUR:           wgmma.fence.sync.aligned;
// FOUR-COUNT-4:   wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16
// FOUR:           wgmma.commit_group.sync.aligned;
// FOUR-NEXT:      wgmma.wait_group.sync.aligned 1;
// FOUR-NOT:       bar.sync
// FOUR:           bra {{.*}}$L__BB0_[[LOOP]];
// FOUR:           cp.async.wait_group 0;
// FOUR-NEXT:      wgmma.wait_group.sync.aligned 0;
// FOUR-NOT:       add.rn.f32
// INFLIGHT-NOT:   serialized

// A k-step of 32 bf16 (64 bytes) is less than one 128-byte swizzled row.
// RUN: not foundry-opt %S/../Transforms/Inputs/linear_256_bf16.mlir --foundry-outline-kernels --foundry-tile-blocks="sizes=128,128 target=contraction" --foundry-tile-reduction=sizes=32 --foundry-promote=operands=0,1 --foundry-tile-warpgroups=sizes=64,128 --foundry-mma "--foundry-to-nvvm=chip=sm_90a" -o /dev/null 2>&1 | FileCheck %s --check-prefix=ROW
// ROW: error: {{.*}}the shared tile of wgmma operand A is 128x32; wgmma tiles here take rows in multiples of 8 and a k-step in multiples of 64 (128-byte swizzled rows of 'bf16')
// A k-step of 8 is less than one m64nNk16.
// RUN: not foundry-opt %S/../Transforms/Inputs/linear_256_bf16.mlir --foundry-outline-kernels --foundry-tile-blocks="sizes=128,128 target=contraction" --foundry-tile-reduction=sizes=8 --foundry-promote=operands=0,1 --foundry-tile-warpgroups=sizes=64,128 --foundry-mma -o /dev/null 2>&1 | FileCheck %s --check-prefix=STEP
// STEP: error: 'linalg.matmul' op foundry-mma: the warpgroup tile is 64x128x8; wgmma m64nNk16 needs m a multiple of 64, n a multiple of 8 up to 256, k a multiple of 16
