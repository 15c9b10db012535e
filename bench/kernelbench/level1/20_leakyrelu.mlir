// KernelBench level 1 problem 20: LeakyReLU.
// y = leaky_relu(x, negative_slope=0.01) = x > 0 ? x : 0.01 * x elementwise, x and y 4096x393216 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

#identity = affine_map<(i, j) -> (i, j)>

func.func @leakyrelu(%x: tensor<4096x393216xf32>) -> tensor<4096x393216xf32> {
  %zero = arith.constant 0.0 : f32
  %negative_slope = arith.constant 0.01 : f32
  // LeakyReLU: v > 0 ? v : 0.01 * v.
  %y_empty = tensor.empty() : tensor<4096x393216xf32>
  %y = linalg.generic {indexing_maps = [#identity, #identity],
                       iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<4096x393216xf32>) outs(%y_empty : tensor<4096x393216xf32>) {
  ^bb0(%in: f32, %out: f32):
    %positive = arith.cmpf ogt, %in, %zero : f32
    %leak = arith.mulf %in, %negative_slope : f32
    %leaky = arith.select %positive, %in, %leak : f32
    linalg.yield %leaky : f32
  } -> tensor<4096x393216xf32>
  return %y : tensor<4096x393216xf32>
}
