// RUN: foundry-opt %s --pass-pipeline='builtin.module(foundry-tile-blocks{sizes={1,8,8}},foundry-tile-threads{sizes={0,2,4}},foundry-tile-reduction{sizes={8}},foundry-vectorize)' | FileCheck %s
// RUN: foundry-opt %s --pass-pipeline='builtin.module(foundry-tile-blocks{sizes={1,8,8}},foundry-tile-threads{sizes={0,2,4}},foundry-tile-reduction{sizes={8}},foundry-vectorize)' | foundry-opt --foundry-to-nvvm -o /dev/null
// RUN: foundry-cpu-run %s --schedule='foundry-tile-blocks{sizes={1,8,8}},foundry-tile-threads{sizes={0,2,4}},foundry-tile-reduction{sizes={8}},foundry-vectorize' | FileCheck %s --check-prefix=CPU

// A thread's tile of bf16 products accumulated in f32 (a SIMT schedule of a
// mixed-precision batch_matmul): the operands are extended to f32 before
// the contraction becomes outer-product FMAs, which take one element type
// (before, the GPU lowering failed on the mixed vector.contract).
// CHECK-LABEL: foundry.kernel @scores_bf16
// CHECK:         arith.extf %{{.*}} : vector<1x2x8xbf16> to vector<1x2x8xf32>
// CHECK:         arith.extf %{{.*}} : vector<4x8xbf16> to vector<4x8xf32>
// CHECK-NOT:     vector.contract
// CHECK:         vector.fma %{{.*}} : vector<4xf32>
// CPU: schedule vs naive {{.*}} mismatches=0/512 PASS
#lhs = affine_map<(b, m, n, k) -> (b, m, k)>
#rhs = affine_map<(b, m, n, k) -> (b, n, k)>
#out = affine_map<(b, m, n, k) -> (b, m, n)>
foundry.kernel @scores_bf16(%q: tensor<2x16x32xbf16>, %k: tensor<2x16x32xbf16>) -> tensor<2x16x16xf32> attributes {precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x16x16xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
  %s = linalg.batch_matmul indexing_maps = [#lhs, #rhs, #out] ins(%q, %k : tensor<2x16x32xbf16>, tensor<2x16x32xbf16>) outs(%f : tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
  foundry.yield %s : tensor<2x16x16xf32>
}
