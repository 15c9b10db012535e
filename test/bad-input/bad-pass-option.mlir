// A valid kernel, but --foundry-to-nvvm is given a block size outside
// [1, 1024] (or not a number). The pipeline must stop with a clear message
// that states the rejected value, and exit non-zero.
//
// RUN: not foundry-opt %s --foundry-outline-kernels --foundry-to-nvvm="block-size=0" 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: not foundry-opt %s --foundry-outline-kernels --foundry-to-nvvm="block-size=1025" 2>&1 | FileCheck %s --check-prefix=BIG
// RUN: not foundry-opt %s --foundry-outline-kernels --foundry-to-nvvm="block-size=-1" 2>&1 | FileCheck %s --check-prefix=NEG
// RUN: not foundry-opt %s --foundry-outline-kernels --foundry-to-nvvm="block-size=abc" 2>&1 | FileCheck %s --check-prefix=NAN
// RUN: not foundry-opt %s --pass-pipeline="builtin.module(foundry-outline-kernels,foundry-to-nvvm{block-size=0})" 2>&1 | FileCheck %s --check-prefix=ZERO

// ZERO: {{.*}}bad-input{{/|\\}}bad-pass-option.mlir:[[@LINE+4]]:1: error: foundry-map-parallel-loops: block-size must be in [1, 1024], got 0{{$}}
// BIG: {{.*}}bad-input{{/|\\}}bad-pass-option.mlir:[[@LINE+3]]:1: error: foundry-map-parallel-loops: block-size must be in [1, 1024], got 1025{{$}}
// NEG: {{.*}}bad-input{{/|\\}}bad-pass-option.mlir:[[@LINE+2]]:1: error: foundry-map-parallel-loops: block-size must be in [1, 1024], got -1{{$}}
// NAN: foundry-opt: for the --block-size option: 'abc' value invalid for long argument!
func.func @add(%x: tensor<1024xf32>, %y: tensor<1024xf32>) -> tensor<1024xf32> {
  %e = tensor.empty() : tensor<1024xf32>
  %r = linalg.add ins(%x, %y : tensor<1024xf32>, tensor<1024xf32>) outs(%e : tensor<1024xf32>) -> tensor<1024xf32>
  return %r : tensor<1024xf32>
}
