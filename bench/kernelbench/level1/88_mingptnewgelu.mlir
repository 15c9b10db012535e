// KernelBench level 1 problem 88: MinGPTNewGelu.
// y = 0.5 * x * (1 + tanh(sqrt(2 / pi) * (x + 0.044715 * x^3))) elementwise (tanh GELU of minGPT), x and y 8192x8192 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

#identity = affine_map<(i, j) -> (i, j)>

func.func @mingptnewgelu(%x: tensor<8192x8192xf32>) -> tensor<8192x8192xf32> {
  %half = arith.constant 0.5 : f32
  %one = arith.constant 1.0 : f32
  %cubic_coeff = arith.constant 0.044715 : f32
  %sqrt_2_over_pi = arith.constant 0.797884560802865355 : f32
  // 0.5 * v * (1 + tanh(sqrt(2 / pi) * (v + 0.044715 * v * v * v))).
  %y_empty = tensor.empty() : tensor<8192x8192xf32>
  %y = linalg.generic {indexing_maps = [#identity, #identity],
                       iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<8192x8192xf32>) outs(%y_empty : tensor<8192x8192xf32>) {
  ^bb0(%in: f32, %out: f32):
    %sq = arith.mulf %in, %in : f32
    %cube = arith.mulf %sq, %in : f32
    %cubic_term = arith.mulf %cubic_coeff, %cube : f32
    %inner = arith.addf %in, %cubic_term : f32
    %arg = arith.mulf %sqrt_2_over_pi, %inner : f32
    %t = math.tanh %arg : f32
    %one_plus_t = arith.addf %one, %t : f32
    %half_in = arith.mulf %half, %in : f32
    %g = arith.mulf %half_in, %one_plus_t : f32
    linalg.yield %g : f32
  } -> tensor<8192x8192xf32>
  return %y : tensor<8192x8192xf32>
}
