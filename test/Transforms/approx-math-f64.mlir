// RUN: foundry-opt %s --foundry-approx-math | FileCheck %s

// f64 exps keep libdevice's __nv_exp: only f32 ops get afn.
// CHECK: foundry.kernel @wide
// CHECK-SAME: foundry.approx_math = ["exp"]
// CHECK: math.exp %{{[^ ]*}} : f64
#id = affine_map<(i, j) -> (i, j)>
foundry.kernel @wide(%x: tensor<4x256xf64>) -> tensor<4x256xf64> {
  %ye = tensor.empty() : tensor<4x256xf64>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<4x256xf64>) outs(%ye : tensor<4x256xf64>) {
  ^bb0(%v: f64, %o: f64):
    %e = math.exp %v : f64
    linalg.yield %e : f64
  } -> tensor<4x256xf64>
  foundry.yield %y : tensor<4x256xf64>
}
