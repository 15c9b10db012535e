// RUN: foundry-opt %s -split-input-file --foundry-tile-blocks=sizes=32,64 | FileCheck %s
// RUN: not foundry-opt %s -split-input-file --foundry-tile-blocks=sizes=-1 2>&1 | FileCheck %s --check-prefix=NEG
// RUN: not foundry-opt %s -split-input-file --foundry-tile-blocks=sizes=0,0 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: not foundry-opt %s -split-input-file --foundry-tile-blocks=sizes=1,1,1,1 2>&1 | FileCheck %s --check-prefix=MANY
// RUN: not foundry-opt %s -split-input-file --foundry-tile-blocks=sizes=1,1 2>&1 | FileCheck %s --check-prefix=GRID

// The root (the epilogue producing the result) is tiled into a block forall,
// innermost tiled loop to block x, and the matmul and the fill are fused into
// the tile; 100 rows in tiles of 32 leave a ragged last tile (affine.min).
// CHECK-LABEL: foundry.kernel @matmul_bias
// CHECK:         scf.forall ({{.*}}) = (0, 0) to (100, 128) step (32, 64)
// CHECK:           affine.min
// CHECK:           linalg.fill
// CHECK:           linalg.matmul
// CHECK:           linalg.generic
// CHECK:           scf.forall.in_parallel
// CHECK:         mapping = [#gpu.block<y>, #gpu.block<x>]
// CHECK-NOT:     linalg.matmul
// NEG: error: 'linalg.generic' op foundry-tile-blocks: tile size #0 is -1; tile sizes are 0 (not tiled) or positive
// ZERO: error: 'linalg.generic' op foundry-tile-blocks: at least one tile size must be positive
// MANY: error: 'linalg.generic' op foundry-tile-blocks: got 4 tile sizes but the op has only 2 parallel loops
#id = affine_map<(i, j) -> (i, j)>
foundry.kernel @matmul_bias(%a: tensor<100x16xf32>, %b: tensor<16x128xf32>) -> tensor<100x128xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<100x128xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<100x128xf32>) -> tensor<100x128xf32>
  %m = linalg.matmul ins(%a, %b : tensor<100x16xf32>, tensor<16x128xf32>) outs(%f : tensor<100x128xf32>) -> tensor<100x128xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%m : tensor<100x128xf32>) outs(%e : tensor<100x128xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.maximumf %x, %zero : f32
    linalg.yield %y : f32
  } -> tensor<100x128xf32>
  foundry.yield %r : tensor<100x128xf32>
}

// -----

// Tiles of 1 over 70000 rows would need 70000 blocks along grid y.
// GRID: error: 'linalg.generic' op foundry-tile-blocks: 70000 blocks along grid y exceed the limit of 65535
#id = affine_map<(i, j) -> (i, j)>
foundry.kernel @tall(%a: tensor<70000x4xf32>) -> tensor<70000x4xf32> {
  %e = tensor.empty() : tensor<70000x4xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<70000x4xf32>) outs(%e : tensor<70000x4xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<70000x4xf32>
  foundry.yield %r : tensor<70000x4xf32>
}
