// KernelBench level 1 problem 6: Matmul with large K dimension.
// C = A @ B with A 11x39, B 39x13, C 11x13 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

func.func @matmul_large_k(%A: tensor<11x39xf32>, %B: tensor<39x13xf32>) -> tensor<11x13xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %C_empty = tensor.empty() : tensor<11x13xf32>
  %C_init = linalg.fill ins(%zero : f32) outs(%C_empty : tensor<11x13xf32>) -> tensor<11x13xf32>
  %C = linalg.matmul ins(%A, %B : tensor<11x39xf32>, tensor<39x13xf32>)
                     outs(%C_init : tensor<11x13xf32>) -> tensor<11x13xf32>
  return %C : tensor<11x13xf32>
}
