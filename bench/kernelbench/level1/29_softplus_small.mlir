// KernelBench level 1 problem 29: Softplus.
// y = softplus(x, beta=1, threshold=20) = x > 20 ? x : log1p(exp(x)) elementwise, x and y 37x29 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

#identity = affine_map<(i, j) -> (i, j)>

func.func @softplus(%x: tensor<37x29xf32>) -> tensor<37x29xf32> {
  %threshold = arith.constant 20.0 : f32
  // Softplus: v > 20 ? v : log1p(exp(v)) (beta = 1, so no scaling).
  %y_empty = tensor.empty() : tensor<37x29xf32>
  %y = linalg.generic {indexing_maps = [#identity, #identity],
                       iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<37x29xf32>) outs(%y_empty : tensor<37x29xf32>) {
  ^bb0(%in: f32, %out: f32):
    %linear = arith.cmpf ogt, %in, %threshold : f32
    %e = math.exp %in : f32
    %log1p = math.log1p %e : f32
    %sp = arith.select %linear, %in, %log1p : f32
    linalg.yield %sp : f32
  } -> tensor<37x29xf32>
  return %y : tensor<37x29xf32>
}
