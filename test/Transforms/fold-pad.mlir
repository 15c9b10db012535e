// RUN: foundry-opt %s --pass-pipeline='builtin.module(foundry-fold-pad)' --split-input-file | FileCheck %s

// A max-pool window over a tensor padded by 4 on both sides of its length:
// the window reads the source, one unsigned compare per padded dimension
// (below the low padding the index wraps), -inf outside.
// CHECK-DAG: #[[SHIFT:.*]] = affine_map<(d0, d1, d2, d3) -> (d2 + d3 * 3 - 4)>
// CHECK-LABEL: foundry.kernel @max_pool1d
// CHECK-SAME:    (%[[X:.*]]: tensor<2x3x37xf32>)
// CHECK-DAG:     %[[NEG_INF:.*]] = arith.constant 0xFF800000 : f32
// CHECK-NOT:     tensor.pad
// CHECK:         linalg.generic
// CHECK-SAME:      iterator_types = ["parallel", "parallel", "parallel", "reduction"]
// CHECK-SAME:      ins(%{{.*}} : tensor<8xf32>)
// CHECK:           %[[N:.*]] = linalg.index 0
// CHECK:           %[[C:.*]] = linalg.index 1
// CHECK:           %[[L:.*]] = affine.apply #[[SHIFT]]
// CHECK:           %[[IN:.*]] = arith.cmpi ult, %[[L]], %c37
// CHECK:           %[[SAFE:.*]] = arith.select %[[IN]], %[[L]], %c0
// CHECK:           %[[V:.*]] = tensor.extract %[[X]][%[[N]], %[[C]], %[[SAFE]]]
// CHECK:           %[[P:.*]] = arith.select %[[IN]], %[[V]], %[[NEG_INF]]
// CHECK:           arith.maximumf %{{.*}}, %[[P]]
foundry.kernel @max_pool1d(%x: tensor<2x3x37xf32>) -> tensor<2x3x24xf32> {
  %neg_inf = arith.constant 0xFF800000 : f32
  %padded = tensor.pad %x low[0, 0, 4] high[0, 0, 4] {
  ^bb0(%i: index, %j: index, %l: index):
    tensor.yield %neg_inf : f32
  } : tensor<2x3x37xf32> to tensor<2x3x45xf32>
  %window = tensor.empty() : tensor<8xf32>
  %y_empty = tensor.empty() : tensor<2x3x24xf32>
  %y_init = linalg.fill ins(%neg_inf : f32) outs(%y_empty : tensor<2x3x24xf32>) -> tensor<2x3x24xf32>
  %y = linalg.pooling_ncw_max {dilations = dense<3> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>}
      ins(%padded, %window : tensor<2x3x45xf32>, tensor<8xf32>) outs(%y_init : tensor<2x3x24xf32>) -> tensor<2x3x24xf32>
  foundry.yield %y : tensor<2x3x24xf32>
}

// -----

// Two consumers of one pad with zeros past the end only (no low padding):
// both read the source; the unpadded dimension needs no check; the pad
// goes.
#id = affine_map<(i, j) -> (i, j)>
// CHECK-LABEL: foundry.kernel @two_readers
// CHECK-NOT:     tensor.pad
// CHECK:         linalg.generic
// CHECK-NOT:       arith.cmpi ult, %{{.*}}, %c4
// CHECK:           arith.cmpi ult, %{{.*}}, %c6
// CHECK:           arith.select
// CHECK:           arith.addf
// CHECK:         linalg.generic
// CHECK:           arith.cmpi ult, %{{.*}}, %c6
// CHECK:           arith.mulf
foundry.kernel @two_readers(%x: tensor<4x6xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %zero = arith.constant 0.0 : f32
  %padded = tensor.pad %x low[0, 0] high[0, 2] {
  ^bb0(%i: index, %j: index):
    tensor.yield %zero : f32
  } : tensor<4x6xf32> to tensor<4x8xf32>
  %e = tensor.empty() : tensor<4x8xf32>
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%padded : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %v = arith.addf %in, %in : f32
    linalg.yield %v : f32
  } -> tensor<4x8xf32>
  %b = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%padded : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %v = arith.mulf %in, %in : f32
    linalg.yield %v : f32
  } -> tensor<4x8xf32>
  foundry.yield %a, %b : tensor<4x8xf32>, tensor<4x8xf32>
}
