// A --pass-pipeline naming a pass that does not exist. There is no input
// location to point at, so the error carries the line:col inside the
// pipeline string; foundry-opt must exit non-zero without touching the input.
//
// RUN: not foundry-opt %s --pass-pipeline="builtin.module(foundry-nonexistent)" 2>&1 | FileCheck %s
// RUN: not foundry-opt %s --pass-pipeline="builtin.module(foundry-outline-kernels,foundry-nonexistent)" 2>&1 | FileCheck %s --check-prefix=SECOND
// A misspelt flag is rejected by the command line parser.
// RUN: not foundry-opt %s --foundry-outline-kernel 2>&1 | FileCheck %s --check-prefix=FLAG

// CHECK: error: MLIR Textual PassPipeline Parser:1:1: error: 'foundry-nonexistent' does not refer to a registered pass or pass pipeline
// SECOND: error: MLIR Textual PassPipeline Parser:1:25: error: 'foundry-nonexistent' does not refer to a registered pass or pass pipeline
// FLAG: foundry-opt: Unknown command line argument '--foundry-outline-kernel'.
func.func @add(%x: tensor<1024xf32>, %y: tensor<1024xf32>) -> tensor<1024xf32> {
  %e = tensor.empty() : tensor<1024xf32>
  %r = linalg.add ins(%x, %y : tensor<1024xf32>, tensor<1024xf32>) outs(%e : tensor<1024xf32>) -> tensor<1024xf32>
  return %r : tensor<1024xf32>
}
