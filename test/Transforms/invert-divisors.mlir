// RUN: foundry-opt %s --split-input-file --foundry-invert-divisors | FileCheck %s
// The kernels compute what they did (CPU JIT against f64): softmax rows
// (one per block, online; over a cluster of 8 blocks), an RMS norm's and a
// Frobenius norm's divisions.
// RUN: foundry-cpu-run %foundry_src_root/bench/kernelbench/level1/23_softmax_small.mlir --reference=f64 --schedule='foundry-invert-divisors,foundry-tile-blocks{sizes={1,0} target=result},foundry-reduce-threads{threads=32 online=true},foundry-tile-threads{sizes={0,4}},foundry-vectorize' | FileCheck %s --check-prefix=CPU
// RUN: foundry-cpu-run %S/split-reduction-cluster.mlir --reference=f64 --schedule='foundry-invert-divisors,foundry-split-reduction{outputs=16 parts=8 cluster=true},foundry-tile-blocks{fuse=all sizes={1,128} target=result},foundry-reduce-threads{threads=32 interleave=2},foundry-tile-threads{sizes={0,4} interleave=4},foundry-vectorize,foundry-unroll{factor=2}' | FileCheck %s --check-prefix=CPU
// RUN: foundry-cpu-run %foundry_src_root/bench/kernelbench/level1/36_rmsnorm_small.mlir --reference=f64 --schedule='foundry-invert-divisors,foundry-tile-blocks{sizes=1},foundry-tile-phases{threads=100}' | FileCheck %s --check-prefix=CPU
// RUN: foundry-cpu-run %foundry_src_root/bench/kernelbench/level1/37_frobeniusnorm_small.mlir --reference=f64 --schedule='foundry-invert-divisors,foundry-split-reduction,foundry-reduce-threads{threads=8}' | FileCheck %s --check-prefix=CPU
// CPU: mismatches=0/{{[0-9]+}} PASS

// A softmax's division by the row sum: the reciprocal of each row's sum,
// once per row, and a multiplication; the sum leaves the op's inputs.
// CHECK-LABEL: foundry.kernel @row_sum
// CHECK-SAME:    (%[[E:.*]]: tensor<4x64xf32>, %[[S:.*]]: tensor<4xf32>)
// CHECK:         %[[RE:.*]] = tensor.empty() : tensor<4xf32>
// CHECK:         %[[R:.*]] = linalg.generic {indexing_maps = [#[[ID1:.*]], #[[ID1]]], iterator_types = ["parallel"]} ins(%[[S]] : tensor<4xf32>) outs(%[[RE]] : tensor<4xf32>)
// CHECK-NEXT:    ^bb0(%[[SUM:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:      %[[INV:.*]] = arith.divf %[[ONE]], %[[SUM]] : f32
// CHECK-NEXT:      linalg.yield %[[INV]] : f32
// CHECK:         linalg.generic {indexing_maps = [#[[ID2:.*]], #[[ROW:.*]], #[[ID2]]], iterator_types = ["parallel", "parallel"]} ins(%[[E]], %[[R]] : tensor<4x64xf32>, tensor<4xf32>)
// CHECK-NEXT:    ^bb0(%[[X:.*]]: f32, %[[RR:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[M:.*]] = arith.mulf %[[X]], %[[RR]] : f32
// CHECK-NEXT:      linalg.yield %[[M]] : f32
#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
foundry.kernel @row_sum(%e: tensor<4x64xf32>, %s: tensor<4xf32>) -> tensor<4x64xf32> {
  %empty = tensor.empty() : tensor<4x64xf32>
  %y = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%e, %s : tensor<4x64xf32>, tensor<4xf32>) outs(%empty : tensor<4x64xf32>) {
  ^bb0(%x: f32, %sum: f32, %out: f32):
    %d = arith.divf %x, %sum : f32
    linalg.yield %d : f32
  } -> tensor<4x64xf32>
  foundry.yield %y : tensor<4x64xf32>
}

// -----

// A divisor computed in the body from two inputs read through one map
// (sqrt(mean square + eps), a norm's), with a captured constant: the whole
// slice moves into the reciprocal's generic; the divisor's inputs leave the
// op, the one the dividend also reads (%b) stays. Two divisions by the same
// divisor share one reciprocal.
// CHECK-LABEL: foundry.kernel @norm_slice
// CHECK-SAME:    (%[[X:.*]]: tensor<2x8x16xf32>, %[[Q:.*]]: tensor<2x16xf32>, %[[B:.*]]: tensor<2x16xf32>)
// CHECK:         %[[EPS:.*]] = arith.constant 9.99
// CHECK:         %[[R:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]} ins(%[[Q]], %[[B]] : tensor<2x16xf32>, tensor<2x16xf32>) outs(%{{.*}} : tensor<2x16xf32>)
// CHECK-NEXT:    ^bb0(%[[QQ:.*]]: f32, %[[BB:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[A:.*]] = arith.addf %[[QQ]], %[[EPS]] : f32
// CHECK-NEXT:      %[[T:.*]] = arith.mulf %[[A]], %[[BB]] : f32
// CHECK-NEXT:      %[[RT:.*]] = math.sqrt %[[T]] : f32
// CHECK-NEXT:      %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:      %[[INV:.*]] = arith.divf %[[ONE]], %[[RT]] : f32
// CHECK-NEXT:      linalg.yield %[[INV]] : f32
// CHECK:         linalg.generic {indexing_maps = [#{{.*}}, #[[CH:.*]], #[[CH]], #{{.*}}], {{.*}} ins(%[[X]], %[[B]], %[[R]] : tensor<2x8x16xf32>, tensor<2x16xf32>, tensor<2x16xf32>)
// CHECK-NEXT:    ^bb0(%[[XX:.*]]: f32, %[[BB2:.*]]: f32, %[[RR:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[M1:.*]] = arith.mulf %[[XX]], %[[RR]] : f32
// CHECK-NEXT:      %[[M2:.*]] = arith.mulf %[[BB2]], %[[RR]] : f32
// CHECK-NEXT:      %[[S:.*]] = arith.addf %[[M1]], %[[M2]] : f32
// CHECK-NEXT:      linalg.yield %[[S]] : f32
#id3 = affine_map<(n, c, p) -> (n, c, p)>
#np = affine_map<(n, c, p) -> (n, p)>
foundry.kernel @norm_slice(%x: tensor<2x8x16xf32>, %q: tensor<2x16xf32>, %b: tensor<2x16xf32>) -> tensor<2x8x16xf32> {
  %eps = arith.constant 1.0e-5 : f32
  %empty = tensor.empty() : tensor<2x8x16xf32>
  %y = linalg.generic {indexing_maps = [#id3, #np, #np, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x, %q, %b : tensor<2x8x16xf32>, tensor<2x16xf32>, tensor<2x16xf32>) outs(%empty : tensor<2x8x16xf32>) {
  ^bb0(%in: f32, %qq: f32, %bb: f32, %out: f32):
    %a = arith.addf %qq, %eps : f32
    %t = arith.mulf %a, %bb : f32
    %root = math.sqrt %t : f32
    %d1 = arith.divf %in, %root : f32
    %d2 = arith.divf %bb, %root : f32
    %s = arith.addf %d1, %d2 : f32
    linalg.yield %s : f32
  } -> tensor<2x8x16xf32>
  foundry.yield %y : tensor<2x8x16xf32>
}

// -----

// Left as they are: a divisor varying along every loop (an elementwise
// division), a constant divisor, a divisor read through two different maps,
// a divisor depending on linalg.index, and one reading the accumulator.
// CHECK-LABEL: foundry.kernel @kept
// CHECK-NOT:     arith.mulf
// CHECK-COUNT-5: arith.divf
// CHECK-NOT:     arith.mulf
#id2 = affine_map<(i, j) -> (i, j)>
#r = affine_map<(i, j) -> (i)>
#c = affine_map<(i, j) -> (j)>
foundry.kernel @kept(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>, %s: tensor<4xf32>, %t: tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4xf32>) {
  %two = arith.constant 2.0 : f32
  %empty = tensor.empty() : tensor<4x8xf32>
  %y = linalg.generic {indexing_maps = [#id2, #id2, #r, #c, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b, %s, %t : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4xf32>, tensor<8xf32>) outs(%empty : tensor<4x8xf32>) {
  ^bb0(%x: f32, %z: f32, %ss: f32, %tt: f32, %out: f32):
    %d1 = arith.divf %x, %z : f32
    %d2 = arith.divf %d1, %two : f32
    %st = arith.addf %ss, %tt : f32
    %d3 = arith.divf %d2, %st : f32
    %j = linalg.index 1 : index
    %ji = arith.index_cast %j : index to i32
    %jf = arith.sitofp %ji : i32 to f32
    %js = arith.addf %ss, %jf : f32
    %d4 = arith.divf %d3, %js : f32
    linalg.yield %d4 : f32
  } -> tensor<4x8xf32>
  %sum = linalg.generic {indexing_maps = [#id2, #r], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<4x8xf32>) outs(%s : tensor<4xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %d = arith.divf %x, %acc : f32
    linalg.yield %d : f32
  } -> tensor<4xf32>
  foundry.yield %y, %sum : tensor<4x8xf32>, tensor<4xf32>
}

// -----

// A scalar divisor (a Frobenius norm's): its reciprocal is a 0-d tensor.
// CHECK-LABEL: foundry.kernel @scalar
// CHECK:         %[[R:.*]] = linalg.generic {indexing_maps = [#[[S0:.*]], #[[S0]]], iterator_types = []} ins(%{{.*}} : tensor<f32>)
// CHECK:         arith.divf
// CHECK:         linalg.generic {{.*}} ins(%{{.*}}, %[[R]] : tensor<8x8xf32>, tensor<f32>)
// CHECK:           arith.mulf
#id8 = affine_map<(i, j) -> (i, j)>
#none = affine_map<(i, j) -> ()>
foundry.kernel @scalar(%x: tensor<8x8xf32>, %n: tensor<f32>) -> tensor<8x8xf32> {
  %empty = tensor.empty() : tensor<8x8xf32>
  %y = linalg.generic {indexing_maps = [#id8, #none, #id8], iterator_types = ["parallel", "parallel"]}
      ins(%x, %n : tensor<8x8xf32>, tensor<f32>) outs(%empty : tensor<8x8xf32>) {
  ^bb0(%in: f32, %nn: f32, %out: f32):
    %d = arith.divf %in, %nn : f32
    linalg.yield %d : f32
  } -> tensor<8x8xf32>
  foundry.yield %y : tensor<8x8xf32>
}
