// Llama-2-7B residual connection: y = hidden + residual, both 2x7x37 [batch, seq, hidden] (fp32).
// aten.add.Tensor as one linalg.generic.
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

#id3 = affine_map<(b, s, e) -> (b, s, e)>

func.func @llama_residual_add(%hidden: tensor<2x7x37xf32> {foundry.init = "normal(0.0, 1.0)"}, %residual: tensor<2x7x37xf32> {foundry.init = "normal(0.0, 1.0)"}) -> tensor<2x7x37xf32> {
  %y_empty = tensor.empty() : tensor<2x7x37xf32>
  %y = linalg.generic {indexing_maps = [#id3, #id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%hidden, %residual : tensor<2x7x37xf32>, tensor<2x7x37xf32>) outs(%y_empty : tensor<2x7x37xf32>) {
  ^bb0(%h: f32, %r: f32, %out: f32):
    %s = arith.addf %h, %r : f32
    linalg.yield %s : f32
  } -> tensor<2x7x37xf32>
  return %y : tensor<2x7x37xf32>
}
