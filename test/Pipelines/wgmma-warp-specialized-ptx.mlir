// REQUIRES: ptxas
// foundry-promote{tma=true warp-specialize=true}: the block gains a
// producer warpgroup (128 x 3 threads for two 64-row consumer warpgroups).
// Thread 0 initializes one full mbarrier per stage (one arrival: the
// k-step's loads) and one empty mbarrier per stage (256 arrivals: every
// consumer thread), then the whole block synchronizes once. The producer's
// first thread issues the first four k-steps' TMA loads at once, then each
// later one after waiting for its stage's empty phase. The consumers wait
// only for their stage's full phase, issue the k-step's wgmma, wait until
// the previous k-step's are done and arrive on that stage's empty
// mbarrier; their other barriers are named barriers of their 256 threads.
// K is 1024: 16 k-steps over 4 stages.
// RUN: sed 's/256x128xbf16/256x1024xbf16/g' %S/../Transforms/Inputs/linear_256_bf16.mlir > %t.mlir
// RUN: foundry-opt %t.mlir --foundry-outline-kernels --foundry-tile-blocks="sizes=128,128 target=contraction" --foundry-tile-reduction=sizes=64 "--foundry-promote=operands=0,1 stages=4 tma=true warp-specialize=true" --foundry-tile-warpgroups=sizes=64,128 --foundry-mma "--foundry-to-nvvm=chip=sm_90a manifest=%t.json" --foundry-extract-ptx=output=%t.ptx -o /dev/null
// RUN: FileCheck %s --check-prefix=WS < %t.ptx
// RUN: FileCheck %s --check-prefix=PRODUCER < %t.ptx
// RUN: FileCheck %s --check-prefix=CONSUMER < %t.ptx
// RUN: FileCheck %s --check-prefix=ONEBLOCKBARRIER < %t.ptx
// RUN: FileCheck %s --check-prefix=BOUNDED < %t.ptx
// RUN: FileCheck %s --check-prefix=MANIFEST < %t.json
// RUN: %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// The protocol in the IR the GPU mapping leaves: which mbarrier each wait
// and arrival targets, with which phase.
// RUN: foundry-opt %t.mlir --foundry-outline-kernels --foundry-tile-blocks="sizes=128,128 target=contraction" --foundry-tile-reduction=sizes=64 "--foundry-promote=operands=0,1 stages=4 tma=true warp-specialize=true" --foundry-tile-warpgroups=sizes=64,128 --foundry-mma "--foundry-to-nvvm=chip=sm_90a" --mlir-print-ir-after=foundry-map-forall-to-gpu -o /dev/null 2>&1 | FileCheck %s --check-prefix=IR
// fp32 operands (each k-step waits for its own wgmma) are refused at the
// matmul; warp-specialize=true without tma=true at foundry-promote.
// RUN: sed 's/256x128xf32/256x1024xf32/g' %S/../Transforms/Inputs/linear_256.mlir > %t.f32.mlir
// RUN: not foundry-opt %t.f32.mlir --foundry-outline-kernels --foundry-tile-blocks="sizes=128,128 target=contraction" --foundry-tile-reduction=sizes=32 "--foundry-promote=operands=0,1 stages=4 tma=true warp-specialize=true" --foundry-tile-warpgroups=sizes=64,128 --foundry-mma "--foundry-to-nvvm=chip=sm_90a" -o /dev/null 2>&1 | FileCheck %s --check-prefix=F32
// RUN: not foundry-opt %t.mlir --foundry-outline-kernels --foundry-tile-blocks="sizes=128,128 target=contraction" --foundry-tile-reduction=sizes=64 "--foundry-promote=operands=0,1 stages=4 warp-specialize=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOTMA

// WS:             .maxntid 128, 3, 1
// WS-COUNT-8:     mbarrier.init.shared.b64 [{{.*}}], {{%r[0-9]+}};
// WS:             fence.mbarrier_init.release.cluster;
// WS:             bar.sync 0;

// The producer's code comes before the consumers': loads, waits for
// empty stages, no wgmma.
// PRODUCER:       bar.sync 0;
// PRODUCER:       mbarrier.arrive.expect_tx.shared.b64
// PRODUCER-NOT:   wgmma
// PRODUCER:       cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// PRODUCER-NOT:   wgmma
// PRODUCER:       mbarrier.try_wait.parity.shared.b64
// PRODUCER-NOT:   wgmma
// PRODUCER:       bar.sync 1, 256;

// The consumers: no block barrier in the k-loop, an arrival per k-step.
// CONSUMER:       bar.sync 1, 256;
// CONSUMER:       mbarrier.try_wait.parity.shared.b64
// CONSUMER-NOT:   bar.sync
// CONSUMER:       wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16
// CONSUMER-NOT:   bar.sync
// CONSUMER:       wgmma.wait_group.sync.aligned 1;
// CONSUMER:       mbarrier.arrive.shared.b64
// CONSUMER:       wgmma.wait_group.sync.aligned 0;

// IR:          gpu.launch {{.*}} threads({{.*}}) in ({{.*}} = %c128, {{.*}} = %c3{{.*}}, {{.*}} = %c1{{.*}})
// IR:          [[FULL:%view[_0-9]*]] = memref.view {{.*}} to memref<4xi64
// IR:          [[EMPTY:%view[_0-9]*]] = memref.view {{.*}} to memref<4xi64
// IR:          memref.extract_aligned_pointer_as_index [[FULL]]
// IR-COUNT-4:  nvvm.mbarrier.init %{{.*}}, %c1_i32 :
// IR:          memref.extract_aligned_pointer_as_index [[EMPTY]]
// IR-COUNT-4:  nvvm.mbarrier.init %{{.*}}, %c256_i32 :
// IR:          nvvm.fence.mbarrier.init
// IR:          gpu.barrier
// The producer (thread_id.y == 2), its first thread: k-steps from 4 on
// wait for phase k / 4 - 1 of their stage's empty mbarrier.
// IR:          [[SIDE:%[0-9]+]] = arith.cmpi eq, %{{.*}}, %c2{{.*}} : index
// IR-NEXT:     scf.if [[SIDE]] {
// IR:          scf.if
// IR:          memref.extract_aligned_pointer_as_index [[FULL]]
// IR:          scf.for [[K:%arg[0-9]+]] = %{{.*}} to %c16
// IR:          arith.cmpi sge, [[K]], %c4
// IR:          affine.apply affine_map<(d0) -> (d0 floordiv 4 - ((d0 floordiv 4 + 1) floordiv 2) * 2 + 1)>([[K]])
// IR:          memref.extract_aligned_pointer_as_index [[EMPTY]]
// IR:          nvvm.mbarrier.try_wait %
// IR:          nvvm.mbarrier.arrive.expect_tx %{{.*}}, %c32768_i32
// IR-COUNT-2:  nvvm.cp.async.bulk.tensor.shared.cluster.global
// The consumers: phase k / 4 of the full mbarrier, no block barrier in the
// k-loop, and from k-step 1 on an arrival on k-step k - 1's empty one.
// IR:          } else {
// IR:          nvvm.barrier id = %{{.*}} number_of_threads = %c256_i32
// IR:          memref.extract_aligned_pointer_as_index [[FULL]]
// IR:          scf.for [[J:%arg[0-9]+]] = %{{.*}} to %c16 {{.*}} iter_args
// IR:          affine.apply affine_map<(d0) -> ((d0 floordiv 4) mod 2)>([[J]])
// IR:          nvvm.mbarrier.try_wait %
// IR-NOT:      barrier
// IR:          nvvm.wgmma.wait.group.sync.aligned 1
// IR-NEXT:     arith.cmpi sge, [[J]], %c1
// IR-NEXT:     scf.if
// IR-NEXT:     affine.apply affine_map<(d0) -> (d0 - ((d0 + 3) floordiv 4) * 4 + 3)>([[J]])
// IR:          memref.extract_aligned_pointer_as_index [[EMPTY]]
// IR:          nvvm.mbarrier.arrive %
// IR:          nvvm.wgmma.wait.group.sync.aligned 0
// IR:          nvvm.barrier id = %{{.*}} number_of_threads = %c256_i32
// IR-NOT:      gpu.barrier
// IR:          gpu.terminator

// A wait still failing 2 s after its first try traps (a phase that never
// completes faults the kernel instead of hanging it).
// BOUNDED:        mbarrier.try_wait.parity.shared.b64 [[DONE:%p[0-9]+]],
// BOUNDED:        mov.u64 {{.*}}, %globaltimer;
// BOUNDED:        trap;

// ONEBLOCKBARRIER:     bar.sync 0;
// ONEBLOCKBARRIER-NOT: bar.sync 0;

// MANIFEST:        "block": [
// MANIFEST-NEXT:     128,
// MANIFEST-NEXT:     3,
// MANIFEST-NEXT:     1

// PTXAS: 0 bytes spill stores, 0 bytes spill loads

// F32: error: 'linalg.matmul' op foundry-map-forall-to-gpu: foundry-promote{warp-specialize=true} needs f16 or bf16 operands
// NOTMA: error: foundry-promote: warp-specialize=true needs tma=true
