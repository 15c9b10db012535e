// nn.Linear(4096, 4096) on bf16 then GELU (exact, erf): y = gelu(x W^T + b),
// x 4096x4096 bf16, W 4096x4096 bf16 (out x in, NxK), b 4096 f32, products
// accumulated in f32 and y returned in f32. Not a KernelBench problem: the
// bf16 Linear + bias + GELU of issue 44.
#x = affine_map<(m, n, k) -> (m, k)>
#w = affine_map<(m, n, k) -> (n, k)>
#y = affine_map<(m, n, k) -> (m, n)>
#row = affine_map<(m, n) -> (m, n)>
#col = affine_map<(m, n) -> (n)>
foundry.kernel @linear_bias_gelu_bf16(%a: tensor<4096x4096xbf16>, %w: tensor<4096x4096xbf16>, %b: tensor<4096xf32>) -> tensor<4096x4096xf32> attributes {precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %half = arith.constant 0.5 : f32
  %one = arith.constant 1.0 : f32
  %rsqrt2 = arith.constant 0.70710678118654752 : f32
  %e = tensor.empty() : tensor<4096x4096xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
  %m = linalg.matmul indexing_maps = [#x, #w, #y] ins(%a, %w : tensor<4096x4096xbf16>, tensor<4096x4096xbf16>) outs(%f : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
  %g = linalg.generic {indexing_maps = [#row, #col, #row], iterator_types = ["parallel", "parallel"]} ins(%m, %b : tensor<4096x4096xf32>, tensor<4096xf32>) outs(%e : tensor<4096x4096xf32>) {
  ^bb0(%v: f32, %bias: f32, %out: f32):
    %s = arith.addf %v, %bias : f32
    %t = arith.mulf %s, %rsqrt2 : f32
    %erf = math.erf %t : f32
    %p = arith.addf %erf, %one : f32
    %h = arith.mulf %s, %half : f32
    %r = arith.mulf %h, %p : f32
    linalg.yield %r : f32
  } -> tensor<4096x4096xf32>
  foundry.yield %g : tensor<4096x4096xf32>
}
