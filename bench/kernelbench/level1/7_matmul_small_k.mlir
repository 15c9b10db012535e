// KernelBench level 1 problem 7: Matmul with small K dimension.
// C = A @ B with A 32768x64, B 64x32768, C 32768x32768 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

func.func @matmul_small_k(%A: tensor<32768x64xf32>, %B: tensor<64x32768xf32>) -> tensor<32768x32768xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %C_empty = tensor.empty() : tensor<32768x32768xf32>
  %C_init = linalg.fill ins(%zero : f32) outs(%C_empty : tensor<32768x32768xf32>) -> tensor<32768x32768xf32>
  %C = linalg.matmul ins(%A, %B : tensor<32768x64xf32>, tensor<64x32768xf32>)
                     outs(%C_init : tensor<32768x32768xf32>) -> tensor<32768x32768xf32>
  return %C : tensor<32768x32768xf32>
}
