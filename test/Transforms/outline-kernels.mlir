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

// -----

// A depthwise convolution iterates (n, oh, ow, c, kh, kw) for an
// (n, c, oh, ow) result: it becomes a linalg.generic over (n, c, oh, ow)
// then (kh, kw), so that the innermost parallel loop is the result's
// contiguous dimension. Ops whose loops follow their result already (the
// fill, a 2-D convolution) are left as they are.
// CHECK-DAG:   #[[IN:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2 + d4, d3 + d5)>
// CHECK-DAG:   #[[FILTER:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d1, d4, d5)>
// CHECK-DAG:   #[[OUT:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>
// CHECK-LABEL: foundry.kernel @depthwise
// CHECK:         linalg.fill
// CHECK:         linalg.generic {indexing_maps = [#[[IN]], #[[FILTER]], #[[OUT]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]}
// CHECK:           arith.mulf
// CHECK:           arith.addf
// CHECK:         linalg.conv_2d_nchw_fchw
func.func @depthwise(%x: tensor<2x6x14x17xf32>, %w: tensor<6x3x3xf32>, %f: tensor<4x6x3x3xf32>) -> (tensor<2x6x12x15xf32>, tensor<2x4x12x15xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x6x12x15xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<2x6x12x15xf32>) -> tensor<2x6x12x15xf32>
  %y = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<2x6x14x17xf32>, tensor<6x3x3xf32>) outs(%z : tensor<2x6x12x15xf32>) -> tensor<2x6x12x15xf32>
  %ce = tensor.empty() : tensor<2x4x12x15xf32>
  %cz = linalg.fill ins(%zero : f32) outs(%ce : tensor<2x4x12x15xf32>) -> tensor<2x4x12x15xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %f : tensor<2x6x14x17xf32>, tensor<4x6x3x3xf32>) outs(%cz : tensor<2x4x12x15xf32>) -> tensor<2x4x12x15xf32>
  return %y, %c : tensor<2x6x12x15xf32>, tensor<2x4x12x15xf32>
}

// -----

// linalg.softmax, as IREE and StableHLO-to-linalg emit it, becomes the
// structured ops it stands for: a row maximum (maximumf from -inf, not
// upstream's maxnumf from NaN: the same within a softmax), the exps of the
// differences, their sum and the division.
// CHECK-LABEL: foundry.kernel @named_softmax
// CHECK-NOT:     linalg.softmax
// CHECK:         %[[NINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK:         linalg.fill ins(%[[NINF]] : f32)
// CHECK:         linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]
// CHECK:           arith.maximumf
// CHECK:         linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]
// CHECK:           arith.subf
// CHECK:           math.exp
// CHECK:         linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]
// CHECK:           arith.addf
// CHECK:         linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]
// CHECK:           arith.divf
func.func @named_softmax(%x: tensor<4x37xf32>) -> tensor<4x37xf32> {
  %e = tensor.empty() : tensor<4x37xf32>
  %r = linalg.softmax dimension(1) ins(%x : tensor<4x37xf32>) outs(%e : tensor<4x37xf32>) -> tensor<4x37xf32>
  return %r : tensor<4x37xf32>
}

// -----

// torch-mlir's nn.Linear: the weight transposed, then multiplied. The
// transpose folds into the matmul's indexing maps, which read W (NxK) where
// it lies; no transpose is left. A transpose with another user stays.
// CHECK-DAG:   #[[A:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG:   #[[W:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-DAG:   #[[C:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: foundry.kernel @linear_transposed_weight
// CHECK-SAME:    (%[[X:.*]]: tensor<8x32xf32>, %[[WT:.*]]: tensor<16x32xf32>)
// CHECK-NOT:     linalg.transpose
// CHECK:         linalg.matmul indexing_maps = [#[[A]], #[[W]], #[[C]]] ins(%[[X]], %[[WT]] : tensor<8x32xf32>, tensor<16x32xf32>)
func.func @linear_transposed_weight(%x: tensor<8x32xf32>, %w: tensor<16x32xf32>) -> tensor<8x16xf32> {
  %zero = arith.constant 0.0 : f32
  %te = tensor.empty() : tensor<32x16xf32>
  %t = linalg.transpose ins(%w : tensor<16x32xf32>) outs(%te : tensor<32x16xf32>) permutation = [1, 0]
  %e = tensor.empty() : tensor<8x16xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8x16xf32>) -> tensor<8x16xf32>
  %y = linalg.matmul ins(%x, %t : tensor<8x32xf32>, tensor<32x16xf32>) outs(%f : tensor<8x16xf32>) -> tensor<8x16xf32>
  return %y : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: foundry.kernel @transpose_also_returned
// CHECK:         linalg.transpose
// CHECK:         linalg.matmul ins
func.func @transpose_also_returned(%x: tensor<8x32xf32>, %w: tensor<16x32xf32>) -> (tensor<8x16xf32>, tensor<32x16xf32>) {
  %zero = arith.constant 0.0 : f32
  %te = tensor.empty() : tensor<32x16xf32>
  %t = linalg.transpose ins(%w : tensor<16x32xf32>) outs(%te : tensor<32x16xf32>) permutation = [1, 0]
  %e = tensor.empty() : tensor<8x16xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8x16xf32>) -> tensor<8x16xf32>
  %y = linalg.matmul ins(%x, %t : tensor<8x32xf32>, tensor<32x16xf32>) outs(%f : tensor<8x16xf32>) -> tensor<8x16xf32>
  return %y, %t : tensor<8x16xf32>, tensor<32x16xf32>
}

// -----

// A linalg.reduce over dimension 0 (a column sum) iterates (k, n) for an (n)
// result: the loops are reordered, the result's first, so that the naive
// mapping puts threads on the output and loops over the reduction inside
// them (the reduction outermost left a host loop around the launches).
// CHECK-DAG:   #[[IN:.*]] = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-DAG:   #[[OUT:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: foundry.kernel @column_sum
// CHECK:         linalg.generic {indexing_maps = [#[[IN]], #[[OUT]]], iterator_types = ["parallel", "reduction"]}
func.func @column_sum(%x: tensor<301x29xf32>) -> tensor<29xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<29xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<29xf32>) -> tensor<29xf32>
  %y = linalg.reduce ins(%x : tensor<301x29xf32>) outs(%f : tensor<29xf32>) dimensions = [0]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  return %y : tensor<29xf32>
}

// -----

// A transpose that moves a batch_matmul's batch dimension stays: the op's
// maps keep the batch first.
// CHECK-LABEL: foundry.kernel @batch_moved
// CHECK:         linalg.transpose
// CHECK:         linalg.batch_matmul ins
func.func @batch_moved(%x: tensor<4x8x16xf32>, %w: tensor<16x4x8xf32>) -> tensor<4x8x8xf32> {
  %zero = arith.constant 0.0 : f32
  %te = tensor.empty() : tensor<4x16x8xf32>
  %t = linalg.transpose ins(%w : tensor<16x4x8xf32>) outs(%te : tensor<4x16x8xf32>) permutation = [1, 0, 2]
  %e = tensor.empty() : tensor<4x8x8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
  %y = linalg.batch_matmul ins(%x, %t : tensor<4x8x16xf32>, tensor<4x16x8xf32>) outs(%f : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
  return %y : tensor<4x8x8xf32>
}

// -----

// K transposed for attention scores (Q K^T): the permutation [0, 2, 1]
// keeps the batch and folds into the batch_matmul's maps.
// CHECK-DAG:   #[[K:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>
// CHECK-LABEL: foundry.kernel @scores
// CHECK-NOT:     linalg.transpose
// CHECK:         linalg.batch_matmul indexing_maps = [{{.*}}, #[[K]], {{.*}}]
func.func @scores(%q: tensor<4x8x16xf32>, %k: tensor<4x8x16xf32>) -> tensor<4x8x8xf32> {
  %zero = arith.constant 0.0 : f32
  %te = tensor.empty() : tensor<4x16x8xf32>
  %t = linalg.transpose ins(%k : tensor<4x8x16xf32>) outs(%te : tensor<4x16x8xf32>) permutation = [0, 2, 1]
  %e = tensor.empty() : tensor<4x8x8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
  %y = linalg.batch_matmul ins(%q, %t : tensor<4x8x16xf32>, tensor<4x16x8xf32>) outs(%f : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
  return %y : tensor<4x8x8xf32>
}
