// Llama-2 next-token distribution: y = softmax(logits, dim=-1), logits and y 32x32000 (sequences x vocabulary) (fp32).
// As torch-mlir decomposes aten._softmax: row max, exp(x - max), row sum, divide, four generics.
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

#id2 = affine_map<(r, v) -> (r, v)>
#row = affine_map<(r, v) -> (r)>

func.func @llama_vocab_softmax(%logits: tensor<32x32000xf32> {foundry.init = "normal(0.0, 1.0)"}) -> tensor<32x32000xf32> {
  %zero = arith.constant 0.0 : f32
  %neg_inf = arith.constant 0xFF800000 : f32
  %max_empty = tensor.empty() : tensor<32xf32>
  %max_init = linalg.fill ins(%neg_inf : f32) outs(%max_empty : tensor<32xf32>) -> tensor<32xf32>
  %max = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
      ins(%logits : tensor<32x32000xf32>) outs(%max_init : tensor<32xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %m = arith.maximumf %in, %acc : f32
    linalg.yield %m : f32
  } -> tensor<32xf32>
  %exp_empty = tensor.empty() : tensor<32x32000xf32>
  %exp = linalg.generic {indexing_maps = [#id2, #row, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%logits, %max : tensor<32x32000xf32>, tensor<32xf32>) outs(%exp_empty : tensor<32x32000xf32>) {
  ^bb0(%in: f32, %m: f32, %out: f32):
    %d = arith.subf %in, %m : f32
    %e = math.exp %d : f32
    linalg.yield %e : f32
  } -> tensor<32x32000xf32>
  %sum_empty = tensor.empty() : tensor<32xf32>
  %sum_init = linalg.fill ins(%zero : f32) outs(%sum_empty : tensor<32xf32>) -> tensor<32xf32>
  %sum = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
      ins(%exp : tensor<32x32000xf32>) outs(%sum_init : tensor<32xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<32xf32>
  %y_empty = tensor.empty() : tensor<32x32000xf32>
  %y = linalg.generic {indexing_maps = [#id2, #row, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%exp, %sum : tensor<32x32000xf32>, tensor<32xf32>) outs(%y_empty : tensor<32x32000xf32>) {
  ^bb0(%e: f32, %s: f32, %out: f32):
    %q = arith.divf %e, %s : f32
    linalg.yield %q : f32
  } -> tensor<32x32000xf32>
  return %y : tensor<32x32000xf32>
}
