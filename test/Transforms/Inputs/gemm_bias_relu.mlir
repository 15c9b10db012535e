// A 256x256x128 GEMM (3xtf32: fp32 accuracy on the tensor cores) with B
// stored NxK as nn.Linear stores
// its weight, then a bias and a ReLU: the fused-epilogue tests of
// foundry-map-forall-to-gpu (mma-epilogue.mlir) and the device check
// bench/kernelbench/parts/mma-epilogue.tsv.
#lhs = affine_map<(m, n, k) -> (m, k)>
#rhs = affine_map<(m, n, k) -> (n, k)>
#out = affine_map<(m, n, k) -> (m, n)>
#id = affine_map<(i, j) -> (i, j)>
#col = affine_map<(i, j) -> (j)>
func.func @gemm_bias_relu(%a: tensor<256x128xf32>, %b: tensor<256x128xf32>, %bias: tensor<256xf32>) -> tensor<256x256xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<256x256xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<256x256xf32>) -> tensor<256x256xf32>
  %mm = linalg.matmul indexing_maps = [#lhs, #rhs, #out]
      ins(%a, %b : tensor<256x128xf32>, tensor<256x128xf32>) outs(%f : tensor<256x256xf32>) -> tensor<256x256xf32>
  %e2 = tensor.empty() : tensor<256x256xf32>
  %y = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%mm, %bias : tensor<256x256xf32>, tensor<256xf32>) outs(%e2 : tensor<256x256xf32>) {
  ^bb0(%x: f32, %c: f32, %o: f32):
    %s = arith.addf %x, %c : f32
    %r = arith.maximumf %s, %zero : f32
    linalg.yield %r : f32
  } -> tensor<256x256xf32>
  return %y : tensor<256x256xf32>
}
