// KernelBench level 1 problem 3: Batched matrix multiplication.
// C = torch.bmm(A, B) with A 7x13x23, B 7x23x11, C 7x13x11 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

func.func @batched_matmul(%A: tensor<7x13x23xf32>, %B: tensor<7x23x11xf32>) -> tensor<7x13x11xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %C_empty = tensor.empty() : tensor<7x13x11xf32>
  %C_init = linalg.fill ins(%zero : f32) outs(%C_empty : tensor<7x13x11xf32>) -> tensor<7x13x11xf32>
  %C = linalg.batch_matmul ins(%A, %B : tensor<7x13x23xf32>, tensor<7x23x11xf32>)
                           outs(%C_init : tensor<7x13x11xf32>) -> tensor<7x13x11xf32>
  return %C : tensor<7x13x11xf32>
}
