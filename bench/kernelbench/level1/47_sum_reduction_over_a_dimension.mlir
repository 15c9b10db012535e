// KernelBench level 1 problem 47: Sum_reduction_over_a_dimension.
// y = torch.sum(x, dim=1, keepdim=True), x 128x4096x4095, y 128x1x4095 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

// Loop order (b, j, k): the reduced dim k (dim 1 of x) is the innermost (reduction) loop.
#x_map = affine_map<(b, j, k) -> (b, k, j)>
#reduced_map = affine_map<(b, j, k) -> (b, j)>

func.func @sum_reduction(%x: tensor<128x4096x4095xf32>) -> tensor<128x1x4095xf32> {
  %zero = arith.constant 0.0 : f32
  %acc_empty = tensor.empty() : tensor<128x4095xf32>
  %acc_init = linalg.fill ins(%zero : f32) outs(%acc_empty : tensor<128x4095xf32>) -> tensor<128x4095xf32>
  %red = linalg.generic {indexing_maps = [#x_map, #reduced_map],
                        iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x : tensor<128x4096x4095xf32>) outs(%acc_init : tensor<128x4095xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %r = arith.addf %in, %acc : f32
    linalg.yield %r : f32
  } -> tensor<128x4095xf32>
  // keepdim=True: 128x4095 -> 128x1x4095.
  %y = tensor.expand_shape %red [[0, 1], [2]] output_shape [128, 1, 4095] : tensor<128x4095xf32> into tensor<128x1x4095xf32>
  return %y : tensor<128x1x4095xf32>
}
