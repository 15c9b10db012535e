// Found by the fuzzer (2026-12-07): MLIR 22's linalg.broadcast parser sets
// a null attribute when its dimensions list does not parse, and crashes.
func.func @f(%x: tensor<7xf32>) -> tensor<2x7xf32> {
  %e = tensor.empty() : tensor<2x7xf32>
  %b = linalg.broadcast ins(%x : tensor<7xf32>) outs(%e : tensor<2x7xf32>) dimensions = [0<]
  return %b : tensor<2x7xf32>
}
