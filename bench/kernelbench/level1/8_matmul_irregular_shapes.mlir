// KernelBench level 1 problem 8: Matmul with irregular shapes.
// C = A @ B with A 8205x2949, B 2949x5921, C 8205x5921 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

func.func @matmul_irregular_shapes(%A: tensor<8205x2949xf32>, %B: tensor<2949x5921xf32>) -> tensor<8205x5921xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %C_empty = tensor.empty() : tensor<8205x5921xf32>
  %C_init = linalg.fill ins(%zero : f32) outs(%C_empty : tensor<8205x5921xf32>) -> tensor<8205x5921xf32>
  %C = linalg.matmul ins(%A, %B : tensor<8205x2949xf32>, tensor<2949x5921xf32>)
                     outs(%C_init : tensor<8205x5921xf32>) -> tensor<8205x5921xf32>
  return %C : tensor<8205x5921xf32>
}
