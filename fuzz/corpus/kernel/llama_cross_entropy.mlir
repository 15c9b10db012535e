// Llama-2 training loss: loss = F.cross_entropy(logits, targets) (mean over tokens) = -mean_n(log_softmax(logits)[n, targets[n]]), logits 23x301 (tokens x vocabulary), targets 23 class indices, loss a scalar (rank 0) (fp32).
// As torch-mlir lowers it: log_softmax materialized (row max, row sum of exp, x - max - log(sum)),
// then nll_loss, the target's log-probability picked by comparing the class index. The targets
// are f32 values (foundry-run draws no integer inputs; fptosi takes the floor) drawn in [0, 300.5),
// below 301 even after rounding to f32, so that every class can be a target.
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

#id2 = affine_map<(n, v) -> (n, v)>
#row = affine_map<(n, v) -> (n)>
#vec = affine_map<(n) -> (n)>
#to_scalar = affine_map<(n) -> ()>
#scalar = affine_map<() -> ()>

func.func @llama_cross_entropy(%logits: tensor<23x301xf32> {foundry.init = "normal(0.0, 1.0)"}, %targets: tensor<23xf32> {foundry.init = "uniform(0.0, 300.5)"}) -> tensor<f32> {
  %zero = arith.constant 0.0 : f32
  %neg_inf = arith.constant 0xFF800000 : f32
  %tokens = arith.constant 23.0 : f32
  // log_softmax: row max, log of the row sum of exp(x - max), x - max - log(sum).
  %max_empty = tensor.empty() : tensor<23xf32>
  %max_init = linalg.fill ins(%neg_inf : f32) outs(%max_empty : tensor<23xf32>) -> tensor<23xf32>
  %max = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
      ins(%logits : tensor<23x301xf32>) outs(%max_init : tensor<23xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %m = arith.maximumf %in, %acc : f32
    linalg.yield %m : f32
  } -> tensor<23xf32>
  %sum_empty = tensor.empty() : tensor<23xf32>
  %sum_init = linalg.fill ins(%zero : f32) outs(%sum_empty : tensor<23xf32>) -> tensor<23xf32>
  %sum = linalg.generic {indexing_maps = [#id2, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%logits, %max : tensor<23x301xf32>, tensor<23xf32>) outs(%sum_init : tensor<23xf32>) {
  ^bb0(%in: f32, %m: f32, %acc: f32):
    %d = arith.subf %in, %m : f32
    %e = math.exp %d : f32
    %s = arith.addf %acc, %e : f32
    linalg.yield %s : f32
  } -> tensor<23xf32>
  %logp_empty = tensor.empty() : tensor<23x301xf32>
  %logp = linalg.generic {indexing_maps = [#id2, #row, #row, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%logits, %max, %sum : tensor<23x301xf32>, tensor<23xf32>, tensor<23xf32>) outs(%logp_empty : tensor<23x301xf32>) {
  ^bb0(%in: f32, %m: f32, %s: f32, %out: f32):
    %d = arith.subf %in, %m : f32
    %log_s = math.log %s : f32
    %lp = arith.subf %d, %log_s : f32
    linalg.yield %lp : f32
  } -> tensor<23x301xf32>
  // nll_loss: the target's log-probability of each token.
  %picked_empty = tensor.empty() : tensor<23xf32>
  %picked_init = linalg.fill ins(%zero : f32) outs(%picked_empty : tensor<23xf32>) -> tensor<23xf32>
  %picked = linalg.generic {indexing_maps = [#id2, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%logp, %targets : tensor<23x301xf32>, tensor<23xf32>) outs(%picked_init : tensor<23xf32>) {
  ^bb0(%lp: f32, %t: f32, %acc: f32):
    %v = linalg.index 1 : index
    %t_i64 = arith.fptosi %t : f32 to i64
    %target = arith.index_cast %t_i64 : i64 to index
    %hit = arith.cmpi eq, %v, %target : index
    %term = arith.select %hit, %lp, %zero : f32
    %s = arith.addf %acc, %term : f32
    linalg.yield %s : f32
  } -> tensor<23xf32>
  // -mean over the tokens.
  %total_empty = tensor.empty() : tensor<f32>
  %total_init = linalg.fill ins(%zero : f32) outs(%total_empty : tensor<f32>) -> tensor<f32>
  %total = linalg.generic {indexing_maps = [#vec, #to_scalar], iterator_types = ["reduction"]}
      ins(%picked : tensor<23xf32>) outs(%total_init : tensor<f32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %acc, %in : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  %loss_empty = tensor.empty() : tensor<f32>
  %loss = linalg.generic {indexing_maps = [#scalar, #scalar], iterator_types = []}
      ins(%total : tensor<f32>) outs(%loss_empty : tensor<f32>) {
  ^bb0(%in: f32, %out: f32):
    %mean = arith.divf %in, %tokens : f32
    %neg = arith.negf %mean : f32
    linalg.yield %neg : f32
  } -> tensor<f32>
  return %loss : tensor<f32>
}
