// RUN: not foundry-opt %s --foundry-gather-concats 2>&1 | FileCheck %s

// A concatenation written as slices inserted into an empty tensor (as
// older torch-mlir emits torch.cat) is no tensor.concat: the pass finds
// none.
// CHECK: error: foundry-gather-concats: no tensor.concat of static shape and at most 4 pieces in a kernel outside a block tile
foundry.kernel @inserted(%a: tensor<4xf32>, %b: tensor<3xf32>) -> tensor<7xf32> {
  %e = tensor.empty() : tensor<7xf32>
  %x = tensor.insert_slice %a into %e[0] [4] [1] : tensor<4xf32> into tensor<7xf32>
  %r = tensor.insert_slice %b into %x[4] [3] [1] : tensor<3xf32> into tensor<7xf32>
  foundry.yield %r : tensor<7xf32>
}

// Five pieces with elements: each element would read all five; the
// concatenation stays copies.
foundry.kernel @five(%a: tensor<2xf32>) -> tensor<10xf32> {
  %r = tensor.concat dim(0) %a, %a, %a, %a, %a : (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<10xf32>
  foundry.yield %r : tensor<10xf32>
}
