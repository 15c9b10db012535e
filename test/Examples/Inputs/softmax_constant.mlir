// Softmax over the last dimension of 5x31 (two-pass: max, then exp-sum).
#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
func.func @softmax_rows(%x: tensor<5x31xf32>) -> tensor<5x31xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %re = tensor.empty() : tensor<5xf32>
  %mi = linalg.fill ins(%ninf : f32) outs(%re : tensor<5xf32>) -> tensor<5xf32>
  %max = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<5x31xf32>) outs(%mi : tensor<5xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %m = arith.maximumf %v, %acc : f32
    linalg.yield %m : f32
  } -> tensor<5xf32>
  %si = linalg.fill ins(%zero : f32) outs(%re : tensor<5xf32>) -> tensor<5xf32>
  %sum = linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x, %max : tensor<5x31xf32>, tensor<5xf32>) outs(%si : tensor<5xf32>) {
  ^bb0(%v: f32, %m: f32, %acc: f32):
    %d = arith.subf %v, %m : f32
    %e = math.exp %d : f32
    %s = arith.addf %e, %acc : f32
    linalg.yield %s : f32
  } -> tensor<5xf32>
  %oe = tensor.empty() : tensor<5x31xf32>
  %y = linalg.generic {indexing_maps = [#id, #row, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %max, %sum : tensor<5x31xf32>, tensor<5xf32>, tensor<5xf32>) outs(%oe : tensor<5x31xf32>) {
  ^bb0(%v: f32, %m: f32, %s: f32, %o: f32):
    %d = arith.subf %v, %m : f32
    %e = math.exp %d : f32
    %r = arith.divf %e, %s : f32
    linalg.yield %r : f32
  } -> tensor<5x31xf32>
  return %y : tensor<5x31xf32>
}
