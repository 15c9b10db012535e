// A 1000x1001x999 GEMM of bf16 operands into f32, B stored NxK: no tile
// divides it (foundry-pad), for the correctness of the wgmma paths on odd
// shapes. Not a KernelBench problem.
#x = affine_map<(m, n, k) -> (m, k)>
#w = affine_map<(m, n, k) -> (n, k)>
#y = affine_map<(m, n, k) -> (m, n)>
foundry.kernel @gemm_bf16_odd_nt(%a: tensor<1000x999xbf16>, %b: tensor<1001x999xbf16>) -> tensor<1000x1001xf32> attributes {precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1000x1001xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1000x1001xf32>) -> tensor<1000x1001xf32>
  %m = linalg.matmul indexing_maps = [#x, #w, #y] ins(%a, %b : tensor<1000x999xbf16>, tensor<1001x999xbf16>) outs(%f : tensor<1000x1001xf32>) -> tensor<1000x1001xf32>
  foundry.yield %m : tensor<1000x1001xf32>
}
