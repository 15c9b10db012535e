// KernelBench level 1 problem 37: FrobeniusNorm.
// y = x / torch.norm(x, p='fro') = x / sqrt(sum(x^2)) over all elements, x and y 3x5x7x11 (batch, features, d1, d2) (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

#identity4 = affine_map<(n, c, h, w) -> (n, c, h, w)>
#scalar4 = affine_map<(n, c, h, w) -> ()>
#scalar0 = affine_map<() -> ()>

func.func @frobeniusnorm(%x: tensor<3x5x7x11xf32>) -> tensor<3x5x7x11xf32> {
  %zero = arith.constant 0.0 : f32
  // Sum of squares over every element, into a 0-d tensor (init 0).
  %sum_empty = tensor.empty() : tensor<f32>
  %sum_init = linalg.fill ins(%zero : f32) outs(%sum_empty : tensor<f32>) -> tensor<f32>
  %sum_sq = linalg.generic {indexing_maps = [#identity4, #scalar4],
                            iterator_types = ["reduction", "reduction", "reduction", "reduction"]}
      ins(%x : tensor<3x5x7x11xf32>) outs(%sum_init : tensor<f32>) {
  ^bb0(%in: f32, %acc: f32):
    %sq = arith.mulf %in, %in : f32
    %sum = arith.addf %acc, %sq : f32
    linalg.yield %sum : f32
  } -> tensor<f32>
  // norm = sqrt(sum of squares).
  %norm_empty = tensor.empty() : tensor<f32>
  %norm = linalg.generic {indexing_maps = [#scalar0, #scalar0], iterator_types = []}
      ins(%sum_sq : tensor<f32>) outs(%norm_empty : tensor<f32>) {
  ^bb0(%s: f32, %out: f32):
    %root = math.sqrt %s : f32
    linalg.yield %root : f32
  } -> tensor<f32>
  // y = x / norm.
  %y_empty = tensor.empty() : tensor<3x5x7x11xf32>
  %y = linalg.generic {indexing_maps = [#identity4, #scalar4, #identity4],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x, %norm : tensor<3x5x7x11xf32>, tensor<f32>) outs(%y_empty : tensor<3x5x7x11xf32>) {
  ^bb0(%in: f32, %n: f32, %out: f32):
    %normalized = arith.divf %in, %n : f32
    linalg.yield %normalized : f32
  } -> tensor<3x5x7x11xf32>
  return %y : tensor<3x5x7x11xf32>
}
