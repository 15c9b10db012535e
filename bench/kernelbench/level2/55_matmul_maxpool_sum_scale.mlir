// KernelBench level 2 problem 55: Matmul_MaxPool_Sum_Scale.
// y = sum(MaxPool1d(x @ W^T + bias, kernel_size=2, stride=2), dim=1) * 0.5, x 128x32768, W 32768x32768 (out, in) as nn.Linear, bias 32768, pooled 128x16384, y 128 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.
// MaxPool1d (no padding) over the features keeps floor(32768 / 2) = 16384 windows: a trailing odd feature is dropped.

#lhs_map = affine_map<(m, n, k) -> (m, k)>
#rhs_transposed_map = affine_map<(m, n, k) -> (n, k)>
#out_map = affine_map<(m, n, k) -> (m, n)>
#identity = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
#col = affine_map<(i, j) -> (j)>
#vec = affine_map<(i) -> (i)>

func.func @matmul_maxpool_sum_scale(%x: tensor<128x32768xf32>, %W: tensor<32768x32768xf32> {foundry.init = "uniform(-0.00552427173, 0.00552427173)"}, %bias: tensor<32768xf32> {foundry.init = "uniform(-0.00552427173, 0.00552427173)"}) -> tensor<128xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %scale_factor = arith.constant 0.5 : f32
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
  // MaxPool1d(2): window p covers features 2p and 2p + 1 (stride-2 slices).
  %even = tensor.extract_slice %linear[0, 0] [128, 16384] [1, 2] : tensor<128x32768xf32> to tensor<128x16384xf32>
  %odd = tensor.extract_slice %linear[0, 1] [128, 16384] [1, 2] : tensor<128x32768xf32> to tensor<128x16384xf32>
  %pool_empty = tensor.empty() : tensor<128x16384xf32>
  %pooled = linalg.generic {indexing_maps = [#identity, #identity, #identity],
                            iterator_types = ["parallel", "parallel"]}
      ins(%even, %odd : tensor<128x16384xf32>, tensor<128x16384xf32>) outs(%pool_empty : tensor<128x16384xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %max = arith.maximumf %a, %b : f32
    linalg.yield %max : f32
  } -> tensor<128x16384xf32>
  // Row sum over dim 1 (init 0).
  %sum_empty = tensor.empty() : tensor<128xf32>
  %sum_init = linalg.fill ins(%zero : f32) outs(%sum_empty : tensor<128xf32>) -> tensor<128xf32>
  %row_sum = linalg.generic {indexing_maps = [#identity, #row],
                             iterator_types = ["parallel", "reduction"]}
      ins(%pooled : tensor<128x16384xf32>) outs(%sum_init : tensor<128xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %sum = arith.addf %in, %acc : f32
    linalg.yield %sum : f32
  } -> tensor<128xf32>
  // * 0.5.
  %y_empty = tensor.empty() : tensor<128xf32>
  %y = linalg.generic {indexing_maps = [#vec, #vec], iterator_types = ["parallel"]}
      ins(%row_sum : tensor<128xf32>) outs(%y_empty : tensor<128xf32>) {
  ^bb0(%in: f32, %out: f32):
    %scaled = arith.mulf %in, %scale_factor : f32
    linalg.yield %scaled : f32
  } -> tensor<128xf32>
  return %y : tensor<128xf32>
}
