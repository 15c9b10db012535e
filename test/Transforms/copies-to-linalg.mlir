// RUN: foundry-opt %s --pass-pipeline='builtin.module(func.func(foundry-copies-to-linalg))' | FileCheck %s

// CHECK-LABEL: func.func @copy
// CHECK:         linalg.copy ins(%arg0 : memref<4x8xf32>) outs(%arg1 : memref<4x8xf32>)
// CHECK-NOT:     memref.copy
func.func @copy(%a: memref<4x8xf32>, %b: memref<4x8xf32>) {
  memref.copy %a, %b : memref<4x8xf32> to memref<4x8xf32>
  return
}

// Nothing to do without copies.
// CHECK-LABEL: func.func @none
// CHECK-NEXT:    return
func.func @none(%a: memref<4xf32>) {
  return
}
