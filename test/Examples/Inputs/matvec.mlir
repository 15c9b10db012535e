// Matrix-vector product: 37x29 @ 29, written as a 2-D matvec over columns of
// a 37x29 @ 29x2 product so that the root has two parallel loops.
func.func @matvec(%a: tensor<37x29xf32>, %x: tensor<29x2xf32>) -> tensor<37x2xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<37x2xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<37x2xf32>) -> tensor<37x2xf32>
  %r = linalg.matmul ins(%a, %x : tensor<37x29xf32>, tensor<29x2xf32>) outs(%f : tensor<37x2xf32>) -> tensor<37x2xf32>
  return %r : tensor<37x2xf32>
}
