// RUN: foundry-opt %s --foundry-split-reduction='outputs=8 welford=true' | FileCheck %s --check-prefix=SPLIT
// RUN: foundry-opt %s --pass-pipeline='builtin.module(foundry-split-reduction{outputs=8 welford=true},foundry-tile-blocks{sizes=1,1,16 target=result},foundry-reduce-threads{threads=4 welford=true})' | FileCheck %s --check-prefix=FUSED
// RUN: foundry-opt %s --pass-pipeline='builtin.module(foundry-split-reduction{outputs=8 welford=true},foundry-tile-blocks{sizes=1,1,16 target=result},foundry-reduce-threads{threads=4 welford=true},foundry-tile-threads{sizes=1,1,4},foundry-lower-kernels,foundry-to-nvvm{format=isa})' -o /dev/null
// RUN: foundry-cpu-run %s --reference=f64 --schedule='foundry-split-reduction{outputs=8 welford=true}' | FileCheck %s --check-prefix=CPU
// RUN: foundry-cpu-run %s --reference=f64 --schedule='foundry-split-reduction{outputs=8 welford=true},foundry-tile-blocks{sizes=1,1,16 target=result},foundry-reduce-threads{threads=4 welford=true},foundry-tile-threads{sizes=1,1,4}' | FileCheck %s --check-prefix=CPU
// RUN: foundry-cpu-run %s --reference=f64 --schedule='foundry-split-reduction{outputs=8 parts=2 welford=true},foundry-reduce-threads{threads=2 welford=true}' | FileCheck %s --check-prefix=CPU
// CPU: @batch_norm output #0: schedule vs f64 {{.*}} mismatches=0/512 PASS

// A BatchNorm's statistics per channel (8 channels, each over 4 images of
// 16 elements), split with welford=true: one block per (channel, image)
// sums its 16 elements (S_p) and the squared deviations from its own mean
// S_p / 16, and yields both; the channel's sum adds the S_p, and its sum of
// squared deviations from the mean m is the sum over the parts of
// Q_p + 16 (S_p / 16 - m)^2.
// SPLIT-LABEL: foundry.kernel @batch_norm
// SPLIT-DAG:     %[[N:.*]] = arith.constant 1.600000e+01 : f32
// SPLIT-DAG:     %[[COUNT:.*]] = arith.constant 6.400000e+01 : f32
// SPLIT:         %[[PARTS:.*]]:2 = scf.forall (%{{.*}}, %{{.*}}) in (8, 4) shared_outs({{.*}}) -> (tensor<8x4xf32>, tensor<8x4xf32>) {
// SPLIT:           %[[S:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[X:.*]] : tensor<1x1x16xf32>)
// SPLIT:             arith.addf
// SPLIT:           %[[Q:.*]] = linalg.generic {{.*}} ins(%[[X]], %[[S]] : tensor<1x1x16xf32>, tensor<1x1xf32>)
// SPLIT:           ^bb0(%[[V:.*]]: f32, %[[SP:.*]]: f32, %[[ACC:.*]]: f32):
// SPLIT:             %[[MEAN:.*]] = arith.divf %[[SP]], %[[N]] : f32
// SPLIT:             %[[D:.*]] = arith.subf %[[V]], %[[MEAN]] : f32
// SPLIT:             %[[SQ:.*]] = arith.mulf %[[D]], %[[D]] : f32
// SPLIT:             arith.addf %[[SQ]], %[[ACC]] : f32
// SPLIT:           scf.forall.in_parallel {
// SPLIT-NEXT:        tensor.parallel_insert_slice %[[Q]]
// SPLIT-NEXT:        tensor.parallel_insert_slice %[[S]]
// SPLIT:         } {foundry.split_reduction, mapping = [#gpu.block<y>, #gpu.block<x>]}
// SPLIT:         %[[SUMS:.*]] = scf.forall (%{{.*}}) in (8) {{.*}} -> (tensor<8xf32>)
// SPLIT:           tensor.extract_slice %[[PARTS]]#1
// SPLIT:         } {foundry.split_reduction, mapping = [#gpu.block<x>]}
// SPLIT:         scf.forall (%{{.*}}) in (8) {{.*}} -> (tensor<8xf32>)
// SPLIT-DAG:       tensor.extract_slice %[[PARTS]]#0
// SPLIT-DAG:       tensor.extract_slice %[[PARTS]]#1
// SPLIT-DAG:       tensor.extract_slice %[[SUMS]]
// SPLIT:           linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]}
// SPLIT:           ^bb0(%[[QP:.*]]: f32, %[[SP2:.*]]: f32, %[[M:.*]]: f32, %[[OUT:.*]]: f32):
// SPLIT:             %[[MP:.*]] = arith.divf %[[SP2]], %[[N]] : f32
// SPLIT:             %[[SHIFT:.*]] = arith.subf %[[MP]], %[[M]] : f32
// SPLIT:             %[[SHIFT2:.*]] = arith.mulf %[[SHIFT]], %[[SHIFT]] : f32
// SPLIT:             %[[WEIGHTED:.*]] = arith.mulf %[[SHIFT2]], %[[N]] : f32
// SPLIT:             %[[PART:.*]] = arith.addf %[[QP]], %[[WEIGHTED]] : f32
// SPLIT:             arith.addf %[[OUT]], %[[PART]] : f32
// SPLIT:         } {foundry.split_reduction, mapping = [#gpu.block<x>]}

// With foundry-reduce-threads{welford=true}, each part's block reads its
// chunk once: one per-thread reduction with four results (the sum, and the
// count, mean and M2 of Welford), and no other read of x in the block.
// FUSED-LABEL: foundry.kernel @batch_norm
// FUSED:         scf.forall (%{{.*}}, %{{.*}}) in (8, 4) shared_outs({{.*}}) -> (tensor<8x4xf32>, tensor<8x4xf32>) {
// FUSED-COUNT-1:   tensor.extract_slice %{{.*}} : tensor<4x8x16xf32> to
// FUSED:           scf.forall (%{{.*}}) in (4)
// FUSED:             %{{.*}}:4 = linalg.generic
// FUSED:           } {mapping = [#gpu.thread<linear_dim_0>]}
// FUSED-NOT:       scf.forall (%{{.*}}) in (4)
// FUSED:         } {foundry.split_reduction, mapping = [#gpu.block<y>, #gpu.block<x>]}
#x = affine_map<(c, n, w) -> (n, c, w)>
#ch = affine_map<(c, n, w) -> (c)>
#id1 = affine_map<(c) -> (c)>
#id3 = affine_map<(n, c, w) -> (n, c, w)>
#c3 = affine_map<(n, c, w) -> (c)>
foundry.kernel @batch_norm(%x: tensor<4x8x16xf32>) -> tensor<4x8x16xf32> {
  %zero = arith.constant 0.0 : f32
  %count = arith.constant 64.0 : f32
  %eps = arith.constant 1.0e-05 : f32
  %e = tensor.empty() : tensor<8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %s = linalg.generic {indexing_maps = [#x, #ch], iterator_types = ["parallel", "reduction", "reduction"]}
      ins(%x : tensor<4x8x16xf32>) outs(%f : tensor<8xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %r = arith.addf %v, %acc : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %mean = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]}
      ins(%s : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%t: f32, %o: f32):
    %m = arith.divf %t, %count : f32
    linalg.yield %m : f32
  } -> tensor<8xf32>
  %q = linalg.generic {indexing_maps = [#x, #ch, #ch], iterator_types = ["parallel", "reduction", "reduction"]}
      ins(%x, %mean : tensor<4x8x16xf32>, tensor<8xf32>) outs(%f : tensor<8xf32>) {
  ^bb0(%v: f32, %m: f32, %acc: f32):
    %d = arith.subf %v, %m : f32
    %d2 = arith.mulf %d, %d : f32
    %r = arith.addf %d2, %acc : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %inv = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]}
      ins(%q : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%t: f32, %o: f32):
    %var = arith.divf %t, %count : f32
    %shifted = arith.addf %var, %eps : f32
    %r = math.rsqrt %shifted : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %ye = tensor.empty() : tensor<4x8x16xf32>
  %y = linalg.generic {indexing_maps = [#id3, #c3, #c3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x, %mean, %inv : tensor<4x8x16xf32>, tensor<8xf32>, tensor<8xf32>) outs(%ye : tensor<4x8x16xf32>) {
  ^bb0(%v: f32, %m: f32, %r: f32, %o: f32):
    %c = arith.subf %v, %m : f32
    %n = arith.mulf %c, %r : f32
    linalg.yield %n : f32
  } -> tensor<4x8x16xf32>
  foundry.yield %y : tensor<4x8x16xf32>
}
