// RUN: not foundry-opt %s -split-input-file --pass-pipeline='builtin.module(foundry.kernel(foundry-widen-to-f64))' 2>/dev/null | FileCheck %s
// RUN: not foundry-opt %s -split-input-file --pass-pipeline='builtin.module(foundry.kernel(foundry-widen-to-f64))' 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: not foundry-opt %s -split-input-file --pass-pipeline='builtin.module(foundry.kernel(foundry-widen-to-f64{keep-interface=true}))' 2>/dev/null | FileCheck %s --check-prefix=KEEP

// With keep-interface, the signature stays f32: the argument is extended
// where it is read (the extension fused into the reduction) and the result
// truncated before the yield; the body is f64.
// KEEP-LABEL: foundry.kernel @row_max(
// KEEP-SAME:     %[[X:[a-z0-9_]+]]: tensor<4x8xf32>) -> tensor<4xf32>
// KEEP:         %[[MAX:.*]] = linalg.generic {{.*}} ins(%[[X]] : tensor<4x8xf32>) outs(%{{.*}} : tensor<4xf64>)
// KEEP:           arith.extf %{{.*}} : f32 to f64
// KEEP:           arith.maximumf %{{.*}}, %{{.*}} : f64
// KEEP:         %[[NARROW:.*]] = linalg.generic {{.*}} ins(%[[MAX]] : tensor<4xf64>) outs(%{{.*}} : tensor<4xf32>)
// KEEP:           arith.truncf %{{.*}} : f64 to f32
// KEEP:         yield %[[NARROW]] : tensor<4xf32>

// Signature, body values and constants (-inf included) become f64.
// CHECK-LABEL: foundry.kernel @row_max(%{{.*}}: tensor<4x8xf64>) -> tensor<4xf64>
// CHECK:         arith.constant 0xFFF0000000000000 : f64
// CHECK:         linalg.fill ins(%{{.*}} : f64) outs(%{{.*}} : tensor<4xf64>)
// CHECK:         ^bb0(%{{.*}}: f64, %{{.*}}: f64):
// CHECK:           arith.maximumf %{{.*}}, %{{.*}} : f64
// CHECK-NOT:     f32
#in = affine_map<(i, j) -> (i, j)>
#out = affine_map<(i, j) -> (i)>
foundry.kernel @row_max(%x: tensor<4x8xf32>) -> tensor<4xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<4xf32>
  %f = linalg.fill ins(%ninf : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4x8xf32>) outs(%f : tensor<4xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %m = arith.maximumf %v, %acc : f32
    linalg.yield %m : f32
  } -> tensor<4xf32>
  foundry.yield %r : tensor<4xf32>
}

// -----

// An f64 accumulator of f32 values: the extension, from f64 to f64 once
// widened, is dropped (the verifier refuses same-type extf).
// CHECK-LABEL: foundry.kernel @sum_in_f64(%{{.*}}: tensor<4x8xf64>) -> tensor<4xf64>
// CHECK:         ^bb0(%[[V:.*]]: f64, %[[ACC:.*]]: f64):
// CHECK-NEXT:      arith.addf %[[V]], %[[ACC]] : f64
// CHECK-NOT:     arith.extf
#in = affine_map<(i, j) -> (i, j)>
#out = affine_map<(i, j) -> (i)>
foundry.kernel @sum_in_f64(%x: tensor<4x8xf32>) -> tensor<4xf64> {
  %zero = arith.constant 0.0 : f64
  %e = tensor.empty() : tensor<4xf64>
  %f = linalg.fill ins(%zero : f64) outs(%e : tensor<4xf64>) -> tensor<4xf64>
  %r = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4x8xf32>) outs(%f : tensor<4xf64>) {
  ^bb0(%v: f32, %acc: f64):
    %w = arith.extf %v : f32 to f64
    %s = arith.addf %w, %acc : f64
    linalg.yield %s : f64
  } -> tensor<4xf64>
  foundry.yield %r : tensor<4xf64>
}

// -----

// A bit-level view of an f32 has no f64 meaning.
// ERR: error: 'arith.bitcast' op foundry-widen-to-f64: a bitcast cannot be widened
foundry.kernel @bits(%x: tensor<4xf32>) -> tensor<4xi32> {
  %r = arith.bitcast %x : tensor<4xf32> to tensor<4xi32>
  foundry.yield %r : tensor<4xi32>
}
