// RUN: foundry-opt %s --foundry-tile-blocks=sizes=1 "--foundry-reduce-threads=threads=64 interleave=4 online=true" | FileCheck %s
// RUN: foundry-opt %s --foundry-tile-blocks=sizes=1 "--foundry-reduce-threads=threads=64 online=true shuffle=true" | FileCheck %s --check-prefix=SHUFFLE
// RUN: foundry-opt %s --foundry-tile-blocks=sizes=1 "--foundry-reduce-threads=threads=7 online=true" | FileCheck %s --check-prefix=RAGGED

// The row max and the sum of exp(x - max) become one pass: each thread
// reads its interleaved chunk once, keeping a running maximum and a sum
// rescaled as it grows (one exp per element), into two shared slots; the
// merge takes the maximum of the maxima, then the sum of s * exp(m - M).
// CHECK-LABEL: foundry.kernel @softmax
// CHECK:         %[[ROW:.*]] = tensor.expand_shape {{.*}} output_shape [1, 4, 64, 4]
// CHECK:         %[[M:.*]] = bufferization.alloc_tensor() {memory_space = #gpu.address_space<workgroup>} : tensor<1x64xf32>
// CHECK:         %[[S:.*]] = bufferization.alloc_tensor() {memory_space = #gpu.address_space<workgroup>} : tensor<1x64xf32>
// CHECK:         %[[PARTIAL:.*]]:2 = scf.forall (%[[T:.*]]) in (64) shared_outs(%{{.*}} = %[[M]], %{{.*}} = %[[S]])
// CHECK:           %[[CHUNK:.*]] = tensor.extract_slice %[[ROW]][0, 0, %[[T]], 0] [1, 4, 1, 4]
// CHECK:           %[[ONLINE:.*]]:2 = linalg.generic
// CHECK-SAME:        ins(%[[CHUNK]] : tensor<1x4x1x4xf32>)
// CHECK:             ^bb0(%[[X:.*]]: f32, %[[RUNMAX:.*]]: f32, %[[RUNSUM:.*]]: f32):
// CHECK:               %[[NEWMAX:.*]] = arith.maximumf %[[X]], %[[RUNMAX]]
// CHECK:               %[[LOW:.*]] = arith.minimumf %[[X]], %[[RUNMAX]]
// CHECK:               %[[SAME:.*]] = arith.cmpf oeq, %[[LOW]], %[[NEWMAX]]
// CHECK:               %[[DIFF:.*]] = arith.subf %[[LOW]], %[[NEWMAX]]
// CHECK:               %[[ARG:.*]] = arith.select %[[SAME]], %{{.*}}, %[[DIFF]]
// CHECK:               %[[W:.*]] = math.exp %[[ARG]]
// CHECK:               %[[GREW:.*]] = arith.cmpf ogt, %[[X]], %[[RUNMAX]]
// CHECK:               %[[SCALED:.*]] = arith.mulf %[[RUNSUM]], %[[W]]
// CHECK:               %[[RESCALED:.*]] = arith.addf %[[SCALED]], %{{.*}}
// CHECK:               %[[ADDED:.*]] = arith.addf %[[RUNSUM]], %[[W]]
// CHECK:               %[[NEWSUM:.*]] = arith.select %[[GREW]], %[[RESCALED]], %[[ADDED]]
// CHECK:               linalg.yield %[[NEWMAX]], %[[NEWSUM]]
// CHECK:           tensor.parallel_insert_slice %[[ONLINE]]#0
// CHECK:           tensor.parallel_insert_slice %[[ONLINE]]#1
// CHECK:         mapping = [#gpu.thread<linear_dim_0>]
// CHECK:         %[[MAX:.*]] = linalg.reduce ins(%[[PARTIAL]]#0 : tensor<1x64xf32>)
// CHECK:           arith.maximumf
// CHECK:         %[[SUM:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]
// CHECK-SAME:      ins(%[[PARTIAL]]#0, %[[PARTIAL]]#1, %[[MAX]] : tensor<1x64xf32>, tensor<1x64xf32>, tensor<1xf32>)
// CHECK:           %[[SHIFT:.*]] = arith.subf
// CHECK:           %[[SCALE:.*]] = math.exp %[[SHIFT]]
// CHECK:           arith.mulf %{{.*}}, %[[SCALE]]
// CHECK:           arith.addf
// CHECK-NOT:     scf.forall ({{.*}}) in (64)
// CHECK:         arith.divf

// With shuffle=true the fused pair is not shuffled (its partial results are
// pairs): no warp reduction is left.
// SHUFFLE-LABEL: foundry.kernel @softmax
// SHUFFLE:         linalg.yield %{{.*}}, %{{.*}} : f32, f32
// SHUFFLE-NOT:     gpu.subgroup_reduce

// Chunks that do not divide the row (affine.min sizes, computed by each
// body) are still recognized as the same.
// RAGGED-LABEL: foundry.kernel @softmax
// RAGGED:         scf.forall ({{.*}}) in (7) shared_outs({{.*}}, {{.*}})
// RAGGED-NOT:     scf.forall ({{.*}}) in (7)

#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
foundry.kernel @softmax(%x: tensor<8x1024xf32>) -> tensor<8x1024xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %re = tensor.empty() : tensor<8xf32>
  %mi = linalg.fill ins(%ninf : f32) outs(%re : tensor<8xf32>) -> tensor<8xf32>
  %max = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x1024xf32>) outs(%mi : tensor<8xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %m = arith.maximumf %v, %acc : f32
    linalg.yield %m : f32
  } -> tensor<8xf32>
  %si = linalg.fill ins(%zero : f32) outs(%re : tensor<8xf32>) -> tensor<8xf32>
  %sum = linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x, %max : tensor<8x1024xf32>, tensor<8xf32>) outs(%si : tensor<8xf32>) {
  ^bb0(%v: f32, %m: f32, %acc: f32):
    %d = arith.subf %v, %m : f32
    %e = math.exp %d : f32
    %s = arith.addf %e, %acc : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %oe = tensor.empty() : tensor<8x1024xf32>
  %y = linalg.generic {indexing_maps = [#id, #row, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %max, %sum : tensor<8x1024xf32>, tensor<8xf32>, tensor<8xf32>) outs(%oe : tensor<8x1024xf32>) {
  ^bb0(%v: f32, %m: f32, %s: f32, %o: f32):
    %d = arith.subf %v, %m : f32
    %e = math.exp %d : f32
    %r = arith.divf %e, %s : f32
    linalg.yield %r : f32
  } -> tensor<8x1024xf32>
  foundry.yield %y : tensor<8x1024xf32>
}
