// KernelBench level 1 problem 24: LogSoftmax.
// y = log_softmax(x, dim=1) = x - max - log(sum(exp(x - max))) per row, x and y 13x37 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

#identity = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
#identity1 = affine_map<(i) -> (i)>

func.func @logsoftmax(%x: tensor<13x37xf32>) -> tensor<13x37xf32> {
  %zero = arith.constant 0.0 : f32
  %neg_inf = arith.constant 0xFF800000 : f32
  // Row max (init -inf).
  %max_empty = tensor.empty() : tensor<13xf32>
  %max_init = linalg.fill ins(%neg_inf : f32) outs(%max_empty : tensor<13xf32>) -> tensor<13xf32>
  %row_max = linalg.generic {indexing_maps = [#identity, #row],
                             iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<13x37xf32>) outs(%max_init : tensor<13xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %max = arith.maximumf %in, %acc : f32
    linalg.yield %max : f32
  } -> tensor<13xf32>
  // Row sum of exp(x - max) (init 0).
  %sum_empty = tensor.empty() : tensor<13xf32>
  %sum_init = linalg.fill ins(%zero : f32) outs(%sum_empty : tensor<13xf32>) -> tensor<13xf32>
  %row_sum = linalg.generic {indexing_maps = [#identity, #row, #row],
                             iterator_types = ["parallel", "reduction"]}
      ins(%x, %row_max : tensor<13x37xf32>, tensor<13xf32>) outs(%sum_init : tensor<13xf32>) {
  ^bb0(%in: f32, %max: f32, %acc: f32):
    %shifted = arith.subf %in, %max : f32
    %e = math.exp %shifted : f32
    %sum = arith.addf %e, %acc : f32
    linalg.yield %sum : f32
  } -> tensor<13xf32>
  // Per row: log-sum-exp = max + log(sum).
  %lse_empty = tensor.empty() : tensor<13xf32>
  %lse = linalg.generic {indexing_maps = [#identity1, #identity1, #identity1],
                         iterator_types = ["parallel"]}
      ins(%row_max, %row_sum : tensor<13xf32>, tensor<13xf32>) outs(%lse_empty : tensor<13xf32>) {
  ^bb0(%max: f32, %sum: f32, %out: f32):
    %log_sum = math.log %sum : f32
    %l = arith.addf %max, %log_sum : f32
    linalg.yield %l : f32
  } -> tensor<13xf32>
  // y = x - log-sum-exp.
  %y_empty = tensor.empty() : tensor<13x37xf32>
  %y = linalg.generic {indexing_maps = [#identity, #row, #identity],
                       iterator_types = ["parallel", "parallel"]}
      ins(%x, %lse : tensor<13x37xf32>, tensor<13xf32>) outs(%y_empty : tensor<13x37xf32>) {
  ^bb0(%in: f32, %l: f32, %out: f32):
    %log_prob = arith.subf %in, %l : f32
    linalg.yield %log_prob : f32
  } -> tensor<13x37xf32>
  return %y : tensor<13x37xf32>
}
