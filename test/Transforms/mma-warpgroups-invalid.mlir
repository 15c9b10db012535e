// RUN: not foundry-opt %s --split-input-file --foundry-outline-kernels --foundry-tile-blocks="sizes=128,128 target=contraction" --foundry-tile-reduction=sizes=32 --foundry-promote=operands=0,1 --foundry-tile-warpgroups=sizes=64,128 --foundry-mma 2>&1 | FileCheck %s

// An fp32 B stored KxN (torch.matmul's): wgmma reads tf32 only K-major.
// CHECK: error: 'linalg.matmul' op foundry-mma: operand B is not stored NxK; wgmma here reads fp32 operands K-major only (B as nn.Linear stores its weight; f16 and bf16 ones also stored KxN): copy a KxN B with foundry-transpose-b, or keep it on warp tiles (mma.sync)
func.func @kxn(%a: tensor<256x64xf32>, %b: tensor<64x256xf32>) -> tensor<256x256xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<256x256xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<256x256xf32>) -> tensor<256x256xf32>
  %y = linalg.matmul ins(%a, %b : tensor<256x64xf32>, tensor<64x256xf32>) outs(%init : tensor<256x256xf32>) -> tensor<256x256xf32>
  return %y : tensor<256x256xf32>
}

// -----

// Tensor cores round fp32 to tf32: not under ieee.
// CHECK: error: 'foundry.kernel' op foundry-mma: this kernel's precision is ieee; tensor cores need #foundry.precision<3xtf32> or looser
#lhs = affine_map<(m, n, k) -> (m, k)>
#rhs = affine_map<(m, n, k) -> (n, k)>
#out = affine_map<(m, n, k) -> (m, n)>
func.func @ieee(%x: tensor<256x64xf32>, %w: tensor<256x64xf32>) -> tensor<256x256xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<256x256xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<256x256xf32>) -> tensor<256x256xf32>
  %y = linalg.matmul indexing_maps = [#lhs, #rhs, #out] ins(%x, %w : tensor<256x64xf32>, tensor<256x64xf32>) outs(%init : tensor<256x256xf32>) -> tensor<256x256xf32>
  return %y : tensor<256x256xf32>
}

// -----

// Operands read from global memory (no foundry-promote): wgmma reads them
// from shared memory only.
// RUN: not foundry-opt %s --split-input-file --foundry-outline-kernels --foundry-tile-blocks="sizes=128,128 target=contraction" --foundry-tile-reduction=sizes=32 --foundry-tile-warpgroups=sizes=64,128 --foundry-mma 2>&1 | FileCheck %s --check-prefix=GLOBAL
// GLOBAL: error: 'linalg.matmul' op foundry-mma: operand A of a warpgroup matmul must be staged in shared memory (foundry-promote{operands=0,1} before foundry-tile-warpgroups): wgmma reads it there
#lhs = affine_map<(m, n, k) -> (m, k)>
#rhs = affine_map<(m, n, k) -> (n, k)>
#out = affine_map<(m, n, k) -> (m, n)>
func.func @unstaged(%x: tensor<256x64xf32>, %w: tensor<256x64xf32>) -> tensor<256x256xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<256x256xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<256x256xf32>) -> tensor<256x256xf32>
  %y = linalg.matmul indexing_maps = [#lhs, #rhs, #out] ins(%x, %w : tensor<256x64xf32>, tensor<256x64xf32>) outs(%init : tensor<256x256xf32>) -> tensor<256x256xf32>
  return %y : tensor<256x256xf32>
}

// -----

// A warpgroup tile of 32 rows (wgmma computes 64) and one of 128x128 (128
// accumulator registers per thread, twice with each k-step's sum).
// RUN: not foundry-opt %s --split-input-file --foundry-outline-kernels --foundry-tile-blocks="sizes=128,128 target=contraction" --foundry-tile-reduction=sizes=32 --foundry-promote=operands=0,1 --foundry-tile-warpgroups=sizes=32,128 --foundry-mma 2>&1 | FileCheck %s --check-prefix=SHAPE
// RUN: not foundry-opt %s --split-input-file --foundry-outline-kernels --foundry-tile-blocks="sizes=128,128 target=contraction" --foundry-tile-reduction=sizes=32 --foundry-promote=operands=0,1 --foundry-tile-warpgroups=sizes=128,128 --foundry-mma 2>&1 | FileCheck %s --check-prefix=REGS
// SHAPE: error: 'linalg.matmul' op foundry-mma: the warpgroup tile is 32x128x32; wgmma m64nNk8 needs m a multiple of 64, n a multiple of 8 up to 256, k a multiple of 8
// REGS: error: 'linalg.matmul' op foundry-mma: the warpgroup tile 128x128 needs 128 accumulator registers per thread, twice with the sum of each k-step; at most 64 (e.g. 64x128 or 128x64)
#lhs = affine_map<(m, n, k) -> (m, k)>
#rhs = affine_map<(m, n, k) -> (n, k)>
#out = affine_map<(m, n, k) -> (m, n)>
func.func @tiles(%x: tensor<256x64xf32>, %w: tensor<256x64xf32>) -> tensor<256x256xf32> attributes {foundry.precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<256x256xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<256x256xf32>) -> tensor<256x256xf32>
  %y = linalg.matmul indexing_maps = [#lhs, #rhs, #out] ins(%x, %w : tensor<256x64xf32>, tensor<256x64xf32>) outs(%init : tensor<256x256xf32>) -> tensor<256x256xf32>
  return %y : tensor<256x256xf32>
}
