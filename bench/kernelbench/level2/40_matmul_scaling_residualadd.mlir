// KernelBench level 2 problem 40: Matmul_Scaling_ResidualAdd.
// v = x @ W^T + bias; y = v * 0.5 + v (residual add of the unscaled copy), x 16384x4096, W 4096x4096 (out, in) as nn.Linear, bias 4096, y 16384x4096 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

#lhs_map = affine_map<(m, n, k) -> (m, k)>
#rhs_transposed_map = affine_map<(m, n, k) -> (n, k)>
#out_map = affine_map<(m, n, k) -> (m, n)>
#identity = affine_map<(i, j) -> (i, j)>
#col = affine_map<(i, j) -> (j)>

func.func @matmul_scaling_residualadd(%x: tensor<16384x4096xf32>, %W: tensor<4096x4096xf32> {foundry.init = "uniform(-0.015625, 0.015625)"}, %bias: tensor<4096xf32> {foundry.init = "uniform(-0.015625, 0.015625)"}) -> tensor<16384x4096xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %scaling_factor = arith.constant 0.5 : f32
  // y = x @ W^T: linalg.matmul reading W (out_features, in_features) transposed.
  %mm_empty = tensor.empty() : tensor<16384x4096xf32>
  %mm_init = linalg.fill ins(%zero : f32) outs(%mm_empty : tensor<16384x4096xf32>) -> tensor<16384x4096xf32>
  %mm = linalg.matmul indexing_maps = [#lhs_map, #rhs_transposed_map, #out_map]
      ins(%x, %W : tensor<16384x4096xf32>, tensor<4096x4096xf32>) outs(%mm_init : tensor<16384x4096xf32>) -> tensor<16384x4096xf32>
  // + bias, broadcast over the rows.
  %linear_empty = tensor.empty() : tensor<16384x4096xf32>
  %linear = linalg.generic {indexing_maps = [#identity, #col, #identity],
                            iterator_types = ["parallel", "parallel"]}
      ins(%mm, %bias : tensor<16384x4096xf32>, tensor<4096xf32>) outs(%linear_empty : tensor<16384x4096xf32>) {
  ^bb0(%acc: f32, %b: f32, %out: f32):
    %biased = arith.addf %acc, %b : f32
    linalg.yield %biased : f32
  } -> tensor<16384x4096xf32>
  // * 0.5.
  %scaled_empty = tensor.empty() : tensor<16384x4096xf32>
  %scaled = linalg.generic {indexing_maps = [#identity, #identity],
                            iterator_types = ["parallel", "parallel"]}
      ins(%linear : tensor<16384x4096xf32>) outs(%scaled_empty : tensor<16384x4096xf32>) {
  ^bb0(%in: f32, %out: f32):
    %mul = arith.mulf %in, %scaling_factor : f32
    linalg.yield %mul : f32
  } -> tensor<16384x4096xf32>
  // + the linear output (original_x).
  %y_empty = tensor.empty() : tensor<16384x4096xf32>
  %y = linalg.generic {indexing_maps = [#identity, #identity, #identity],
                       iterator_types = ["parallel", "parallel"]}
      ins(%scaled, %linear : tensor<16384x4096xf32>, tensor<16384x4096xf32>) outs(%y_empty : tensor<16384x4096xf32>) {
  ^bb0(%s: f32, %orig: f32, %out: f32):
    %add = arith.addf %s, %orig : f32
    linalg.yield %add : f32
  } -> tensor<16384x4096xf32>
  return %y : tensor<16384x4096xf32>
}
