// REQUIRES: ptxas
// RUN: foundry-opt %s --foundry-tile-blocks=sizes=64,64 --foundry-tile-threads=sizes=4,4 --foundry-tile-reduction=sizes=8 --foundry-vectorize --foundry-unroll=factor=2 --foundry-to-nvvm --foundry-extract-ptx=output=%t.ptx -o /dev/null
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_90 -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS

// A register-tiled SIMT matmul: 16x16 threads per 64x64 block tile, each
// thread a 4x4 accumulator in registers over a k-loop of 8 unrolled twice:
// 256 FMAs per trip, 16-byte loads of B rows (through the read-only cache:
// kernel buffers are noalias) and stores of C rows (provably aligned), and
// no local-memory spills.
// CHECK: .target sm_90
// CHECK: .entry matmul_kernel
// CHECK: ld.global.nc.v4.b32
// CHECK-COUNT-256: fma.rn.f32
// CHECK: st.global.v4.b32
// PTXAS: 0 bytes spill stores, 0 bytes spill loads
foundry.kernel @matmul(%a: tensor<256x64xf32>, %b: tensor<64x256xf32>) -> tensor<256x256xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<256x256xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<256x256xf32>) -> tensor<256x256xf32>
  %m = linalg.matmul ins(%a, %b : tensor<256x64xf32>, tensor<64x256xf32>) outs(%f : tensor<256x256xf32>) -> tensor<256x256xf32>
  foundry.yield %m : tensor<256x256xf32>
}
