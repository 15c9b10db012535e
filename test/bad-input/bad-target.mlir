// A valid kernel, but a GPU architecture its PTX ISA version does not
// support (sm_100 and sm_120 with the default +ptx80, sm_90 with +ptx60),
// or names LLVM's NVPTX target does not know. These reached the NVPTX
// backend, which ended the process with "LLVM ERROR: PTX version 8.0 does
// not support target ...". They are now a located error naming the PTX
// version needed, and a non-zero exit.
//
// RUN: not foundry-opt %s --foundry-outline-kernels --foundry-to-nvvm="chip=sm_120" 2>&1 | FileCheck %s --check-prefix=SM120
// RUN: not foundry-opt %s --foundry-outline-kernels --foundry-to-nvvm="features=+ptx60" 2>&1 | FileCheck %s --check-prefix=PTX60
// RUN: not foundry-opt %s --foundry-outline-kernels --foundry-to-nvvm="features=+ptx99" 2>&1 | FileCheck %s --check-prefix=PTX99
// RUN: not foundry-opt %s --foundry-outline-kernels --foundry-to-nvvm="features=+ptx86,+sm_100" 2>&1 | FileCheck %s --check-prefix=SMFEATURE
// RUN: not foundry-opt %s --foundry-outline-kernels --foundry-to-nvvm="chip=sm_999" 2>&1 | FileCheck %s --check-prefix=SM999
// RUN: not foundry-compile %s --target sm_100 --no-ptxas 2>&1 | FileCheck %s --check-prefix=COMPILE
// The same chip with the PTX ISA version it needs compiles.
// RUN: foundry-opt %s --foundry-outline-kernels --foundry-to-nvvm="chip=sm_100 features=+ptx86" --foundry-extract-ptx -o /dev/null | FileCheck %s --check-prefix=OK
// RUN: foundry-compile %s --target sm_100 --features=+ptx86 --no-ptxas 2>/dev/null | FileCheck %s --check-prefix=OK-COMPILE

// SM120: {{.*}}bad-input{{/|\\}}bad-target.mlir:[[@LINE+9]]:1: error: foundry-to-nvvm: PTX ISA 8.0 (features '+ptx80') does not support sm_120, which needs PTX ISA 8.7 or later (features=+ptx87){{$}}
// PTX60: {{.*}}bad-input{{/|\\}}bad-target.mlir:[[@LINE+8]]:1: error: foundry-to-nvvm: PTX ISA 6.0 (features '+ptx60') does not support sm_90, which needs PTX ISA 7.8 or later (features=+ptx78){{$}}
// PTX99: {{.*}}bad-input{{/|\\}}bad-target.mlir:[[@LINE+7]]:1: error: foundry-to-nvvm: features '+ptx99': '+ptx99' is not a PTX ISA version LLVM knows
// SMFEATURE: {{.*}}bad-input{{/|\\}}bad-target.mlir:[[@LINE+6]]:1: error: foundry-to-nvvm: features '+ptx86,+sm_100': '+sm_100' is not a PTX ISA version LLVM knows (+ptxNN, e.g. +ptx80; the architecture is the chip's)
// SM999: {{.*}}bad-input{{/|\\}}bad-target.mlir:[[@LINE+5]]:1: error: foundry-to-nvvm: chip 'sm_999' is not an NVPTX architecture LLVM knows ({{.*}}sm_90, sm_90a)
// COMPILE: {{.*}}bad-input{{/|\\}}bad-target.mlir:[[@LINE+4]]:1: error: target sm_100: PTX ISA 8.0 (features '+ptx80') does not support sm_100, which needs PTX ISA 8.6 or later (features=+ptx86)
// COMPILE: "succeeded": false
// OK: .target sm_100
// OK-COMPILE: "succeeded": true
func.func @relu(%x: tensor<37x300xf32>) -> tensor<37x300xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<37x300xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<37x300xf32>) outs(%e : tensor<37x300xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<37x300xf32>
  return %r : tensor<37x300xf32>
}
