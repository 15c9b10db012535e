// Llama-3-8B fused QKV projection at decode (3 tokens): y = x @ W_qkv^T, x 3x40, W_qkv 57x40 (out, in), y 3x57 (f32).
// As torch-mlir lowers F.linear without bias: aten.t as linalg.transpose, aten.mm as linalg.matmul.
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

func.func @llama3_decode_qkv(%x: tensor<3x40xf32> {foundry.init = "normal(0.0, 1.0)"}, %w_qkv: tensor<57x40xf32> {foundry.init = "uniform(-0.158113883, 0.158113883)"}) -> tensor<3x57xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %w_t_empty = tensor.empty() : tensor<40x57xf32>
  %w_t = linalg.transpose ins(%w_qkv : tensor<57x40xf32>) outs(%w_t_empty : tensor<40x57xf32>) permutation = [1, 0]
  %y_empty = tensor.empty() : tensor<3x57xf32>
  %y_init = linalg.fill ins(%zero : f32) outs(%y_empty : tensor<3x57xf32>) -> tensor<3x57xf32>
  %y = linalg.matmul ins(%x, %w_t : tensor<3x40xf32>, tensor<40x57xf32>) outs(%y_init : tensor<3x57xf32>) -> tensor<3x57xf32>
  return %y : tensor<3x57xf32>
}
