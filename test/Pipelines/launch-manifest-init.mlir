// RUN: foundry-opt %s --foundry-to-nvvm="manifest=%t.json" -o /dev/null
// RUN: FileCheck %s < %t.json
// RUN: not foundry-opt %s --foundry-outline-kernels -split-input-file 2>&1 | FileCheck %s --check-prefix=OUTLINE

// An input's foundry.init (a model parameter's initialization) reaches the
// launch manifest, from which foundry-run draws that input; an input
// without it has no "init" (uniform in (0, 1)).
// CHECK:      "arguments": [
// CHECK-NEXT:   {
// CHECK-NEXT:     "bytes": 16,
// CHECK-NEXT:     "element_type": "f32",
// CHECK-NEXT:     "role": "input",
// CHECK:        {
// CHECK-NEXT:     "bytes": 16,
// CHECK-NEXT:     "element_type": "f32",
// CHECK-NEXT:     "init": {
// CHECK-NEXT:       "distribution": "uniform",
// CHECK-NEXT:       "high": 0.125,
// CHECK-NEXT:       "low": -0.125
// CHECK-NEXT:     },
// CHECK-NEXT:     "role": "input",
// CHECK:        {
// CHECK-NEXT:     "bytes": 16,
// CHECK-NEXT:     "element_type": "f32",
// CHECK-NEXT:     "init": {
// CHECK-NEXT:       "distribution": "normal",
// CHECK-NEXT:       "mean": 1,
// CHECK-NEXT:       "std": 0.5
// CHECK-NEXT:     },
// CHECK-NEXT:     "role": "input",

foundry.kernel @scaled_sum(%x: tensor<4xf32>,
                           %w: tensor<4xf32> {foundry.init = "uniform(-0.125, 0.125)"},
                           %s: tensor<4xf32> {foundry.init = " normal ( 1.0 , 5e-1 ) "}) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>,
                       affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
      iterator_types = ["parallel"]}
      ins(%x, %w, %s : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32, %out: f32):
    %m = arith.mulf %a, %b : f32
    %r = arith.addf %m, %c : f32
    linalg.yield %r : f32
  } -> tensor<4xf32>
  foundry.yield %r : tensor<4xf32>
}

// -----

// A plain function's foundry.init is checked when it is outlined.
// OUTLINE: error: 'func.func' op @bad_init: argument #0: foundry.init 'uniform(0)': '' is not a finite number
func.func @bad_init(%x: tensor<4xf32> {foundry.init = "uniform(0)"}) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}
