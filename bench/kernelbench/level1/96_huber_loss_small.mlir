// KernelBench level 1 problem 96: HuberLoss.
// loss = F.smooth_l1_loss(predictions, targets) (beta 1.0, mean): mean of d = p - t as |d| < 1 ? 0.5 * d^2 : |d| - 0.5, predictions and targets 37x37, loss a scalar (rank 0) (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

#identity = affine_map<(i, j) -> (i, j)>
#to_scalar = affine_map<(i, j) -> ()>
#scalar = affine_map<() -> ()>

func.func @huber_loss(%predictions: tensor<37x37xf32>, %targets: tensor<37x37xf32>) -> tensor<f32> {
  %zero = arith.constant 0.0 : f32
  %half = arith.constant 0.5 : f32
  %one = arith.constant 1.0 : f32
  %count = arith.constant 1369.0 : f32
  // Sum of the elementwise smooth L1 terms over both dims (init 0).
  %sum_empty = tensor.empty() : tensor<f32>
  %sum_init = linalg.fill ins(%zero : f32) outs(%sum_empty : tensor<f32>) -> tensor<f32>
  %sum = linalg.generic {indexing_maps = [#identity, #identity, #to_scalar],
                         iterator_types = ["reduction", "reduction"]}
      ins(%predictions, %targets : tensor<37x37xf32>, tensor<37x37xf32>) outs(%sum_init : tensor<f32>) {
  ^bb0(%p: f32, %t: f32, %acc: f32):
    %diff = arith.subf %p, %t : f32
    %abs = math.absf %diff : f32
    %is_small = arith.cmpf olt, %abs, %one : f32
    %sq = arith.mulf %diff, %diff : f32
    %quadratic = arith.mulf %sq, %half : f32
    %linear = arith.subf %abs, %half : f32
    %term = arith.select %is_small, %quadratic, %linear : f32
    %add = arith.addf %acc, %term : f32
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
