// KernelBench level 1 problem 22: Tanh.
// y = tanh(x) elementwise, x and y 37x29 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

#identity = affine_map<(i, j) -> (i, j)>

func.func @tanh_activation(%x: tensor<37x29xf32>) -> tensor<37x29xf32> {
  // Tanh.
  %y_empty = tensor.empty() : tensor<37x29xf32>
  %y = linalg.generic {indexing_maps = [#identity, #identity],
                       iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<37x29xf32>) outs(%y_empty : tensor<37x29xf32>) {
  ^bb0(%in: f32, %out: f32):
    %t = math.tanh %in : f32
    linalg.yield %t : f32
  } -> tensor<37x29xf32>
  return %y : tensor<37x29xf32>
}
