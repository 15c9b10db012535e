// A matmul of odd sizes for the GPU checks: 1000x999 @ 999x1001.
func.func @matmul_1000x1001x999(%a: tensor<1000x999xf32>, %b: tensor<999x1001xf32>) -> tensor<1000x1001xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1000x1001xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1000x1001xf32>) -> tensor<1000x1001xf32>
  %c = linalg.matmul ins(%a, %b : tensor<1000x999xf32>, tensor<999x1001xf32>) outs(%f : tensor<1000x1001xf32>) -> tensor<1000x1001xf32>
  return %c : tensor<1000x1001xf32>
}
