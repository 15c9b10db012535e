// y = x W^T as nn.Linear computes it on bf16: x 256x128, W 256x128 (out,
// in), both operands K-major, into f32; the contract allows tensor cores.
#lhs = affine_map<(m, n, k) -> (m, k)>
#rhs = affine_map<(m, n, k) -> (n, k)>
#out = affine_map<(m, n, k) -> (m, n)>
func.func @linear_bf16(%x: tensor<256x128xbf16>, %w: tensor<256x128xbf16>) -> tensor<256x256xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<256x256xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<256x256xf32>) -> tensor<256x256xf32>
  %y = linalg.matmul indexing_maps = [#lhs, #rhs, #out] ins(%x, %w : tensor<256x128xbf16>, tensor<256x128xbf16>) outs(%init : tensor<256x256xf32>) -> tensor<256x256xf32>
  return %y : tensor<256x256xf32>
}
