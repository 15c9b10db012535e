// A tensor of vectors is not a supported element type.
// RUN: not foundry-opt %s --foundry-outline-kernels 2>&1 | FileCheck %s

// CHECK: {{.*}}bad-input{{/|\\}}vector-element.mlir:[[@LINE+1]]:1: error: 'func.func' op argument #0 of @v has unsupported element type vector<4xf32> (supported: f16, bf16, f32, f64, i1, i8, i16, i32, i64)
func.func @v(%x: tensor<4xvector<4xf32>>) -> tensor<4xvector<4xf32>> {
  return %x : tensor<4xvector<4xf32>>
}
