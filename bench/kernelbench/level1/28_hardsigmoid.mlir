// KernelBench level 1 problem 28: HardSigmoid.
// y = hardsigmoid(x) = min(max(x + 3, 0), 6) / 6 elementwise, x and y 4096x393216 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

#identity = affine_map<(i, j) -> (i, j)>

func.func @hardsigmoid(%x: tensor<4096x393216xf32>) -> tensor<4096x393216xf32> {
  %zero = arith.constant 0.0 : f32
  %three = arith.constant 3.0 : f32
  %six = arith.constant 6.0 : f32
  %one_sixth = arith.constant 0.166666666666666667 : f32
  // HardSigmoid: clamp(v + 3, 0, 6) * (1 / 6).
  %y_empty = tensor.empty() : tensor<4096x393216xf32>
  %y = linalg.generic {indexing_maps = [#identity, #identity],
                       iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<4096x393216xf32>) outs(%y_empty : tensor<4096x393216xf32>) {
  ^bb0(%in: f32, %out: f32):
    %shifted = arith.addf %in, %three : f32
    %lower = arith.maximumf %shifted, %zero : f32
    %clamped = arith.minimumf %lower, %six : f32
    %hs = arith.mulf %clamped, %one_sixth : f32
    linalg.yield %hs : f32
  } -> tensor<4096x393216xf32>
  return %y : tensor<4096x393216xf32>
}
