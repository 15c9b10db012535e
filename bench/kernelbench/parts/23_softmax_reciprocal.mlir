// KernelBench level 1 problem 23, Softmax, with the division by the row sum
// written as a multiplication by its reciprocal (computed once per row): to
// time what an IEEE division per element costs (see the results note).
// y = softmax(x, dim=1), numerically stable (x - row max), x and y 4096x393216 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

#identity = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
#vec = affine_map<(i) -> (i)>

func.func @softmax(%x: tensor<4096x393216xf32>) -> tensor<4096x393216xf32> {
  %zero = arith.constant 0.0 : f32
  %neg_inf = arith.constant 0xFF800000 : f32
  // Row max (init -inf).
  %max_empty = tensor.empty() : tensor<4096xf32>
  %max_init = linalg.fill ins(%neg_inf : f32) outs(%max_empty : tensor<4096xf32>) -> tensor<4096xf32>
  %row_max = linalg.generic {indexing_maps = [#identity, #row],
                             iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4096x393216xf32>) outs(%max_init : tensor<4096xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %max = arith.maximumf %in, %acc : f32
    linalg.yield %max : f32
  } -> tensor<4096xf32>
  // exp(x - max).
  %exp_empty = tensor.empty() : tensor<4096x393216xf32>
  %exp = linalg.generic {indexing_maps = [#identity, #row, #identity],
                         iterator_types = ["parallel", "parallel"]}
      ins(%x, %row_max : tensor<4096x393216xf32>, tensor<4096xf32>) outs(%exp_empty : tensor<4096x393216xf32>) {
  ^bb0(%in: f32, %max: f32, %out: f32):
    %shifted = arith.subf %in, %max : f32
    %e = math.exp %shifted : f32
    linalg.yield %e : f32
  } -> tensor<4096x393216xf32>
  // Row sum (init 0).
  %sum_empty = tensor.empty() : tensor<4096xf32>
  %sum_init = linalg.fill ins(%zero : f32) outs(%sum_empty : tensor<4096xf32>) -> tensor<4096xf32>
  %row_sum = linalg.generic {indexing_maps = [#identity, #row],
                             iterator_types = ["parallel", "reduction"]}
      ins(%exp : tensor<4096x393216xf32>) outs(%sum_init : tensor<4096xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %sum = arith.addf %in, %acc : f32
    linalg.yield %sum : f32
  } -> tensor<4096xf32>
  // 1 / sum, once per row, then exp * (1 / sum).
  %r_empty = tensor.empty() : tensor<4096xf32>
  %recip = linalg.generic {indexing_maps = [#vec, #vec],
                           iterator_types = ["parallel"]}
      ins(%row_sum : tensor<4096xf32>) outs(%r_empty : tensor<4096xf32>) {
  ^bb0(%sum: f32, %out: f32):
    %one = arith.constant 1.0 : f32
    %r = arith.divf %one, %sum : f32
    linalg.yield %r : f32
  } -> tensor<4096xf32>
  %y_empty = tensor.empty() : tensor<4096x393216xf32>
  %y = linalg.generic {indexing_maps = [#identity, #row, #identity],
                       iterator_types = ["parallel", "parallel"]}
      ins(%exp, %recip : tensor<4096x393216xf32>, tensor<4096xf32>) outs(%y_empty : tensor<4096x393216xf32>) {
  ^bb0(%e: f32, %r: f32, %out: f32):
    %normalized = arith.mulf %e, %r : f32
    linalg.yield %normalized : f32
  } -> tensor<4096x393216xf32>
  return %y : tensor<4096x393216xf32>
}
