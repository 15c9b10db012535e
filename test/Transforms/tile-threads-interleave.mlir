// RUN: foundry-opt %s --foundry-tile-blocks=sizes=1 --foundry-tile-threads="sizes=1,32 interleave=4" | FileCheck %s
// RUN: foundry-opt %s --foundry-tile-blocks=sizes=1 --foundry-tile-threads="sizes=1,32 interleave=4" --foundry-vectorize --foundry-bufferize --foundry-map-forall-to-gpu | FileCheck %s --check-prefix=LAUNCH
// RUN: not foundry-opt %s --foundry-tile-blocks=sizes=1 --foundry-tile-threads="sizes=1,30 interleave=4" 2>&1 | FileCheck %s --check-prefix=WIDTH
// RUN: not foundry-opt %s --foundry-tile-blocks=sizes=1 --foundry-tile-threads="sizes=1,32 interleave=-2" 2>&1 | FileCheck %s --check-prefix=NEGATIVE

// A row of 1024 over threads with 32-element tiles, interleaved by 4: the
// row becomes [8 steps, 32 threads, 4], thread t takes elements 4t..4t+3 of
// each 128-element step, in an scf.for; the exp producer is fused per piece.
// CHECK-LABEL: foundry.kernel @exp_scale
// CHECK:         scf.forall ({{.*}}) in (4)
// CHECK:           tensor.expand_shape {{.*}} output_shape [1, 8, 32, 4] : tensor<1x1024xf32> into tensor<1x8x32x4xf32>
// CHECK:           scf.forall ({{.*}}, %[[T:.*]]) in (1, 32)
// CHECK:             tensor.extract_slice {{.*}}[0, 0, %[[T]], 0] [1, 8, 1, 4] [1, 1, 1, 1]
// CHECK:             scf.for {{.*}} = %c0 to %c8 step %c1
// CHECK:               linalg.generic {{.*}} ins({{.*}} : tensor<1x1x1x4xf32>)
// CHECK:                 math.exp
// CHECK:               linalg.generic {{.*}} ins({{.*}} : tensor<1x1x1x4xf32>)
// CHECK:                 arith.mulf
// CHECK:           mapping = [#gpu.thread<y>, #gpu.thread<x>]
// CHECK:         tensor.collapse_shape {{.*}} : tensor<1x8x32x4xf32> into tensor<1x1024xf32>
// Every piece is one aligned 16-byte load and store.
// LAUNCH: gpu.launch
// LAUNCH: scf.for
// LAUNCH:   vector.load {{.*}} {alignment = 16 : i64} {{.*}} vector<4xf32>
// LAUNCH:   vector.store {{.*}} {alignment = 16 : i64} {{.*}} vector<4xf32>
// WIDTH: error: 'linalg.generic' op foundry-tile-threads: interleaving needs a thread tile (30) that divides the loop (1024) and is a multiple of the piece width (4)
// NEGATIVE: error: foundry-tile-threads: interleave must be 0 (contiguous tiles) or a piece width, got -2
#id = affine_map<(i, j) -> (i, j)>
foundry.kernel @exp_scale(%x: tensor<4x1024xf32>) -> tensor<4x1024xf32> {
  %two = arith.constant 2.0 : f32
  %e0 = tensor.empty() : tensor<4x1024xf32>
  %exp = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<4x1024xf32>) outs(%e0 : tensor<4x1024xf32>) {
  ^bb0(%v: f32, %o: f32):
    %e = math.exp %v : f32
    linalg.yield %e : f32
  } -> tensor<4x1024xf32>
  %e1 = tensor.empty() : tensor<4x1024xf32>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%exp : tensor<4x1024xf32>) outs(%e1 : tensor<4x1024xf32>) {
  ^bb0(%v: f32, %o: f32):
    %m = arith.mulf %v, %two : f32
    linalg.yield %m : f32
  } -> tensor<4x1024xf32>
  foundry.yield %y : tensor<4x1024xf32>
}
