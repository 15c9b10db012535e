// KernelBench level 2 problem 14: Gemm_Divide_Sum_Scaling.
// y = sum(x @ W^T / 2, dim=1, keepdim=True) * 1.5, x 19x37, W 29x37 (hidden, input) as an nn.Parameter (no bias), y 19x1 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.
// Collapses algebraically: the row sum of x @ W^T is x @ (column sums of W), a GEMV;
// written here as the full GEMM that the PyTorch model runs.

#lhs_map = affine_map<(m, n, k) -> (m, k)>
#rhs_transposed_map = affine_map<(m, n, k) -> (n, k)>
#out_map = affine_map<(m, n, k) -> (m, n)>
#identity = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>

func.func @gemm_divide_sum_scaling(%x: tensor<19x37xf32>, %W: tensor<29x37xf32> {foundry.init = "normal(0, 1)"}) -> tensor<19x1xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %divisor = arith.constant 2.0 : f32
  %scaling_factor = arith.constant 1.5 : f32
  // y = x @ W^T: linalg.matmul reading W (hidden_size, input_size) transposed.
  %mm_empty = tensor.empty() : tensor<19x29xf32>
  %mm_init = linalg.fill ins(%zero : f32) outs(%mm_empty : tensor<19x29xf32>) -> tensor<19x29xf32>
  %mm = linalg.matmul indexing_maps = [#lhs_map, #rhs_transposed_map, #out_map]
      ins(%x, %W : tensor<19x37xf32>, tensor<29x37xf32>) outs(%mm_init : tensor<19x29xf32>) -> tensor<19x29xf32>
  // / 2.
  %div_empty = tensor.empty() : tensor<19x29xf32>
  %div = linalg.generic {indexing_maps = [#identity, #identity],
                         iterator_types = ["parallel", "parallel"]}
      ins(%mm : tensor<19x29xf32>) outs(%div_empty : tensor<19x29xf32>) {
  ^bb0(%in: f32, %out: f32):
    %d = arith.divf %in, %divisor : f32
    linalg.yield %d : f32
  } -> tensor<19x29xf32>
  // Row sum over dim 1 (init 0).
  %sum_empty = tensor.empty() : tensor<19xf32>
  %sum_init = linalg.fill ins(%zero : f32) outs(%sum_empty : tensor<19xf32>) -> tensor<19xf32>
  %row_sum = linalg.generic {indexing_maps = [#identity, #row],
                             iterator_types = ["parallel", "reduction"]}
      ins(%div : tensor<19x29xf32>) outs(%sum_init : tensor<19xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %sum = arith.addf %in, %acc : f32
    linalg.yield %sum : f32
  } -> tensor<19xf32>
  // * 1.5, written to the keepdim shape 19x1.
  %y_empty = tensor.empty() : tensor<19x1xf32>
  %y = linalg.generic {indexing_maps = [#row, #identity],
                       iterator_types = ["parallel", "parallel"]}
      ins(%row_sum : tensor<19xf32>) outs(%y_empty : tensor<19x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %scaled = arith.mulf %in, %scaling_factor : f32
    linalg.yield %scaled : f32
  } -> tensor<19x1xf32>
  return %y : tensor<19x1xf32>
}
