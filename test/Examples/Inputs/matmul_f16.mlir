// A 96x64 @ 64x40 matmul of f16 operands into f32 (mixed precision), whose
// contract allows tensor cores (mma.sync m16n8k16 where a schedule asks).
func.func @matmul_f16(%a: tensor<96x64xf16>, %b: tensor<64x40xf16>) -> tensor<96x40xf32>
    attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<96x40xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<96x40xf32>) -> tensor<96x40xf32>
  %c = linalg.matmul ins(%a, %b : tensor<96x64xf16>, tensor<64x40xf16>) outs(%f : tensor<96x40xf32>) -> tensor<96x40xf32>
  return %c : tensor<96x40xf32>
}
