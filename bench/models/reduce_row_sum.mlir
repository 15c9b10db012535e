// Innermost-axis reduction: y = x.sum(dim=-1), x 16384x4096 (tokens x Llama-2-7B hidden), y 16384 (fp32).
// linalg.reduce over dimension 1.
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

func.func @reduce_row_sum(%x: tensor<16384x4096xf32> {foundry.init = "normal(0.0, 1.0)"}) -> tensor<16384xf32> {
  %zero = arith.constant 0.0 : f32
  %y_empty = tensor.empty() : tensor<16384xf32>
  %y_init = linalg.fill ins(%zero : f32) outs(%y_empty : tensor<16384xf32>) -> tensor<16384xf32>
  %y = linalg.reduce ins(%x : tensor<16384x4096xf32>) outs(%y_init : tensor<16384xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  return %y : tensor<16384xf32>
}
