// KernelBench level 1 problem 8: Matmul with irregular shapes.
// C = A @ B with A 29x37, B 37x23, C 29x23 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

func.func @matmul_irregular_shapes(%A: tensor<29x37xf32>, %B: tensor<37x23xf32>) -> tensor<29x23xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %C_empty = tensor.empty() : tensor<29x23xf32>
  %C_init = linalg.fill ins(%zero : f32) outs(%C_empty : tensor<29x23xf32>) -> tensor<29x23xf32>
  %C = linalg.matmul ins(%A, %B : tensor<29x37xf32>, tensor<37x23xf32>)
                     outs(%C_init : tensor<29x23xf32>) -> tensor<29x23xf32>
  return %C : tensor<29x23xf32>
}
