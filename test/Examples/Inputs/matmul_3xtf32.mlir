// A 96x64 @ 64x40 matmul whose contract allows 3xtf32 tensor cores.
func.func @matmul_3xtf32(%a: tensor<96x64xf32>, %b: tensor<64x40xf32>) -> tensor<96x40xf32>
    attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<96x40xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<96x40xf32>) -> tensor<96x40xf32>
  %c = linalg.matmul ins(%a, %b : tensor<96x64xf32>, tensor<64x40xf32>) outs(%f : tensor<96x40xf32>) -> tensor<96x40xf32>
  return %c : tensor<96x40xf32>
}
