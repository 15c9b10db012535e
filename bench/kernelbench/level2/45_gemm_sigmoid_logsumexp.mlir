// KernelBench level 2 problem 45: Gemm_Sigmoid_LogSumExp.
// y = logsumexp(sigmoid(x @ W1^T + b1) @ W2^T + b2, dim=1), x 16384x2048, W1 4096x2048 and W2 1024x4096 (out, in) as nn.Linear, b1 4096, b2 1024, y 16384 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

#lhs_map = affine_map<(m, n, k) -> (m, k)>
#rhs_transposed_map = affine_map<(m, n, k) -> (n, k)>
#out_map = affine_map<(m, n, k) -> (m, n)>
#identity = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
#col = affine_map<(i, j) -> (j)>
#vec = affine_map<(i) -> (i)>

func.func @gemm_sigmoid_logsumexp(%x: tensor<16384x2048xf32>, %W1: tensor<4096x2048xf32> {foundry.init = "uniform(-0.0220970869, 0.0220970869)"}, %b1: tensor<4096xf32> {foundry.init = "uniform(-0.0220970869, 0.0220970869)"}, %W2: tensor<1024x4096xf32> {foundry.init = "uniform(-0.015625, 0.015625)"}, %b2: tensor<1024xf32> {foundry.init = "uniform(-0.015625, 0.015625)"}) -> tensor<16384xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %neg_inf = arith.constant 0xFF800000 : f32
  // h = x @ W1^T: linalg.matmul reading W1 (hidden_size, input_size) transposed.
  %mm1_empty = tensor.empty() : tensor<16384x4096xf32>
  %mm1_init = linalg.fill ins(%zero : f32) outs(%mm1_empty : tensor<16384x4096xf32>) -> tensor<16384x4096xf32>
  %mm1 = linalg.matmul indexing_maps = [#lhs_map, #rhs_transposed_map, #out_map]
      ins(%x, %W1 : tensor<16384x2048xf32>, tensor<4096x2048xf32>) outs(%mm1_init : tensor<16384x4096xf32>) -> tensor<16384x4096xf32>
  // + b1, broadcast over the rows.
  %linear1_empty = tensor.empty() : tensor<16384x4096xf32>
  %linear1 = linalg.generic {indexing_maps = [#identity, #col, #identity],
                             iterator_types = ["parallel", "parallel"]}
      ins(%mm1, %b1 : tensor<16384x4096xf32>, tensor<4096xf32>) outs(%linear1_empty : tensor<16384x4096xf32>) {
  ^bb0(%acc: f32, %b: f32, %out: f32):
    %biased = arith.addf %acc, %b : f32
    linalg.yield %biased : f32
  } -> tensor<16384x4096xf32>
  // Sigmoid: 1 / (1 + exp(-v)).
  %sig_empty = tensor.empty() : tensor<16384x4096xf32>
  %sig = linalg.generic {indexing_maps = [#identity, #identity],
                         iterator_types = ["parallel", "parallel"]}
      ins(%linear1 : tensor<16384x4096xf32>) outs(%sig_empty : tensor<16384x4096xf32>) {
  ^bb0(%in: f32, %out: f32):
    %neg = arith.negf %in : f32
    %e = math.exp %neg : f32
    %den = arith.addf %one, %e : f32
    %s = arith.divf %one, %den : f32
    linalg.yield %s : f32
  } -> tensor<16384x4096xf32>
  // o = sigmoid(h) @ W2^T: linalg.matmul reading W2 (output_size, hidden_size) transposed.
  %mm2_empty = tensor.empty() : tensor<16384x1024xf32>
  %mm2_init = linalg.fill ins(%zero : f32) outs(%mm2_empty : tensor<16384x1024xf32>) -> tensor<16384x1024xf32>
  %mm2 = linalg.matmul indexing_maps = [#lhs_map, #rhs_transposed_map, #out_map]
      ins(%sig, %W2 : tensor<16384x4096xf32>, tensor<1024x4096xf32>) outs(%mm2_init : tensor<16384x1024xf32>) -> tensor<16384x1024xf32>
  // + b2, broadcast over the rows.
  %linear2_empty = tensor.empty() : tensor<16384x1024xf32>
  %linear2 = linalg.generic {indexing_maps = [#identity, #col, #identity],
                             iterator_types = ["parallel", "parallel"]}
      ins(%mm2, %b2 : tensor<16384x1024xf32>, tensor<1024xf32>) outs(%linear2_empty : tensor<16384x1024xf32>) {
  ^bb0(%acc: f32, %b: f32, %out: f32):
    %biased = arith.addf %acc, %b : f32
    linalg.yield %biased : f32
  } -> tensor<16384x1024xf32>
  // logsumexp over dim 1: row max (init -inf), row sum of exp(v - max) (init 0),
  // then log(sum) + max.
  %max_empty = tensor.empty() : tensor<16384xf32>
  %max_init = linalg.fill ins(%neg_inf : f32) outs(%max_empty : tensor<16384xf32>) -> tensor<16384xf32>
  %row_max = linalg.generic {indexing_maps = [#identity, #row],
                             iterator_types = ["parallel", "reduction"]}
      ins(%linear2 : tensor<16384x1024xf32>) outs(%max_init : tensor<16384xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %max = arith.maximumf %in, %acc : f32
    linalg.yield %max : f32
  } -> tensor<16384xf32>
  %sum_empty = tensor.empty() : tensor<16384xf32>
  %sum_init = linalg.fill ins(%zero : f32) outs(%sum_empty : tensor<16384xf32>) -> tensor<16384xf32>
  %row_sum = linalg.generic {indexing_maps = [#identity, #row, #row],
                             iterator_types = ["parallel", "reduction"]}
      ins(%linear2, %row_max : tensor<16384x1024xf32>, tensor<16384xf32>) outs(%sum_init : tensor<16384xf32>) {
  ^bb0(%in: f32, %max: f32, %acc: f32):
    %shifted = arith.subf %in, %max : f32
    %e = math.exp %shifted : f32
    %sum = arith.addf %e, %acc : f32
    linalg.yield %sum : f32
  } -> tensor<16384xf32>
  %y_empty = tensor.empty() : tensor<16384xf32>
  %y = linalg.generic {indexing_maps = [#vec, #vec, #vec], iterator_types = ["parallel"]}
      ins(%row_sum, %row_max : tensor<16384xf32>, tensor<16384xf32>) outs(%y_empty : tensor<16384xf32>) {
  ^bb0(%sum: f32, %max: f32, %out: f32):
    %log = math.log %sum : f32
    %l = arith.addf %log, %max : f32
    linalg.yield %l : f32
  } -> tensor<16384xf32>
  return %y : tensor<16384xf32>
}
