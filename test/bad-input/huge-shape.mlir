// Static shapes whose size in bytes overflows int64_t: 3037000500^2
// elements (the element count overflows), 2^63 - 1 f32 elements (the byte
// count overflows) and 2^62 x 4 elements (the count wraps around to exactly
// 0, which used to pass for a zero-size dimension). They used to crash the
// CPU runner (segfault, std::length_error) and give foundry-compile a
// manifest with a wrapped-around "bytes". Each is a located error at the
// function, from the outliner, the kernel verifier, foundry-cpu-run,
// foundry-compile and foundry-evolve alike.
//
// RUN: not foundry-opt %s -split-input-file --foundry-outline-kernels 2>&1 | FileCheck %s
// RUN: not foundry-cpu-run %s 2>&1 | FileCheck %s --check-prefix=FIRST
// RUN: not foundry-compile %s --no-ptxas 2>&1 | FileCheck %s --check-prefix=COMPILE
// RUN: not foundry-evolve %s --target cpu --library none -o %t 2>&1 | FileCheck %s --check-prefix=FIRST

// CHECK: {{.*}}bad-input{{/|\\}}huge-shape.mlir:[[@LINE+3]]:1: error: 'func.func' op argument #0 of @count_overflows is too large, got tensor<3037000500x3037000500xf32> (its size in bytes overflows a 64-bit integer)
// FIRST: {{.*}}huge-shape.mlir:[[@LINE+2]]:1: error: 'func.func' op argument #0 of @count_overflows is too large
// COMPILE: "diagnostics": "{{.*}}huge-shape.mlir:[[@LINE+1]]:1: error: 'func.func' op argument #0 of @count_overflows is too large
func.func @count_overflows(%x: tensor<3037000500x3037000500xf32>) -> tensor<3037000500x3037000500xf32> {
  return %x : tensor<3037000500x3037000500xf32>
}
// COMPILE-NOT: "bytes"
// COMPILE: "succeeded": false

// -----

// CHECK: {{.*}}bad-input{{/|\\}}huge-shape.mlir:[[@LINE+1]]:1: error: 'func.func' op argument #0 of @bytes_overflow is too large, got tensor<9223372036854775807xf32> (its size in bytes overflows a 64-bit integer)
func.func @bytes_overflow(%x: tensor<9223372036854775807xf32>) -> tensor<9223372036854775807xf32> {
  return %x : tensor<9223372036854775807xf32>
}

// -----

// CHECK: {{.*}}bad-input{{/|\\}}huge-shape.mlir:[[@LINE+1]]:1: error: 'func.func' op argument #0 of @wraps_to_zero is too large, got tensor<4611686018427387904x4xf32> (its size in bytes overflows a 64-bit integer)
func.func @wraps_to_zero(%x: tensor<4611686018427387904x4xf32>) -> tensor<4611686018427387904x4xf32> {
  return %x : tensor<4611686018427387904x4xf32>
}

