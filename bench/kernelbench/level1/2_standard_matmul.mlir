// KernelBench level 1 problem 2: Standard matrix multiplication.
// C = A @ B with A 2048x8192, B 8192x4096, C 2048x4096 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

func.func @standard_matmul(%A: tensor<2048x8192xf32>, %B: tensor<8192x4096xf32>) -> tensor<2048x4096xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %C_empty = tensor.empty() : tensor<2048x4096xf32>
  %C_init = linalg.fill ins(%zero : f32) outs(%C_empty : tensor<2048x4096xf32>) -> tensor<2048x4096xf32>
  %C = linalg.matmul ins(%A, %B : tensor<2048x8192xf32>, tensor<8192x4096xf32>)
                     outs(%C_init : tensor<2048x4096xf32>) -> tensor<2048x4096xf32>
  return %C : tensor<2048x4096xf32>
}
