// KernelBench level 1 problem 11: 4D tensor matrix multiplication.
// C = torch.einsum("bijl,lk->bijk", A, B) with A 8x256x512x256, B 256x768, C 8x256x512x768 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

func.func @tensor4d_matmul(%A: tensor<8x256x512x256xf32>, %B: tensor<256x768xf32>) -> tensor<8x256x512x768xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  // Only l is contracted: fold (b, i, j) into one row dimension.
  %A_rows = tensor.collapse_shape %A [[0, 1, 2], [3]] : tensor<8x256x512x256xf32> into tensor<1048576x256xf32>
  %C_empty = tensor.empty() : tensor<1048576x768xf32>
  %C_init = linalg.fill ins(%zero : f32) outs(%C_empty : tensor<1048576x768xf32>) -> tensor<1048576x768xf32>
  %C_rows = linalg.matmul ins(%A_rows, %B : tensor<1048576x256xf32>, tensor<256x768xf32>)
                          outs(%C_init : tensor<1048576x768xf32>) -> tensor<1048576x768xf32>
  %C = tensor.expand_shape %C_rows [[0, 1, 2], [3]] output_shape [8, 256, 512, 768] : tensor<1048576x768xf32> into tensor<8x256x512x768xf32>
  return %C : tensor<8x256x512x768xf32>
}
