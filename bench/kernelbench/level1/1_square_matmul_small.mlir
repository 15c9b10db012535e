// KernelBench level 1 problem 1: Square matrix multiplication.
// C = A @ B with A 70x50, B 50x90, C 70x90 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

func.func @square_matmul(%A: tensor<70x50xf32>, %B: tensor<50x90xf32>) -> tensor<70x90xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %C_empty = tensor.empty() : tensor<70x90xf32>
  %C_init = linalg.fill ins(%zero : f32) outs(%C_empty : tensor<70x90xf32>) -> tensor<70x90xf32>
  %C = linalg.matmul ins(%A, %B : tensor<70x50xf32>, tensor<50x90xf32>)
                     outs(%C_init : tensor<70x90xf32>) -> tensor<70x90xf32>
  return %C : tensor<70x90xf32>
}
