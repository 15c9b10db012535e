// A ~100 MB dense constant (a hex string of 13.1 M f32 values) generated into
// %t. The constant itself is valid; the function after it has a dynamic shape
// and the outliner must reject that one, at the right line.
// The big file is deleted again when the test passes.
//
// RUN: %python %S/Inputs/gen_large.py dense %t 100
// RUN: not foundry-opt %t --foundry-outline-kernels 2>&1 | FileCheck %s
// RUN: rm -f %t

// CHECK: {{.*}}bad-input{{/|\\}}Output{{/|\\}}huge-dense.mlir.tmp:6:1: error: 'func.func' op argument #0 of @dyn must have a static shape, got tensor<?xf32> (dynamic dimensions are not supported)
