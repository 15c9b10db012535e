// Sum over the middle dimension: 6x33x10 -> 6x10 (torch.sum(x, dim=1)).
#in = affine_map<(b, r, c) -> (b, r, c)>
#out = affine_map<(b, r, c) -> (b, c)>
func.func @reduce_middle(%x: tensor<6x33x10xf32>) -> tensor<6x10xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<6x10xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<6x10xf32>) -> tensor<6x10xf32>
  %r = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%x : tensor<6x33x10xf32>) outs(%f : tensor<6x10xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %s = arith.addf %v, %acc : f32
    linalg.yield %s : f32
  } -> tensor<6x10xf32>
  return %r : tensor<6x10xf32>
}
