// A matmul whose sizes no power-of-two tile divides: 514x130 @ 130x500.
func.func @matmul_odd(%a: tensor<514x130xf32>, %b: tensor<130x500xf32>) -> tensor<514x500xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<514x500xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<514x500xf32>) -> tensor<514x500xf32>
  %c = linalg.matmul ins(%a, %b : tensor<514x130xf32>, tensor<130x500xf32>) outs(%f : tensor<514x500xf32>) -> tensor<514x500xf32>
  return %c : tensor<514x500xf32>
}
