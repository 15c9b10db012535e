// Batch matmul: 3 x (20x12 @ 12x18).
func.func @batch_matmul(%a: tensor<3x20x12xf32>, %b: tensor<3x12x18xf32>) -> tensor<3x20x18xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3x20x18xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<3x20x18xf32>) -> tensor<3x20x18xf32>
  %r = linalg.batch_matmul ins(%a, %b : tensor<3x20x12xf32>, tensor<3x12x18xf32>) outs(%f : tensor<3x20x18xf32>) -> tensor<3x20x18xf32>
  return %r : tensor<3x20x18xf32>
}
