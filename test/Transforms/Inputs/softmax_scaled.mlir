// softmax(x * 100) over rows of 256: the scaling is fused into both the row
// maximum and the sum of exp of each thread's chunk, so the online pair
// reduces a computed value, not an input.
#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
func.func @softmax_scaled(%x: tensor<8x256xf32>) -> tensor<8x256xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %scale = arith.constant 100.0 : f32
  %xe = tensor.empty() : tensor<8x256xf32>
  %xs = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<8x256xf32>) outs(%xe : tensor<8x256xf32>) {
  ^bb0(%v: f32, %o: f32):
    %p = arith.mulf %v, %scale : f32
    linalg.yield %p : f32
  } -> tensor<8x256xf32>
  %re = tensor.empty() : tensor<8xf32>
  %mi = linalg.fill ins(%ninf : f32) outs(%re : tensor<8xf32>) -> tensor<8xf32>
  %max = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%xs : tensor<8x256xf32>) outs(%mi : tensor<8xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %m = arith.maximumf %v, %acc : f32
    linalg.yield %m : f32
  } -> tensor<8xf32>
  %si = linalg.fill ins(%zero : f32) outs(%re : tensor<8xf32>) -> tensor<8xf32>
  %sum = linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%xs, %max : tensor<8x256xf32>, tensor<8xf32>) outs(%si : tensor<8xf32>) {
  ^bb0(%v: f32, %m: f32, %acc: f32):
    %d = arith.subf %v, %m : f32
    %e = math.exp %d : f32
    %s = arith.addf %e, %acc : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %oe = tensor.empty() : tensor<8x256xf32>
  %y = linalg.generic {indexing_maps = [#id, #row, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%xs, %max, %sum : tensor<8x256xf32>, tensor<8xf32>, tensor<8xf32>) outs(%oe : tensor<8x256xf32>) {
  ^bb0(%v: f32, %m: f32, %s: f32, %o: f32):
    %d = arith.subf %v, %m : f32
    %e = math.exp %d : f32
    %r = arith.divf %e, %s : f32
    linalg.yield %r : f32
  } -> tensor<8x256xf32>
  return %y : tensor<8x256xf32>
}
