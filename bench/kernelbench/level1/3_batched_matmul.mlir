// KernelBench level 1 problem 3: Batched matrix multiplication.
// C = torch.bmm(A, B) with A 128x512x1024, B 128x1024x2048, C 128x512x2048 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

func.func @batched_matmul(%A: tensor<128x512x1024xf32>, %B: tensor<128x1024x2048xf32>) -> tensor<128x512x2048xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %C_empty = tensor.empty() : tensor<128x512x2048xf32>
  %C_init = linalg.fill ins(%zero : f32) outs(%C_empty : tensor<128x512x2048xf32>) -> tensor<128x512x2048xf32>
  %C = linalg.batch_matmul ins(%A, %B : tensor<128x512x1024xf32>, tensor<128x1024x2048xf32>)
                           outs(%C_init : tensor<128x512x2048xf32>) -> tensor<128x512x2048xf32>
  return %C : tensor<128x512x2048xf32>
}
