// y = x, computed the long way: each element is the sum of 1024 copies of
// itself scaled by 1/1024. An IR patch that copies x computes the same in
// 1/1024 of the work (the foundry-evolve IR patch tests).
#x = affine_map<(i, j, k) -> (i, j)>
#k = affine_map<(i, j, k) -> (k)>
foundry.kernel @slow_copy(%x: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %zero = arith.constant 0.0 : f32
  %scale = arith.constant 9.765625e-04 : f32
  %we = tensor.empty() : tensor<1024xf32>
  %w = linalg.fill ins(%scale : f32) outs(%we : tensor<1024xf32>) -> tensor<1024xf32>
  %e = tensor.empty() : tensor<64x64xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %y = linalg.generic {indexing_maps = [#x, #k, #x],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %w : tensor<64x64xf32>, tensor<1024xf32>) outs(%init : tensor<64x64xf32>) {
  ^bb0(%in: f32, %s: f32, %acc: f32):
    %p = arith.mulf %in, %s : f32
    %sum = arith.addf %acc, %p : f32
    linalg.yield %sum : f32
  } -> tensor<64x64xf32>
  foundry.yield %y : tensor<64x64xf32>
}
