// complex<f32> is not a supported element type.
// RUN: not foundry-opt %s --foundry-outline-kernels 2>&1 | FileCheck %s

// CHECK: {{.*}}bad-input{{/|\\}}complex-element.mlir:[[@LINE+1]]:1: error: 'func.func' op argument #0 of @c has unsupported element type complex<f32> (supported: f16, bf16, f32, f64, i1, i8, i16, i32, i64)
func.func @c(%x: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  return %x : tensor<4xcomplex<f32>>
}
