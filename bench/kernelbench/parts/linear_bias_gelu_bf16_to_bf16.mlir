// nn.Linear(4096, 4096) in bf16, then the exact (erf) GELU, as a bf16 model
// runs it: y = gelu(x W^T + b) with x, W (out x in, NxK), b and y all bf16;
// products accumulated in f32, the bias added and GELU taken in f32, one
// rounding to bf16 on the store. linear_bias_gelu_bf16.mlir is the variant
// with an f32 bias and result. Not a KernelBench problem: issue 44's.
#x = affine_map<(m, n, k) -> (m, k)>
#w = affine_map<(m, n, k) -> (n, k)>
#y = affine_map<(m, n, k) -> (m, n)>
#row = affine_map<(m, n) -> (m, n)>
#col = affine_map<(m, n) -> (n)>
foundry.kernel @linear_bias_gelu_bf16_to_bf16(%a: tensor<4096x4096xbf16>, %w: tensor<4096x4096xbf16>, %b: tensor<4096xbf16>) -> tensor<4096x4096xbf16> attributes {precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %half = arith.constant 0.5 : f32
  %one = arith.constant 1.0 : f32
  %rsqrt2 = arith.constant 0.70710678118654752 : f32
  %e = tensor.empty() : tensor<4096x4096xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
  %m = linalg.matmul indexing_maps = [#x, #w, #y] ins(%a, %w : tensor<4096x4096xbf16>, tensor<4096x4096xbf16>) outs(%f : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
  %o = tensor.empty() : tensor<4096x4096xbf16>
  %g = linalg.generic {indexing_maps = [#row, #col, #row], iterator_types = ["parallel", "parallel"]} ins(%m, %b : tensor<4096x4096xf32>, tensor<4096xbf16>) outs(%o : tensor<4096x4096xbf16>) {
  ^bb0(%v: f32, %bias16: bf16, %out: bf16):
    %bias = arith.extf %bias16 : bf16 to f32
    %s = arith.addf %v, %bias : f32
    %t = arith.mulf %s, %rsqrt2 : f32
    %erf = math.erf %t : f32
    %p = arith.addf %erf, %one : f32
    %h = arith.mulf %s, %half : f32
    %r = arith.mulf %h, %p : f32
    %y16 = arith.truncf %r : f32 to bf16
    linalg.yield %y16 : bf16
  } -> tensor<4096x4096xbf16>
  foundry.yield %g : tensor<4096x4096xbf16>
}
