// The same unknown dialect in the generic op form: foundry-opt does not allow
// unregistered dialects, so this is rejected at parse time rather than being
// carried as an opaque op into the outliner.
// RUN: not foundry-opt %s --foundry-outline-kernels 2>&1 | FileCheck %s

func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK: {{.*}}bad-input{{/|\\}}unregistered-dialect-generic.mlir:[[@LINE+1]]:20: error: operation being parsed with an unregistered dialect
  %r = "torch.relu"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
