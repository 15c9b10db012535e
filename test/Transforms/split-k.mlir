// RUN: foundry-opt %s --pass-pipeline='builtin.module(foundry-split-k{parts=4})' | FileCheck %s
// RUN: not foundry-opt %s --pass-pipeline='builtin.module(foundry-split-k{parts=3})' 2>&1 | FileCheck %s --check-prefix=DIVIDE
// RUN: not foundry-opt %s --pass-pipeline='builtin.module(foundry-split-k{parts=1})' 2>&1 | FileCheck %s --check-prefix=RANGE
// RUN: foundry-cpu-run %s --reference=f64 --schedule='foundry-split-k{parts=8},foundry-tile-blocks{sizes=1,16,16 target=contraction},foundry-tile-threads{sizes=0,4,4},foundry-tile-reduction{sizes=8},foundry-vectorize,foundry-tile-blocks{sizes=4,16},foundry-tile-threads{sizes=1,4},foundry-vectorize' | FileCheck %s --check-prefix=CPU

// 32x32 outputs over K = 4096 in 4 parts: A viewed as [32, 4, 1024] and B
// as [4, 1024, 32], one partial GEMM per part (part loop first, then m, n,
// and the reduction), and the parts added up into the original fill.
// CHECK-LABEL: foundry.kernel @large_k
// CHECK:         %[[A:.*]] = tensor.expand_shape %arg0 {{\[}}[0], [1, 2]] output_shape [32, 4, 1024]
// CHECK:         %[[B:.*]] = tensor.expand_shape %arg1 {{\[}}[0, 1], [2]] output_shape [4, 1024, 32]
// CHECK:         %[[P:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%[[A]], %[[B]] : {{.*}}) outs({{.*}} : tensor<4x32x32xf32>)
// CHECK:         linalg.generic {{.*}} iterator_types = ["reduction", "parallel", "parallel"]} ins(%[[P]] : tensor<4x32x32xf32>) outs({{.*}} : tensor<32x32xf32>)
// CHECK:           arith.addf
// DIVIDE: error: 'linalg.matmul' op foundry-split-k: parts=3 must divide the reduction loop's extent 4096 (foundry-pad{k=...} first pads it)
// RANGE: error: foundry-split-k: parts must be 2 to 4096, got 1
foundry.kernel @large_k(%a: tensor<32x4096xf32>, %b: tensor<4096x32xf32>) -> tensor<32x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32x32xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<32x32xf32>) -> tensor<32x32xf32>
  %c = linalg.matmul ins(%a, %b : tensor<32x4096xf32>, tensor<4096x32xf32>) outs(%f : tensor<32x32xf32>) -> tensor<32x32xf32>
  foundry.yield %c : tensor<32x32xf32>
}

// The split schedule meets the f64 reference (CPU JIT): the parts' sums
// are shorter than the naive schedule's.
// CPU: schedule vs f64 {{.*}} PASS
