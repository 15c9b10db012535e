// KernelBench level 1 problem 4: Matrix vector multiplication.
// C = A @ B with A 37x29, B 29x1, C 37x1 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

func.func @matvec(%A: tensor<37x29xf32>, %B: tensor<29x1xf32>) -> tensor<37x1xf32> {
  %zero = arith.constant 0.0 : f32
  // Drop the unit column of B: (K, 1) -> (K).
  %x = tensor.collapse_shape %B [[0, 1]] : tensor<29x1xf32> into tensor<29xf32>
  %y_empty = tensor.empty() : tensor<37xf32>
  %y_init = linalg.fill ins(%zero : f32) outs(%y_empty : tensor<37xf32>) -> tensor<37xf32>
  %y = linalg.matvec ins(%A, %x : tensor<37x29xf32>, tensor<29xf32>) outs(%y_init : tensor<37xf32>) -> tensor<37xf32>
  // Back to the (M, 1) result of torch.matmul.
  %C = tensor.expand_shape %y [[0, 1]] output_shape [37, 1] : tensor<37xf32> into tensor<37x1xf32>
  return %C : tensor<37x1xf32>
}
