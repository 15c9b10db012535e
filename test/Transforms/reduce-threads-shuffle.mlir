// RUN: foundry-opt %s --foundry-tile-blocks=sizes=1 "--foundry-reduce-threads=threads=128 shuffle=true" | FileCheck %s
// RUN: not foundry-opt %s --foundry-tile-blocks=sizes=1 "--foundry-reduce-threads=threads=48 shuffle=true" 2>&1 | FileCheck %s --check-prefix=WARPS
// RUN: foundry-opt %s --foundry-tile-blocks=sizes=2 "--foundry-reduce-threads=threads=32 shuffle=true" | FileCheck %s --check-prefix=ROWS
// RUN: foundry-opt %s --foundry-tile-blocks=sizes=2 "--foundry-reduce-threads=threads=128 shuffle=true" | not foundry-opt --foundry-to-llvm 2>&1 | FileCheck %s --check-prefix=CPU
// RUN: not foundry-opt %s --foundry-tile-blocks=sizes=1 "--foundry-reduce-threads=threads=64 shuffle=true" "--foundry-reduce-threads=threads=32" 2>&1 | FileCheck %s --check-prefix=TWICE

// Each thread reduces its chunk, its warp combines the 32 partial results
// by shuffles (every lane gets the warp's maximum and writes it to its
// slot), and the merge reads one slot per warp: 4 of the 128, stride 32.
// CHECK-LABEL: foundry.kernel @row_max
// CHECK:         bufferization.alloc_tensor() {memory_space = #gpu.address_space<workgroup>} : tensor<1x128xf32>
// CHECK:         scf.forall ({{.*}}) in (128)
// CHECK:           linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]
// CHECK:           %[[PARTIAL:.*]] = tensor.extract
// CHECK:           %[[WARP:.*]] = gpu.subgroup_reduce maximumf %[[PARTIAL]] : (f32) -> f32
// CHECK:           %[[TILE:.*]] = tensor.insert %[[WARP]]
// CHECK:           tensor.parallel_insert_slice %[[TILE]]
// CHECK:         mapping = [#gpu.thread<linear_dim_0>]
// CHECK:         %[[SLOTS:.*]] = tensor.extract_slice %{{.*}}[0, 0] [1, 4] [1, 32] : tensor<1x128xf32> to tensor<1x4xf32>
// CHECK:         linalg.reduce ins(%[[SLOTS]] : tensor<1x4xf32>)
// CHECK-SAME:      dimensions = [1]
// CHECK:           arith.maximumf

// Partial warps would leave lanes out of the shuffles.
// WARPS: error: 'linalg.generic' op foundry-reduce-threads: shuffle needs the threads of a reduction (48) to be a multiple of the warp size (32)

// Two rows per block: two partial results per thread, one warp reduction
// each.
// ROWS:         scf.forall ({{.*}}) in (32)
// ROWS-COUNT-2:   gpu.subgroup_reduce maximumf
// ROWS:         tensor.extract_slice %{{.*}}[0, 0] [2, 1] [1, 32] : tensor<2x32xf32> to tensor<2x1xf32>

// One diagnostic however many warp reductions (two rows per block: two).
// CPU: error: 'gpu.subgroup_reduce' op has no CPU meaning (the warp shuffles of foundry-reduce-threads{shuffle=true}); compile this schedule for the GPU only
// CPU-NOT: error:

// TWICE: error: 'foundry.kernel' op foundry-reduce-threads: the block tiles' reductions are already split over threads (by an earlier foundry-reduce-threads)
#in = affine_map<(i, j) -> (i, j)>
#out = affine_map<(i, j) -> (i)>
foundry.kernel @row_max(%x: tensor<8x1000xf32>) -> tensor<8xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<8xf32>
  %f = linalg.fill ins(%ninf : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %r = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x1000xf32>) outs(%f : tensor<8xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %m = arith.maximumf %v, %acc : f32
    linalg.yield %m : f32
  } -> tensor<8xf32>
  foundry.yield %r : tensor<8xf32>
}

