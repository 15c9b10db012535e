// KernelBench level 1 problem 32: HardTanh.
// y = hardtanh(x, min_val=-1, max_val=1) = min(max(x, -1), 1) elementwise, x and y 37x29 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

#identity = affine_map<(i, j) -> (i, j)>

func.func @hardtanh(%x: tensor<37x29xf32>) -> tensor<37x29xf32> {
  %min_val = arith.constant -1.0 : f32
  %max_val = arith.constant 1.0 : f32
  // HardTanh: clamp(v, -1, 1).
  %y_empty = tensor.empty() : tensor<37x29xf32>
  %y = linalg.generic {indexing_maps = [#identity, #identity],
                       iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<37x29xf32>) outs(%y_empty : tensor<37x29xf32>) {
  ^bb0(%in: f32, %out: f32):
    %lower = arith.maximumf %in, %min_val : f32
    %clamped = arith.minimumf %lower, %max_val : f32
    linalg.yield %clamped : f32
  } -> tensor<37x29xf32>
  return %y : tensor<37x29xf32>
}
