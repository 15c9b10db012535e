// KernelBench level 1 problem 9: Tall skinny matrix multiplication.
// C = A @ B with A 32768x32 (tall and skinny), B 32x32768, C 32768x32768 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

func.func @tall_skinny_matmul(%A: tensor<32768x32xf32>, %B: tensor<32x32768xf32>) -> tensor<32768x32768xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %C_empty = tensor.empty() : tensor<32768x32768xf32>
  %C_init = linalg.fill ins(%zero : f32) outs(%C_empty : tensor<32768x32768xf32>) -> tensor<32768x32768xf32>
  %C = linalg.matmul ins(%A, %B : tensor<32768x32xf32>, tensor<32x32768xf32>)
                     outs(%C_init : tensor<32768x32768xf32>) -> tensor<32768x32768xf32>
  return %C : tensor<32768x32768xf32>
}
