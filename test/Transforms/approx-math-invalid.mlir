// RUN: not foundry-opt %s --foundry-approx-math=functions=tanh 2>&1 | FileCheck %s

// CHECK: error: foundry-approx-math: unknown function 'tanh' (expected exp or log)
foundry.kernel @k(%x: tensor<4xf32>) -> tensor<4xf32> {
  foundry.yield %x : tensor<4xf32>
}
