// BERT-base LayerNorm: y = (x - mean) * rsqrt(var + 1e-12) * gamma + beta over the hidden dim (biased variance), x 2x7x37 [batch, seq, hidden], gamma and beta 37, y 2x7x37 (fp32).
// As torch-mlir lowers aten.native_layer_norm: mean, variance, rsqrt and the affine
// output, each a linalg.generic. gamma (ones at init) and beta (zeros) are drawn around those values.
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

#id3 = affine_map<(b, s, e) -> (b, s, e)>
#token3 = affine_map<(b, s, e) -> (b, s)>
#hidden3 = affine_map<(b, s, e) -> (e)>
#id2 = affine_map<(b, s) -> (b, s)>

func.func @bert_layernorm(%x: tensor<2x7x37xf32> {foundry.init = "normal(0.0, 1.0)"}, %gamma: tensor<37xf32> {foundry.init = "normal(1.0, 0.1)"}, %beta: tensor<37xf32> {foundry.init = "uniform(-0.1, 0.1)"}) -> tensor<2x7x37xf32> {
  %zero = arith.constant 0.0 : f32
  %hidden = arith.constant 37.0 : f32
  %eps = arith.constant 9.9999999999999998e-13 : f32
  // Mean over the hidden dim.
  %sum_empty = tensor.empty() : tensor<2x7xf32>
  %sum_init = linalg.fill ins(%zero : f32) outs(%sum_empty : tensor<2x7xf32>) -> tensor<2x7xf32>
  %sum = linalg.generic {indexing_maps = [#id3, #token3], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x : tensor<2x7x37xf32>) outs(%sum_init : tensor<2x7xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %acc, %in : f32
    linalg.yield %s : f32
  } -> tensor<2x7xf32>
  %mean_empty = tensor.empty() : tensor<2x7xf32>
  %mean = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%sum : tensor<2x7xf32>) outs(%mean_empty : tensor<2x7xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.divf %in, %hidden : f32
    linalg.yield %m : f32
  } -> tensor<2x7xf32>
  // Biased variance.
  %sqdev_empty = tensor.empty() : tensor<2x7xf32>
  %sqdev_init = linalg.fill ins(%zero : f32) outs(%sqdev_empty : tensor<2x7xf32>) -> tensor<2x7xf32>
  %sqdev = linalg.generic {indexing_maps = [#id3, #token3, #token3], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %mean : tensor<2x7x37xf32>, tensor<2x7xf32>) outs(%sqdev_init : tensor<2x7xf32>) {
  ^bb0(%in: f32, %m: f32, %acc: f32):
    %d = arith.subf %in, %m : f32
    %sq = arith.mulf %d, %d : f32
    %s = arith.addf %acc, %sq : f32
    linalg.yield %s : f32
  } -> tensor<2x7xf32>
  %rstd_empty = tensor.empty() : tensor<2x7xf32>
  %rstd = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%sqdev : tensor<2x7xf32>) outs(%rstd_empty : tensor<2x7xf32>) {
  ^bb0(%in: f32, %out: f32):
    %var = arith.divf %in, %hidden : f32
    %shifted = arith.addf %var, %eps : f32
    %rs = math.rsqrt %shifted : f32
    linalg.yield %rs : f32
  } -> tensor<2x7xf32>
  // (x - mean) * rstd * gamma + beta.
  %y_empty = tensor.empty() : tensor<2x7x37xf32>
  %y = linalg.generic {indexing_maps = [#id3, #token3, #token3, #hidden3, #hidden3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x, %mean, %rstd, %gamma, %beta : tensor<2x7x37xf32>, tensor<2x7xf32>, tensor<2x7xf32>, tensor<37xf32>, tensor<37xf32>) outs(%y_empty : tensor<2x7x37xf32>) {
  ^bb0(%in: f32, %m: f32, %rs: f32, %g: f32, %b: f32, %out: f32):
    %d = arith.subf %in, %m : f32
    %normed = arith.mulf %d, %rs : f32
    %scaled = arith.mulf %normed, %g : f32
    %shifted = arith.addf %scaled, %b : f32
    linalg.yield %shifted : f32
  } -> tensor<2x7x37xf32>
  return %y : tensor<2x7x37xf32>
}
