// KernelBench level 1 problem 5: Matrix scalar multiplication.
// C = A * s with A 37x23, s = 3.14 (the constant scalar of get_inputs, folded in), C 37x23 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

#identity = affine_map<(i, j) -> (i, j)>

func.func @matrix_scalar_multiplication(%A: tensor<37x23xf32>) -> tensor<37x23xf32> {
  %s = arith.constant 3.14 : f32
  %C_empty = tensor.empty() : tensor<37x23xf32>
  %C = linalg.generic {indexing_maps = [#identity, #identity],
                       iterator_types = ["parallel", "parallel"]}
      ins(%A : tensor<37x23xf32>) outs(%C_empty : tensor<37x23xf32>) {
  ^bb0(%a: f32, %out: f32):
    %scaled = arith.mulf %a, %s : f32
    linalg.yield %scaled : f32
  } -> tensor<37x23xf32>
  return %C : tensor<37x23xf32>
}
