// A ~100 MB function (1.7 M chained arith.addf ops) generated into %t, whose
// last op (an scf.execute_region) cannot be outlined. The error comes from the
// outliner, after parsing and verifying everything, at the exact line.
// The big file is deleted again when the test passes.
//
// RUN: %python %S/Inputs/gen_large.py ops %t 100
// RUN: not foundry-opt %t --foundry-outline-kernels 2>&1 | FileCheck %s
// RUN: rm -f %t

// 100 MiB / 60 = 1747626 ops: %v1 .. %v1747625 on lines 2 .. 1747626.
// CHECK: {{.*}}bad-input{{/|\\}}Output{{/|\\}}huge-ops.mlir.tmp:1747627:8: error: 'scf.execute_region' op cannot be outlined into a foundry.kernel: only linalg, tensor, arith and math ops are allowed
// CHECK: {{.*}}bad-input{{/|\\}}Output{{/|\\}}huge-ops.mlir.tmp:1:1: note: in function @f
