// RUN: foundry-opt %s --foundry-to-nvvm="manifest=%t.json" -o /dev/null
// RUN: FileCheck %s < %t.json
// RUN: foundry-opt %s --foundry-lower-kernels | not foundry-opt --foundry-emit-launch-manifest 2>&1 | FileCheck %s --check-prefix=NOLAUNCH

// Row sum of 5x300: a fill launch and a reduction launch, one row per thread;
// argument 0 is the input, 1 the output (written in place).
// CHECK:      "kernels": [
// CHECK:        "arguments": [
// CHECK:            "bytes": 6000,
// CHECK-NEXT:       "element_type": "f32",
// CHECK-NEXT:       "role": "input",
// CHECK-NEXT:       "shape": [
// CHECK-NEXT:         5,
// CHECK-NEXT:         300
// CHECK:            "bytes": 20,
// CHECK-NEXT:       "element_type": "f32",
// CHECK-NEXT:       "index": 0,
// CHECK-NEXT:       "role": "output",
// CHECK:        "launches": [
// CHECK:            "args": [
// CHECK-NEXT:         1
// CHECK-NEXT:       ],
// CHECK-NEXT:       "block": [
// CHECK-NEXT:         256,
// CHECK:            "kernel": "row_sum_kernel",
// CHECK:            "args": [
// CHECK-NEXT:         0,
// CHECK-NEXT:         1
// CHECK-NEXT:       ],
// CHECK:            "grid": [
// CHECK-NEXT:         1,
// CHECK-NEXT:         1,
// CHECK-NEXT:         1
// CHECK:            "kernel": "row_sum_kernel_0",
// CHECK-NEXT:       "module": "row_sum_kernel"
// CHECK:        "name": "row_sum",
// CHECK:        "precision": "ieee",
// CHECK:        "tolerance": {
// CHECK-NEXT:     "atol": 0.0001,
// CHECK-NEXT:     "rtol": 0.0001
// CHECK:      "version": 1

// NOLAUNCH: error: foundry-emit-launch-manifest: no host function launches a GPU kernel; run it after the kernels are outlined

foundry.kernel @row_sum(%x: tensor<5x300xf32>) -> tensor<5xf32> {
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<5xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%init : tensor<5xf32>) -> tensor<5xf32>
  %r = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
      iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<5x300xf32>) outs(%fill : tensor<5xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<5xf32>
  foundry.yield %r : tensor<5xf32>
}
