// KernelBench level 1 problem 100: HingeLoss.
// loss = torch.mean(torch.clamp(1 - predictions * targets, min=0)), predictions 32768x32768, targets 32768 (+-1, broadcast along the last dim: targets[j]), loss a scalar (rank 0) (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

#identity = affine_map<(i, j) -> (i, j)>
#col = affine_map<(i, j) -> (j)>
#to_scalar = affine_map<(i, j) -> ()>
#scalar = affine_map<() -> ()>

func.func @hinge_loss(%predictions: tensor<32768x32768xf32>, %targets: tensor<32768xf32>) -> tensor<f32> {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %count = arith.constant 1073741824.0 : f32
  // Sum of max(1 - p * t, 0) over both dims (init 0).
  %sum_empty = tensor.empty() : tensor<f32>
  %sum_init = linalg.fill ins(%zero : f32) outs(%sum_empty : tensor<f32>) -> tensor<f32>
  %sum = linalg.generic {indexing_maps = [#identity, #col, #to_scalar],
                         iterator_types = ["reduction", "reduction"]}
      ins(%predictions, %targets : tensor<32768x32768xf32>, tensor<32768xf32>) outs(%sum_init : tensor<f32>) {
  ^bb0(%p: f32, %t: f32, %acc: f32):
    %prod = arith.mulf %p, %t : f32
    %margin = arith.subf %one, %prod : f32
    %clamped = arith.maximumf %margin, %zero : f32
    %add = arith.addf %acc, %clamped : f32
    linalg.yield %add : f32
  } -> tensor<f32>
  // Mean: divide by the number of elements.
  %loss_empty = tensor.empty() : tensor<f32>
  %loss = linalg.generic {indexing_maps = [#scalar, #scalar], iterator_types = []}
      ins(%sum : tensor<f32>) outs(%loss_empty : tensor<f32>) {
  ^bb0(%s: f32, %out: f32):
    %mean = arith.divf %s, %count : f32
    linalg.yield %mean : f32
  } -> tensor<f32>
  return %loss : tensor<f32>
}
