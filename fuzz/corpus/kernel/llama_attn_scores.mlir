// Llama-2-7B attention scores: S = Q @ K^T / sqrt(20) per head, Q and K 3x37x20 (heads x seq x head dim), S 3x37x37 (f32).
// As torch-mlir lowers q @ k.transpose(-2, -1) / math.sqrt(d): aten.transpose.int
// as linalg.transpose, aten.bmm as linalg.batch_matmul, aten.div.Scalar as a generic.
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

#id3 = affine_map<(b, i, j) -> (b, i, j)>

func.func @llama_attn_scores(%q: tensor<3x37x20xf32> {foundry.init = "normal(0.0, 1.0)"}, %k: tensor<3x37x20xf32> {foundry.init = "normal(0.0, 1.0)"}) -> tensor<3x37x37xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %sqrt_d = arith.constant 4.47213595499958 : f32
  // K^T per head: 3x37x20 -> 3x20x37.
  %kt_empty = tensor.empty() : tensor<3x20x37xf32>
  %kt = linalg.transpose ins(%k : tensor<3x37x20xf32>) outs(%kt_empty : tensor<3x20x37xf32>) permutation = [0, 2, 1]
  // Q @ K^T.
  %scores_empty = tensor.empty() : tensor<3x37x37xf32>
  %scores_init = linalg.fill ins(%zero : f32) outs(%scores_empty : tensor<3x37x37xf32>) -> tensor<3x37x37xf32>
  %scores = linalg.batch_matmul ins(%q, %kt : tensor<3x37x20xf32>, tensor<3x20x37xf32>) outs(%scores_init : tensor<3x37x37xf32>) -> tensor<3x37x37xf32>
  // / sqrt(d).
  %y_empty = tensor.empty() : tensor<3x37x37xf32>
  %y = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%scores : tensor<3x37x37xf32>) outs(%y_empty : tensor<3x37x37xf32>) {
  ^bb0(%in: f32, %out: f32):
    %scaled = arith.divf %in, %sqrt_d : f32
    linalg.yield %scaled : f32
  } -> tensor<3x37x37xf32>
  return %y : tensor<3x37x37xf32>
}
