// 8-bit floats (here f8E5M2) are not supported element types.
// RUN: not foundry-opt %s --foundry-outline-kernels 2>&1 | FileCheck %s

// CHECK: {{.*}}bad-input{{/|\\}}f8-element.mlir:[[@LINE+1]]:1: error: 'func.func' op argument #0 of @f8 has unsupported element type f8E5M2 (supported: f16, bf16, f32, f64, i1, i8, i16, i32, i64)
func.func @f8(%x: tensor<4xf8E5M2>) -> tensor<4xf8E5M2> {
  return %x : tensor<4xf8E5M2>
}
