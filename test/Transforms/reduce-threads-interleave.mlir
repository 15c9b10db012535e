// RUN: foundry-opt %s --foundry-tile-blocks=sizes=1 --foundry-reduce-threads="threads=8 interleave=1" | FileCheck %s
// RUN: not foundry-opt %s --foundry-tile-blocks=sizes=1 --foundry-reduce-threads="threads=16 interleave=4" 2>&1 | FileCheck %s --check-prefix=EXTENT
// RUN: not foundry-opt %s --foundry-tile-blocks=sizes=1 --foundry-reduce-threads="threads=8 interleave=-1" 2>&1 | FileCheck %s --check-prefix=NEGATIVE

// Interleaved partial reductions: the row of 1000 is reshaped to
// [125 pieces, 8 threads, 1], so thread t reduces elements t, t + 8, ...
// (neighbouring threads read neighbouring elements); the exp feeding the sum
// is fused into the reduction's body, with no per-thread buffer.
// CHECK-LABEL: foundry.kernel @sum_exp
// CHECK:         scf.forall ({{.*}}) in (4)
// CHECK:           %[[ROW:.*]] = tensor.expand_shape {{.*}} output_shape [1, 125, 8, 1] : tensor<1x1000xf32> into tensor<1x125x8x1xf32>
// CHECK:           scf.forall (%[[T:.*]]) in (8)
// CHECK:             tensor.extract_slice %[[ROW]][0, 0, %[[T]], 0] [1, 125, 1, 1] [1, 1, 1, 1]
// CHECK:             linalg.generic {{.*}} iterator_types = ["parallel", "reduction", "reduction", "reduction"]
// CHECK:               math.exp
// CHECK:               arith.addf
// CHECK:           mapping = [#gpu.thread<linear_dim_0>]
// CHECK:           linalg.reduce ins({{.*}} : tensor<1x8xf32>)
// EXTENT: error: 'linalg.generic' op foundry-reduce-threads: interleaving needs a loop extent that is a multiple of 16 units x 4 elements, got 1000
// NEGATIVE: error: foundry-reduce-threads: interleave must be 0 (contiguous chunks) or a piece width, got -1
#in = affine_map<(i, j) -> (i, j)>
#out = affine_map<(i, j) -> (i)>
foundry.kernel @sum_exp(%x: tensor<4x1000xf32>) -> tensor<4xf32> {
  %zero = arith.constant 0.0 : f32
  %ee = tensor.empty() : tensor<4x1000xf32>
  %exp = linalg.generic {indexing_maps = [#in, #in], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<4x1000xf32>) outs(%ee : tensor<4x1000xf32>) {
  ^bb0(%v: f32, %o: f32):
    %e = math.exp %v : f32
    linalg.yield %e : f32
  } -> tensor<4x1000xf32>
  %e = tensor.empty() : tensor<4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction"]}
      ins(%exp : tensor<4x1000xf32>) outs(%f : tensor<4xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %s = arith.addf %v, %acc : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  foundry.yield %r : tensor<4xf32>
}
