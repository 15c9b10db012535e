// A ~100 MB input (1.3 M comment lines) generated into %t, with a syntax
// error near the very end. foundry-opt must get through it quickly and point
// at the right line and column (line numbers past 1 M are reported exactly).
// The big file is deleted again when the test passes.
//
// RUN: %python %S/Inputs/gen_large.py comments %t 100
// RUN: not foundry-opt %t --foundry-outline-kernels 2>&1 | FileCheck %s
// RUN: rm -f %t

// 100 MiB / 80-byte lines = 1310720 comment lines; the error is on the line
// after the next one.
// CHECK: {{.*}}bad-input{{/|\\}}Output{{/|\\}}huge-comments.mlir.tmp:1310722:12: error: expected ':'
