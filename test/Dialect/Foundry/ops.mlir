// RUN: foundry-opt %s | foundry-opt | FileCheck %s
// RUN: foundry-opt %s --mlir-print-op-generic | foundry-opt | FileCheck %s

// CHECK-LABEL: foundry.kernel @relu
// CHECK-SAME:    (%[[X:.*]]: tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK:         %[[R:.*]] = linalg.generic
// CHECK-SAME:      ins(%[[X]] : tensor<4x8xf32>)
// CHECK:         yield %[[R]] : tensor<4x8xf32>
foundry.kernel @relu(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<4x8xf32>
  %r = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<4x8xf32>) outs(%init : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<4x8xf32>
  foundry.yield %r : tensor<4x8xf32>
}

// The contract attributes round-trip, including the `3xtf32` spelling.
// CHECK-LABEL: foundry.kernel @matmul_with_contract
// CHECK-SAME:    precision = #foundry.precision<3xtf32>
// CHECK-SAME:    schedule = #foundry.schedule<"foundry-annotate-workload">
// CHECK-SAME:    tolerance = #foundry.tolerance<atol = 1.000000e-03, rtol = 2.500000e-02>
// CHECK-SAME:    workload = #foundry.workload<flops = 64, bytes = 96>
foundry.kernel @matmul_with_contract(%a: tensor<2x4xf32>, %b: tensor<4x2xf32>) -> tensor<2x2xf32>
    attributes {precision = #foundry.precision<3xtf32>,
                schedule = #foundry.schedule<"foundry-annotate-workload">,
                tolerance = #foundry.tolerance<atol = 1.0e-3, rtol = 0.025>,
                workload = #foundry.workload<flops = 64, bytes = 96>} {
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<2x2xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%init : tensor<2x2xf32>) -> tensor<2x2xf32>
  %c = linalg.matmul ins(%a, %b : tensor<2x4xf32>, tensor<4x2xf32>) outs(%fill : tensor<2x2xf32>) -> tensor<2x2xf32>
  foundry.yield %c : tensor<2x2xf32>
}

// Every precision keyword parses.
// CHECK-LABEL: foundry.kernel @precisions
// CHECK-SAME:    a = #foundry.precision<ieee>, b = #foundry.precision<tf32>, c = #foundry.precision<bf16>
foundry.kernel @precisions(%x: tensor<2xf32>) -> tensor<2xf32>
    attributes {a = #foundry.precision<ieee>, b = #foundry.precision<tf32>,
                c = #foundry.precision<bf16>} {
  foundry.yield %x : tensor<2xf32>
}

// Several results, half-precision and integer element types.
// CHECK-LABEL: foundry.kernel @multi_result
// CHECK-SAME:    -> (tensor<3xf16>, tensor<3xi32>)
// CHECK:         yield %{{.*}}, %{{.*}} : tensor<3xf16>, tensor<3xi32>
foundry.kernel @multi_result(%h: tensor<3xf16>, %i: tensor<3xi32>) -> (tensor<3xf16>, tensor<3xi32>) {
  foundry.yield %h, %i : tensor<3xf16>, tensor<3xi32>
}
