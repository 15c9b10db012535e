// Llama-2-7B attention output: O = P @ V per head, P 32x2048x2048 (softmax probabilities), V 32x2048x128 (heads x seq x head dim), O 32x2048x128 (f32).
// aten.bmm as linalg.batch_matmul. P is drawn in [0, 2/2048) so that its rows sum to about 1.
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

func.func @llama_attn_output(%p: tensor<32x2048x2048xf32> {foundry.init = "uniform(0.0, 0.0009765625)"}, %v: tensor<32x2048x128xf32> {foundry.init = "normal(0.0, 1.0)"}) -> tensor<32x2048x128xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %o_empty = tensor.empty() : tensor<32x2048x128xf32>
  %o_init = linalg.fill ins(%zero : f32) outs(%o_empty : tensor<32x2048x128xf32>) -> tensor<32x2048x128xf32>
  %o = linalg.batch_matmul ins(%p, %v : tensor<32x2048x2048xf32>, tensor<32x2048x128xf32>) outs(%o_init : tensor<32x2048x128xf32>) -> tensor<32x2048x128xf32>
  return %o : tensor<32x2048x128xf32>
}
