// KernelBench level 1 problem 94: MSELoss.
// loss = torch.mean((predictions - targets) ** 2) over all elements, predictions and targets 37x37, loss a scalar (rank 0) (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

#identity = affine_map<(i, j) -> (i, j)>
#to_scalar = affine_map<(i, j) -> ()>
#scalar = affine_map<() -> ()>

func.func @mse_loss(%predictions: tensor<37x37xf32>, %targets: tensor<37x37xf32>) -> tensor<f32> {
  %zero = arith.constant 0.0 : f32
  %count = arith.constant 1369.0 : f32
  // Sum of squared differences over both dims (init 0).
  %sum_empty = tensor.empty() : tensor<f32>
  %sum_init = linalg.fill ins(%zero : f32) outs(%sum_empty : tensor<f32>) -> tensor<f32>
  %sum = linalg.generic {indexing_maps = [#identity, #identity, #to_scalar],
                         iterator_types = ["reduction", "reduction"]}
      ins(%predictions, %targets : tensor<37x37xf32>, tensor<37x37xf32>) outs(%sum_init : tensor<f32>) {
  ^bb0(%p: f32, %t: f32, %acc: f32):
    %diff = arith.subf %p, %t : f32
    %sq = arith.mulf %diff, %diff : f32
    %add = arith.addf %acc, %sq : f32
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
