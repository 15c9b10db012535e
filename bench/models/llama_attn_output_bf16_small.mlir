// Llama-2-7B attention output on bf16: O = P @ V per head, P 3x37x37 (softmax probabilities) in bf16, V 3x37x20 (heads x seq x head dim) in bf16, O 3x37x20 (f32).
// aten.bmm as linalg.batch_matmul. P is drawn in [0, 2/37) so that its rows sum to about 1.
// bf16 operands, f32 accumulator and result (the batch_matmul's output type).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

func.func @llama_attn_output_bf16(%p: tensor<3x37x37xbf16> {foundry.init = "uniform(0.0, 0.05405405405)"}, %v: tensor<3x37x20xbf16> {foundry.init = "normal(0.0, 1.0)"}) -> tensor<3x37x20xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %o_empty = tensor.empty() : tensor<3x37x20xf32>
  %o_init = linalg.fill ins(%zero : f32) outs(%o_empty : tensor<3x37x20xf32>) -> tensor<3x37x20xf32>
  %o = linalg.batch_matmul ins(%p, %v : tensor<3x37x37xbf16>, tensor<3x37x20xbf16>) outs(%o_init : tensor<3x37x20xf32>) -> tensor<3x37x20xf32>
  return %o : tensor<3x37x20xf32>
}
