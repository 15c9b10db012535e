// RUN: foundry-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(foundry-mask-padded-accesses))' --verify-diagnostics | FileCheck %s

// A 6x6 output written through its 8x8 padded view (row stride 6): each
// access, resolved through the tile's subview to the view's indices, runs
// only inside the 6x6 extent; a load outside reads 0; a vector store whose
// two ends are inside stays whole, else its elements are stored one by
// one, each on its own guard. The mark is removed.
// CHECK-LABEL: func.func @masked
// CHECK:         %[[VIEW:.*]] = memref.reinterpret_cast
// CHECK-NOT:     foundry.valid_sizes
// CHECK:         gpu.launch
// CHECK:           %[[TILE:.*]] = memref.subview %[[VIEW]]
// Scalar store: the tile's origin plus the index.
// CHECK:           %[[R:.*]] = affine.apply #{{.*}}()[%[[I:.*]], %[[TX:.*]]]
// CHECK:           %[[C:.*]] = affine.apply #{{.*}}()[%[[J:.*]], %[[TY:.*]]]
// CHECK:           %[[C6:.*]] = arith.constant 6 : index
// CHECK:           %[[RIN:.*]] = arith.cmpi ult, %[[R]], %[[C6]]
// CHECK:           %[[C6B:.*]] = arith.constant 6 : index
// CHECK:           %[[CIN:.*]] = arith.cmpi ult, %[[C]], %[[C6B]]
// CHECK:           %[[IN:.*]] = arith.andi %[[RIN]], %[[CIN]]
// CHECK:           scf.if %[[IN]] {
// CHECK-NEXT:        memref.store %{{.*}}, %[[TILE]][%[[TX]], %[[TY]]]
// CHECK-NEXT:      }
// Scalar load: 0 outside.
// CHECK:           %[[LOADED:.*]] = scf.if %{{.*}} -> (f32) {
// CHECK-NEXT:        %[[V:.*]] = memref.load %[[TILE]][%[[TX]], %[[TY]]]
// CHECK-NEXT:        scf.yield %[[V]] : f32
// CHECK-NEXT:      } else {
// CHECK-NEXT:        %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:        scf.yield %[[ZERO]] : f32
// CHECK-NEXT:      }
// Vector store (a transfer first): whole, or one guarded store per element.
// CHECK:           %[[FIRST:.*]] = arith.andi
// CHECK:           %[[SECOND:.*]] = arith.addi %[[TY]], %{{.*}}
// CHECK:           %[[LAST:.*]] = arith.andi
// CHECK:           %[[WHOLE:.*]] = arith.andi %[[FIRST]], %[[LAST]]
// CHECK:           scf.if %[[WHOLE]] {
// CHECK-NEXT:        vector.store %{{.*}}, %[[TILE]][%[[TX]], %[[TY]]] : memref<4x4xf32, strided<[6, 1], offset: ?>>, vector<2xf32>
// CHECK-NEXT:      } else {
// CHECK:             scf.if
// CHECK:               vector.extract %{{.*}}[0]
// CHECK:               memref.store
// CHECK:             scf.if
// CHECK:               vector.extract %{{.*}}[1]
// CHECK:               memref.store
// CHECK-NOT:     vector.transfer_write
// CHECK:         return
func.func @masked(%out: memref<6x6xf32>, %i: index, %j: index, %x: f32, %v: vector<2xf32>) -> f32 {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %view = memref.reinterpret_cast %out to offset: [0], sizes: [8, 8], strides: [6, 1] {foundry.valid_sizes = array<i64: 6, 6>} : memref<6x6xf32> to memref<8x8xf32, strided<[6, 1]>>
  %r = memref.alloc() : memref<f32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c4, %sz = %c1) {
    %tile = memref.subview %view[%i, %j] [4, 4] [1, 1] : memref<8x8xf32, strided<[6, 1]>> to memref<4x4xf32, strided<[6, 1], offset: ?>>
    memref.store %x, %tile[%tx, %ty] : memref<4x4xf32, strided<[6, 1], offset: ?>>
    %y = memref.load %tile[%tx, %ty] : memref<4x4xf32, strided<[6, 1], offset: ?>>
    memref.store %y, %r[] : memref<f32>
    vector.transfer_write %v, %tile[%tx, %ty] {in_bounds = [true]} : vector<2xf32>, memref<4x4xf32, strided<[6, 1], offset: ?>>
    gpu.terminator
  }
  %res = memref.load %r[] : memref<f32>
  return %res : f32
}

// -----

func.func @masked_transfer(%out: memref<6x6xf32>, %v: vector<2xf32>, %m: vector<2xi1>) {
  %c0 = arith.constant 0 : index
  %view = memref.reinterpret_cast %out to offset: [0], sizes: [8, 8], strides: [6, 1] {foundry.valid_sizes = array<i64: 6, 6>} : memref<6x6xf32> to memref<8x8xf32, strided<[6, 1]>>
  // expected-error @+1 {{cannot mask this access to a padded result written in place}}
  vector.transfer_write %v, %view[%c0, %c0], %m {in_bounds = [true]} : vector<2xf32>, memref<8x8xf32, strided<[6, 1]>>
  return
}
