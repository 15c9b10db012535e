// KernelBench level 1 problem 21: Sigmoid.
// y = sigmoid(x) = 1 / (1 + exp(-x)) elementwise, x and y 37x29 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

#identity = affine_map<(i, j) -> (i, j)>

func.func @sigmoid(%x: tensor<37x29xf32>) -> tensor<37x29xf32> {
  %one = arith.constant 1.0 : f32
  // Sigmoid: 1 / (1 + exp(-v)).
  %y_empty = tensor.empty() : tensor<37x29xf32>
  %y = linalg.generic {indexing_maps = [#identity, #identity],
                       iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<37x29xf32>) outs(%y_empty : tensor<37x29xf32>) {
  ^bb0(%in: f32, %out: f32):
    %neg = arith.negf %in : f32
    %e = math.exp %neg : f32
    %denom = arith.addf %one, %e : f32
    %sig = arith.divf %one, %denom : f32
    linalg.yield %sig : f32
  } -> tensor<37x29xf32>
  return %y : tensor<37x29xf32>
}
