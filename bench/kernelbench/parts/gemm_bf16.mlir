// A 4096^3 GEMM of bf16 operands into an f32 accumulator (not a KernelBench
// problem: KernelBench's are fp32), for foundry-mma's m16n8k16 bf16 path.
foundry.kernel @gemm_bf16(%a: tensor<4096x4096xbf16>, %b: tensor<4096x4096xbf16>) -> tensor<4096x4096xf32> attributes {precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4096x4096xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
  %m = linalg.matmul ins(%a, %b : tensor<4096x4096xbf16>, tensor<4096x4096xbf16>) outs(%f : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
  foundry.yield %m : tensor<4096x4096xf32>
}
