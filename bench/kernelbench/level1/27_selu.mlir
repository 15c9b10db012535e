// KernelBench level 1 problem 27: SELU.
// y = selu(x) = scale * (x > 0 ? x : alpha * (exp(x) - 1)) elementwise, alpha = 1.6732632423543772, scale = 1.0507009873554805, x and y 4096x393216 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

#identity = affine_map<(i, j) -> (i, j)>

func.func @selu(%x: tensor<4096x393216xf32>) -> tensor<4096x393216xf32> {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %alpha = arith.constant 1.6732632423543772848170429916717 : f32
  %scale = arith.constant 1.0507009873554804934193349852946 : f32
  // SELU: scale * (v > 0 ? v : alpha * (exp(v) - 1)).
  %y_empty = tensor.empty() : tensor<4096x393216xf32>
  %y = linalg.generic {indexing_maps = [#identity, #identity],
                       iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<4096x393216xf32>) outs(%y_empty : tensor<4096x393216xf32>) {
  ^bb0(%in: f32, %out: f32):
    %positive = arith.cmpf ogt, %in, %zero : f32
    %e = math.exp %in : f32
    %em1 = arith.subf %e, %one : f32
    %negative_part = arith.mulf %alpha, %em1 : f32
    %elu = arith.select %positive, %in, %negative_part : f32
    %selu = arith.mulf %scale, %elu : f32
    linalg.yield %selu : f32
  } -> tensor<4096x393216xf32>
  return %y : tensor<4096x393216xf32>
}
