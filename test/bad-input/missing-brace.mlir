// A function whose closing `}` is missing: the parser reaches the end of the
// file inside the function body and must report it there (exit 1), not crash
// or read past the buffer.
// RUN: not foundry-opt %s --foundry-outline-kernels 2>&1 | FileCheck %s

// The error points at the end of the last token of the file (line 11 below).
// CHECK: {{.*}}bad-input{{/|\\}}missing-brace.mlir:11:28: error: expected operation name in quotes

func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = arith.addf %x, %x : tensor<4xf32>
  return %r : tensor<4xf32>
