// KernelBench level 2 problem 18: Matmul_Sum_Max_AvgPool_LogSumExp_LogSumExp.
// y = logsumexp(logsumexp(mean(max(sum(x @ W^T + bias, dim=1, keepdim), dim=1, keepdim), dim=1, keepdim), dim=1, keepdim), dim=1, keepdim), x 19x37, W 29x37 (out, in) as nn.Linear, bias 29, y 19x1 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.
// Collapses algebraically: after the row sum every op reduces a dimension of size 1
// (max, mean and logsumexp of one value are that value), so y = row sum of the linear
// layer = x @ (column sums of W) + sum(bias), a GEMV. Written here as the ops the
// PyTorch model runs, each on the keepdim shape 19x1.

#lhs_map = affine_map<(m, n, k) -> (m, k)>
#rhs_transposed_map = affine_map<(m, n, k) -> (n, k)>
#out_map = affine_map<(m, n, k) -> (m, n)>
#identity = affine_map<(i, j) -> (i, j)>
#col = affine_map<(i, j) -> (j)>
// Reductions over dim 1 that keep it (size 1): loops (i, j, k), j the kept dim of
// size 1, k the reduced dim.
#red_in = affine_map<(i, j, k) -> (i, k)>
#red_out = affine_map<(i, j, k) -> (i, j)>

func.func @matmul_sum_max_avgpool_logsumexp_logsumexp(%x: tensor<19x37xf32>, %W: tensor<29x37xf32> {foundry.init = "uniform(-0.164398987, 0.164398987)"}, %bias: tensor<29xf32> {foundry.init = "uniform(-0.164398987, 0.164398987)"}) -> tensor<19x1xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %neg_inf = arith.constant 0xFF800000 : f32
  %count = arith.constant 1.0 : f32
  // y = x @ W^T: linalg.matmul reading W (out_features, in_features) transposed.
  %mm_empty = tensor.empty() : tensor<19x29xf32>
  %mm_init = linalg.fill ins(%zero : f32) outs(%mm_empty : tensor<19x29xf32>) -> tensor<19x29xf32>
  %mm = linalg.matmul indexing_maps = [#lhs_map, #rhs_transposed_map, #out_map]
      ins(%x, %W : tensor<19x37xf32>, tensor<29x37xf32>) outs(%mm_init : tensor<19x29xf32>) -> tensor<19x29xf32>
  // + bias, broadcast over the rows.
  %linear_empty = tensor.empty() : tensor<19x29xf32>
  %linear = linalg.generic {indexing_maps = [#identity, #col, #identity],
                            iterator_types = ["parallel", "parallel"]}
      ins(%mm, %bias : tensor<19x29xf32>, tensor<29xf32>) outs(%linear_empty : tensor<19x29xf32>) {
  ^bb0(%acc: f32, %b: f32, %out: f32):
    %biased = arith.addf %acc, %b : f32
    linalg.yield %biased : f32
  } -> tensor<19x29xf32>
  // torch.sum(dim=1, keepdim=True) (init 0).
  %col_empty = tensor.empty() : tensor<19x1xf32>
  %zero_col = linalg.fill ins(%zero : f32) outs(%col_empty : tensor<19x1xf32>) -> tensor<19x1xf32>
  %neg_inf_col = linalg.fill ins(%neg_inf : f32) outs(%col_empty : tensor<19x1xf32>) -> tensor<19x1xf32>
  %sum = linalg.generic {indexing_maps = [#red_in, #red_out],
                         iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%linear : tensor<19x29xf32>) outs(%zero_col : tensor<19x1xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<19x1xf32>
  // torch.max(dim=1, keepdim=True)[0] over the size-1 dim (init -inf).
  %max = linalg.generic {indexing_maps = [#red_in, #red_out],
                         iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%sum : tensor<19x1xf32>) outs(%neg_inf_col : tensor<19x1xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %m = arith.maximumf %in, %acc : f32
    linalg.yield %m : f32
  } -> tensor<19x1xf32>
  // torch.mean(dim=1, keepdim=True): sum over the size-1 dim, then / 1.
  %mean_sum = linalg.generic {indexing_maps = [#red_in, #red_out],
                              iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%max : tensor<19x1xf32>) outs(%zero_col : tensor<19x1xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<19x1xf32>
  %mean = linalg.generic {indexing_maps = [#identity, #identity],
                          iterator_types = ["parallel", "parallel"]}
      ins(%mean_sum : tensor<19x1xf32>) outs(%col_empty : tensor<19x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %d = arith.divf %in, %count : f32
    linalg.yield %d : f32
  } -> tensor<19x1xf32>
  // First torch.logsumexp(dim=1, keepdim=True): max, sum of exp(v - max), log(sum) + max.
  %lse1_max = linalg.generic {indexing_maps = [#red_in, #red_out],
                              iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%mean : tensor<19x1xf32>) outs(%neg_inf_col : tensor<19x1xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %m = arith.maximumf %in, %acc : f32
    linalg.yield %m : f32
  } -> tensor<19x1xf32>
  %lse1_sum = linalg.generic {indexing_maps = [#red_in, #red_out, #red_out],
                              iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%mean, %lse1_max : tensor<19x1xf32>, tensor<19x1xf32>) outs(%zero_col : tensor<19x1xf32>) {
  ^bb0(%in: f32, %m: f32, %acc: f32):
    %shifted = arith.subf %in, %m : f32
    %e = math.exp %shifted : f32
    %s = arith.addf %e, %acc : f32
    linalg.yield %s : f32
  } -> tensor<19x1xf32>
  %lse1 = linalg.generic {indexing_maps = [#identity, #identity, #identity],
                          iterator_types = ["parallel", "parallel"]}
      ins(%lse1_sum, %lse1_max : tensor<19x1xf32>, tensor<19x1xf32>) outs(%col_empty : tensor<19x1xf32>) {
  ^bb0(%s: f32, %m: f32, %out: f32):
    %log = math.log %s : f32
    %l = arith.addf %log, %m : f32
    linalg.yield %l : f32
  } -> tensor<19x1xf32>
  // Second torch.logsumexp(dim=1, keepdim=True).
  %lse2_max = linalg.generic {indexing_maps = [#red_in, #red_out],
                              iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%lse1 : tensor<19x1xf32>) outs(%neg_inf_col : tensor<19x1xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %m = arith.maximumf %in, %acc : f32
    linalg.yield %m : f32
  } -> tensor<19x1xf32>
  %lse2_sum = linalg.generic {indexing_maps = [#red_in, #red_out, #red_out],
                              iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%lse1, %lse2_max : tensor<19x1xf32>, tensor<19x1xf32>) outs(%zero_col : tensor<19x1xf32>) {
  ^bb0(%in: f32, %m: f32, %acc: f32):
    %shifted = arith.subf %in, %m : f32
    %e = math.exp %shifted : f32
    %s = arith.addf %e, %acc : f32
    linalg.yield %s : f32
  } -> tensor<19x1xf32>
  %y = linalg.generic {indexing_maps = [#identity, #identity, #identity],
                       iterator_types = ["parallel", "parallel"]}
      ins(%lse2_sum, %lse2_max : tensor<19x1xf32>, tensor<19x1xf32>) outs(%col_empty : tensor<19x1xf32>) {
  ^bb0(%s: f32, %m: f32, %out: f32):
    %log = math.log %s : f32
    %l = arith.addf %log, %m : f32
    linalg.yield %l : f32
  } -> tensor<19x1xf32>
  return %y : tensor<19x1xf32>
}
