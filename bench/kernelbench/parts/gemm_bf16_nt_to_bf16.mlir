// A 4096^3 GEMM of bf16 operands accumulated in f32 and returned in bf16,
// B stored NxK (an nn.Linear weight: x W^T): what torch.matmul of two bf16
// tensors computes (cuBLAS rounds its f32 accumulator to bf16 on the store).
// The f32-result variant is gemm_bf16_nt.mlir. Not a KernelBench problem.
#x = affine_map<(m, n, k) -> (m, k)>
#w = affine_map<(m, n, k) -> (n, k)>
#y = affine_map<(m, n, k) -> (m, n)>
#id = affine_map<(m, n) -> (m, n)>
foundry.kernel @gemm_bf16_nt_to_bf16(%a: tensor<4096x4096xbf16>, %b: tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16> attributes {precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4096x4096xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
  %m = linalg.matmul indexing_maps = [#x, #w, #y] ins(%a, %b : tensor<4096x4096xbf16>, tensor<4096x4096xbf16>) outs(%f : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
  %o = tensor.empty() : tensor<4096x4096xbf16>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%m : tensor<4096x4096xf32>) outs(%o : tensor<4096x4096xbf16>) {
  ^bb0(%v: f32, %out: bf16):
    %t = arith.truncf %v : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<4096x4096xbf16>
  foundry.yield %r : tensor<4096x4096xbf16>
}
