// RUN: foundry-opt %s --foundry-tile-blocks=sizes=1 "--foundry-reduce-threads=threads=64 interleave=4 welford=true" | FileCheck %s
// RUN: foundry-opt %s --foundry-tile-blocks=sizes=1 "--foundry-reduce-threads=threads=7 welford=true" | FileCheck %s --check-prefix=RAGGED
// RUN: foundry-opt %s --foundry-tile-blocks=sizes=1 "--foundry-reduce-threads=threads=64 welford=true shuffle=true" | FileCheck %s --check-prefix=SHUFFLE

// A row norm: sum, mean = sum / 1024, the sum of (x - mean)^2, then
// (x - mean) * rsqrt(var + eps).
// With welford=true the squared deviations join the sum's pass: each
// thread reads its chunk once and keeps the sum and Welford's count,
// running mean and M2 in four shared slots; the merge combines the
// triples pairwise and adds n (mean - m)^2 for the m the kernel subtracts.
// CHECK-LABEL: foundry.kernel @row_norm
// CHECK:         %[[ROW:.*]] = tensor.expand_shape {{.*}} output_shape [1, 4, 64, 4]
// CHECK-COUNT-4: bufferization.alloc_tensor() {memory_space = #gpu.address_space<workgroup>} : tensor<1x64xf32>
// CHECK:         %[[PARTIAL:.*]]:4 = scf.forall (%[[T:.*]]) in (64) shared_outs(
// CHECK:           %[[CHUNK:.*]] = tensor.extract_slice %[[ROW]][0, 0, %[[T]], 0] [1, 4, 1, 4]
// CHECK:           %[[FUSED:.*]]:4 = linalg.generic
// CHECK-SAME:        ins(%[[CHUNK]] : tensor<1x4x1x4xf32>)
// CHECK:             ^bb0(%[[X:.*]]: f32, %[[SUM:.*]]: f32, %[[N:.*]]: f32, %[[MEAN:.*]]: f32, %[[M2:.*]]: f32):
// CHECK:               %[[NEWSUM:.*]] = arith.addf %[[X]], %[[SUM]]
// CHECK:               %[[COUNT:.*]] = arith.addf %[[N]], %{{.*}}
// CHECK:               %[[DELTA:.*]] = arith.subf %[[X]], %[[MEAN]]
// CHECK:               %[[STEP:.*]] = arith.divf %[[DELTA]], %[[COUNT]] fastmath<afn> : f32
// CHECK:               %[[NEWMEAN:.*]] = arith.addf %[[MEAN]], %[[STEP]]
// CHECK:               %[[AFTER:.*]] = arith.subf %[[X]], %[[NEWMEAN]]
// CHECK:               %[[PRODUCT:.*]] = arith.mulf %[[DELTA]], %[[AFTER]]
// CHECK:               %[[NEWM2:.*]] = arith.addf %[[M2]], %[[PRODUCT]]
// CHECK:               linalg.yield %[[NEWSUM]], %[[COUNT]], %[[NEWMEAN]], %[[NEWM2]]
// CHECK:           tensor.parallel_insert_slice %[[FUSED]]#0
// CHECK:           tensor.parallel_insert_slice %[[FUSED]]#3
// CHECK:         mapping = [#gpu.thread<linear_dim_0>]
// CHECK:         %[[TOTAL:.*]] = linalg.reduce ins(%[[PARTIAL]]#0 : tensor<1x64xf32>)
// CHECK:         %[[CHAN:.*]]:3 = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]
// CHECK-SAME:      ins(%[[PARTIAL]]#1, %[[PARTIAL]]#2, %[[PARTIAL]]#3 : tensor<1x64xf32>, tensor<1x64xf32>, tensor<1x64xf32>)
// CHECK:             ^bb0(%[[NB:.*]]: f32, %[[MB:.*]]: f32, %[[QB:.*]]: f32, %[[NA:.*]]: f32, %[[MA:.*]]: f32, %[[QA:.*]]: f32):
// CHECK:               %[[NSUM:.*]] = arith.addf %[[NA]], %[[NB]]
// CHECK:               %[[WEIGHT:.*]] = arith.divf %[[NB]], %[[NSUM]] : f32
// CHECK:               %[[D:.*]] = arith.subf %[[MB]], %[[MA]]
// CHECK:               linalg.yield %[[NSUM]]
// CHECK:         linalg.generic
// CHECK-SAME:      ins(%[[CHAN]]#0, %[[CHAN]]#1, %[[CHAN]]#2, %[[TOTAL]] : tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>)
// CHECK:             ^bb0(%[[CN:.*]]: f32, %[[CM:.*]]: f32, %[[CQ:.*]]: f32, %[[CS:.*]]: f32, %[[INIT:.*]]: f32):
// CHECK:               %[[KMEAN:.*]] = arith.divf %[[CS]], %{{.*}}
// CHECK:               %[[SHIFT:.*]] = arith.subf %[[CM]], %[[KMEAN]]
// CHECK:               %[[SQ:.*]] = arith.mulf %[[SHIFT]], %[[SHIFT]]
// CHECK:               %[[CORR:.*]] = arith.mulf %[[CN]], %[[SQ]]
// CHECK:               %[[Q:.*]] = arith.addf %[[CQ]], %[[CORR]]
// CHECK:               arith.addf %[[INIT]], %[[Q]]
// CHECK-NOT:     scf.forall ({{.*}}) in (64)
// CHECK:         yield %{{.*}} : tensor<8x1024xf32>

// Chunks that do not divide the row: the same single pass.
// RAGGED-LABEL: foundry.kernel @row_norm
// RAGGED:         scf.forall ({{.*}}) in (7) shared_outs({{.*}}, {{.*}}, {{.*}}, {{.*}})
// RAGGED-NOT:     scf.forall ({{.*}}) in (7)
// RAGGED:         yield %{{.*}} : tensor<8x1024xf32>

// shuffle=true shuffles what is left to shuffle (the fused pass's partial
// results are not): no warp reduction here.
// SHUFFLE-LABEL: foundry.kernel @row_norm
// SHUFFLE:         linalg.yield %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : f32, f32, f32, f32
// SHUFFLE-NOT:     gpu.subgroup_reduce
#in = affine_map<(i, j) -> (i, j)>
#out = affine_map<(i, j) -> (i)>
foundry.kernel @row_norm(%x: tensor<8x1024xf32>) -> tensor<8x1024xf32> {
  %zero = arith.constant 0.0 : f32
  %count = arith.constant 1024.0 : f32
  %eps = arith.constant 1.0e-05 : f32
  %e = tensor.empty() : tensor<8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %sum = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x1024xf32>) outs(%f : tensor<8xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %s = arith.addf %v, %acc : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %e2 = tensor.empty() : tensor<8xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<8xf32>) -> tensor<8xf32>
  %q = linalg.generic {indexing_maps = [#in, #out, #out], iterator_types = ["parallel", "reduction"]}
      ins(%x, %sum : tensor<8x1024xf32>, tensor<8xf32>) outs(%f2 : tensor<8xf32>) {
  ^bb0(%v: f32, %s: f32, %acc: f32):
    %m = arith.divf %s, %count : f32
    %d = arith.subf %v, %m : f32
    %d2 = arith.mulf %d, %d : f32
    %r = arith.addf %d2, %acc : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %ey = tensor.empty() : tensor<8x1024xf32>
  %y = linalg.generic {indexing_maps = [#in, #out, #out, #in], iterator_types = ["parallel", "parallel"]}
      ins(%x, %sum, %q : tensor<8x1024xf32>, tensor<8xf32>, tensor<8xf32>) outs(%ey : tensor<8x1024xf32>) {
  ^bb0(%v: f32, %s: f32, %sq: f32, %o: f32):
    %m = arith.divf %s, %count : f32
    %var = arith.divf %sq, %count : f32
    %ve = arith.addf %var, %eps : f32
    %r = math.rsqrt %ve : f32
    %d = arith.subf %v, %m : f32
    %n = arith.mulf %d, %r : f32
    linalg.yield %n : f32
  } -> tensor<8x1024xf32>
  foundry.yield %y : tensor<8x1024xf32>
}
