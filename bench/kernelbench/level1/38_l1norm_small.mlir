// KernelBench level 1 problem 38: L1Norm.
// y = x / mean(|x|, dim=1, keepdim=True), x and y 23x37 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

#identity = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
#identity1 = affine_map<(i) -> (i)>

func.func @l1norm(%x: tensor<23x37xf32>) -> tensor<23x37xf32> {
  %zero = arith.constant 0.0 : f32
  %dim = arith.constant 37.0 : f32
  // Row sum of |x| (init 0).
  %sum_empty = tensor.empty() : tensor<23xf32>
  %sum_init = linalg.fill ins(%zero : f32) outs(%sum_empty : tensor<23xf32>) -> tensor<23xf32>
  %abs_sum = linalg.generic {indexing_maps = [#identity, #row],
                             iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<23x37xf32>) outs(%sum_init : tensor<23xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %abs = math.absf %in : f32
    %sum = arith.addf %abs, %acc : f32
    linalg.yield %sum : f32
  } -> tensor<23xf32>
  // Row mean = sum / dim.
  %mean_empty = tensor.empty() : tensor<23xf32>
  %mean = linalg.generic {indexing_maps = [#identity1, #identity1],
                          iterator_types = ["parallel"]}
      ins(%abs_sum : tensor<23xf32>) outs(%mean_empty : tensor<23xf32>) {
  ^bb0(%s: f32, %out: f32):
    %m = arith.divf %s, %dim : f32
    linalg.yield %m : f32
  } -> tensor<23xf32>
  // y = x / mean, broadcast over the row.
  %y_empty = tensor.empty() : tensor<23x37xf32>
  %y = linalg.generic {indexing_maps = [#identity, #row, #identity],
                       iterator_types = ["parallel", "parallel"]}
      ins(%x, %mean : tensor<23x37xf32>, tensor<23xf32>) outs(%y_empty : tensor<23x37xf32>) {
  ^bb0(%in: f32, %m: f32, %out: f32):
    %normalized = arith.divf %in, %m : f32
    linalg.yield %normalized : f32
  } -> tensor<23x37xf32>
  return %y : tensor<23x37xf32>
}
