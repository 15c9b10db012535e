// Llama-2-7B rotary embedding of q: y = q * cos + rotate_half(q) * sin, rotate_half(q) = cat(-q[..., 5:], q[..., :5]), q 2x3x7x10 [batch, heads, seq, head dim], cos and sin 7x10 (seq x head dim, broadcast), y 2x3x7x10 (fp32).
// As torch-mlir lowers HF's apply_rotary_pos_emb: slices as tensor.extract_slice, torch.cat as
// tensor.concat, the tables' broadcast as linalg.broadcast. cos and sin are drawn in [-1, 1).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

#id4 = affine_map<(b, h, s, d) -> (b, h, s, d)>

func.func @llama_rope(%q: tensor<2x3x7x10xf32> {foundry.init = "normal(0.0, 1.0)"}, %cos: tensor<7x10xf32> {foundry.init = "uniform(-1.0, 1.0)"}, %sin: tensor<7x10xf32> {foundry.init = "uniform(-1.0, 1.0)"}) -> tensor<2x3x7x10xf32> {
  // rotate_half(q) = cat(-x2, x1) with x1 = q[..., :5], x2 = q[..., 5:].
  %x1 = tensor.extract_slice %q[0, 0, 0, 0] [2, 3, 7, 5] [1, 1, 1, 1] : tensor<2x3x7x10xf32> to tensor<2x3x7x5xf32>
  %x2 = tensor.extract_slice %q[0, 0, 0, 5] [2, 3, 7, 5] [1, 1, 1, 1] : tensor<2x3x7x10xf32> to tensor<2x3x7x5xf32>
  %neg_empty = tensor.empty() : tensor<2x3x7x5xf32>
  %neg_x2 = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x2 : tensor<2x3x7x5xf32>) outs(%neg_empty : tensor<2x3x7x5xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<2x3x7x5xf32>
  %rotated = tensor.concat dim(3) %neg_x2, %x1 : (tensor<2x3x7x5xf32>, tensor<2x3x7x5xf32>) -> tensor<2x3x7x10xf32>
  // cos and sin over every batch and head.
  %cos_empty = tensor.empty() : tensor<2x3x7x10xf32>
  %cos_b = linalg.broadcast ins(%cos : tensor<7x10xf32>) outs(%cos_empty : tensor<2x3x7x10xf32>) dimensions = [0, 1]
  %sin_empty = tensor.empty() : tensor<2x3x7x10xf32>
  %sin_b = linalg.broadcast ins(%sin : tensor<7x10xf32>) outs(%sin_empty : tensor<2x3x7x10xf32>) dimensions = [0, 1]
  // q * cos + rotate_half(q) * sin.
  %y_empty = tensor.empty() : tensor<2x3x7x10xf32>
  %y = linalg.generic {indexing_maps = [#id4, #id4, #id4, #id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%q, %cos_b, %rotated, %sin_b : tensor<2x3x7x10xf32>, tensor<2x3x7x10xf32>, tensor<2x3x7x10xf32>, tensor<2x3x7x10xf32>) outs(%y_empty : tensor<2x3x7x10xf32>) {
  ^bb0(%qv: f32, %c: f32, %r: f32, %sn: f32, %out: f32):
    %qc = arith.mulf %qv, %c : f32
    %rs = arith.mulf %r, %sn : f32
    %sum = arith.addf %qc, %rs : f32
    linalg.yield %sum : f32
  } -> tensor<2x3x7x10xf32>
  return %y : tensor<2x3x7x10xf32>
}
