// RUN: foundry-compile %s --no-ptxas 2>/dev/null | FileCheck %s

// A keepdim reduction through compile(): its result is reshaped at the end
// (3x29 expanded to 3x1x29), so foundry-lower-kernels computes it in a 3x29
// view (collapse_shape) of the output buffer: no workspace, no copy kernel.
// The view starts at the buffer's pointer, so the manifest passes the output
// argument itself (argument 1) to both launches, the fill and the sum; it
// used to reject such launches ("not a host buffer argument").
// CHECK:      "role": "output",
// CHECK-NEXT: "shape": [
// CHECK-NEXT:   3,
// CHECK-NEXT:   1,
// CHECK-NEXT:   29
// CHECK-NOT:  "role": "workspace"
// CHECK:      "launches": [
// CHECK:        "args": [
// CHECK-NEXT:     1
// CHECK-NEXT:   ],
// CHECK:        "args": [
// CHECK-NEXT:     1,
// CHECK-NEXT:     0
// CHECK-NEXT:   ],
// CHECK-NOT:    "args": [
// CHECK:      "stage": "done"
foundry.kernel @sum_keepdim(%x: tensor<3x37x29xf32>) -> tensor<3x1x29xf32> {
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<3x29xf32>
  %filled = linalg.fill ins(%zero : f32) outs(%init : tensor<3x29xf32>) -> tensor<3x29xf32>
  %sum = linalg.generic {
      indexing_maps = [affine_map<(b, c, r) -> (b, r, c)>,
                       affine_map<(b, c, r) -> (b, c)>],
      iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x : tensor<3x37x29xf32>) outs(%filled : tensor<3x29xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<3x29xf32>
  %y = tensor.expand_shape %sum [[0, 1], [2]] output_shape [3, 1, 29]
      : tensor<3x29xf32> into tensor<3x1x29xf32>
  foundry.yield %y : tensor<3x1x29xf32>
}
