// RUN: foundry-opt %s --foundry-tile-blocks=sizes=1 --foundry-reduce-threads=threads=32 | FileCheck %s
// RUN: foundry-cpu-run %s --kernel=row_sum_plus_bias --schedule='foundry-tile-blocks{sizes=1},foundry-reduce-threads{threads=32}' | FileCheck %s --check-prefix=CPU
// RUN: foundry-opt %s --foundry-tile-blocks=sizes=1 --foundry-reduce-threads=threads=32 --foundry-bufferize --foundry-map-forall-to-gpu | FileCheck %s --check-prefix=LAUNCH

// Every thread of a block runs the merge of the partial results, so the
// merge must not read-modify-write the kernel's output: here the sum starts
// from the bias (an input, not a fill). The bias row is copied into a
// buffer of the thread's own before the partial sums (all reads of it come
// before the barrier that ends them), the merge adds into that buffer, and
// the result is inserted into the output.
// CHECK-LABEL: foundry.kernel @row_sum_plus_bias
// CHECK:         scf.forall ({{.*}}) in (8)
// CHECK:           %[[BIAS:.*]] = tensor.extract_slice %arg3
// CHECK:           %[[OWN:.*]] = bufferization.alloc_tensor() : tensor<1xf32>
// CHECK:           %[[INIT:.*]] = linalg.copy ins(%[[BIAS]] : tensor<1xf32>) outs(%[[OWN]] : tensor<1xf32>)
// CHECK:           scf.forall ({{.*}}) in (32)
// CHECK:           mapping = [#gpu.thread<linear_dim_0>]
// CHECK:           %[[MERGED:.*]] = linalg.reduce ins({{.*}} : tensor<1x32xf32>) outs(%[[INIT]] : tensor<1xf32>)
// CHECK:           tensor.parallel_insert_slice %[[MERGED]] into
// CPU: mismatches=0/8 PASS
// After bufferization the merge adds into a per-thread alloca; the output
// is only stored to, after the merge.
// LAUNCH:     gpu.launch
// LAUNCH:       %[[OUT:.*]] = memref.subview %arg3
// LAUNCH:       %[[PRIVATE:.*]] = memref.alloca() {{.*}}: memref<1xf32>
// LAUNCH:       %[[BIAS:.*]] = memref.load %[[OUT]]
// LAUNCH-NEXT:  memref.store %[[BIAS]], %[[PRIVATE]]
// LAUNCH:       gpu.barrier
// LAUNCH-NOT:   memref.load %[[OUT]]
// LAUNCH:       memref.load %[[PRIVATE]]
// LAUNCH:       memref.store %{{.*}}, %[[PRIVATE]]
// LAUNCH:       %[[MERGED:.*]] = memref.load %[[PRIVATE]]
// LAUNCH-NEXT:  memref.store %[[MERGED]], %[[OUT]]
// LAUNCH:       gpu.terminator
#in = affine_map<(i, j) -> (i, j)>
#out = affine_map<(i, j) -> (i)>
foundry.kernel @row_sum_plus_bias(%bias: tensor<8xf32>, %x: tensor<8x1000xf32>) -> tensor<8xf32> {
  %r = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x1000xf32>) outs(%bias : tensor<8xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %s = arith.addf %v, %acc : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  foundry.yield %r : tensor<8xf32>
}
