// KernelBench level 1 problem 4: Matrix vector multiplication.
// C = A @ B with A 2048x1048576, B 1048576x1, C 2048x1 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

func.func @matvec(%A: tensor<2048x1048576xf32>, %B: tensor<1048576x1xf32>) -> tensor<2048x1xf32> {
  %zero = arith.constant 0.0 : f32
  // Drop the unit column of B: (K, 1) -> (K).
  %x = tensor.collapse_shape %B [[0, 1]] : tensor<1048576x1xf32> into tensor<1048576xf32>
  %y_empty = tensor.empty() : tensor<2048xf32>
  %y_init = linalg.fill ins(%zero : f32) outs(%y_empty : tensor<2048xf32>) -> tensor<2048xf32>
  %y = linalg.matvec ins(%A, %x : tensor<2048x1048576xf32>, tensor<1048576xf32>) outs(%y_init : tensor<2048xf32>) -> tensor<2048xf32>
  // Back to the (M, 1) result of torch.matmul.
  %C = tensor.expand_shape %y [[0, 1]] output_shape [2048, 1] : tensor<2048xf32> into tensor<2048x1xf32>
  return %C : tensor<2048x1xf32>
}
