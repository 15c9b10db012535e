// KernelBench level 1 problem 17: Matmul with transposed B.
// C = A @ B^T with A 2048x8192, B 4096x8192 (N, K), C 2048x4096 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

#a_map = affine_map<(m, n, k) -> (m, k)>
#b_map = affine_map<(m, n, k) -> (n, k)>
#c_map = affine_map<(m, n, k) -> (m, n)>

func.func @matmul_transposed_b(%A: tensor<2048x8192xf32>, %B: tensor<4096x8192xf32>) -> tensor<2048x4096xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %C_empty = tensor.empty() : tensor<2048x4096xf32>
  %C_init = linalg.fill ins(%zero : f32) outs(%C_empty : tensor<2048x4096xf32>) -> tensor<2048x4096xf32>
  // linalg.matmul reading B (N, K) transposed through its indexing maps.
  %C = linalg.matmul indexing_maps = [#a_map, #b_map, #c_map]
      ins(%A, %B : tensor<2048x8192xf32>, tensor<4096x8192xf32>) outs(%C_init : tensor<2048x4096xf32>) -> tensor<2048x4096xf32>
  return %C : tensor<2048x4096xf32>
}
