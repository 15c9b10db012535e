// Outermost-axis reduction, the bias gradient of an nn.Linear(..., 1024) over 65536 tokens: y = grad.sum(dim=0), grad 65536x1024, y 1024 (fp32).
// linalg.reduce over dimension 0 (column sums of a tall matrix).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

func.func @reduce_col_sum(%grad: tensor<65536x1024xf32> {foundry.init = "normal(0.0, 1.0)"}) -> tensor<1024xf32> {
  %zero = arith.constant 0.0 : f32
  %y_empty = tensor.empty() : tensor<1024xf32>
  %y_init = linalg.fill ins(%zero : f32) outs(%y_empty : tensor<1024xf32>) -> tensor<1024xf32>
  %y = linalg.reduce ins(%grad : tensor<65536x1024xf32>) outs(%y_init : tensor<1024xf32>) dimensions = [0]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  return %y : tensor<1024xf32>
}
