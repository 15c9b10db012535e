// RUN: foundry-opt %s --foundry-tile-blocks=sizes=1 --foundry-reduce-threads=threads=32 | FileCheck %s
// RUN: foundry-opt %s --foundry-tile-blocks=sizes=1 --foundry-reduce-threads=threads=32 --foundry-tile-threads=sizes=1 --foundry-bufferize --foundry-map-forall-to-gpu | FileCheck %s --check-prefix=LAUNCH
// RUN: not foundry-opt %s --foundry-reduce-threads=threads=32 2>&1 | FileCheck %s --check-prefix=NOBLOCK
// RUN: not foundry-opt %s --foundry-tile-blocks=sizes=1 --foundry-reduce-threads=threads=2000 2>&1 | FileCheck %s --check-prefix=RANGE
// RUN: not foundry-opt %s --foundry-tile-blocks=sizes=3 --foundry-reduce-threads=threads=32 2>&1 | FileCheck %s --check-prefix=RAGGED
// RUN: foundry-opt %foundry_src_root/bench/kernelbench/level1/51_argmax_over_a_dimension_small.mlir --foundry-outline-kernels | not foundry-opt --foundry-tile-blocks=sizes=1,1 --foundry-reduce-threads=threads=32 2>&1 | FileCheck %s --check-prefix=ARGMAX
// An argmax reduces its value and index together (one generic, two
// results): threads' partial results could not be combined.
// ARGMAX: error: 'linalg.generic' op foundry-reduce-threads: result #0 is not reduced by one combining op (acc = op(value, acc); an argmax's index, which follows its value, is not), so its partial results cannot be combined across threads

// One row per block; the row maximum is split over 32 threads (linear ids),
// each reducing its chunk into a slot of a shared-memory tensor, then merged.
// CHECK-LABEL: foundry.kernel @row_max
// CHECK:         scf.forall ({{.*}}) in (8)
// CHECK:           bufferization.alloc_tensor() {memory_space = #gpu.address_space<workgroup>} : tensor<1x32xf32>
// CHECK:           scf.forall ({{.*}}) in (32)
// CHECK:             linalg.fill
// CHECK:             linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]
// CHECK:           mapping = [#gpu.thread<linear_dim_0>]
// Every thread of the block runs the merge: it merges into a buffer of its
// own, not into the kernel's output (a read-modify-write of one element by
// all threads), and the merged value is then inserted into the output.
// CHECK:           %[[OWN:.*]] = bufferization.alloc_tensor() : tensor<1xf32>
// CHECK:           %[[INIT:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[OWN]] : tensor<1xf32>)
// CHECK:           %[[MERGED:.*]] = linalg.reduce ins({{.*}} : tensor<1x32xf32>) outs(%[[INIT]] : tensor<1xf32>)
// CHECK:           tensor.parallel_insert_slice %[[MERGED]] into
// LAUNCH: gpu.launch {{.*}} threads({{.*}}) in ({{.*}} = %c32{{.*}}, {{.*}} = %c1{{.*}}, {{.*}} = %c1{{.*}}) workgroup({{.*}} : memref<1x32xf32, #gpu.address_space<workgroup>>)
// LAUNCH: gpu.barrier
// foundry-tile-threads leaves the merge to every thread: split over threads,
// it would merge into one thread's private buffer while every thread stores
// its own into the output (L2 56's row sums came out wrong so).
// LAUNCH-NEXT: %[[OWN:.*]] = memref.alloca() {{.*}} : memref<1xf32>
// LAUNCH-NOT:  gpu.thread_id
// LAUNCH-NOT:  scf.if
// LAUNCH:      arith.maximumf
// LAUNCH:      memref.store %{{.*}}, %[[OWN]]
// LAUNCH-NOT:  scf.if
// LAUNCH:      memref.load %[[OWN]]
// LAUNCH-NEXT: memref.store
// LAUNCH:      gpu.terminator
// NOBLOCK: error: 'foundry.kernel' op foundry-reduce-threads: no reduction in a block tile; run foundry-tile-blocks first
// RANGE: error: foundry-reduce-threads: threads must be 1 to 1024, got 2000
// RAGGED: error: 'linalg.generic' op foundry-reduce-threads: the partial results have a dynamic shape (a ragged block tile); choose block tile sizes that divide the parallel loops
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
