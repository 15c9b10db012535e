// Llama-3 greedy decoding: y = torch.argmax(logits, dim=-1) (the first maximum), logits 5x517 (sequences x vocabulary), y 5 indices (i64).
// As torch-mlir lowers aten.argmax: one linalg.generic of two results, the running
// maximum (from -inf) and its index (from 0, as i64); the kernel returns the index.
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

#id2 = affine_map<(r, v) -> (r, v)>
#row = affine_map<(r, v) -> (r)>

func.func @llama3_vocab_argmax(%logits: tensor<5x517xf32> {foundry.init = "normal(0.0, 1.0)"}) -> tensor<5xi64> {
  %neg_inf = arith.constant 0xFF800000 : f32
  %c0 = arith.constant 0 : i64
  %value_empty = tensor.empty() : tensor<5xf32>
  %value_init = linalg.fill ins(%neg_inf : f32) outs(%value_empty : tensor<5xf32>) -> tensor<5xf32>
  %index_empty = tensor.empty() : tensor<5xi64>
  %index_init = linalg.fill ins(%c0 : i64) outs(%index_empty : tensor<5xi64>) -> tensor<5xi64>
  %best:2 = linalg.generic {indexing_maps = [#id2, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%logits : tensor<5x517xf32>) outs(%value_init, %index_init : tensor<5xf32>, tensor<5xi64>) {
  ^bb0(%in: f32, %value: f32, %index: i64):
    %v = linalg.index 1 : index
    %v_i64 = arith.index_cast %v : index to i64
    %max = arith.maximumf %in, %value : f32
    %greater = arith.cmpf ogt, %in, %value : f32
    %new_index = arith.select %greater, %v_i64, %index : i64
    linalg.yield %max, %new_index : f32, i64
  } -> (tensor<5xf32>, tensor<5xi64>)
  return %best#1 : tensor<5xi64>
}
