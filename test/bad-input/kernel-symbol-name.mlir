// Kernel names that are legal MLIR symbols (quoted) but not legal PTX
// identifiers. Outlining accepts them; --foundry-to-nvvm must then either
// reject them with a located diagnostic or produce valid PTX -- never abort.
// This test expects the rejection.
//
// RUN: not foundry-opt %s -split-input-file --foundry-outline-kernels --foundry-to-nvvm 2>&1 | FileCheck %s

// CHECK-NOT: LLVM ERROR
// CHECK-NOT: PLEASE submit a bug report

// A space in the name.
// CHECK: {{.*}}bad-input{{/|\\}}kernel-symbol-name.mlir:{{[0-9]+}}:{{[0-9]+}}: error:
func.func @"my kernel"(%x: tensor<1024xf32>, %y: tensor<1024xf32>) -> tensor<1024xf32> {
  %e = tensor.empty() : tensor<1024xf32>
  %r = linalg.add ins(%x, %y : tensor<1024xf32>, tensor<1024xf32>) outs(%e : tensor<1024xf32>) -> tensor<1024xf32>
  return %r : tensor<1024xf32>
}

// -----

// A dash in the name.
// CHECK: {{.*}}bad-input{{/|\\}}kernel-symbol-name.mlir:{{[0-9]+}}:{{[0-9]+}}: error:
func.func @"gemm-relu"(%x: tensor<1024xf32>, %y: tensor<1024xf32>) -> tensor<1024xf32> {
  %e = tensor.empty() : tensor<1024xf32>
  %r = linalg.add ins(%x, %y : tensor<1024xf32>, tensor<1024xf32>) outs(%e : tensor<1024xf32>) -> tensor<1024xf32>
  return %r : tensor<1024xf32>
}

// -----

// A dot in the name: today this produces `.entry gemm.v2_kernel`, which
// ptxas rejects ("Parsing error near '.v2_kernel'").
// CHECK: {{.*}}bad-input{{/|\\}}kernel-symbol-name.mlir:{{[0-9]+}}:{{[0-9]+}}: error:
func.func @gemm.v2(%x: tensor<1024xf32>, %y: tensor<1024xf32>) -> tensor<1024xf32> {
  %e = tensor.empty() : tensor<1024xf32>
  %r = linalg.add ins(%x, %y : tensor<1024xf32>, tensor<1024xf32>) outs(%e : tensor<1024xf32>) -> tensor<1024xf32>
  return %r : tensor<1024xf32>
}

// -----

// A leading digit: today this produces `.entry 1gemm_kernel`, which ptxas
// rejects.
// CHECK: {{.*}}bad-input{{/|\\}}kernel-symbol-name.mlir:{{[0-9]+}}:{{[0-9]+}}: error:
func.func @"1gemm"(%x: tensor<1024xf32>, %y: tensor<1024xf32>) -> tensor<1024xf32> {
  %e = tensor.empty() : tensor<1024xf32>
  %r = linalg.add ins(%x, %y : tensor<1024xf32>, tensor<1024xf32>) outs(%e : tensor<1024xf32>) -> tensor<1024xf32>
  return %r : tensor<1024xf32>
}
