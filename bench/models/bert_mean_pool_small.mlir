// Middle-axis reduction, sentence-embedding mean pooling of BERT-base outputs: y = x.mean(dim=1), x 3x37x29 [batch, seq, hidden], y 3x29 (fp32).
// As torch-mlir lowers aten.mean.dim: a sum generic (the reduced dim in the middle of x), then / 37.
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

#x_map = affine_map<(b, e, s) -> (b, s, e)>
#out_map = affine_map<(b, e, s) -> (b, e)>
#id2 = affine_map<(b, e) -> (b, e)>

func.func @bert_mean_pool(%x: tensor<3x37x29xf32> {foundry.init = "normal(0.0, 1.0)"}) -> tensor<3x29xf32> {
  %zero = arith.constant 0.0 : f32
  %seq = arith.constant 37.0 : f32
  %sum_empty = tensor.empty() : tensor<3x29xf32>
  %sum_init = linalg.fill ins(%zero : f32) outs(%sum_empty : tensor<3x29xf32>) -> tensor<3x29xf32>
  %sum = linalg.generic {indexing_maps = [#x_map, #out_map], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x : tensor<3x37x29xf32>) outs(%sum_init : tensor<3x29xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %acc, %in : f32
    linalg.yield %s : f32
  } -> tensor<3x29xf32>
  %y_empty = tensor.empty() : tensor<3x29xf32>
  %y = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%sum : tensor<3x29xf32>) outs(%y_empty : tensor<3x29xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.divf %in, %seq : f32
    linalg.yield %m : f32
  } -> tensor<3x29xf32>
  return %y : tensor<3x29xf32>
}
