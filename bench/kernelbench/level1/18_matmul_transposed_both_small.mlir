// KernelBench level 1 problem 18: Matmul with transposed both.
// C = A^T @ B^T with A 29x37 (K, M), B 23x29 (N, K), C 37x23 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

#a_map = affine_map<(m, n, k) -> (k, m)>
#b_map = affine_map<(m, n, k) -> (n, k)>
#c_map = affine_map<(m, n, k) -> (m, n)>

func.func @matmul_transposed_both(%A: tensor<29x37xf32>, %B: tensor<23x29xf32>) -> tensor<37x23xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %C_empty = tensor.empty() : tensor<37x23xf32>
  %C_init = linalg.fill ins(%zero : f32) outs(%C_empty : tensor<37x23xf32>) -> tensor<37x23xf32>
  // linalg.matmul reading A (K, M) and B (N, K) transposed through its indexing maps.
  %C = linalg.matmul indexing_maps = [#a_map, #b_map, #c_map]
      ins(%A, %B : tensor<29x37xf32>, tensor<23x29xf32>) outs(%C_init : tensor<37x23xf32>) -> tensor<37x23xf32>
  return %C : tensor<37x23xf32>
}
