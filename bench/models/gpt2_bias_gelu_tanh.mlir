// GPT-2 small MLP activation: y = gelu(x + bias, approximate='tanh') = 0.5 * v * (1 + tanh(sqrt(2/pi) * (v + 0.044715 * v^3))), v = x + bias, x 8192x3072 (8 x 1024 tokens x 3072) the c_fc product, bias 3072, y 8192x3072 (fp32).
// bias is drawn as nn.Linear(768, 3072) initializes it.
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

#id2 = affine_map<(m, n) -> (m, n)>
#col = affine_map<(m, n) -> (n)>

func.func @gpt2_bias_gelu_tanh(%x: tensor<8192x3072xf32> {foundry.init = "normal(0.0, 1.0)"}, %bias: tensor<3072xf32> {foundry.init = "uniform(-0.03608439182, 0.03608439182)"}) -> tensor<8192x3072xf32> {
  %half = arith.constant 0.5 : f32
  %one = arith.constant 1.0 : f32
  %c = arith.constant 0.044715 : f32
  %sqrt_2_over_pi = arith.constant 0.79788456080286541 : f32
  %y_empty = tensor.empty() : tensor<8192x3072xf32>
  %y = linalg.generic {indexing_maps = [#id2, #col, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x, %bias : tensor<8192x3072xf32>, tensor<3072xf32>) outs(%y_empty : tensor<8192x3072xf32>) {
  ^bb0(%in: f32, %bv: f32, %out: f32):
    %v = arith.addf %in, %bv : f32
    %v2 = arith.mulf %v, %v : f32
    %v3 = arith.mulf %v2, %v : f32
    %cv3 = arith.mulf %c, %v3 : f32
    %inner = arith.addf %v, %cv3 : f32
    %arg = arith.mulf %sqrt_2_over_pi, %inner : f32
    %t = math.tanh %arg : f32
    %one_plus = arith.addf %one, %t : f32
    %half_v = arith.mulf %half, %v : f32
    %g = arith.mulf %half_v, %one_plus : f32
    linalg.yield %g : f32
  } -> tensor<8192x3072xf32>
  return %y : tensor<8192x3072xf32>
}
