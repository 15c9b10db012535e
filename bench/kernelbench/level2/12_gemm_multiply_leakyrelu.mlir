// KernelBench level 2 problem 12: Gemm_Multiply_LeakyReLU.
// y = LeakyReLU((x @ W^T + bias) * 2.0, negative_slope=0.1), x 1024x8192, W 8192x8192 (out, in) as nn.Linear, bias 8192, y 1024x8192 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

#lhs_map = affine_map<(m, n, k) -> (m, k)>
#rhs_transposed_map = affine_map<(m, n, k) -> (n, k)>
#out_map = affine_map<(m, n, k) -> (m, n)>
#identity = affine_map<(i, j) -> (i, j)>
#col = affine_map<(i, j) -> (j)>

func.func @gemm_multiply_leakyrelu(%x: tensor<1024x8192xf32>, %W: tensor<8192x8192xf32> {foundry.init = "uniform(-0.0110485435, 0.0110485435)"}, %bias: tensor<8192xf32> {foundry.init = "uniform(-0.0110485435, 0.0110485435)"}) -> tensor<1024x8192xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %multiplier = arith.constant 2.0 : f32
  %negative_slope = arith.constant 0.1 : f32
  // y = x @ W^T: linalg.matmul reading W (out_features, in_features) transposed.
  %mm_empty = tensor.empty() : tensor<1024x8192xf32>
  %mm_init = linalg.fill ins(%zero : f32) outs(%mm_empty : tensor<1024x8192xf32>) -> tensor<1024x8192xf32>
  %mm = linalg.matmul indexing_maps = [#lhs_map, #rhs_transposed_map, #out_map]
      ins(%x, %W : tensor<1024x8192xf32>, tensor<8192x8192xf32>) outs(%mm_init : tensor<1024x8192xf32>) -> tensor<1024x8192xf32>
  // + bias, broadcast over the rows.
  %linear_empty = tensor.empty() : tensor<1024x8192xf32>
  %linear = linalg.generic {indexing_maps = [#identity, #col, #identity],
                            iterator_types = ["parallel", "parallel"]}
      ins(%mm, %bias : tensor<1024x8192xf32>, tensor<8192xf32>) outs(%linear_empty : tensor<1024x8192xf32>) {
  ^bb0(%acc: f32, %b: f32, %out: f32):
    %biased = arith.addf %acc, %b : f32
    linalg.yield %biased : f32
  } -> tensor<1024x8192xf32>
  // * 2.0.
  %scaled_empty = tensor.empty() : tensor<1024x8192xf32>
  %scaled = linalg.generic {indexing_maps = [#identity, #identity],
                            iterator_types = ["parallel", "parallel"]}
      ins(%linear : tensor<1024x8192xf32>) outs(%scaled_empty : tensor<1024x8192xf32>) {
  ^bb0(%in: f32, %out: f32):
    %mul = arith.mulf %in, %multiplier : f32
    linalg.yield %mul : f32
  } -> tensor<1024x8192xf32>
  // LeakyReLU: v > 0 ? v : 0.1 * v.
  %y_empty = tensor.empty() : tensor<1024x8192xf32>
  %y = linalg.generic {indexing_maps = [#identity, #identity],
                       iterator_types = ["parallel", "parallel"]}
      ins(%scaled : tensor<1024x8192xf32>) outs(%y_empty : tensor<1024x8192xf32>) {
  ^bb0(%in: f32, %out: f32):
    %positive = arith.cmpf ogt, %in, %zero : f32
    %leak = arith.mulf %in, %negative_slope : f32
    %leaky = arith.select %positive, %in, %leak : f32
    linalg.yield %leaky : f32
  } -> tensor<1024x8192xf32>
  return %y : tensor<1024x8192xf32>
}
