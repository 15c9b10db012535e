// The no-op case: a file that holds only comments (and blank lines) is not an
// error. foundry-opt prints an empty module and exits 0, with or without the
// outliner. An empty file (0 bytes) behaves the same way.
//
// RUN: foundry-opt %s --foundry-outline-kernels 2>&1 | FileCheck %s
// RUN: foundry-opt %s 2>&1 | FileCheck %s
// RUN: %python -c "open(r'%t', 'wb').close()"
// RUN: foundry-opt %t --foundry-outline-kernels 2>&1 | FileCheck %s

// CHECK-NOT: error
// CHECK: module {
// CHECK-NEXT: }
// CHECK-NOT: {{.}}

// func.func @commented_out(%x: tensor<?xf32>) -> tensor<?xf32> {
//   return %x : tensor<?xf32>
// }
