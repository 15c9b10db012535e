// KernelBench level 1 problem 10: 3D tensor matrix multiplication.
// C = torch.matmul(A, B) with A 3x13x29, B 29x17, C 3x13x17 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

func.func @tensor3d_matmul(%A: tensor<3x13x29xf32>, %B: tensor<29x17xf32>) -> tensor<3x13x17xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  // B is shared by every batch: fold (N, M) into one row dimension.
  %A_rows = tensor.collapse_shape %A [[0, 1], [2]] : tensor<3x13x29xf32> into tensor<39x29xf32>
  %C_empty = tensor.empty() : tensor<39x17xf32>
  %C_init = linalg.fill ins(%zero : f32) outs(%C_empty : tensor<39x17xf32>) -> tensor<39x17xf32>
  %C_rows = linalg.matmul ins(%A_rows, %B : tensor<39x29xf32>, tensor<29x17xf32>)
                          outs(%C_init : tensor<39x17xf32>) -> tensor<39x17xf32>
  %C = tensor.expand_shape %C_rows [[0, 1], [2]] output_shape [3, 13, 17] : tensor<39x17xf32> into tensor<3x13x17xf32>
  return %C : tensor<3x13x17xf32>
}
