// KernelBench level 1 problem 53: Min_reduction_over_a_dimension.
// y = torch.min(x, dim=1)[0], x 128x4096x4095, y 128x4095 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

// Loop order (b, j, k): the reduced dim k (dim 1 of x) is the innermost (reduction) loop.
#x_map = affine_map<(b, j, k) -> (b, k, j)>
#reduced_map = affine_map<(b, j, k) -> (b, j)>

func.func @min_reduction(%x: tensor<128x4096x4095xf32>) -> tensor<128x4095xf32> {
  %pos_inf = arith.constant 0x7F800000 : f32
  %acc_empty = tensor.empty() : tensor<128x4095xf32>
  %acc_init = linalg.fill ins(%pos_inf : f32) outs(%acc_empty : tensor<128x4095xf32>) -> tensor<128x4095xf32>
  %red = linalg.generic {indexing_maps = [#x_map, #reduced_map],
                        iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x : tensor<128x4096x4095xf32>) outs(%acc_init : tensor<128x4095xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %r = arith.minimumf %in, %acc : f32
    linalg.yield %r : f32
  } -> tensor<128x4095xf32>
  return %red : tensor<128x4095xf32>
}
