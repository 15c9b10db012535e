// KernelBench level 2 problem 53: Gemm_Scaling_Hardtanh_GELU.
// y = GELU(Hardtanh((x @ W^T + bias) * 0.5, -2, 2)) with exact GELU 0.5*v*(1+erf(v/sqrt(2))), x 2048x8192, W 8192x8192 (out, in) as nn.Linear, bias 8192, y 2048x8192 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

#lhs_map = affine_map<(m, n, k) -> (m, k)>
#rhs_transposed_map = affine_map<(m, n, k) -> (n, k)>
#out_map = affine_map<(m, n, k) -> (m, n)>
#identity = affine_map<(i, j) -> (i, j)>
#col = affine_map<(i, j) -> (j)>

func.func @gemm_scaling_hardtanh_gelu(%x: tensor<2048x8192xf32>, %W: tensor<8192x8192xf32> {foundry.init = "uniform(-0.0110485435, 0.0110485435)"}, %bias: tensor<8192xf32> {foundry.init = "uniform(-0.0110485435, 0.0110485435)"}) -> tensor<2048x8192xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %scaling_factor = arith.constant 0.5 : f32
  %hardtanh_min = arith.constant -2.0 : f32
  %hardtanh_max = arith.constant 2.0 : f32
  %half = arith.constant 0.5 : f32
  %one = arith.constant 1.0 : f32
  %inv_sqrt2 = arith.constant 0.707106781186547524 : f32
  // y = x @ W^T: linalg.matmul reading W (out_features, in_features) transposed.
  %mm_empty = tensor.empty() : tensor<2048x8192xf32>
  %mm_init = linalg.fill ins(%zero : f32) outs(%mm_empty : tensor<2048x8192xf32>) -> tensor<2048x8192xf32>
  %mm = linalg.matmul indexing_maps = [#lhs_map, #rhs_transposed_map, #out_map]
      ins(%x, %W : tensor<2048x8192xf32>, tensor<8192x8192xf32>) outs(%mm_init : tensor<2048x8192xf32>) -> tensor<2048x8192xf32>
  // + bias, broadcast over the rows.
  %linear_empty = tensor.empty() : tensor<2048x8192xf32>
  %linear = linalg.generic {indexing_maps = [#identity, #col, #identity],
                            iterator_types = ["parallel", "parallel"]}
      ins(%mm, %bias : tensor<2048x8192xf32>, tensor<8192xf32>) outs(%linear_empty : tensor<2048x8192xf32>) {
  ^bb0(%acc: f32, %b: f32, %out: f32):
    %biased = arith.addf %acc, %b : f32
    linalg.yield %biased : f32
  } -> tensor<2048x8192xf32>
  // * 0.5.
  %scaled_empty = tensor.empty() : tensor<2048x8192xf32>
  %scaled = linalg.generic {indexing_maps = [#identity, #identity],
                            iterator_types = ["parallel", "parallel"]}
      ins(%linear : tensor<2048x8192xf32>) outs(%scaled_empty : tensor<2048x8192xf32>) {
  ^bb0(%in: f32, %out: f32):
    %mul = arith.mulf %in, %scaling_factor : f32
    linalg.yield %mul : f32
  } -> tensor<2048x8192xf32>
  // Hardtanh: min(max(v, -2), 2).
  %clamped_empty = tensor.empty() : tensor<2048x8192xf32>
  %clamped = linalg.generic {indexing_maps = [#identity, #identity],
                             iterator_types = ["parallel", "parallel"]}
      ins(%scaled : tensor<2048x8192xf32>) outs(%clamped_empty : tensor<2048x8192xf32>) {
  ^bb0(%in: f32, %out: f32):
    %lo = arith.maximumf %in, %hardtanh_min : f32
    %hi = arith.minimumf %lo, %hardtanh_max : f32
    linalg.yield %hi : f32
  } -> tensor<2048x8192xf32>
  // Exact GELU: 0.5 * v * (1 + erf(v / sqrt(2))), v / sqrt(2) as v * (1 / sqrt(2)).
  %y_empty = tensor.empty() : tensor<2048x8192xf32>
  %y = linalg.generic {indexing_maps = [#identity, #identity],
                       iterator_types = ["parallel", "parallel"]}
      ins(%clamped : tensor<2048x8192xf32>) outs(%y_empty : tensor<2048x8192xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.mulf %in, %inv_sqrt2 : f32
    %erf = math.erf %s : f32
    %one_plus_erf = arith.addf %one, %erf : f32
    %half_in = arith.mulf %half, %in : f32
    %g = arith.mulf %half_in, %one_plus_erf : f32
    linalg.yield %g : f32
  } -> tensor<2048x8192xf32>
  return %y : tensor<2048x8192xf32>
}
