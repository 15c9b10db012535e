// RUN: foundry-opt %s --foundry-tile-blocks=sizes=1 "--foundry-reduce-threads=threads=32 interleave=2 shuffle=true" | FileCheck %s

// A reduction shorter than the threads' round of pieces (24 elements for
// 32 threads of 2: a split's partial results, combined in a block of their
// own) is taken in contiguous chunks, one element for each of 24 threads,
// and, 24 not being whole warps, merged through shared memory without
// shuffles.
// CHECK-LABEL: foundry.kernel @short_row_max
// CHECK:         bufferization.alloc_tensor() {memory_space = #gpu.address_space<workgroup>} : tensor<1x24xf32>
// CHECK:         scf.forall ({{.*}}) in (24)
// CHECK-NOT:       gpu.subgroup_reduce
// CHECK:         mapping = [#gpu.thread<linear_dim_0>]
// CHECK:         linalg.reduce
// CHECK-SAME:      dimensions = [1]
// CHECK-NOT:     gpu.subgroup_reduce
#in = affine_map<(i, j) -> (i, j)>
#out = affine_map<(i, j) -> (i)>
foundry.kernel @short_row_max(%x: tensor<8x24xf32>) -> tensor<8xf32> {
  %low = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<8xf32>
  %f = linalg.fill ins(%low : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %r = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x24xf32>) outs(%f : tensor<8xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %m = arith.maximumf %v, %acc : f32
    linalg.yield %m : f32
  } -> tensor<8xf32>
  foundry.yield %r : tensor<8xf32>
}
