// KernelBench level 1 problem 13: Matmul for symmetric matrices.
// C = A @ B with A 31x31, B 31x31 symmetric, C 31x31 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.
// The kernel is a plain matmul: it does not rely on (or exploit) the symmetry of A and B.

func.func @symmetric_matmul(%A: tensor<31x31xf32>, %B: tensor<31x31xf32>) -> tensor<31x31xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %C_empty = tensor.empty() : tensor<31x31xf32>
  %C_init = linalg.fill ins(%zero : f32) outs(%C_empty : tensor<31x31xf32>) -> tensor<31x31xf32>
  %C = linalg.matmul ins(%A, %B : tensor<31x31xf32>, tensor<31x31xf32>)
                     outs(%C_init : tensor<31x31xf32>) -> tensor<31x31xf32>
  return %C : tensor<31x31xf32>
}
