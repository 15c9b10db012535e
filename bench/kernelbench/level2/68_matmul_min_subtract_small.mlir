// KernelBench level 2 problem 68: Matmul_Min_Subtract.
// y = min(x @ W^T + bias, constant) - constant, x 19x37, W 29x37 (out, in) as nn.Linear, bias 29, constant a scalar nn.Parameter (rank 0, 2.0 at init), y 19x29 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

#lhs_map = affine_map<(m, n, k) -> (m, k)>
#rhs_transposed_map = affine_map<(m, n, k) -> (n, k)>
#out_map = affine_map<(m, n, k) -> (m, n)>
#identity = affine_map<(i, j) -> (i, j)>
#col = affine_map<(i, j) -> (j)>
#scalar = affine_map<(i, j) -> ()>

func.func @matmul_min_subtract(%x: tensor<19x37xf32>, %W: tensor<29x37xf32> {foundry.init = "uniform(-0.164398987, 0.164398987)"}, %bias: tensor<29xf32> {foundry.init = "uniform(-0.164398987, 0.164398987)"}, %constant: tensor<f32> {foundry.init = "uniform(2.0, 2.0)"}) -> tensor<19x29xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
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
  // torch.min(v, constant), the rank-0 parameter broadcast.
  %minimum_empty = tensor.empty() : tensor<19x29xf32>
  %minimum = linalg.generic {indexing_maps = [#identity, #scalar, #identity],
                             iterator_types = ["parallel", "parallel"]}
      ins(%linear, %constant : tensor<19x29xf32>, tensor<f32>) outs(%minimum_empty : tensor<19x29xf32>) {
  ^bb0(%in: f32, %c: f32, %out: f32):
    %r = arith.minimumf %in, %c : f32
    linalg.yield %r : f32
  } -> tensor<19x29xf32>
  // - constant.
  %y_empty = tensor.empty() : tensor<19x29xf32>
  %y = linalg.generic {indexing_maps = [#identity, #scalar, #identity],
                       iterator_types = ["parallel", "parallel"]}
      ins(%minimum, %constant : tensor<19x29xf32>, tensor<f32>) outs(%y_empty : tensor<19x29xf32>) {
  ^bb0(%in: f32, %c: f32, %out: f32):
    %r = arith.subf %in, %c : f32
    linalg.yield %r : f32
  } -> tensor<19x29xf32>
  return %y : tensor<19x29xf32>
}
