// KernelBench level 1 problem 48: Mean_reduction_over_a_dimension.
// y = torch.mean(x, dim=1), x 3x37x29, y 3x29 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

// Loop order (b, j, k): the reduced dim k (dim 1 of x) is the innermost (reduction) loop.
#x_map = affine_map<(b, j, k) -> (b, k, j)>
#reduced_map = affine_map<(b, j, k) -> (b, j)>
#identity2 = affine_map<(b, j) -> (b, j)>

func.func @mean_reduction(%x: tensor<3x37x29xf32>) -> tensor<3x29xf32> {
  %zero = arith.constant 0.0 : f32
  %count = arith.constant 37.0 : f32
  %acc_empty = tensor.empty() : tensor<3x29xf32>
  %acc_init = linalg.fill ins(%zero : f32) outs(%acc_empty : tensor<3x29xf32>) -> tensor<3x29xf32>
  %red = linalg.generic {indexing_maps = [#x_map, #reduced_map],
                        iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x : tensor<3x37x29xf32>) outs(%acc_init : tensor<3x29xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %r = arith.addf %in, %acc : f32
    linalg.yield %r : f32
  } -> tensor<3x29xf32>
  // Divide by the size of the reduced dim.
  %mean_empty = tensor.empty() : tensor<3x29xf32>
  %mean = linalg.generic {indexing_maps = [#identity2, #identity2],
                          iterator_types = ["parallel", "parallel"]}
      ins(%red : tensor<3x29xf32>) outs(%mean_empty : tensor<3x29xf32>) {
  ^bb0(%s: f32, %out: f32):
    %m = arith.divf %s, %count : f32
    linalg.yield %m : f32
  } -> tensor<3x29xf32>
  return %mean : tensor<3x29xf32>
}
