// RUN: foundry-opt %s "--foundry-split-reduction=outputs=16 parts=8 cluster=true" | FileCheck %s
// RUN: foundry-opt %s "--foundry-split-reduction=outputs=16 parts=8 cluster=true" "--foundry-tile-blocks=fuse=all sizes=1,128 target=result" "--foundry-reduce-threads=threads=32 interleave=2" | FileCheck %s --check-prefix=FUSED
// RUN: foundry-opt %s "--foundry-split-reduction=outputs=16 parts=8 cluster=true" "--foundry-tile-blocks=fuse=all sizes=1,128 target=result" "--foundry-reduce-threads=threads=32 interleave=2" --foundry-bufferize | foundry-opt --pass-pipeline="builtin.module(func.func(foundry-map-forall-to-gpu))" | FileCheck %s --check-prefix=LAUNCH

// A softmax over 16 rows of 1024 with the parts of a row as one cluster:
// the row maximum's and the sum's partial results are block tiles over
// (row, part) marked with the cluster's size, the sum's tile computing
// exp(x - max) itself (the reshape into parts moved above the exp), the
// final reductions left in the kernel for the root's tiling.
// CHECK-LABEL: foundry.kernel @softmax
// CHECK: scf.forall ({{.*}}) in (16, 8)
// CHECK: arith.maximumf
// CHECK: } {foundry.cluster = 8 : i64, foundry.split_reduction, mapping = [#gpu.block<y>, #gpu.block<x>]}
// CHECK: scf.forall ({{.*}}) in (16, 8)
// CHECK: math.exp
// CHECK: arith.addf
// CHECK: } {foundry.cluster = 8 : i64, foundry.split_reduction, mapping = [#gpu.block<y>, #gpu.block<x>]}
// CHECK: linalg.generic {{.*}} ins(%{{.*}} : tensor<16x8xf32>) {{.*}} attrs = {foundry.cluster_merge}
// CHECK-NOT: scf.forall
// CHECK: {{^ *}}yield

// The root tiled (row, part) like the partial results, each block merging
// its row's 8 partial results over 8 threads (no interleaving), the
// parts' own reductions over 32 threads, 2 elements in turn.
// FUSED: scf.forall ({{.*}}) in (16, 8)
// FUSED: scf.forall (%{{.*}}) in (32)
// FUSED: scf.forall ({{.*}}) in (16, 8)
// FUSED: scf.forall (%{{.*}}) in (8)
// FUSED: scf.forall (%{{.*}}) in (32)
// FUSED: scf.forall ({{.*}}) = (0, 0) to (16, 1024) step (1, 128)
// FUSED: scf.forall (%{{.*}}) in (8)
// FUSED: scf.forall (%{{.*}}) in (8)

// One launch of clusters of 8 blocks along x, a cluster barrier before the
// second and the third tile's code.
// LAUNCH-LABEL: func.func @softmax
// (The sizes: test/Pipelines/cluster-ptx.mlir.)
// LAUNCH: gpu.launch clusters({{.*}}) in ({{.*}}) blocks({{.*}}) in ({{.*}}) threads
// LAUNCH: nvvm.cluster.arrive
// LAUNCH-NEXT: nvvm.cluster.wait
// LAUNCH: nvvm.cluster.arrive
// LAUNCH-NEXT: nvvm.cluster.wait
// LAUNCH-NOT: gpu.launch
// LAUNCH: return
#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
foundry.kernel @softmax(%x: tensor<16x1024xf32>) -> tensor<16x1024xf32> {
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
  %ee = tensor.empty() : tensor<16x1024xf32>
  %exp = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %max : tensor<16x1024xf32>, tensor<16xf32>) outs(%ee : tensor<16x1024xf32>) {
  ^bb0(%v: f32, %m: f32, %o: f32):
    %d = arith.subf %v, %m : f32
    %e = math.exp %d : f32
    linalg.yield %e : f32
  } -> tensor<16x1024xf32>
  %se = tensor.empty() : tensor<16xf32>
  %si = linalg.fill ins(%zero : f32) outs(%se : tensor<16xf32>) -> tensor<16xf32>
  %sum = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%exp : tensor<16x1024xf32>) outs(%si : tensor<16xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %s = arith.addf %v, %acc : f32
    linalg.yield %s : f32
  } -> tensor<16xf32>
  %ye = tensor.empty() : tensor<16x1024xf32>
  %y = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%exp, %sum : tensor<16x1024xf32>, tensor<16xf32>) outs(%ye : tensor<16x1024xf32>) {
  ^bb0(%e: f32, %s: f32, %o: f32):
    %q = arith.divf %e, %s : f32
    linalg.yield %q : f32
  } -> tensor<16x1024xf32>
  foundry.yield %y : tensor<16x1024xf32>
}
