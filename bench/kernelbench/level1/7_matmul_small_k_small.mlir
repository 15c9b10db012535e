// KernelBench level 1 problem 7: Matmul with small K dimension.
// C = A @ B with A 37x3, B 3x33, C 37x33 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

func.func @matmul_small_k(%A: tensor<37x3xf32>, %B: tensor<3x33xf32>) -> tensor<37x33xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %C_empty = tensor.empty() : tensor<37x33xf32>
  %C_init = linalg.fill ins(%zero : f32) outs(%C_empty : tensor<37x33xf32>) -> tensor<37x33xf32>
  %C = linalg.matmul ins(%A, %B : tensor<37x3xf32>, tensor<3x33xf32>)
                     outs(%C_init : tensor<37x33xf32>) -> tensor<37x33xf32>
  return %C : tensor<37x33xf32>
}
