// KernelBench level 1 problem 95: CrossEntropyLoss.
// loss = F.cross_entropy(predictions, targets) (mean over the batch) = mean_n(logsumexp(x[n, :]) - x[n, targets[n]]), predictions 32768x4096 (batch, classes), targets 32768 class indices passed as f32 (whole numbers in [0, 4096); the kernel takes floor via fptosi), loss a scalar (rank 0) (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

#identity = affine_map<(n, c) -> (n, c)>
#row = affine_map<(n, c) -> (n)>
#vec = affine_map<(n) -> (n)>
#vec_to_scalar = affine_map<(n) -> ()>
#scalar = affine_map<() -> ()>

func.func @cross_entropy_loss(%predictions: tensor<32768x4096xf32>, %targets: tensor<32768xf32>) -> tensor<f32> {
  %zero = arith.constant 0.0 : f32
  %neg_inf = arith.constant 0xFF800000 : f32
  %batch = arith.constant 32768.0 : f32
  // Row max (init -inf).
  %max_empty = tensor.empty() : tensor<32768xf32>
  %max_init = linalg.fill ins(%neg_inf : f32) outs(%max_empty : tensor<32768xf32>) -> tensor<32768xf32>
  %row_max = linalg.generic {indexing_maps = [#identity, #row],
                             iterator_types = ["parallel", "reduction"]}
      ins(%predictions : tensor<32768x4096xf32>) outs(%max_init : tensor<32768xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %max = arith.maximumf %x, %acc : f32
    linalg.yield %max : f32
  } -> tensor<32768xf32>
  // Row sum of exp(x - max) (init 0).
  %sum_empty = tensor.empty() : tensor<32768xf32>
  %sum_init = linalg.fill ins(%zero : f32) outs(%sum_empty : tensor<32768xf32>) -> tensor<32768xf32>
  %row_sum = linalg.generic {indexing_maps = [#identity, #row, #row],
                             iterator_types = ["parallel", "reduction"]}
      ins(%predictions, %row_max : tensor<32768x4096xf32>, tensor<32768xf32>) outs(%sum_init : tensor<32768xf32>) {
  ^bb0(%x: f32, %max: f32, %acc: f32):
    %shifted = arith.subf %x, %max : f32
    %e = math.exp %shifted : f32
    %sum = arith.addf %acc, %e : f32
    linalg.yield %sum : f32
  } -> tensor<32768xf32>
  // The logit of the target class: x[n, targets[n]], picked by comparing the class index.
  %picked_empty = tensor.empty() : tensor<32768xf32>
  %picked_init = linalg.fill ins(%zero : f32) outs(%picked_empty : tensor<32768xf32>) -> tensor<32768xf32>
  %picked = linalg.generic {indexing_maps = [#identity, #row, #row],
                            iterator_types = ["parallel", "reduction"]}
      ins(%predictions, %targets : tensor<32768x4096xf32>, tensor<32768xf32>) outs(%picked_init : tensor<32768xf32>) {
  ^bb0(%x: f32, %t: f32, %acc: f32):
    %class = linalg.index 1 : index
    %target_i64 = arith.fptosi %t : f32 to i64
    %target = arith.index_cast %target_i64 : i64 to index
    %is_target = arith.cmpi eq, %class, %target : index
    %term = arith.select %is_target, %x, %zero : f32
    %sum = arith.addf %acc, %term : f32
    linalg.yield %sum : f32
  } -> tensor<32768xf32>
  // Sum over the batch of max + log(sum) - picked (init 0).
  %total_empty = tensor.empty() : tensor<f32>
  %total_init = linalg.fill ins(%zero : f32) outs(%total_empty : tensor<f32>) -> tensor<f32>
  %total = linalg.generic {indexing_maps = [#vec, #vec, #vec, #vec_to_scalar],
                           iterator_types = ["reduction"]}
      ins(%row_max, %row_sum, %picked : tensor<32768xf32>, tensor<32768xf32>, tensor<32768xf32>) outs(%total_init : tensor<f32>) {
  ^bb0(%max: f32, %s: f32, %p: f32, %acc: f32):
    %log_sum = math.log %s : f32
    %lse = arith.addf %max, %log_sum : f32
    %nll = arith.subf %lse, %p : f32
    %sum = arith.addf %acc, %nll : f32
    linalg.yield %sum : f32
  } -> tensor<f32>
  // Mean over the batch.
  %loss_empty = tensor.empty() : tensor<f32>
  %loss = linalg.generic {indexing_maps = [#scalar, #scalar], iterator_types = []}
      ins(%total : tensor<f32>) outs(%loss_empty : tensor<f32>) {
  ^bb0(%tot: f32, %out: f32):
    %mean = arith.divf %tot, %batch : f32
    linalg.yield %mean : f32
  } -> tensor<f32>
  return %loss : tensor<f32>
}
