// KernelBench level 1 problem 39: L2Norm.
// y = x / torch.norm(x, p=2, dim=1, keepdim=True) = x / sqrt(sum(x^2, dim=1)) (no eps), x and y 23x37 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

#identity = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
#identity1 = affine_map<(i) -> (i)>

func.func @l2norm(%x: tensor<23x37xf32>) -> tensor<23x37xf32> {
  %zero = arith.constant 0.0 : f32
  // Row sum of squares (init 0).
  %sum_empty = tensor.empty() : tensor<23xf32>
  %sum_init = linalg.fill ins(%zero : f32) outs(%sum_empty : tensor<23xf32>) -> tensor<23xf32>
  %sum_sq = linalg.generic {indexing_maps = [#identity, #row],
                            iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<23x37xf32>) outs(%sum_init : tensor<23xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %sq = arith.mulf %in, %in : f32
    %sum = arith.addf %acc, %sq : f32
    linalg.yield %sum : f32
  } -> tensor<23xf32>
  // Row norm = sqrt(sum of squares).
  %norm_empty = tensor.empty() : tensor<23xf32>
  %norm = linalg.generic {indexing_maps = [#identity1, #identity1],
                          iterator_types = ["parallel"]}
      ins(%sum_sq : tensor<23xf32>) outs(%norm_empty : tensor<23xf32>) {
  ^bb0(%s: f32, %out: f32):
    %root = math.sqrt %s : f32
    linalg.yield %root : f32
  } -> tensor<23xf32>
  // y = x / norm, broadcast over the row.
  %y_empty = tensor.empty() : tensor<23x37xf32>
  %y = linalg.generic {indexing_maps = [#identity, #row, #identity],
                       iterator_types = ["parallel", "parallel"]}
      ins(%x, %norm : tensor<23x37xf32>, tensor<23xf32>) outs(%y_empty : tensor<23x37xf32>) {
  ^bb0(%in: f32, %n: f32, %out: f32):
    %normalized = arith.divf %in, %n : f32
    linalg.yield %normalized : f32
  } -> tensor<23x37xf32>
  return %y : tensor<23x37xf32>
}
