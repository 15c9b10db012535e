// KernelBench level 1 problem 11: 4D tensor matrix multiplication.
// C = torch.einsum("bijl,lk->bijk", A, B) with A 2x3x5x7, B 7x11, C 2x3x5x11 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

func.func @tensor4d_matmul(%A: tensor<2x3x5x7xf32>, %B: tensor<7x11xf32>) -> tensor<2x3x5x11xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  // Only l is contracted: fold (b, i, j) into one row dimension.
  %A_rows = tensor.collapse_shape %A [[0, 1, 2], [3]] : tensor<2x3x5x7xf32> into tensor<30x7xf32>
  %C_empty = tensor.empty() : tensor<30x11xf32>
  %C_init = linalg.fill ins(%zero : f32) outs(%C_empty : tensor<30x11xf32>) -> tensor<30x11xf32>
  %C_rows = linalg.matmul ins(%A_rows, %B : tensor<30x7xf32>, tensor<7x11xf32>)
                          outs(%C_init : tensor<30x11xf32>) -> tensor<30x11xf32>
  %C = tensor.expand_shape %C_rows [[0, 1, 2], [3]] output_shape [2, 3, 5, 11] : tensor<30x11xf32> into tensor<2x3x5x11xf32>
  return %C : tensor<2x3x5x11xf32>
}
