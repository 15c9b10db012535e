// Llama-2-7B head split: y = x.permute(0, 2, 1, 3), x 4x2048x32x128 [batch, seq, heads, head dim], y 4x32x2048x128 [batch, heads, seq, head dim] (fp32).
// aten.permute as linalg.transpose.
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

func.func @llama_permute_bshd_bhsd(%x: tensor<4x2048x32x128xf32> {foundry.init = "normal(0.0, 1.0)"}) -> tensor<4x32x2048x128xf32> {
  %y_empty = tensor.empty() : tensor<4x32x2048x128xf32>
  %y = linalg.transpose ins(%x : tensor<4x2048x32x128xf32>) outs(%y_empty : tensor<4x32x2048x128xf32>) permutation = [0, 2, 1, 3]
  return %y : tensor<4x32x2048x128xf32>
}
