// Llama-2-7B decode-step LM head (2 sequences): logits = x @ W^T, x 2x40, W 301x40 (vocab, hidden), logits 2x301 (f32).
// IREE's form of x @ W^T: linalg.matmul reading W (out, in) transposed through its indexing maps.
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

#x_map = affine_map<(m, n, k) -> (m, k)>
#w_map = affine_map<(m, n, k) -> (n, k)>
#y_map = affine_map<(m, n, k) -> (m, n)>

func.func @llama_decode_lm_head(%x: tensor<2x40xf32> {foundry.init = "normal(0.0, 1.0)"}, %w: tensor<301x40xf32> {foundry.init = "uniform(-0.158113883, 0.158113883)"}) -> tensor<2x301xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %y_empty = tensor.empty() : tensor<2x301xf32>
  %y_init = linalg.fill ins(%zero : f32) outs(%y_empty : tensor<2x301xf32>) -> tensor<2x301xf32>
  %y = linalg.matmul indexing_maps = [#x_map, #w_map, #y_map]
      ins(%x, %w : tensor<2x40xf32>, tensor<301x40xf32>) outs(%y_init : tensor<2x301xf32>) -> tensor<2x301xf32>
  return %y : tensor<2x301xf32>
}
