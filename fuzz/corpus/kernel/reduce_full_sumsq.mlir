// Full reduction to a scalar, the squared gradient norm of a Llama-2-7B MLP weight (gradient clipping): y = (grad * grad).sum(), grad 37x41, y a scalar (rank 0) (fp32).
// One linalg.generic reducing both dims.
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

#id2 = affine_map<(i, j) -> (i, j)>
#to_scalar = affine_map<(i, j) -> ()>

func.func @reduce_full_sumsq(%grad: tensor<37x41xf32> {foundry.init = "normal(0.0, 1.0)"}) -> tensor<f32> {
  %zero = arith.constant 0.0 : f32
  %y_empty = tensor.empty() : tensor<f32>
  %y_init = linalg.fill ins(%zero : f32) outs(%y_empty : tensor<f32>) -> tensor<f32>
  %y = linalg.generic {indexing_maps = [#id2, #to_scalar], iterator_types = ["reduction", "reduction"]}
      ins(%grad : tensor<37x41xf32>) outs(%y_init : tensor<f32>) {
  ^bb0(%in: f32, %acc: f32):
    %sq = arith.mulf %in, %in : f32
    %s = arith.addf %acc, %sq : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  return %y : tensor<f32>
}
