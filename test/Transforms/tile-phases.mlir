// RUN: foundry-opt %S/Inputs/scan_two_level.mlir --foundry-outline-kernels --foundry-tile-blocks=sizes=1 --foundry-tile-phases=threads=8 | FileCheck %s
// RUN: foundry-opt %S/Inputs/scan_two_level.mlir --foundry-outline-kernels --foundry-tile-blocks=sizes=1 --foundry-tile-phases=threads=8 --foundry-to-nvvm --foundry-extract-ptx=output=%t.ptx -o /dev/null
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: foundry-opt %S/Inputs/accumulate_onto_reduction.mlir --foundry-outline-kernels --foundry-tile-blocks=sizes=1 --foundry-tile-phases=threads=64 --foundry-bufferize | FileCheck %s --check-prefix=ACC

// One row per block, each op a phase of its own: the block totals (one
// thread per block of 4), then the offsets (a masked reduction over the
// whole row, computed once per block, not once per thread), each into a
// shared-memory buffer of its own (the fill both start from is cloned),
// then the output, 2 x 4 threads, its broadcast init fused into each
// thread's tile.
// CHECK:      scf.forall (%[[ROW:.*]]) in (4)
// CHECK:        %[[OFF_BUF:.*]] = bufferization.alloc_tensor() {memory_space = #gpu.address_space<workgroup>} : tensor<1x6xf32>
// CHECK:        %[[TOT_BUF:.*]] = bufferization.alloc_tensor() {memory_space = #gpu.address_space<workgroup>} : tensor<1x6xf32>
// CHECK:        %[[TOT:.*]] = scf.forall (%{{.*}}) in (6) shared_outs(%{{.*}} = %[[TOT_BUF]])
// CHECK:          linalg.fill
// CHECK:          linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction"]{{.*}} ins(%{{.*}} : tensor<1x1x4xf32>) outs(%{{.*}} : tensor<1x1xf32>)
// CHECK:        } {mapping = [#gpu.thread<linear_dim_0>]}
// CHECK:        %[[OFF:.*]] = scf.forall (%{{.*}}) in (6) shared_outs(%{{.*}} = %[[OFF_BUF]])
// CHECK:          linalg.fill
// CHECK:          linalg.generic {{.*}} ins(%[[TOT]] : tensor<1x6xf32>) outs(%{{.*}} : tensor<1x1xf32>)
// CHECK:        } {mapping = [#gpu.thread<linear_dim_0>]}
// CHECK:        scf.forall (%{{.*}}, %{{.*}}) in (2, 4)
// CHECK:          %[[OFF_TILE:.*]] = tensor.extract_slice %[[OFF]][0, %{{.*}}] [1, 3] [1, 1]
// CHECK:          %[[INIT:.*]] = linalg.generic {{.*}} ins(%[[OFF_TILE]] : tensor<1x3xf32>) outs(%{{.*}} : tensor<1x3x1xf32>)
// CHECK:          linalg.generic {{.*}} outs(%[[INIT]] : tensor<1x3x1xf32>)
// CHECK:        } {mapping = [#gpu.thread<linear_dim_1>, #gpu.thread<linear_dim_0>]}
// CHECK:      } {foundry.phases, mapping = [#gpu.block<x>]}

// On the GPU: two shared buffers of 6 floats (aligned to 16 bytes: the
// offsets are read with a 16-byte load), 8 threads, a barrier after
// each phase that other threads read.
// PTX:     .maxntid 8, 1, 1
// PTX-DAG: .shared .align 16 .b8 __wg_scan_kernel_0[24];
// PTX-DAG: .shared .align 16 .b8 __wg_scan_kernel_1[24];
// PTX:     st.shared.b32
// PTX:     bar.sync
// PTX:     st.shared.b32
// PTX:     bar.sync

// A reduction (t) accumulating onto another's result (s) that the output
// reads too: t starts from a copy of s in a shared buffer of its own, made
// by the thread that computes it; nothing runs at block level between the
// phases (a copy there would run on every thread, without a barrier).
// ACC:      scf.forall (%{{.*}}) in (4) {
// ACC:        %[[S:.*]] = memref.alloc() {{.*}} : memref<1xf32, #gpu.address_space<workgroup>>
// ACC-NEXT:   scf.forall (%{{.*}}) in (1) {
// ACC-NEXT:     linalg.fill {{.*}} outs(%[[S]]
// ACC-NEXT:     linalg.generic
// ACC:        } {mapping = [#gpu.thread<linear_dim_0>]}
// ACC-NOT:    copy
// ACC:        %[[T:.*]] = memref.alloc() {{.*}} : memref<1xf32, #gpu.address_space<workgroup>>
// ACC-NEXT:   scf.forall (%{{.*}}) in (1) {
// ACC-NEXT:     linalg.copy ins(%[[S]] {{.*}} outs(%[[T]]
// ACC-NEXT:     linalg.generic
// ACC:        } {mapping = [#gpu.thread<linear_dim_0>]}
// ACC-NOT:    copy
// ACC:        scf.forall (%{{.*}}) in (53) {
