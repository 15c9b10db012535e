// Llama-2-7B RMSNorm: y = weight * (x * rsqrt(mean(x^2, dim=-1) + 1e-5)), x 4x2048x4096 [batch, seq, hidden], weight 4096, y 4x2048x4096 (fp32).
// As torch-mlir lowers HF's LlamaRMSNorm: the sum of squares, rsqrt of the mean plus eps per
// token, then the scaling, each a linalg.generic. weight (ones at init) is drawn around 1.
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

#id3 = affine_map<(b, s, e) -> (b, s, e)>
#token3 = affine_map<(b, s, e) -> (b, s)>
#hidden3 = affine_map<(b, s, e) -> (e)>
#id2 = affine_map<(b, s) -> (b, s)>

func.func @llama_rmsnorm(%x: tensor<4x2048x4096xf32> {foundry.init = "normal(0.0, 1.0)"}, %weight: tensor<4096xf32> {foundry.init = "normal(1.0, 0.1)"}) -> tensor<4x2048x4096xf32> {
  %zero = arith.constant 0.0 : f32
  %hidden = arith.constant 4096.0 : f32
  %eps = arith.constant 1.0e-05 : f32
  // Sum of squares over the hidden dim.
  %sumsq_empty = tensor.empty() : tensor<4x2048xf32>
  %sumsq_init = linalg.fill ins(%zero : f32) outs(%sumsq_empty : tensor<4x2048xf32>) -> tensor<4x2048xf32>
  %sumsq = linalg.generic {indexing_maps = [#id3, #token3], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x : tensor<4x2048x4096xf32>) outs(%sumsq_init : tensor<4x2048xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %sq = arith.mulf %in, %in : f32
    %sum = arith.addf %acc, %sq : f32
    linalg.yield %sum : f32
  } -> tensor<4x2048xf32>
  // rsqrt(mean + eps) per token.
  %rstd_empty = tensor.empty() : tensor<4x2048xf32>
  %rstd = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%sumsq : tensor<4x2048xf32>) outs(%rstd_empty : tensor<4x2048xf32>) {
  ^bb0(%in: f32, %out: f32):
    %mean = arith.divf %in, %hidden : f32
    %shifted = arith.addf %mean, %eps : f32
    %rs = math.rsqrt %shifted : f32
    linalg.yield %rs : f32
  } -> tensor<4x2048xf32>
  // weight * (x * rstd).
  %y_empty = tensor.empty() : tensor<4x2048x4096xf32>
  %y = linalg.generic {indexing_maps = [#id3, #token3, #hidden3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x, %rstd, %weight : tensor<4x2048x4096xf32>, tensor<4x2048xf32>, tensor<4096xf32>) outs(%y_empty : tensor<4x2048x4096xf32>) {
  ^bb0(%in: f32, %rs: f32, %wv: f32, %out: f32):
    %normed = arith.mulf %in, %rs : f32
    %scaled = arith.mulf %wv, %normed : f32
    linalg.yield %scaled : f32
  } -> tensor<4x2048x4096xf32>
  return %y : tensor<4x2048x4096xf32>
}
