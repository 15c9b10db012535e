// Llama-2-7B decode-step linear on bf16 (o_proj, 5 tokens): y = x @ W^T, x 5x40 in bf16, W 43x40 (out, in) as nn.Linear without bias in bf16, y 5x43 (f32).
// IREE's form of x @ W^T: linalg.matmul reading W (out, in) transposed through its indexing maps.
// bf16 operands, f32 accumulator and result (the matmul's output type).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

#x_map = affine_map<(m, n, k) -> (m, k)>
#w_map = affine_map<(m, n, k) -> (n, k)>
#y_map = affine_map<(m, n, k) -> (m, n)>

func.func @llama_decode_linear_bf16(%x: tensor<5x40xbf16> {foundry.init = "normal(0.0, 1.0)"}, %w: tensor<43x40xbf16> {foundry.init = "uniform(-0.158113883, 0.158113883)"}) -> tensor<5x43xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %y_empty = tensor.empty() : tensor<5x43xf32>
  %y_init = linalg.fill ins(%zero : f32) outs(%y_empty : tensor<5x43xf32>) -> tensor<5x43xf32>
  %y = linalg.matmul indexing_maps = [#x_map, #w_map, #y_map]
      ins(%x, %w : tensor<5x40xbf16>, tensor<43x40xbf16>) outs(%y_init : tensor<5x43xf32>) -> tensor<5x43xf32>
  return %y : tensor<5x43xf32>
}
