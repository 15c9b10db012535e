// RUN: foundry-opt %s --split-input-file --foundry-transpose-a | FileCheck %s
// RUN: foundry-cpu-run %S/../../bench/kernelbench/level1/16_matmul_transposed_a_small.mlir --reference=f64 --schedule='foundry-transpose-a,foundry-pad{m=16 n=16 k=8},foundry-tile-blocks{sizes=16,16 target=contraction},foundry-tile-reduction{sizes=8},foundry-promote{operands=0,1},foundry-tile-threads{sizes=2,2},foundry-tile-reduction{sizes=4},foundry-vectorize' | FileCheck %s --check-prefix=CPU
// RUN: foundry-cpu-run %S/../../bench/kernelbench/level1/18_matmul_transposed_both_small.mlir --reference=f64 --schedule='foundry-transpose-a,foundry-pad{m=16 n=16 k=8},foundry-tile-blocks{sizes=16,16 target=contraction},foundry-tile-reduction{sizes=8},foundry-promote{operands=0,1},foundry-tile-threads{sizes=2,2},foundry-tile-reduction{sizes=4},foundry-vectorize' | FileCheck %s --check-prefix=CPU

// A stored KxM (torch.matmul(A.T, B)): an MxK copy by linalg.transpose,
// then a plain linalg.matmul reading it.
// CHECK-LABEL: foundry.kernel @a_t
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<32x16xf32>
// CHECK:         %[[T:.*]] = linalg.transpose ins(%arg0 : tensor<16x32xf32>) outs(%[[E]] : tensor<32x16xf32>) permutation = [1, 0]
// CHECK:         linalg.matmul ins(%[[T]], %arg1 : tensor<32x16xf32>, tensor<16x24xf32>)
#ka = affine_map<(m, n, k) -> (k, m)>
#kn = affine_map<(m, n, k) -> (k, n)>
#nk = affine_map<(m, n, k) -> (n, k)>
#mn = affine_map<(m, n, k) -> (m, n)>
foundry.kernel @a_t(%a: tensor<16x32xf32>, %b: tensor<16x24xf32>) -> tensor<32x24xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32x24xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<32x24xf32>) -> tensor<32x24xf32>
  %c = linalg.matmul indexing_maps = [#ka, #kn, #mn] ins(%a, %b : tensor<16x32xf32>, tensor<16x24xf32>) outs(%f : tensor<32x24xf32>) -> tensor<32x24xf32>
  foundry.yield %c : tensor<32x24xf32>
}

// -----

// Both transposed: A is copied, B stays NxK (mma.sync reads it so).
// CHECK-DAG:   #[[MK:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG:   #[[NK:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-DAG:   #[[MN:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: foundry.kernel @both_t
// CHECK:         %[[T:.*]] = linalg.transpose ins(%arg0
// CHECK:         linalg.matmul indexing_maps = [#[[MK]], #[[NK]], #[[MN]]] ins(%[[T]], %arg1 : tensor<32x16xf32>, tensor<24x16xf32>)
#ka2 = affine_map<(m, n, k) -> (k, m)>
#nk2 = affine_map<(m, n, k) -> (n, k)>
#mn2 = affine_map<(m, n, k) -> (m, n)>
foundry.kernel @both_t(%a: tensor<16x32xf32>, %b: tensor<24x16xf32>) -> tensor<32x24xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32x24xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<32x24xf32>) -> tensor<32x24xf32>
  %c = linalg.matmul indexing_maps = [#ka2, #nk2, #mn2] ins(%a, %b : tensor<16x32xf32>, tensor<24x16xf32>) outs(%f : tensor<32x24xf32>) -> tensor<32x24xf32>
  foundry.yield %c : tensor<32x24xf32>
}

// -----

// A contraction generic with a K-major A: the same copy, and a
// linalg.matmul where its maps are then the plain ones.
// CHECK-LABEL: foundry.kernel @generic_a_t
// CHECK:         %[[T:.*]] = linalg.transpose ins(%arg0
// CHECK:         linalg.matmul ins(%[[T]], %arg1 : tensor<32x16xf32>, tensor<16x24xf32>)
foundry.kernel @generic_a_t(%a: tensor<16x32xf32>, %b: tensor<16x24xf32>) -> tensor<32x24xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32x24xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<32x24xf32>) -> tensor<32x24xf32>
  %c = linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<16x32xf32>, tensor<16x24xf32>) outs(%f : tensor<32x24xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<32x24xf32>
  foundry.yield %c : tensor<32x24xf32>
}

// -----

// An M-major A is left as it is.
// CHECK-LABEL: foundry.kernel @plain
// CHECK-NOT:     linalg.transpose
// CHECK:         linalg.matmul ins(%arg0, %arg1
foundry.kernel @plain(%a: tensor<32x16xf32>, %b: tensor<16x24xf32>) -> tensor<32x24xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32x24xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<32x24xf32>) -> tensor<32x24xf32>
  %c = linalg.matmul ins(%a, %b : tensor<32x16xf32>, tensor<16x24xf32>) outs(%f : tensor<32x24xf32>) -> tensor<32x24xf32>
  foundry.yield %c : tensor<32x24xf32>
}

// -----

// An A of dynamic shape (through a cast) is left as it is.
// CHECK-LABEL: foundry.kernel @dynamic
// CHECK-NOT:     linalg.transpose
// CHECK:         linalg.matmul
foundry.kernel @dynamic(%a0: tensor<16x32xf32>, %b: tensor<16x24xf32>, %f: tensor<32x24xf32>) -> tensor<32x24xf32> {
  %a = tensor.cast %a0 : tensor<16x32xf32> to tensor<?x?xf32>
  %c = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>] ins(%a, %b : tensor<?x?xf32>, tensor<16x24xf32>) outs(%f : tensor<32x24xf32>) -> tensor<32x24xf32>
  foundry.yield %c : tensor<32x24xf32>
}

// Products and their order are unchanged (CPU JIT, against f64).
// CPU: schedule vs f64 {{.*}} PASS
