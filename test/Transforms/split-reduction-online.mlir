// RUN: foundry-opt %S/split-reduction-cluster.mlir "--foundry-split-reduction=outputs=16 parts=8 cluster=true online=true" | FileCheck %s
// RUN: foundry-opt %s "--foundry-split-reduction=outputs=16 parts=8 cluster=true online=true" | FileCheck %s --check-prefix=LOG
// The kernels compute what they did (CPU JIT against f64): a softmax in
// clusters (its block pass two-pass, and online through
// foundry-reduce-threads{online=true}), without clusters, and a
// log-softmax in clusters.
// RUN: foundry-cpu-run %S/split-reduction-cluster.mlir --reference=f64 --schedule='foundry-invert-divisors,foundry-split-reduction{outputs=16 parts=8 cluster=true online=true},foundry-tile-blocks{fuse=all sizes={1,128} target=result},foundry-reduce-threads{threads=32 interleave=2},foundry-tile-threads{sizes={0,4} interleave=4},foundry-vectorize,foundry-unroll{factor=2}' | FileCheck %s --check-prefix=CPU
// RUN: foundry-cpu-run %S/split-reduction-cluster.mlir --reference=f64 --schedule='foundry-split-reduction{outputs=16 parts=8 cluster=true online=true},foundry-tile-blocks{fuse=all sizes={1,128} target=result},foundry-reduce-threads{threads=32 interleave=2 online=true},foundry-tile-threads{sizes={0,4} interleave=4},foundry-vectorize' | FileCheck %s --check-prefix=CPU
// RUN: foundry-cpu-run %S/split-reduction-cluster.mlir --reference=f64 --schedule='foundry-split-reduction{outputs=16 parts=4 online=true},foundry-tile-blocks{fuse=all sizes={1,256} target=result},foundry-reduce-threads{threads=32}' | FileCheck %s --check-prefix=CPU
// RUN: foundry-cpu-run %s --reference=f64 --schedule='foundry-split-reduction{outputs=16 parts=8 cluster=true online=true},foundry-tile-blocks{fuse=all sizes={1,128} target=result},foundry-reduce-threads{threads=32 interleave=2},foundry-tile-threads{sizes={0,4} interleave=4},foundry-vectorize' | FileCheck %s --check-prefix=CPU
// CPU: mismatches=0/16384 PASS

// A softmax (split-reduction-cluster.mlir): one block tile over (row,
// part) computes the part's maximum m_p and its sum of exp(x - m_p),
// yielding both; the final maximum M and the final sum, which rescales
// each part's sum by exp(m_p - M) (0 for m_p = -inf), are cluster merges.
// CHECK-LABEL: foundry.kernel @softmax
// CHECK:         %[[NEGINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK:         %[[T:.*]]:2 = scf.forall ({{.*}}) in (16, 8)
// CHECK:           %[[MP:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction"]
// CHECK:             arith.maximumf
// CHECK:           linalg.generic {{.*}} ins(%{{.*}}, %[[MP]] : tensor<1x1x128xf32>, tensor<1x1xf32>)
// CHECK:             arith.subf
// CHECK:             math.exp
// CHECK:           %[[SP:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction"]
// CHECK:             arith.addf
// CHECK:           scf.forall.in_parallel
// CHECK-NEXT:        tensor.parallel_insert_slice %[[SP]]
// CHECK-NEXT:        tensor.parallel_insert_slice %[[MP]]
// CHECK:         } {foundry.cluster = 8 : i64, foundry.split_reduction
// CHECK-NOT:     scf.forall
// CHECK:         %[[M:.*]] = linalg.generic {{.*}} ins(%[[T]]#1 : tensor<16x8xf32>) {{.*}} attrs = {foundry.cluster_merge}
// CHECK:         linalg.generic {{.*}} ins(%[[T]]#0, %[[T]]#1, %[[M]] : tensor<16x8xf32>, tensor<16x8xf32>, tensor<16xf32>) {{.*}} attrs = {foundry.cluster_merge}
// CHECK-NEXT:    ^bb0(%[[S:.*]]: f32, %[[MM:.*]]: f32, %[[MAX:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK-NEXT:      %[[D:.*]] = arith.subf %[[MM]], %[[MAX]] : f32
// CHECK-NEXT:      %[[E:.*]] = math.exp %[[D]] : f32
// CHECK-NEXT:      %[[R:.*]] = arith.mulf %[[S]], %[[E]] : f32
// CHECK-NEXT:      %[[EMPTY:.*]] = arith.cmpf oeq, %[[MM]], %[[NEGINF]] : f32
// CHECK-NEXT:      %[[Z:.*]] = arith.select %[[EMPTY]], %{{.*}}, %[[R]] : f32
// CHECK-NEXT:      %[[ADD:.*]] = arith.addf %[[Z]], %[[ACC]] : f32
// CHECK-NEXT:      linalg.yield %[[ADD]] : f32
// CHECK-NOT:     scf.forall
// CHECK:         {{^ *}}yield

// A log-softmax, its exp computed in the sum's body: the sum reads the
// part's maximum there.
// LOG-LABEL: foundry.kernel @logsoftmax
// LOG:         scf.forall ({{.*}}) in (16, 8)
// LOG:           %[[MP:.*]] = linalg.generic
// LOG:             arith.maximumf
// LOG:           linalg.generic {{.*}} ins(%{{.*}}, %[[MP]] : tensor<1x1x128xf32>, tensor<1x1xf32>)
// LOG:             math.exp
// LOG:             arith.addf
// LOG:         } {foundry.cluster = 8 : i64, foundry.split_reduction
// LOG-NOT:     scf.forall
// LOG:         math.log
#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
foundry.kernel @logsoftmax(%x: tensor<16x1024xf32>) -> tensor<16x1024xf32> {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %me = tensor.empty() : tensor<16xf32>
  %mi = linalg.fill ins(%ninf : f32) outs(%me : tensor<16xf32>) -> tensor<16xf32>
  %max = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<16x1024xf32>) outs(%mi : tensor<16xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %m = arith.maximumf %v, %acc : f32
    linalg.yield %m : f32
  } -> tensor<16xf32>
  %si = linalg.fill ins(%zero : f32) outs(%me : tensor<16xf32>) -> tensor<16xf32>
  %sum = linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x, %max : tensor<16x1024xf32>, tensor<16xf32>) outs(%si : tensor<16xf32>) {
  ^bb0(%v: f32, %m: f32, %acc: f32):
    %d = arith.subf %v, %m : f32
    %e = math.exp %d : f32
    %a = arith.addf %e, %acc : f32
    linalg.yield %a : f32
  } -> tensor<16xf32>
  %ye = tensor.empty() : tensor<16x1024xf32>
  %y = linalg.generic {indexing_maps = [#id, #row, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %max, %sum : tensor<16x1024xf32>, tensor<16xf32>, tensor<16xf32>) outs(%ye : tensor<16x1024xf32>) {
  ^bb0(%v: f32, %m: f32, %s: f32, %o: f32):
    %l = math.log %s : f32
    %t = arith.subf %v, %m : f32
    %r = arith.subf %t, %l : f32
    linalg.yield %r : f32
  } -> tensor<16x1024xf32>
  foundry.yield %y : tensor<16x1024xf32>
}
