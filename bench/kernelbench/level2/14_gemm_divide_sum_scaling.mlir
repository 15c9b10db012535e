// KernelBench level 2 problem 14: Gemm_Divide_Sum_Scaling.
// y = sum(x @ W^T / 2, dim=1, keepdim=True) * 1.5, x 1024x8192, W 8192x8192 (hidden, input) as an nn.Parameter (no bias), y 1024x1 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.
// Collapses algebraically: the row sum of x @ W^T is x @ (column sums of W), a GEMV;
// written here as the full GEMM that the PyTorch model runs.

#lhs_map = affine_map<(m, n, k) -> (m, k)>
#rhs_transposed_map = affine_map<(m, n, k) -> (n, k)>
#out_map = affine_map<(m, n, k) -> (m, n)>
#identity = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>

func.func @gemm_divide_sum_scaling(%x: tensor<1024x8192xf32>, %W: tensor<8192x8192xf32> {foundry.init = "normal(0, 1)"}) -> tensor<1024x1xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %divisor = arith.constant 2.0 : f32
  %scaling_factor = arith.constant 1.5 : f32
  // y = x @ W^T: linalg.matmul reading W (hidden_size, input_size) transposed.
  %mm_empty = tensor.empty() : tensor<1024x8192xf32>
  %mm_init = linalg.fill ins(%zero : f32) outs(%mm_empty : tensor<1024x8192xf32>) -> tensor<1024x8192xf32>
  %mm = linalg.matmul indexing_maps = [#lhs_map, #rhs_transposed_map, #out_map]
      ins(%x, %W : tensor<1024x8192xf32>, tensor<8192x8192xf32>) outs(%mm_init : tensor<1024x8192xf32>) -> tensor<1024x8192xf32>
  // / 2.
  %div_empty = tensor.empty() : tensor<1024x8192xf32>
  %div = linalg.generic {indexing_maps = [#identity, #identity],
                         iterator_types = ["parallel", "parallel"]}
      ins(%mm : tensor<1024x8192xf32>) outs(%div_empty : tensor<1024x8192xf32>) {
  ^bb0(%in: f32, %out: f32):
    %d = arith.divf %in, %divisor : f32
    linalg.yield %d : f32
  } -> tensor<1024x8192xf32>
  // Row sum over dim 1 (init 0).
  %sum_empty = tensor.empty() : tensor<1024xf32>
  %sum_init = linalg.fill ins(%zero : f32) outs(%sum_empty : tensor<1024xf32>) -> tensor<1024xf32>
  %row_sum = linalg.generic {indexing_maps = [#identity, #row],
                             iterator_types = ["parallel", "reduction"]}
      ins(%div : tensor<1024x8192xf32>) outs(%sum_init : tensor<1024xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %sum = arith.addf %in, %acc : f32
    linalg.yield %sum : f32
  } -> tensor<1024xf32>
  // * 1.5, written to the keepdim shape 1024x1.
  %y_empty = tensor.empty() : tensor<1024x1xf32>
  %y = linalg.generic {indexing_maps = [#row, #identity],
                       iterator_types = ["parallel", "parallel"]}
      ins(%row_sum : tensor<1024xf32>) outs(%y_empty : tensor<1024x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %scaled = arith.mulf %in, %scaling_factor : f32
    linalg.yield %scaled : f32
  } -> tensor<1024x1xf32>
  return %y : tensor<1024x1xf32>
}
