// KernelBench level 2 problem 56: Matmul_Sigmoid_Sum.
// y = sum(sigmoid(x @ W^T + bias), dim=1, keepdim=True), x 128x32768, W 32768x32768 (out, in) as nn.Linear, bias 32768, y 128x1 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

#lhs_map = affine_map<(m, n, k) -> (m, k)>
#rhs_transposed_map = affine_map<(m, n, k) -> (n, k)>
#out_map = affine_map<(m, n, k) -> (m, n)>
#identity = affine_map<(i, j) -> (i, j)>
#col = affine_map<(i, j) -> (j)>
// Row sum that keeps dim 1 (size 1): loops (i, j, k), j the kept dim, k the reduced dim.
#red_in = affine_map<(i, j, k) -> (i, k)>
#red_out = affine_map<(i, j, k) -> (i, j)>

func.func @matmul_sigmoid_sum(%x: tensor<128x32768xf32>, %W: tensor<32768x32768xf32> {foundry.init = "uniform(-0.00552427173, 0.00552427173)"}, %bias: tensor<32768xf32> {foundry.init = "uniform(-0.00552427173, 0.00552427173)"}) -> tensor<128x1xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
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
  // Sigmoid: 1 / (1 + exp(-v)).
  %sig_empty = tensor.empty() : tensor<128x32768xf32>
  %sig = linalg.generic {indexing_maps = [#identity, #identity],
                         iterator_types = ["parallel", "parallel"]}
      ins(%linear : tensor<128x32768xf32>) outs(%sig_empty : tensor<128x32768xf32>) {
  ^bb0(%in: f32, %out: f32):
    %neg = arith.negf %in : f32
    %e = math.exp %neg : f32
    %den = arith.addf %one, %e : f32
    %s = arith.divf %one, %den : f32
    linalg.yield %s : f32
  } -> tensor<128x32768xf32>
  // Row sum over dim 1 (init 0) into the keepdim shape 128x1.
  %y_empty = tensor.empty() : tensor<128x1xf32>
  %y_init = linalg.fill ins(%zero : f32) outs(%y_empty : tensor<128x1xf32>) -> tensor<128x1xf32>
  %y = linalg.generic {indexing_maps = [#red_in, #red_out],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%sig : tensor<128x32768xf32>) outs(%y_init : tensor<128x1xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %sum = arith.addf %in, %acc : f32
    linalg.yield %sum : f32
  } -> tensor<128x1xf32>
  return %y : tensor<128x1xf32>
}
