// RUN: foundry-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(foundry-allocs-to-workspace))' --verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @two_temporaries
// CHECK-SAME:    (%[[IN:.*]]: memref<8xf32>, %[[W0:.*]]: memref<8xf32> {foundry.workspace = 0 : i64}, %[[W1:.*]]: memref<2x3xf32> {foundry.workspace = 1 : i64})
// CHECK-NOT:     memref.alloc
// CHECK-NOT:     memref.dealloc
// CHECK:         memref.copy %[[IN]], %[[W0]]
// CHECK:         memref.load %[[W1]]
func.func @two_temporaries(%in: memref<8xf32>) {
  %a = memref.alloc() : memref<8xf32>
  %b = memref.alloc() : memref<2x3xf32>
  memref.copy %in, %a : memref<8xf32> to memref<8xf32>
  %c0 = arith.constant 0 : index
  %v = memref.load %b[%c0, %c0] : memref<2x3xf32>
  memref.dealloc %a : memref<8xf32>
  return
}

// -----

// Allocations inside loops are per-iteration scratch, not workspaces.
// CHECK-LABEL: func.func @nested_alloc
// CHECK-SAME:    (%{{.*}}: index)
// CHECK:         scf.for
// CHECK:           memref.alloca
func.func @nested_alloc(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %a = memref.alloca() : memref<4xf32>
  }
  return
}

// -----

func.func @dynamic_alloc(%n: index) {
  // expected-error @+1 {{'memref.alloc' op cannot become a workspace argument: only statically shaped, identity-layout buffers can, got 'memref<?xf32>'}}
  %a = memref.alloc(%n) : memref<?xf32>
  return
}
