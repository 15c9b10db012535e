// RUN: foundry-opt %s --split-input-file --foundry-decompose-arg-reductions | FileCheck %s
// RUN: foundry-opt %s --split-input-file --pass-pipeline='builtin.module(foundry-decompose-arg-reductions,foundry-tile-blocks{sizes=1},foundry-reduce-threads{threads=32 interleave=1},foundry-lower-kernels,foundry-to-nvvm{format=isa})' -o /dev/null

// torch-mlir's argmax: a running maximum from -inf and the index where it
// was first reached. It becomes the maximum, the least index where the
// element equals it and passes -inf (the fill's scalar, read in the body),
// and the initial index (0) where none did.
// CHECK-LABEL: foundry.kernel @argmax
// CHECK-DAG:     %[[NEG_INF:.*]] = arith.constant 0xFF800000 : f32
// CHECK-DAG:     %[[ZERO:.*]] = arith.constant 0 : i64
// CHECK:         %[[MAX:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%{{.*}} : tensor<4x64xf32>) outs(%{{.*}} : tensor<4xf32>)
// CHECK:           arith.maximumf
// CHECK:         %[[NONE:.*]] = arith.constant 9223372036854775807 : i64
// CHECK:         %[[SENTINELS:.*]] = linalg.fill ins(%[[NONE]] : i64)
// CHECK:         %[[FIRST:.*]] = linalg.generic {{.*}} ins(%{{.*}}, %[[MAX]] : tensor<4x64xf32>, tensor<4xf32>) outs(%[[SENTINELS]] : tensor<4xi64>)
// CHECK:           %[[EQ:.*]] = arith.cmpf oeq
// CHECK:           %[[GT:.*]] = arith.cmpf ogt, %{{.*}}, %[[NEG_INF]]
// CHECK:           arith.andi %[[EQ]], %[[GT]]
// CHECK:           linalg.index 1
// CHECK:           arith.minsi
// CHECK:         %[[INDEX:.*]] = linalg.generic {{.*}} ins(%[[FIRST]] : tensor<4xi64>)
// CHECK:           arith.cmpi eq, %{{.*}}, %[[NONE]]
// CHECK:           arith.select %{{.*}}, %[[ZERO]], %{{.*}}
// CHECK:         yield %[[INDEX]]
#id = affine_map<(r, v) -> (r, v)>
#row = affine_map<(r, v) -> (r)>
foundry.kernel @argmax(%x: tensor<4x64xf32> {foundry.init = "normal(0.0, 1.0)"}) -> tensor<4xi64> {
  %neg_inf = arith.constant 0xFF800000 : f32
  %c0 = arith.constant 0 : i64
  %ve = tensor.empty() : tensor<4xf32>
  %v0 = linalg.fill ins(%neg_inf : f32) outs(%ve : tensor<4xf32>) -> tensor<4xf32>
  %ie = tensor.empty() : tensor<4xi64>
  %i0 = linalg.fill ins(%c0 : i64) outs(%ie : tensor<4xi64>) -> tensor<4xi64>
  %r:2 = linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4x64xf32>) outs(%v0, %i0 : tensor<4xf32>, tensor<4xi64>) {
  ^bb0(%in: f32, %value: f32, %index: i64):
    %v = linalg.index 1 : index
    %v_i64 = arith.index_cast %v : index to i64
    %max = arith.maximumf %in, %value : f32
    %greater = arith.cmpf ogt, %in, %value : f32
    %new = arith.select %greater, %v_i64, %index : i64
    linalg.yield %max, %new : f32, i64
  } -> (tensor<4xf32>, tensor<4xi64>)
  foundry.yield %r#1 : tensor<4xi64>
}

// -----

// An argmin of |x| whose value is also returned, the index first among the
// results and the comparison written the other way round (acc > x): the
// minimum (of the element computed in the body) and its first index.
// CHECK-LABEL: foundry.kernel @argmin_abs
// CHECK:         %[[MIN:.*]] = linalg.generic
// CHECK:           math.absf
// CHECK:           arith.minimumf
// CHECK:         linalg.generic {{.*}} ins(%{{.*}}, %[[MIN]] : tensor<4x64xf32>, tensor<4xf32>)
// CHECK:           math.absf
// CHECK:           arith.cmpf olt
// CHECK:         yield %{{.*}}, %[[MIN]]
#id = affine_map<(r, v) -> (r, v)>
#row = affine_map<(r, v) -> (r)>
foundry.kernel @argmin_abs(%x: tensor<4x64xf32>) -> (tensor<4xi32>, tensor<4xf32>) {
  %inf = arith.constant 0x7F800000 : f32
  %c0 = arith.constant 0 : i32
  %ve = tensor.empty() : tensor<4xf32>
  %v0 = linalg.fill ins(%inf : f32) outs(%ve : tensor<4xf32>) -> tensor<4xf32>
  %ie = tensor.empty() : tensor<4xi32>
  %i0 = linalg.fill ins(%c0 : i32) outs(%ie : tensor<4xi32>) -> tensor<4xi32>
  %r:2 = linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4x64xf32>) outs(%i0, %v0 : tensor<4xi32>, tensor<4xf32>) {
  ^bb0(%in: f32, %index: i32, %value: f32):
    %a = math.absf %in : f32
    %v = linalg.index 1 : index
    %v_i32 = arith.index_cast %v : index to i32
    %min = arith.minimumf %value, %a : f32
    %less = arith.cmpf ogt, %value, %a : f32
    %new = arith.select %less, %v_i32, %index : i32
    linalg.yield %new, %min : i32, f32
  } -> (tensor<4xi32>, tensor<4xf32>)
  foundry.yield %r#0, %r#1 : tensor<4xi32>, tensor<4xf32>
}

