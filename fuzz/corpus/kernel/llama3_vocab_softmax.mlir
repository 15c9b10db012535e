// Llama-3 next-token distribution: y = softmax(logits, dim=-1), logits and y 3x517 (sequences x vocabulary) (fp32).
// One linalg.softmax, as IREE's torch input path keeps aten._softmax.
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

func.func @llama3_vocab_softmax(%logits: tensor<3x517xf32> {foundry.init = "normal(0.0, 1.0)"}) -> tensor<3x517xf32> {
  %y_empty = tensor.empty() : tensor<3x517xf32>
  %y = linalg.softmax dimension(1) ins(%logits : tensor<3x517xf32>) outs(%y_empty : tensor<3x517xf32>) -> tensor<3x517xf32>
  return %y : tensor<3x517xf32>
}
