// RUN: foundry-opt %s --pass-pipeline='builtin.module(foundry-tile-blocks{target=reduction sizes=2},foundry-tile-blocks{sizes=1,4 fuse=elementwise})' | FileCheck %s
// RUN: not foundry-opt %s --pass-pipeline='builtin.module(foundry-tile-blocks{target=reduction sizes=2},foundry-tile-blocks{target=reduction sizes=2})' 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: foundry-opt %s --pass-pipeline='builtin.module(foundry-tile-blocks{target=reduction sizes=2},foundry-tile-threads{sizes=1},foundry-tile-blocks{sizes=1,4 fuse=elementwise},foundry-tile-threads{sizes=1,1},foundry-lower-kernels,foundry-to-nvvm{format=isa})' -o /dev/null
// The scans on the CPU with every level a block tile of its own compute
// what the naive schedule does.
// RUN: foundry-cpu-run %foundry_src_root/bench/kernelbench/level1/89_cumsum_small.mlir --schedule='foundry-tile-blocks{target=reduction sizes=1,5,0},foundry-tile-threads{sizes=0,0,1},foundry-tile-blocks{target=reduction sizes=1,0},foundry-tile-threads{sizes=0,1},foundry-tile-blocks{target=reduction sizes=1,0},foundry-tile-threads{sizes=0,1},foundry-tile-blocks{target=reduction sizes=1,5,0},foundry-tile-threads{sizes=0,1,1},foundry-tile-blocks{fuse=elementwise sizes=1,1,4,0},foundry-tile-threads{sizes=0,0,1,1},foundry-vectorize' | FileCheck %s --check-prefix=CPU
// RUN: foundry-cpu-run %foundry_src_root/bench/kernelbench/level1/91_cumsum_reverse_small.mlir --schedule='foundry-tile-blocks{target=reduction sizes=1,2,0},foundry-tile-blocks{target=reduction sizes=1,0},foundry-tile-blocks{target=reduction sizes=1,0},foundry-tile-blocks{target=reduction sizes=1,3,0},foundry-tile-blocks{fuse=elementwise sizes=1,1,4,0}' | FileCheck %s --check-prefix=CPU

// target=reduction tiles the row sum, not the result's producer, as a
// kernel of its own with its fill; the root then fuses only the broadcast.
// CHECK-LABEL: foundry.kernel @offsets
// CHECK:         %[[SUM:.*]] = scf.forall ({{.*}}) = (0) to (8) step (2)
// CHECK:           linalg.fill
// CHECK:           linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]
// CHECK:         mapping = [#gpu.block<x>]
// CHECK:         scf.forall ({{.*}}) = (0, 0) to (8, 16) step (1, 4)
// CHECK-NOT:       "reduction"
// CHECK:           linalg.generic {{.*}}ins(%{{.*}} : tensor<1xf32>)
// CHECK:           linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]
// CHECK:           scf.forall.in_parallel

// NONE: error: 'foundry.kernel' op foundry-tile-blocks: target=reduction, but the kernel has no reduction outside a block tile besides the producer of its result

// CPU: mismatches=0/{{[0-9]+}} PASS
#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
foundry.kernel @offsets(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %zero = arith.constant 0.0 : f32
  %re = tensor.empty() : tensor<8xf32>
  %rf = linalg.fill ins(%zero : f32) outs(%re : tensor<8xf32>) -> tensor<8xf32>
  %sum = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x16xf32>) outs(%rf : tensor<8xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %acc, %in : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %e = tensor.empty() : tensor<8x16xf32>
  %init = linalg.generic {indexing_maps = [#row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%sum : tensor<8xf32>) outs(%e : tensor<8x16xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<8x16xf32>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<8x16xf32>) outs(%init : tensor<8x16xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %acc, %in : f32
    linalg.yield %s : f32
  } -> tensor<8x16xf32>
  foundry.yield %y : tensor<8x16xf32>
}
