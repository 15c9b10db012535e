// KernelBench level 1 problem 47: Sum_reduction_over_a_dimension.
// y = torch.sum(x, dim=1, keepdim=True), x 3x37x29, y 3x1x29 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

// Loop order (b, j, k): the reduced dim k (dim 1 of x) is the innermost (reduction) loop.
#x_map = affine_map<(b, j, k) -> (b, k, j)>
#reduced_map = affine_map<(b, j, k) -> (b, j)>

func.func @sum_reduction(%x: tensor<3x37x29xf32>) -> tensor<3x1x29xf32> {
  %zero = arith.constant 0.0 : f32
  %acc_empty = tensor.empty() : tensor<3x29xf32>
  %acc_init = linalg.fill ins(%zero : f32) outs(%acc_empty : tensor<3x29xf32>) -> tensor<3x29xf32>
  %red = linalg.generic {indexing_maps = [#x_map, #reduced_map],
                        iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x : tensor<3x37x29xf32>) outs(%acc_init : tensor<3x29xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %r = arith.addf %in, %acc : f32
    linalg.yield %r : f32
  } -> tensor<3x29xf32>
  // keepdim=True: 3x29 -> 3x1x29.
  %y = tensor.expand_shape %red [[0, 1], [2]] output_shape [3, 1, 29] : tensor<3x29xf32> into tensor<3x1x29xf32>
  return %y : tensor<3x1x29xf32>
}
