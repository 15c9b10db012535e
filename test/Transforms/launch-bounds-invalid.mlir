// RUN: not foundry-opt %s --foundry-launch-bounds=min-blocks=33 2>&1 | FileCheck %s --check-prefix=BLOCKS
// RUN: not foundry-opt %s --foundry-launch-bounds=max-registers=8 2>&1 | FileCheck %s --check-prefix=REGISTERS
// RUN: not foundry-opt %s --foundry-launch-bounds=max-registers=256 2>&1 | FileCheck %s --check-prefix=REGISTERS256
// RUN: not foundry-opt %s --foundry-launch-bounds=min-blocks=3 --foundry-tile-blocks=sizes=4,256 --foundry-tile-threads=sizes=1,1 --foundry-to-nvvm -o /dev/null 2>&1 | FileCheck %s --check-prefix=THREADS

// BLOCKS: error: foundry-launch-bounds: min-blocks must be 0 (no bound) to 32 (blocks an sm_90 SM holds), got 33
// REGISTERS: error: foundry-launch-bounds: max-registers must be 0 (no cap) or 16 to 255, got 8
// REGISTERS256: error: foundry-launch-bounds: max-registers must be 0 (no cap) or 16 to 255, got 256

// Three blocks of 4x256 threads would need 3072 threads on one SM; the
// error points at the kernel.
// THREADS: launch-bounds-invalid.mlir:[[# @LINE + 2]]:1: error: foundry-launch-bounds: min-blocks=3 blocks of 1024 threads (launch of @relu_kernel) need 3072 threads per SM; an sm_90 SM holds 2048
#id = affine_map<(i, j) -> (i, j)>
foundry.kernel @relu(%x: tensor<64x256xf32>) -> tensor<64x256xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x256xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<64x256xf32>) outs(%e : tensor<64x256xf32>) {
  ^bb0(%v: f32, %o: f32):
    %m = arith.maximumf %v, %zero : f32
    linalg.yield %m : f32
  } -> tensor<64x256xf32>
  foundry.yield %r : tensor<64x256xf32>
}
