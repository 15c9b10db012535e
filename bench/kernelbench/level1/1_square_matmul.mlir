// KernelBench level 1 problem 1: Square matrix multiplication.
// C = A @ B with A 4096x4096, B 4096x4096, C 4096x4096 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

func.func @square_matmul(%A: tensor<4096x4096xf32>, %B: tensor<4096x4096xf32>) -> tensor<4096x4096xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %C_empty = tensor.empty() : tensor<4096x4096xf32>
  %C_init = linalg.fill ins(%zero : f32) outs(%C_empty : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
  %C = linalg.matmul ins(%A, %B : tensor<4096x4096xf32>, tensor<4096x4096xf32>)
                     outs(%C_init : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
  return %C : tensor<4096x4096xf32>
}
