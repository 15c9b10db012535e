// RUN: foundry-opt %s --pass-pipeline='builtin.module(foundry-tile-blocks{target=contraction sizes=32,32},foundry-tile-blocks{target=contraction sizes=32,32},foundry-tile-blocks{sizes=1})' | FileCheck %s
// RUN: foundry-cpu-run %s --schedule='foundry-tile-blocks{target=contraction sizes=32,32},foundry-tile-threads{sizes=4,4},foundry-tile-blocks{target=contraction sizes=32,32},foundry-tile-threads{sizes=4,4},foundry-tile-blocks{sizes=1},foundry-reduce-threads{threads=32}' | FileCheck %s --check-prefix=CPU

// Two chained nn.Linear layers (x @ W1^T, bias and sigmoid, then @ W2^T)
// and a row sum: each contraction is tiled alone, in order, with only its
// init (the fill) fused. The bias and sigmoid between them are not pulled
// into the second GEMM's tile: an operand computed in the tile is not in
// memory, where mma.sync's fragments load it from. They stay outside every
// block tile, for the naive mapping.
// CHECK-LABEL: foundry.kernel @two_layers
// CHECK:         scf.forall ({{.*}}) = (0, 0) to (64, 96) step (32, 32)
// CHECK:           linalg.fill
// CHECK:           linalg.matmul
// CHECK-NOT:       linalg.generic
// CHECK:         mapping = [#gpu.block<y>, #gpu.block<x>]
// CHECK:         linalg.generic
// CHECK:           arith.addf
// CHECK:           math.exp
// CHECK:         scf.forall ({{.*}}) = (0, 0) to (64, 32) step (32, 32)
// CHECK:           linalg.fill
// CHECK:           linalg.matmul
// CHECK-NOT:       linalg.generic
// CHECK:         mapping = [#gpu.block<y>, #gpu.block<x>]
// CHECK:         scf.forall ({{.*}}) in (64)
// CHECK-NOT:       linalg.matmul
// CHECK:           linalg.generic
// CHECK:         mapping = [#gpu.block<x>]

// The split schedule computes what the naive one does (CPU JIT).
// CPU: schedule vs naive {{.*}} PASS
#id = affine_map<(i, j) -> (i, j)>
#col = affine_map<(i, j) -> (j)>
#row = affine_map<(i, j) -> (i)>
#lhs = affine_map<(m, n, k) -> (m, k)>
#rhsT = affine_map<(m, n, k) -> (n, k)>
#out = affine_map<(m, n, k) -> (m, n)>
foundry.kernel @two_layers(%x: tensor<64x48xf32>, %w1: tensor<96x48xf32>, %b1: tensor<96xf32>, %w2: tensor<32x96xf32>) -> tensor<64xf32> {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %e1 = tensor.empty() : tensor<64x96xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<64x96xf32>) -> tensor<64x96xf32>
  %h = linalg.matmul indexing_maps = [#lhs, #rhsT, #out]
      ins(%x, %w1 : tensor<64x48xf32>, tensor<96x48xf32>) outs(%f1 : tensor<64x96xf32>) -> tensor<64x96xf32>
  %s = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%h, %b1 : tensor<64x96xf32>, tensor<96xf32>) outs(%e1 : tensor<64x96xf32>) {
  ^bb0(%v: f32, %b: f32, %o: f32):
    %a = arith.addf %v, %b : f32
    %n = arith.negf %a : f32
    %ex = math.exp %n : f32
    %d = arith.addf %one, %ex : f32
    %r = arith.divf %one, %d : f32
    linalg.yield %r : f32
  } -> tensor<64x96xf32>
  %e2 = tensor.empty() : tensor<64x32xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<64x32xf32>) -> tensor<64x32xf32>
  %y = linalg.matmul indexing_maps = [#lhs, #rhsT, #out]
      ins(%s, %w2 : tensor<64x96xf32>, tensor<32x96xf32>) outs(%f2 : tensor<64x32xf32>) -> tensor<64x32xf32>
  %e3 = tensor.empty() : tensor<64xf32>
  %f3 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<64xf32>) -> tensor<64xf32>
  %sum = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%y : tensor<64x32xf32>) outs(%f3 : tensor<64xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %a = arith.addf %v, %acc : f32
    linalg.yield %a : f32
  } -> tensor<64xf32>
  foundry.yield %sum : tensor<64xf32>
}
