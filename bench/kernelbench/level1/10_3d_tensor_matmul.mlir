// KernelBench level 1 problem 10: 3D tensor matrix multiplication.
// C = torch.matmul(A, B) with A 16x1024x2048, B 2048x768, C 16x1024x768 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

func.func @tensor3d_matmul(%A: tensor<16x1024x2048xf32>, %B: tensor<2048x768xf32>) -> tensor<16x1024x768xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  // B is shared by every batch: fold (N, M) into one row dimension.
  %A_rows = tensor.collapse_shape %A [[0, 1], [2]] : tensor<16x1024x2048xf32> into tensor<16384x2048xf32>
  %C_empty = tensor.empty() : tensor<16384x768xf32>
  %C_init = linalg.fill ins(%zero : f32) outs(%C_empty : tensor<16384x768xf32>) -> tensor<16384x768xf32>
  %C_rows = linalg.matmul ins(%A_rows, %B : tensor<16384x2048xf32>, tensor<2048x768xf32>)
                          outs(%C_init : tensor<16384x768xf32>) -> tensor<16384x768xf32>
  %C = tensor.expand_shape %C_rows [[0, 1], [2]] output_shape [16, 1024, 768] : tensor<16384x768xf32> into tensor<16x1024x768xf32>
  return %C : tensor<16x1024x768xf32>
}
