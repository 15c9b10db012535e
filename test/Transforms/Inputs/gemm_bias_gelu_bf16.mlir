// A 256x256x512 GEMM of bf16 operands (B stored NxK, as nn.Linear stores
// its weight) accumulated in f32, then a bf16 bias and the exact GELU in
// f32, returned in bf16: an epilogue into another element type than the
// accumulator's (mma-epilogue-ptx.mlir).
#lhs = affine_map<(m, n, k) -> (m, k)>
#rhs = affine_map<(m, n, k) -> (n, k)>
#out = affine_map<(m, n, k) -> (m, n)>
#id = affine_map<(i, j) -> (i, j)>
#col = affine_map<(i, j) -> (j)>
func.func @gemm_bias_gelu_bf16(%a: tensor<256x512xbf16>, %b: tensor<256x512xbf16>, %bias: tensor<256xbf16>) -> tensor<256x256xbf16> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %half = arith.constant 0.5 : f32
  %one = arith.constant 1.0 : f32
  %rsqrt2 = arith.constant 0.70710678118654752 : f32
  %e = tensor.empty() : tensor<256x256xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<256x256xf32>) -> tensor<256x256xf32>
  %mm = linalg.matmul indexing_maps = [#lhs, #rhs, #out]
      ins(%a, %b : tensor<256x512xbf16>, tensor<256x512xbf16>) outs(%f : tensor<256x256xf32>) -> tensor<256x256xf32>
  %e2 = tensor.empty() : tensor<256x256xbf16>
  %y = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%mm, %bias : tensor<256x256xf32>, tensor<256xbf16>) outs(%e2 : tensor<256x256xbf16>) {
  ^bb0(%x: f32, %c16: bf16, %o: bf16):
    %c = arith.extf %c16 : bf16 to f32
    %s = arith.addf %x, %c : f32
    %t = arith.mulf %s, %rsqrt2 : f32
    %erf = math.erf %t : f32
    %p = arith.addf %erf, %one : f32
    %h = arith.mulf %s, %half : f32
    %r = arith.mulf %h, %p : f32
    %y16 = arith.truncf %r : f32 to bf16
    linalg.yield %y16 : bf16
  } -> tensor<256x256xbf16>
  return %y : tensor<256x256xbf16>
}
