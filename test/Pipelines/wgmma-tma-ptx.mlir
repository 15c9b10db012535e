// REQUIRES: ptxas
// foundry-promote{tma=true}: the pipelined wgmma k-loop loads its tiles
// with TMA. Thread 0 initializes one mbarrier per stage, then per k-step
// arms the stage's mbarrier with the k-step's bytes (16 KiB of A and 16 KiB
// of B for 128x64 bf16 tiles) and issues one cp.async.bulk.tensor per
// 128-byte wide box of each tile; every thread waits on the mbarrier's
// phase, no cp.async and no proxy fence (TMA and wgmma both use the async
// proxy). The host function gains one tensor map argument per operand,
// which the launch manifest describes for the runner (role tensor_map,
// the box innermost first).
// RUN: sed 's/256x128xbf16/256x256xbf16/g' %S/../Transforms/Inputs/linear_256_bf16.mlir > %t.nt.mlir
// RUN: foundry-opt %t.nt.mlir --foundry-outline-kernels --foundry-tile-blocks="sizes=128,128 target=contraction" --foundry-tile-reduction=sizes=64 "--foundry-promote=operands=0,1 stages=4 tma=true" --foundry-tile-warpgroups=sizes=64,128 --foundry-mma "--foundry-to-nvvm=chip=sm_90a manifest=%t.nt.json" --foundry-extract-ptx=output=%t.nt.ptx -o /dev/null
// RUN: FileCheck %s --check-prefix=TMA < %t.nt.ptx
// RUN: FileCheck %s --check-prefixes=NOCOPY,NOFENCE < %t.nt.ptx
// RUN: FileCheck %s --check-prefix=MANIFEST < %t.nt.json
// RUN: %ptxas -arch=sm_90a -v %t.nt.ptx -o %t.nt.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// A B stored KxN is loaded the same way, in boxes of 64 N x 64 K rows,
// one per 128-byte atom of N: two per k-step for a 128-wide N tile.
// RUN: sed 's/(n, k)>/(k, n)>/; s/256x128xbf16/256x256xbf16/g' %S/../Transforms/Inputs/linear_256_bf16.mlir > %t.kxn.mlir
// RUN: foundry-opt %t.kxn.mlir --foundry-outline-kernels --foundry-tile-blocks="sizes=128,128 target=contraction" --foundry-tile-reduction=sizes=64 "--foundry-promote=operands=0,1 stages=4 tma=true" --foundry-tile-warpgroups=sizes=64,128 --foundry-mma "--foundry-to-nvvm=chip=sm_90a manifest=%t.kxn.json" --foundry-extract-ptx=output=%t.kxn.ptx -o /dev/null
// RUN: FileCheck %s --check-prefix=KXN < %t.kxn.ptx
// RUN: FileCheck %s --check-prefix=KXNMANIFEST < %t.kxn.json
// RUN: %ptxas -arch=sm_90a -v %t.kxn.ptx -o %t.kxn.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// fp32 operands (3xtf32: each k-step waits for k-step j + 1's mbarrier
// before writing its residuals): boxes of 32 f32, one per 32-wide k-step.
// RUN: sed 's/256x128xf32/256x256xf32/g' %S/../Transforms/Inputs/linear_256.mlir > %t.f32.mlir
// RUN: foundry-opt %t.f32.mlir --foundry-outline-kernels --foundry-tile-blocks="sizes=128,128 target=contraction" --foundry-tile-reduction=sizes=32 "--foundry-promote=operands=0,1 stages=3 tma=true" --foundry-tile-warpgroups=sizes=64,128 --foundry-mma "--foundry-to-nvvm=chip=sm_90a manifest=%t.f32.json" --foundry-extract-ptx=output=%t.f32.ptx -o /dev/null
// RUN: FileCheck %s --check-prefix=F32 < %t.f32.ptx
// RUN: FileCheck %s --check-prefix=NOCOPY < %t.f32.ptx
// RUN: FileCheck %s --check-prefix=F32MANIFEST < %t.f32.json
// RUN: %ptxas -arch=sm_90a -v %t.f32.ptx -o %t.f32.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// A k-loop with fewer k-steps than stages is not pipelined: reported.
// RUN: not foundry-opt %S/../Transforms/Inputs/linear_256_bf16.mlir --foundry-outline-kernels --foundry-tile-blocks="sizes=128,128 target=contraction" --foundry-tile-reduction=sizes=64 "--foundry-promote=operands=0,1 stages=4 tma=true" --foundry-tile-warpgroups=sizes=64,128 --foundry-mma "--foundry-to-nvvm=chip=sm_90a" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SHORT

// TMA:            .target sm_90a
// TMA-COUNT-4:    mbarrier.init.shared.b64 [{{.*}}], {{.*}};
// TMA:            fence.mbarrier_init.release.cluster;
// TMA:            bar.sync 0;
// TMA:            mbarrier.arrive.expect_tx.shared.b64 {{.*}}, [{{.*}}], {{.*}};
// TMA-COUNT-2:    cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// TMA:            mbarrier.try_wait.parity.shared.b64
// TMA:            bar.sync 0;
// TMA:            wgmma.fence.sync.aligned;
// TMA:            wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16
// TMA:            wgmma.wait_group.sync.aligned 1;
// NOCOPY-NOT:     cp.async.cg
// NOCOPY-NOT:     cp.async.wait_group
// NOFENCE-NOT:    fence.proxy.async
// PTXAS: 0 bytes spill stores, 0 bytes spill loads
// MANIFEST:      "role": "tensor_map",
// MANIFEST-NEXT: "shape": [
// MANIFEST-NEXT:   16
// MANIFEST-NEXT: ],
// MANIFEST-NEXT: "tensor_map": {
// MANIFEST-NEXT:   "box": [
// MANIFEST-NEXT:     64,
// MANIFEST-NEXT:     128
// MANIFEST-NEXT:   ],
// MANIFEST-NEXT:   "buffer": 0,
// MANIFEST-NEXT:   "swizzle": 128
// MANIFEST:      "tensor_map": {
// MANIFEST-NEXT:   "box": [
// MANIFEST-NEXT:     64,
// MANIFEST-NEXT:     128
// MANIFEST-NEXT:   ],
// MANIFEST-NEXT:   "buffer": 1,

// KXN:            mbarrier.arrive.expect_tx.shared.b64
// KXN-COUNT-3:    cp.async.bulk.tensor.2d
// KXN:            wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 {{.*}}, 1, 1, 0, 1;
// KXNMANIFEST:   "buffer": 1,
// KXNMANIFEST-NOT: "tensor_map"
// KXNMANIFEST:   "args"
// KXNMANIFEST-NOT: "tensor_map"

// F32-COUNT-3:    mbarrier.init.shared.b64
// F32:            mbarrier.arrive.expect_tx.shared.b64
// F32-COUNT-2:    cp.async.bulk.tensor.2d
// F32:            mbarrier.arrive.expect_tx.shared.b64
// F32-COUNT-2:    cp.async.bulk.tensor.2d
// F32:            mbarrier.try_wait.parity.shared.b64
// F32:            wgmma.mma_async.sync.aligned.m64n128k8.f32.tf32.tf32
// F32-DAG:        mbarrier.try_wait.parity.shared.b64
// F32-DAG:        mbarrier.arrive.expect_tx.shared.b64
// F32MANIFEST:     "box": [
// F32MANIFEST-NEXT:  32,
// F32MANIFEST-NEXT:  128

// SHORT: error: 'linalg.matmul' op foundry-map-forall-to-gpu: foundry-promote{tma=true} loads the tiles of a pipelined wgmma k-loop, and this one is not pipelined
