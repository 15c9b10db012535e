// KernelBench level 2 problem 70: Gemm_Sigmoid_Scaling_ResidualAdd.
// v = x @ W^T + bias; y = sigmoid(v) * 2.0 + v, x 19x37, W 29x37 (out, in) as nn.Linear, bias 29, y 19x29 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

#lhs_map = affine_map<(m, n, k) -> (m, k)>
#rhs_transposed_map = affine_map<(m, n, k) -> (n, k)>
#out_map = affine_map<(m, n, k) -> (m, n)>
#identity = affine_map<(i, j) -> (i, j)>
#col = affine_map<(i, j) -> (j)>

func.func @gemm_sigmoid_scaling_residualadd(%x: tensor<19x37xf32>, %W: tensor<29x37xf32> {foundry.init = "uniform(-0.164398987, 0.164398987)"}, %bias: tensor<29xf32> {foundry.init = "uniform(-0.164398987, 0.164398987)"}) -> tensor<19x29xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %scaling_factor = arith.constant 2.0 : f32
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
  // sigmoid(v) = 1 / (1 + exp(-v)).
  %sigmoid_empty = tensor.empty() : tensor<19x29xf32>
  %sigmoid = linalg.generic {indexing_maps = [#identity, #identity],
                             iterator_types = ["parallel", "parallel"]}
      ins(%linear : tensor<19x29xf32>) outs(%sigmoid_empty : tensor<19x29xf32>) {
  ^bb0(%in: f32, %out: f32):
    %neg = arith.negf %in : f32
    %e = math.exp %neg : f32
    %den = arith.addf %one, %e : f32
    %sig = arith.divf %one, %den : f32
    linalg.yield %sig : f32
  } -> tensor<19x29xf32>
  // * 2.0.
  %scaled_empty = tensor.empty() : tensor<19x29xf32>
  %scaled = linalg.generic {indexing_maps = [#identity, #identity],
                            iterator_types = ["parallel", "parallel"]}
      ins(%sigmoid : tensor<19x29xf32>) outs(%scaled_empty : tensor<19x29xf32>) {
  ^bb0(%in: f32, %out: f32):
    %mul = arith.mulf %in, %scaling_factor : f32
    linalg.yield %mul : f32
  } -> tensor<19x29xf32>
  // Residual add: + v (the linear output).
  %y_empty = tensor.empty() : tensor<19x29xf32>
  %y = linalg.generic {indexing_maps = [#identity, #identity, #identity],
                       iterator_types = ["parallel", "parallel"]}
      ins(%scaled, %linear : tensor<19x29xf32>, tensor<19x29xf32>) outs(%y_empty : tensor<19x29xf32>) {
  ^bb0(%s: f32, %v: f32, %out: f32):
    %add = arith.addf %s, %v : f32
    linalg.yield %add : f32
  } -> tensor<19x29xf32>
  return %y : tensor<19x29xf32>
}
