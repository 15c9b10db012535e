// KernelBench level 1 problem 9: Tall skinny matrix multiplication.
// C = A @ B with A 39x7 (tall and skinny), B 7x37, C 39x37 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

func.func @tall_skinny_matmul(%A: tensor<39x7xf32>, %B: tensor<7x37xf32>) -> tensor<39x37xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %C_empty = tensor.empty() : tensor<39x37xf32>
  %C_init = linalg.fill ins(%zero : f32) outs(%C_empty : tensor<39x37xf32>) -> tensor<39x37xf32>
  %C = linalg.matmul ins(%A, %B : tensor<39x7xf32>, tensor<7x37xf32>)
                     outs(%C_init : tensor<39x37xf32>) -> tensor<39x37xf32>
  return %C : tensor<39x37xf32>
}
