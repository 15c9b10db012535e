// KernelBench level 1 problem 26: GELU.
// y = gelu(x) exact (approximate='none') = 0.5 * x * (1 + erf(x / sqrt(2))) elementwise, x and y 4096x393216 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

#identity = affine_map<(i, j) -> (i, j)>

func.func @gelu(%x: tensor<4096x393216xf32>) -> tensor<4096x393216xf32> {
  %half = arith.constant 0.5 : f32
  %one = arith.constant 1.0 : f32
  %inv_sqrt2 = arith.constant 0.707106781186547524 : f32
  // Exact GELU: 0.5 * v * (1 + erf(v / sqrt(2))), v / sqrt(2) as v * (1 / sqrt(2)).
  %y_empty = tensor.empty() : tensor<4096x393216xf32>
  %y = linalg.generic {indexing_maps = [#identity, #identity],
                       iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<4096x393216xf32>) outs(%y_empty : tensor<4096x393216xf32>) {
  ^bb0(%in: f32, %out: f32):
    %scaled = arith.mulf %in, %inv_sqrt2 : f32
    %erf = math.erf %scaled : f32
    %one_plus_erf = arith.addf %one, %erf : f32
    %half_in = arith.mulf %half, %in : f32
    %g = arith.mulf %half_in, %one_plus_erf : f32
    linalg.yield %g : f32
  } -> tensor<4096x393216xf32>
  return %y : tensor<4096x393216xf32>
}
