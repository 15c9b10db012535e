// RUN: foundry-opt %s -split-input-file --foundry-outline-kernels | FileCheck %s

// CHECK-LABEL: foundry.kernel @add
// CHECK-SAME:    (%[[A:.*]]: tensor<16xf32>, %[[B:.*]]: tensor<16xf32>) -> tensor<16xf32>
// CHECK:         %[[S:.*]] = linalg.add ins(%[[A]], %[[B]] : tensor<16xf32>, tensor<16xf32>)
// CHECK:         yield %[[S]] : tensor<16xf32>
// CHECK-NOT:     func.func
func.func @add(%a: tensor<16xf32>, %b: tensor<16xf32>) -> tensor<16xf32> {
  %init = tensor.empty() : tensor<16xf32>
  %s = linalg.add ins(%a, %b : tensor<16xf32>, tensor<16xf32>) outs(%init : tensor<16xf32>) -> tensor<16xf32>
  return %s : tensor<16xf32>
}

// -----

// Argument and result attributes survive; math and tensor ops are allowed.
// CHECK-LABEL: foundry.kernel @exp_reshape
// CHECK-SAME:    {test.name = "x"}
// CHECK:         math.exp
// CHECK:         tensor.collapse_shape
func.func @exp_reshape(%x: tensor<2x3xf32> {test.name = "x"}) -> tensor<6xf32> {
  %e = math.exp %x : tensor<2x3xf32>
  %c = tensor.collapse_shape %e [[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
  return %c : tensor<6xf32>
}

// -----

// Nothing to do: an existing kernel is left as it is.
// CHECK-LABEL: foundry.kernel @already_a_kernel
// CHECK-SAME:    attributes {precision = #foundry.precision<tf32>}
foundry.kernel @already_a_kernel(%x: tensor<4xf32>) -> tensor<4xf32>
    attributes {precision = #foundry.precision<tf32>} {
  foundry.yield %x : tensor<4xf32>
}

// -----

// The numerical contract on the function, bare or foundry.-prefixed, moves to
// the kernel.
// CHECK-LABEL: foundry.kernel @with_contract
// CHECK-SAME:    precision = #foundry.precision<3xtf32>
// CHECK-SAME:    tolerance = #foundry.tolerance<atol = 1.000000e-03, rtol = 1.000000e-03>
func.func @with_contract(%x: tensor<4xf32>) -> tensor<4xf32>
    attributes {foundry.precision = #foundry.precision<3xtf32>,
                tolerance = #foundry.tolerance<atol = 1.0e-3, rtol = 1.0e-3>} {
  return %x : tensor<4xf32>
}
