// RUN: foundry-opt %s --split-input-file --foundry-transpose-b | FileCheck %s
// KernelBench L1 1's small shape (70x50x90, B KxN) on warpgroup tiles after
// the copy of B, padded to the tiles, against f64 on the CPU (where the
// marked matmul of each warpgroup tile runs as the linalg op it is), and
// L1 16's (both operands copied).
// RUN: foundry-cpu-run %S/../../bench/kernelbench/level1/1_square_matmul_small.mlir --reference=f64 --schedule='foundry-transpose-b,foundry-pad{m=128 n=128 k=32},foundry-tile-blocks{sizes=128,128 target=contraction},foundry-tile-reduction{sizes=32},foundry-promote{operands=0,1 stages=4},foundry-tile-warpgroups{sizes=64,128},foundry-mma' | FileCheck %s --check-prefix=CPU
// RUN: foundry-cpu-run %S/../../bench/kernelbench/level1/16_matmul_transposed_a_small.mlir --reference=f64 --schedule='foundry-transpose-a,foundry-transpose-b,foundry-pad{m=128 n=128 k=64},foundry-tile-blocks{sizes=128,128 target=contraction},foundry-tile-reduction{sizes=32},foundry-promote{operands=0,1 stages=2},foundry-tile-warpgroups{sizes=64,128},foundry-mma,foundry-tile-blocks{sizes=32,32 target=transpose},foundry-tile-threads{sizes=4,4},foundry-vectorize,foundry-tile-blocks{sizes=32,32 target=transpose},foundry-tile-threads{sizes=4,4},foundry-vectorize' | FileCheck %s --check-prefix=CPU
// CPU: mismatches=0/{{[0-9]+}} PASS

// B stored KxN (torch.matmul(A, B)): an NxK copy by linalg.transpose, read
// through the map (n, k) by the same linalg.matmul, which wgmma takes.
// CHECK-DAG:   #[[MK:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG:   #[[NK:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-DAG:   #[[MN:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: foundry.kernel @b_kn
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<24x16xf32>
// CHECK:         %[[T:.*]] = linalg.transpose ins(%arg1 : tensor<16x24xf32>) outs(%[[E]] : tensor<24x16xf32>) permutation = [1, 0]
// CHECK:         linalg.matmul indexing_maps = [#[[MK]], #[[NK]], #[[MN]]] ins(%arg0, %[[T]] : tensor<32x16xf32>, tensor<24x16xf32>)
foundry.kernel @b_kn(%a: tensor<32x16xf32>, %b: tensor<16x24xf32>) -> tensor<32x24xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32x24xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<32x24xf32>) -> tensor<32x24xf32>
  %c = linalg.matmul ins(%a, %b : tensor<32x16xf32>, tensor<16x24xf32>) outs(%f : tensor<32x24xf32>) -> tensor<32x24xf32>
  foundry.yield %c : tensor<32x24xf32>
}

// -----

// B already NxK (nn.Linear): left as it is.
// CHECK-LABEL: foundry.kernel @b_nk
// CHECK-NOT:     linalg.transpose
// CHECK:         linalg.matmul
#mk = affine_map<(m, n, k) -> (m, k)>
#nk = affine_map<(m, n, k) -> (n, k)>
#mn = affine_map<(m, n, k) -> (m, n)>
foundry.kernel @b_nk(%a: tensor<32x16xf32>, %b: tensor<24x16xf32>) -> tensor<32x24xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32x24xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<32x24xf32>) -> tensor<32x24xf32>
  %c = linalg.matmul indexing_maps = [#mk, #nk, #mn] ins(%a, %b : tensor<32x16xf32>, tensor<24x16xf32>) outs(%f : tensor<32x24xf32>) -> tensor<32x24xf32>
  foundry.yield %c : tensor<32x24xf32>
}

// -----

// A batched matmul (not a 2-D contraction) and a kernel without one: left
// as they are.
// CHECK-LABEL: foundry.kernel @batched
// CHECK-NOT:     linalg.transpose
// CHECK:         linalg.batch_matmul
foundry.kernel @batched(%a: tensor<2x32x16xf32>, %b: tensor<2x16x24xf32>) -> tensor<2x32x24xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x32x24xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x32x24xf32>) -> tensor<2x32x24xf32>
  %c = linalg.batch_matmul ins(%a, %b : tensor<2x32x16xf32>, tensor<2x16x24xf32>) outs(%f : tensor<2x32x24xf32>) -> tensor<2x32x24xf32>
  foundry.yield %c : tensor<2x32x24xf32>
}

// -----

// CHECK-LABEL: foundry.kernel @negate
// CHECK-NOT:     linalg.transpose
foundry.kernel @negate(%x: tensor<16xf32>) -> tensor<16xf32> {
  %e = tensor.empty() : tensor<16xf32>
  %y = linalg.negf ins(%x : tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  foundry.yield %y : tensor<16xf32>
}
