// Llama-2-7B head split: y = x.permute(0, 2, 1, 3), x 2x7x3x10 [batch, seq, heads, head dim], y 2x3x7x10 [batch, heads, seq, head dim] (fp32).
// aten.permute as linalg.transpose.
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

func.func @llama_permute_bshd_bhsd(%x: tensor<2x7x3x10xf32> {foundry.init = "normal(0.0, 1.0)"}) -> tensor<2x3x7x10xf32> {
  %y_empty = tensor.empty() : tensor<2x3x7x10xf32>
  %y = linalg.transpose ins(%x : tensor<2x7x3x10xf32>) outs(%y_empty : tensor<2x3x7x10xf32>) permutation = [0, 2, 1, 3]
  return %y : tensor<2x3x7x10xf32>
}
