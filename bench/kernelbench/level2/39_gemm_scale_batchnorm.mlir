// KernelBench level 2 problem 39: Gemm_Scale_BatchNorm.
// y = BatchNorm1d((x @ W^T + bias) * scale, eps=1e-5) in training mode, x 16384x4096, W 4096x4096 (out, in) as nn.Linear, bias 4096, scale 4096, y 16384x4096 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.
// BatchNorm in training mode: batch statistics per feature over the 16384 rows, biased
// variance; default init weight 1 and bias 0 are folded away (running stats unused).

#lhs_map = affine_map<(m, n, k) -> (m, k)>
#rhs_transposed_map = affine_map<(m, n, k) -> (n, k)>
#out_map = affine_map<(m, n, k) -> (m, n)>
#identity = affine_map<(i, j) -> (i, j)>
#col = affine_map<(i, j) -> (j)>
#vec = affine_map<(j) -> (j)>

func.func @gemm_scale_batchnorm(%x: tensor<16384x4096xf32>, %W: tensor<4096x4096xf32> {foundry.init = "uniform(-0.015625, 0.015625)"}, %bias: tensor<4096xf32> {foundry.init = "uniform(-0.015625, 0.015625)"}, %scale: tensor<4096xf32> {foundry.init = "normal(0, 1)"}) -> tensor<16384x4096xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %batch = arith.constant 16384.0 : f32
  %eps = arith.constant 1.0e-05 : f32
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
  // * scale, broadcast over the rows.
  %scaled_empty = tensor.empty() : tensor<16384x4096xf32>
  %scaled = linalg.generic {indexing_maps = [#identity, #col, #identity],
                            iterator_types = ["parallel", "parallel"]}
      ins(%linear, %scale : tensor<16384x4096xf32>, tensor<4096xf32>) outs(%scaled_empty : tensor<16384x4096xf32>) {
  ^bb0(%in: f32, %s: f32, %out: f32):
    %mul = arith.mulf %in, %s : f32
    linalg.yield %mul : f32
  } -> tensor<16384x4096xf32>
  // BatchNorm statistics over dim 0: column sum (init 0), mean = sum / 16384.
  %stat_empty = tensor.empty() : tensor<4096xf32>
  %stat_zero = linalg.fill ins(%zero : f32) outs(%stat_empty : tensor<4096xf32>) -> tensor<4096xf32>
  %col_sum = linalg.generic {indexing_maps = [#identity, #col],
                             iterator_types = ["reduction", "parallel"]}
      ins(%scaled : tensor<16384x4096xf32>) outs(%stat_zero : tensor<4096xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<4096xf32>
  %mean = linalg.generic {indexing_maps = [#vec, #vec], iterator_types = ["parallel"]}
      ins(%col_sum : tensor<4096xf32>) outs(%stat_empty : tensor<4096xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.divf %in, %batch : f32
    linalg.yield %m : f32
  } -> tensor<4096xf32>
  // Sum of squared deviations (init 0), std = sqrt(ssd / 16384 + eps) (biased variance).
  %col_ssd = linalg.generic {indexing_maps = [#identity, #col, #col],
                             iterator_types = ["reduction", "parallel"]}
      ins(%scaled, %mean : tensor<16384x4096xf32>, tensor<4096xf32>) outs(%stat_zero : tensor<4096xf32>) {
  ^bb0(%in: f32, %m: f32, %acc: f32):
    %d = arith.subf %in, %m : f32
    %sq = arith.mulf %d, %d : f32
    %s = arith.addf %sq, %acc : f32
    linalg.yield %s : f32
  } -> tensor<4096xf32>
  %std = linalg.generic {indexing_maps = [#vec, #vec], iterator_types = ["parallel"]}
      ins(%col_ssd : tensor<4096xf32>) outs(%stat_empty : tensor<4096xf32>) {
  ^bb0(%in: f32, %out: f32):
    %var = arith.divf %in, %batch : f32
    %var_eps = arith.addf %var, %eps : f32
    %s = math.sqrt %var_eps : f32
    linalg.yield %s : f32
  } -> tensor<4096xf32>
  // (v - mean) / std.
  %y_empty = tensor.empty() : tensor<16384x4096xf32>
  %y = linalg.generic {indexing_maps = [#identity, #col, #col, #identity],
                       iterator_types = ["parallel", "parallel"]}
      ins(%scaled, %mean, %std : tensor<16384x4096xf32>, tensor<4096xf32>, tensor<4096xf32>) outs(%y_empty : tensor<16384x4096xf32>) {
  ^bb0(%in: f32, %m: f32, %s: f32, %out: f32):
    %d = arith.subf %in, %m : f32
    %n = arith.divf %d, %s : f32
    linalg.yield %n : f32
  } -> tensor<16384x4096xf32>
  return %y : tensor<16384x4096xf32>
}
