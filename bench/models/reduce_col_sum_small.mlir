// Outermost-axis reduction, the bias gradient of an nn.Linear(..., 29) over 301 tokens: y = grad.sum(dim=0), grad 301x29, y 29 (fp32).
// linalg.reduce over dimension 0 (column sums of a tall matrix).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

func.func @reduce_col_sum(%grad: tensor<301x29xf32> {foundry.init = "normal(0.0, 1.0)"}) -> tensor<29xf32> {
  %zero = arith.constant 0.0 : f32
  %y_empty = tensor.empty() : tensor<29xf32>
  %y_init = linalg.fill ins(%zero : f32) outs(%y_empty : tensor<29xf32>) -> tensor<29xf32>
  %y = linalg.reduce ins(%grad : tensor<301x29xf32>) outs(%y_init : tensor<29xf32>) dimensions = [0]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  return %y : tensor<29xf32>
}
