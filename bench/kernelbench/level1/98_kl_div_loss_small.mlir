// KernelBench level 1 problem 98: KLDivLoss.
// loss = F.kl_div(torch.log(predictions), targets, reduction='batchmean') = sum(t * (log(t) - log(p))) / 23 (batch size), predictions and targets 23x37 (row softmaxes, > 0), loss a scalar (rank 0) (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

#identity = affine_map<(i, j) -> (i, j)>
#to_scalar = affine_map<(i, j) -> ()>
#scalar = affine_map<() -> ()>

func.func @kl_div_loss(%predictions: tensor<23x37xf32>, %targets: tensor<23x37xf32>) -> tensor<f32> {
  %zero = arith.constant 0.0 : f32
  %batch = arith.constant 23.0 : f32
  // Sum of t * (log t - log p) over both dims (init 0).
  %sum_empty = tensor.empty() : tensor<f32>
  %sum_init = linalg.fill ins(%zero : f32) outs(%sum_empty : tensor<f32>) -> tensor<f32>
  %sum = linalg.generic {indexing_maps = [#identity, #identity, #to_scalar],
                         iterator_types = ["reduction", "reduction"]}
      ins(%predictions, %targets : tensor<23x37xf32>, tensor<23x37xf32>) outs(%sum_init : tensor<f32>) {
  ^bb0(%p: f32, %t: f32, %acc: f32):
    %log_p = math.log %p : f32
    %log_t = math.log %t : f32
    %diff = arith.subf %log_t, %log_p : f32
    %term = arith.mulf %t, %diff : f32
    %add = arith.addf %acc, %term : f32
    linalg.yield %add : f32
  } -> tensor<f32>
  // batchmean: divide by the batch size (dim 0).
  %loss_empty = tensor.empty() : tensor<f32>
  %loss = linalg.generic {indexing_maps = [#scalar, #scalar], iterator_types = []}
      ins(%sum : tensor<f32>) outs(%loss_empty : tensor<f32>) {
  ^bb0(%s: f32, %out: f32):
    %mean = arith.divf %s, %batch : f32
    linalg.yield %mean : f32
  } -> tensor<f32>
  return %loss : tensor<f32>
}
