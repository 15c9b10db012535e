// nn.Linear without bias on bf16: x (96x64) times the weight stored 40x64
// (out x in, NxK) into f32, whose contract allows tensor cores (mma.sync
// m16n8k16 bf16 where a schedule asks).
#x = affine_map<(m, n, k) -> (m, k)>
#w = affine_map<(m, n, k) -> (n, k)>
#y = affine_map<(m, n, k) -> (m, n)>
func.func @linear_bf16(%a: tensor<96x64xbf16>, %b: tensor<40x64xbf16>) -> tensor<96x40xf32>
    attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<96x40xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<96x40xf32>) -> tensor<96x40xf32>
  %c = linalg.matmul indexing_maps = [#x, #w, #y] ins(%a, %b : tensor<96x64xbf16>, tensor<40x64xbf16>) outs(%f : tensor<96x40xf32>) -> tensor<96x40xf32>
  return %c : tensor<96x40xf32>
}
