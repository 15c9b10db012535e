// Llama-2-7B causal attention probabilities: P = softmax(masked_fill(S, key > query, -inf), dim=-1), S and P 3x37x37 (heads x query x key) (fp32).
// The mask comes from the loop indices (no mask tensor); the softmax is linalg.softmax,
// as IREE's torch input path keeps aten._softmax.
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

#id3 = affine_map<(b, i, j) -> (b, i, j)>

func.func @llama_attn_causal_softmax(%scores: tensor<3x37x37xf32> {foundry.init = "normal(0.0, 1.0)"}) -> tensor<3x37x37xf32> {
  %neg_inf = arith.constant 0xFF800000 : f32
  // Causal mask: a key after the query (j > i) gets -inf.
  %masked_empty = tensor.empty() : tensor<3x37x37xf32>
  %masked = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%scores : tensor<3x37x37xf32>) outs(%masked_empty : tensor<3x37x37xf32>) {
  ^bb0(%in: f32, %out: f32):
    %i = linalg.index 1 : index
    %j = linalg.index 2 : index
    %future = arith.cmpi ugt, %j, %i : index
    %m = arith.select %future, %neg_inf, %in : f32
    linalg.yield %m : f32
  } -> tensor<3x37x37xf32>
  // Softmax over the keys.
  %p_empty = tensor.empty() : tensor<3x37x37xf32>
  %p = linalg.softmax dimension(2) ins(%masked : tensor<3x37x37xf32>) outs(%p_empty : tensor<3x37x37xf32>) -> tensor<3x37x37xf32>
  return %p : tensor<3x37x37xf32>
}
