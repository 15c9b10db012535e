// `index` has no fixed width, so it is not a supported element type for a
// kernel result (the foundry.kernel verifier catches it after parsing).
// RUN: not foundry-opt %s --foundry-outline-kernels 2>&1 | FileCheck %s

// CHECK: {{.*}}bad-input{{/|\\}}index-element.mlir:[[@LINE+1]]:1: error: 'foundry.kernel' op result #0 has unsupported element type index (supported: f16, bf16, f32, f64, i1, i8, i16, i32, i64)
foundry.kernel @idx(%x: tensor<4xf32>) -> tensor<4xindex> {
  %e = tensor.empty() : tensor<4xindex>
  foundry.yield %e : tensor<4xindex>
}
