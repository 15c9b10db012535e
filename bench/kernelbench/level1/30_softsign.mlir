// KernelBench level 1 problem 30: Softsign.
// y = x / (1 + |x|) elementwise, x and y 4096x393216 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

#identity = affine_map<(i, j) -> (i, j)>

func.func @softsign(%x: tensor<4096x393216xf32>) -> tensor<4096x393216xf32> {
  %one = arith.constant 1.0 : f32
  // Softsign: v / (1 + |v|).
  %y_empty = tensor.empty() : tensor<4096x393216xf32>
  %y = linalg.generic {indexing_maps = [#identity, #identity],
                       iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<4096x393216xf32>) outs(%y_empty : tensor<4096x393216xf32>) {
  ^bb0(%in: f32, %out: f32):
    %abs = math.absf %in : f32
    %denom = arith.addf %one, %abs : f32
    %ss = arith.divf %in, %denom : f32
    linalg.yield %ss : f32
  } -> tensor<4096x393216xf32>
  return %y : tensor<4096x393216xf32>
}
