// RUN: foundry-opt %s --foundry-tile-blocks="sizes=1,4" | FileCheck %s --check-prefix=ALL
// RUN: foundry-opt %s --foundry-tile-blocks="sizes=1,4 fuse=elementwise" | FileCheck %s --check-prefix=ELEM
// RUN: not foundry-opt %s --foundry-tile-blocks="sizes=1,4 fuse=some" 2>&1 | FileCheck %s --check-prefix=BAD
// A scan on the CPU with its offsets left to the naive mapping computes what
// the naive schedule does.
// RUN: foundry-cpu-run %foundry_src_root/bench/kernelbench/level1/89_cumsum_small.mlir --schedule='foundry-tile-blocks{sizes=1,2,2,0 fuse=elementwise},foundry-tile-threads{sizes=0,1,1,1},foundry-vectorize' | FileCheck %s --check-prefix=CPU
// RUN: foundry-cpu-run %foundry_src_root/bench/kernelbench/level1/91_cumsum_reverse_small.mlir --schedule='foundry-tile-blocks{sizes=1,1,4,0 fuse=elementwise}' | FileCheck %s --check-prefix=CPU

// A scan's last level: y[i, j] = off[i] + x[i, j], the offsets a row sum
// broadcast into the init. By default the row sum (a reduction) and the
// broadcast are fused into every 1x4 tile, each tile summing its whole row.
// ALL-LABEL: foundry.kernel @offsets
// ALL:         scf.forall ({{.*}}) = (0, 0) to (8, 16) step (1, 4)
// ALL:           linalg.fill
// ALL:           linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]
// ALL:           linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]
// ALL:           linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]
// ALL:           scf.forall.in_parallel

// With fuse=elementwise the row sum is computed once, before the tiles; the
// broadcast (no reduction loop) is still fused.
// ELEM-LABEL: foundry.kernel @offsets
// ELEM:         linalg.fill
// ELEM:         %[[SUM:.*]] = linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]
// ELEM:         scf.forall ({{.*}}) = (0, 0) to (8, 16) step (1, 4)
// ELEM-NOT:       linalg.fill
// ELEM-NOT:       "reduction"
// ELEM:           linalg.generic {{.*}}ins(%{{.*}} : tensor<1xf32>)
// ELEM:           linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]
// ELEM:           scf.forall.in_parallel

// BAD: error: 'foundry.kernel' op foundry-tile-blocks: fuse must be all or elementwise, got 'some'

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
