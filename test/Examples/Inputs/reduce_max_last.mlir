// Row max over the last dimension: 19x41 -> 19x1 (torch.amax(x, 1, keepdim)).
#in = affine_map<(r, k, c) -> (r, c)>
#out = affine_map<(r, k, c) -> (r, k)>
func.func @reduce_max_last(%x: tensor<19x41xf32>) -> tensor<19x1xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<19x1xf32>
  %f = linalg.fill ins(%ninf : f32) outs(%e : tensor<19x1xf32>) -> tensor<19x1xf32>
  %r = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x : tensor<19x41xf32>) outs(%f : tensor<19x1xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %m = arith.maximumf %v, %acc : f32
    linalg.yield %m : f32
  } -> tensor<19x1xf32>
  return %r : tensor<19x1xf32>
}
