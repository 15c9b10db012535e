// RUN: foundry-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(foundry-add-unit-parallel-loop))' | FileCheck %s

// A sum over rows, per column: the reduction loop comes first in the
// kernel's text; it is moved inside the parallel one, so that the naive
// mapping is one thread per column instead of a host loop over rows.
// CHECK-LABEL: func.func @column_sum
// CHECK:         linalg.generic {indexing_maps = [#[[IN:.*]], #[[OUT:.*]]], iterator_types = ["parallel", "reduction"]}
// CHECK:           linalg.index 0 : index
#in = affine_map<(r, c) -> (r, c)>
#out = affine_map<(r, c) -> (c)>
func.func @column_sum(%x: memref<8x4xf32>, %y: memref<4xf32>) {
  linalg.generic {indexing_maps = [#in, #out], iterator_types = ["reduction", "parallel"]}
      ins(%x : memref<8x4xf32>) outs(%y : memref<4xf32>) {
  ^bb0(%v: f32, %acc: f32):
    // Reads the column index (loop 1 here, loop 0 once interchanged).
    %c = linalg.index 1 : index
    %ci = arith.index_cast %c : index to i32
    %cf = arith.sitofp %ci : i32 to f32
    %t = arith.mulf %v, %cf : f32
    %s = arith.addf %acc, %t : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A reduction to a scalar gets a unit parallel loop.
// CHECK-LABEL: func.func @total
// CHECK:         memref.expand_shape
// CHECK:         linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]
#v = affine_map<(i) -> (i)>
#s = affine_map<(i) -> ()>
func.func @total(%x: memref<8xf32>, %y: memref<f32>) {
  linalg.generic {indexing_maps = [#v, #s], iterator_types = ["reduction"]}
      ins(%x : memref<8xf32>) outs(%y : memref<f32>) {
  ^bb0(%v: f32, %acc: f32):
    %s = arith.addf %acc, %v : f32
    linalg.yield %s : f32
  }
  return
}
