// Llama-2-7B gated MLP on bf16: y = silu(x @ W_gate^T) * (x @ W_up^T), x 29x40 (tokens x hidden) in bf16, W_gate and W_up 45x40 (out, in) as nn.Linear without bias in bf16, y 29x45 (f32).
// As torch-mlir lowers F.linear: aten.t as linalg.transpose, aten.mm as linalg.matmul;
// silu(g) = g * sigmoid(g) = g * (1 / (1 + exp(-g))).
// bf16 operands, f32 accumulators (the matmuls' output type) and an f32 epilogue and result.
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

#id2 = affine_map<(m, n) -> (m, n)>

func.func @llama_gated_mlp_bf16(%x: tensor<29x40xbf16> {foundry.init = "normal(0.0, 1.0)"}, %w_gate: tensor<45x40xbf16> {foundry.init = "uniform(-0.158113883, 0.158113883)"}, %w_up: tensor<45x40xbf16> {foundry.init = "uniform(-0.158113883, 0.158113883)"}) -> tensor<29x45xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  // gate = x @ W_gate^T.
  %wg_t_empty = tensor.empty() : tensor<40x45xbf16>
  %wg_t = linalg.transpose ins(%w_gate : tensor<45x40xbf16>) outs(%wg_t_empty : tensor<40x45xbf16>) permutation = [1, 0]
  %gate_empty = tensor.empty() : tensor<29x45xf32>
  %gate_init = linalg.fill ins(%zero : f32) outs(%gate_empty : tensor<29x45xf32>) -> tensor<29x45xf32>
  %gate = linalg.matmul ins(%x, %wg_t : tensor<29x40xbf16>, tensor<40x45xbf16>) outs(%gate_init : tensor<29x45xf32>) -> tensor<29x45xf32>
  // up = x @ W_up^T.
  %wu_t_empty = tensor.empty() : tensor<40x45xbf16>
  %wu_t = linalg.transpose ins(%w_up : tensor<45x40xbf16>) outs(%wu_t_empty : tensor<40x45xbf16>) permutation = [1, 0]
  %up_empty = tensor.empty() : tensor<29x45xf32>
  %up_init = linalg.fill ins(%zero : f32) outs(%up_empty : tensor<29x45xf32>) -> tensor<29x45xf32>
  %up = linalg.matmul ins(%x, %wu_t : tensor<29x40xbf16>, tensor<40x45xbf16>) outs(%up_init : tensor<29x45xf32>) -> tensor<29x45xf32>
  // silu(gate) * up.
  %y_empty = tensor.empty() : tensor<29x45xf32>
  %y = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%gate, %up : tensor<29x45xf32>, tensor<29x45xf32>) outs(%y_empty : tensor<29x45xf32>) {
  ^bb0(%g: f32, %u: f32, %out: f32):
    %neg = arith.negf %g : f32
    %e = math.exp %neg : f32
    %den = arith.addf %one, %e : f32
    %sig = arith.divf %one, %den : f32
    %silu = arith.mulf %g, %sig : f32
    %prod = arith.mulf %silu, %u : f32
    linalg.yield %prod : f32
  } -> tensor<29x45xf32>
  return %y : tensor<29x45xf32>
}
