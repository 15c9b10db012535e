// KernelBench level 2 problem 59: Matmul_Swish_Scaling.
// v = x @ W^T + bias; y = (v * sigmoid(v)) * 2.0, x 128x32768, W 32768x32768 (out, in) as nn.Linear, bias 32768, y 128x32768 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

#lhs_map = affine_map<(m, n, k) -> (m, k)>
#rhs_transposed_map = affine_map<(m, n, k) -> (n, k)>
#out_map = affine_map<(m, n, k) -> (m, n)>
#identity = affine_map<(i, j) -> (i, j)>
#col = affine_map<(i, j) -> (j)>

func.func @matmul_swish_scaling(%x: tensor<128x32768xf32>, %W: tensor<32768x32768xf32> {foundry.init = "uniform(-0.00552427173, 0.00552427173)"}, %bias: tensor<32768xf32> {foundry.init = "uniform(-0.00552427173, 0.00552427173)"}) -> tensor<128x32768xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %scaling_factor = arith.constant 2.0 : f32
  // y = x @ W^T: linalg.matmul reading W (out_features, in_features) transposed.
  %mm_empty = tensor.empty() : tensor<128x32768xf32>
  %mm_init = linalg.fill ins(%zero : f32) outs(%mm_empty : tensor<128x32768xf32>) -> tensor<128x32768xf32>
  %mm = linalg.matmul indexing_maps = [#lhs_map, #rhs_transposed_map, #out_map]
      ins(%x, %W : tensor<128x32768xf32>, tensor<32768x32768xf32>) outs(%mm_init : tensor<128x32768xf32>) -> tensor<128x32768xf32>
  // + bias, broadcast over the rows.
  %linear_empty = tensor.empty() : tensor<128x32768xf32>
  %linear = linalg.generic {indexing_maps = [#identity, #col, #identity],
                            iterator_types = ["parallel", "parallel"]}
      ins(%mm, %bias : tensor<128x32768xf32>, tensor<32768xf32>) outs(%linear_empty : tensor<128x32768xf32>) {
  ^bb0(%acc: f32, %b: f32, %out: f32):
    %biased = arith.addf %acc, %b : f32
    linalg.yield %biased : f32
  } -> tensor<128x32768xf32>
  // Swish: v * sigmoid(v), sigmoid(v) = 1 / (1 + exp(-v)).
  %swish_empty = tensor.empty() : tensor<128x32768xf32>
  %swish = linalg.generic {indexing_maps = [#identity, #identity],
                           iterator_types = ["parallel", "parallel"]}
      ins(%linear : tensor<128x32768xf32>) outs(%swish_empty : tensor<128x32768xf32>) {
  ^bb0(%in: f32, %out: f32):
    %neg = arith.negf %in : f32
    %e = math.exp %neg : f32
    %den = arith.addf %one, %e : f32
    %sig = arith.divf %one, %den : f32
    %s = arith.mulf %in, %sig : f32
    linalg.yield %s : f32
  } -> tensor<128x32768xf32>
  // * 2.0.
  %y_empty = tensor.empty() : tensor<128x32768xf32>
  %y = linalg.generic {indexing_maps = [#identity, #identity],
                       iterator_types = ["parallel", "parallel"]}
      ins(%swish : tensor<128x32768xf32>) outs(%y_empty : tensor<128x32768xf32>) {
  ^bb0(%in: f32, %out: f32):
    %mul = arith.mulf %in, %scaling_factor : f32
    linalg.yield %mul : f32
  } -> tensor<128x32768xf32>
  return %y : tensor<128x32768xf32>
}
