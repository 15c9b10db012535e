// KernelBench level 1 problem 6: Matmul with large K dimension.
// C = A @ B with A 256x524288, B 524288x256, C 256x256 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

func.func @matmul_large_k(%A: tensor<256x524288xf32>, %B: tensor<524288x256xf32>) -> tensor<256x256xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %C_empty = tensor.empty() : tensor<256x256xf32>
  %C_init = linalg.fill ins(%zero : f32) outs(%C_empty : tensor<256x256xf32>) -> tensor<256x256xf32>
  %C = linalg.matmul ins(%A, %B : tensor<256x524288xf32>, tensor<524288x256xf32>)
                     outs(%C_init : tensor<256x256xf32>) -> tensor<256x256xf32>
  return %C : tensor<256x256xf32>
}
