// An op of a dialect foundry-opt does not register (custom syntax). The error
// must name the dialect and the note lists the dialects that are available.
// RUN: not foundry-opt %s --foundry-outline-kernels 2>&1 | FileCheck %s

func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK: {{.*}}bad-input{{/|\\}}unknown-dialect.mlir:[[@LINE+2]]:8: error: Dialect `torch' not found for custom op 'torch.relu'
  // CHECK: note: Available dialects: {{.*}}foundry
  %r = torch.relu %x : tensor<4xf32>
  return %r : tensor<4xf32>
}
