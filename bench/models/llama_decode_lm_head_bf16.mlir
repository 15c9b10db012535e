// Llama-2-7B decode-step LM head on bf16 (4 sequences): logits = x @ W^T, x 4x4096 in bf16, W 32000x4096 (vocab, hidden) in bf16, logits 4x32000 (f32).
// IREE's form of x @ W^T: linalg.matmul reading W (out, in) transposed through its indexing maps.
// bf16 operands, f32 accumulator and result (the matmul's output type).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

#x_map = affine_map<(m, n, k) -> (m, k)>
#w_map = affine_map<(m, n, k) -> (n, k)>
#y_map = affine_map<(m, n, k) -> (m, n)>

func.func @llama_decode_lm_head_bf16(%x: tensor<4x4096xbf16> {foundry.init = "normal(0.0, 1.0)"}, %w: tensor<32000x4096xbf16> {foundry.init = "uniform(-0.015625, 0.015625)"}) -> tensor<4x32000xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %y_empty = tensor.empty() : tensor<4x32000xf32>
  %y_init = linalg.fill ins(%zero : f32) outs(%y_empty : tensor<4x32000xf32>) -> tensor<4x32000xf32>
  %y = linalg.matmul indexing_maps = [#x_map, #w_map, #y_map]
      ins(%x, %w : tensor<4x4096xbf16>, tensor<32000x4096xbf16>) outs(%y_init : tensor<4x32000xf32>) -> tensor<4x32000xf32>
  return %y : tensor<4x32000xf32>
}
