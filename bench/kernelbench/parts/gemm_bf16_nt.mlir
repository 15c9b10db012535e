// A 4096^3 GEMM of bf16 operands into an f32 accumulator, B stored NxK (an
// nn.Linear weight: x W^T), for foundry-mma's warpgroup (wgmma m64nNk16)
// and warp (mma.sync m16n8k16) paths. Not a KernelBench problem.
#x = affine_map<(m, n, k) -> (m, k)>
#w = affine_map<(m, n, k) -> (n, k)>
#y = affine_map<(m, n, k) -> (m, n)>
foundry.kernel @gemm_bf16_nt(%a: tensor<4096x4096xbf16>, %b: tensor<4096x4096xbf16>) -> tensor<4096x4096xf32> attributes {precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4096x4096xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
  %m = linalg.matmul indexing_maps = [#x, #w, #y] ins(%a, %b : tensor<4096x4096xbf16>, tensor<4096x4096xbf16>) outs(%f : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
  foundry.yield %m : tensor<4096x4096xf32>
}
