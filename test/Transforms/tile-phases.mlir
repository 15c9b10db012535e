// RUN: foundry-opt %S/Inputs/scan_two_level.mlir --foundry-outline-kernels --foundry-tile-blocks=sizes=1 --foundry-tile-phases=threads=8 | FileCheck %s
// RUN: foundry-opt %S/Inputs/scan_two_level.mlir --foundry-outline-kernels --foundry-tile-blocks=sizes=1 --foundry-tile-phases=threads=8 --foundry-to-nvvm --foundry-extract-ptx=output=%t.ptx -o /dev/null
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx

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

// On the GPU: two shared buffers of 6 floats, 8 threads, a barrier after
// each phase that other threads read.
// PTX:     .maxntid 8, 1, 1
// PTX-DAG: .shared .align 4 .b8 __wg_scan_kernel_0[24];
// PTX-DAG: .shared .align 4 .b8 __wg_scan_kernel_1[24];
// PTX:     st.shared.b32
// PTX:     bar.sync
// PTX:     st.shared.b32
// PTX:     bar.sync
