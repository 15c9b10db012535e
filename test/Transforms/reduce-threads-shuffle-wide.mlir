// RUN: foundry-opt %s --foundry-tile-blocks=sizes=1 "--foundry-reduce-threads=threads=32 shuffle=true" | FileCheck %s

// Shuffles move 32 bits: the partial sums of i64 are merged through shared
// memory alone, every thread's slot read, no warp reduction.
// CHECK-LABEL: foundry.kernel @row_sum_i64
// CHECK:         bufferization.alloc_tensor() {memory_space = #gpu.address_space<workgroup>} : tensor<1x32xi64>
// CHECK:         scf.forall ({{.*}}) in (32)
// CHECK-NOT:       gpu.subgroup_reduce
// CHECK:         mapping = [#gpu.thread<linear_dim_0>]
// CHECK:         linalg.reduce ins(%{{.*}} : tensor<1x32xi64>)
// CHECK-NOT:     gpu.subgroup_reduce
#in = affine_map<(i, j) -> (i, j)>
#out = affine_map<(i, j) -> (i)>
foundry.kernel @row_sum_i64(%x: tensor<8x1000xi64>) -> tensor<8xi64> {
  %zero = arith.constant 0 : i64
  %e = tensor.empty() : tensor<8xi64>
  %f = linalg.fill ins(%zero : i64) outs(%e : tensor<8xi64>) -> tensor<8xi64>
  %r = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x1000xi64>) outs(%f : tensor<8xi64>) {
  ^bb0(%v: i64, %acc: i64):
    %s = arith.addi %v, %acc : i64
    linalg.yield %s : i64
  } -> tensor<8xi64>
  foundry.yield %r : tensor<8xi64>
}
