// RUN: foundry-opt %s --pass-pipeline='builtin.module(foundry-split-reduction{outputs=64 parts=8 width=32},foundry-tile-threads{sizes=1})' | FileCheck %s
// RUN: foundry-opt %s --pass-pipeline='builtin.module(foundry-split-reduction{outputs=64 parts=8 width=32},foundry-tile-threads{sizes=1},foundry-vectorize,foundry-lower-kernels,foundry-to-nvvm{format=isa})' -o /dev/null
// RUN: foundry-cpu-run %s --reference=f64 --schedule='foundry-split-reduction{outputs=64 parts=8 width=32},foundry-tile-threads{sizes=1},foundry-vectorize' | FileCheck %s --check-prefix=CPU
// RUN: not foundry-opt %s --foundry-split-reduction='outputs=64 parts=8 width=48' 2>&1 | FileCheck %s --check-prefix=DIVIDE
// RUN: not foundry-opt %s --foundry-split-reduction='width=32' 2>&1 | FileCheck %s --check-prefix=OUTPUTS

// With width=32, a column sum (1024 rows of 64 columns, the rows reduced)
// is split into 8 parts of 128 rows, each block taking 32 consecutive
// columns of one part, one column per thread after foundry-tile-threads (a
// warp reads 32 consecutive floats of a row); the final sums of the parts
// take 32 columns per block too.
// CHECK-LABEL: foundry.kernel @column_sum
// CHECK:         tensor.expand_shape %{{.*}} {{\[}}[0, 1], [2]] output_shape [8, 128, 64]
// CHECK:         scf.forall (%[[C:.*]], %[[P:.*]]) = (0, 0) to (64, 8) step (32, 1) {{.*}} -> (tensor<64x8xf32>)
// CHECK:           tensor.extract_slice %{{.*}}[%[[P]], 0, %[[C]]] [1, 128, 32]
// CHECK:           scf.forall (%{{.*}}) in (32) {{.*}} -> (tensor<32x1xf32>)
// CHECK:           } {mapping = [#gpu.thread<x>]}
// CHECK:         } {mapping = [#gpu.block<y>, #gpu.block<x>]}
// CHECK:         scf.forall (%{{.*}}) = (0) to (64) step (32) {{.*}} -> (tensor<64xf32>)
// CHECK:           scf.forall (%{{.*}}) in (32) {{.*}} -> (tensor<32xf32>)
// CHECK:           } {mapping = [#gpu.thread<x>]}
// CHECK:         } {mapping = [#gpu.block<x>]}
// CPU: @column_sum output #0: schedule vs f64 {{.*}} mismatches=0/64 PASS
// DIVIDE: error: 'linalg.generic' op foundry-split-reduction: width=48 does not divide the extent 64 of the loop it widens
// OUTPUTS: error: foundry-split-reduction: width takes several outputs per block: it needs outputs of at least 2 and a width of at least 1, got outputs=1 width=32
#rows = affine_map<(c, r) -> (r, c)>
#cols = affine_map<(c, r) -> (c)>
foundry.kernel @column_sum(%x: tensor<1024x64xf32> {foundry.init = "normal(0.0, 1.0)"}) -> tensor<64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<64xf32>) -> tensor<64xf32>
  %s = linalg.generic {indexing_maps = [#rows, #cols], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<1024x64xf32>) outs(%f : tensor<64xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %y = arith.addf %a, %acc : f32
    linalg.yield %y : f32
  } -> tensor<64xf32>
  foundry.yield %s : tensor<64xf32>
}
