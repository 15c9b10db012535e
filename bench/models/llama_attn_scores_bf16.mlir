// Llama-2-7B attention scores on bf16: S = Q @ K^T / sqrt(128) per head, Q and K 32x2048x128 (heads x seq x head dim) in bf16, S 32x2048x2048 (f32).
// As torch-mlir lowers q @ k.transpose(-2, -1) / math.sqrt(d): aten.transpose.int
// as linalg.transpose, aten.bmm as linalg.batch_matmul, aten.div.Scalar as a generic.
// bf16 operands, f32 accumulator and result (the batch_matmul's output type).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

#id3 = affine_map<(b, i, j) -> (b, i, j)>

func.func @llama_attn_scores_bf16(%q: tensor<32x2048x128xbf16> {foundry.init = "normal(0.0, 1.0)"}, %k: tensor<32x2048x128xbf16> {foundry.init = "normal(0.0, 1.0)"}) -> tensor<32x2048x2048xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %sqrt_d = arith.constant 11.313708498984761 : f32
  // K^T per head: 32x2048x128 -> 32x128x2048.
  %kt_empty = tensor.empty() : tensor<32x128x2048xbf16>
  %kt = linalg.transpose ins(%k : tensor<32x2048x128xbf16>) outs(%kt_empty : tensor<32x128x2048xbf16>) permutation = [0, 2, 1]
  // Q @ K^T.
  %scores_empty = tensor.empty() : tensor<32x2048x2048xf32>
  %scores_init = linalg.fill ins(%zero : f32) outs(%scores_empty : tensor<32x2048x2048xf32>) -> tensor<32x2048x2048xf32>
  %scores = linalg.batch_matmul ins(%q, %kt : tensor<32x2048x128xbf16>, tensor<32x128x2048xbf16>) outs(%scores_init : tensor<32x2048x2048xf32>) -> tensor<32x2048x2048xf32>
  // / sqrt(d).
  %y_empty = tensor.empty() : tensor<32x2048x2048xf32>
  %y = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%scores : tensor<32x2048x2048xf32>) outs(%y_empty : tensor<32x2048x2048xf32>) {
  ^bb0(%in: f32, %out: f32):
    %scaled = arith.divf %in, %sqrt_d : f32
    linalg.yield %scaled : f32
  } -> tensor<32x2048x2048xf32>
  return %y : tensor<32x2048x2048xf32>
}
