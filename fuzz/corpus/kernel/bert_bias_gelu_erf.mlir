// BERT-base intermediate activation: y = gelu(x + bias) exact = 0.5 * v * (1 + erf(v / sqrt(2))), v = x + bias, x 19x41 the dense product, bias 41, y 19x41 (fp32).
// bias is drawn as nn.Linear(768, 3072) initializes it.
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

#id2 = affine_map<(m, n) -> (m, n)>
#col = affine_map<(m, n) -> (n)>

func.func @bert_bias_gelu_erf(%x: tensor<19x41xf32> {foundry.init = "normal(0.0, 1.0)"}, %bias: tensor<41xf32> {foundry.init = "uniform(-0.03608439182, 0.03608439182)"}) -> tensor<19x41xf32> {
  %half = arith.constant 0.5 : f32
  %one = arith.constant 1.0 : f32
  %inv_sqrt2 = arith.constant 0.70710678118654757 : f32
  %y_empty = tensor.empty() : tensor<19x41xf32>
  %y = linalg.generic {indexing_maps = [#id2, #col, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x, %bias : tensor<19x41xf32>, tensor<41xf32>) outs(%y_empty : tensor<19x41xf32>) {
  ^bb0(%in: f32, %bv: f32, %out: f32):
    %v = arith.addf %in, %bv : f32
    %scaled = arith.mulf %v, %inv_sqrt2 : f32
    %e = math.erf %scaled : f32
    %one_plus = arith.addf %one, %e : f32
    %half_v = arith.mulf %half, %v : f32
    %g = arith.mulf %half_v, %one_plus : f32
    linalg.yield %g : f32
  } -> tensor<19x41xf32>
  return %y : tensor<19x41xf32>
}
