// RUN: foundry-opt %s "--foundry-tile-blocks=sizes=1,0,1,32" --foundry-tile-warps=sizes=0,16,0,32 --foundry-tile-reduction=sizes=8 --foundry-mma | FileCheck %s
// RUN: foundry-cpu-run %s "--schedule=foundry-tile-blocks{sizes=1,0,1,32},foundry-tile-reduction{sizes=8},foundry-promote{operands=0,1 padding=4},foundry-tile-warps{sizes=0,16,0,32},foundry-tile-reduction{sizes=8},foundry-mma" | FileCheck %s --check-prefix=CPU

// A pointwise convolution in NCHW, y[n,f,h,w] = sum_c x[n,c,h,w] w[f,c]: its
// output columns (w) come from the first operand, its rows (f) from the
// second. Each warp tile, its unit n and h loops dropped, is C = W X with the
// inputs swapped (the row-major A, B form of mma.sync): a linalg.matmul of
// the 16x8 weight slice and the 8x32 image slice, then m16n8k8 contractions.
// CHECK-LABEL: foundry.kernel @pointwise
// CHECK-COUNT-4: vector.contract {{.*}} : vector<16x8xf32>, vector<8x8xf32> into vector<16x8xf32>
// CHECK-NOT:     linalg.generic
// CHECK-NOT:     linalg.matmul
// Same values as the naive schedule (CPU JIT; swapping the product's
// operands changes no rounding).
// CPU: schedule vs naive {{.*}} PASS
#x_map = affine_map<(n, f, h, w, c) -> (n, c, h, w)>
#w_map = affine_map<(n, f, h, w, c) -> (f, c)>
#y_map = affine_map<(n, f, h, w, c) -> (n, f, h, w)>
foundry.kernel @pointwise(%x: tensor<2x16x4x32xf32>, %w: tensor<32x16xf32>) -> tensor<2x32x4x32xf32> attributes {precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x32x4x32xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x32x4x32xf32>) -> tensor<2x32x4x32xf32>
  %y = linalg.generic {indexing_maps = [#x_map, #w_map, #y_map],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%x, %w : tensor<2x16x4x32xf32>, tensor<32x16xf32>) outs(%f : tensor<2x32x4x32xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<2x32x4x32xf32>
  foundry.yield %y : tensor<2x32x4x32xf32>
}
