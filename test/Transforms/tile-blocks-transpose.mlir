// RUN: foundry-opt %s --foundry-transpose-b "--foundry-tile-blocks=sizes=32,32 target=transpose" | FileCheck %s
// RUN: foundry-opt %s --foundry-transpose-b "--foundry-tile-blocks=sizes=32,32 target=transpose" --foundry-tile-threads=sizes=4,4 --foundry-vectorize | FileCheck %s --check-prefix=VEC
// RUN: foundry-opt %s --foundry-transpose-b "--foundry-tile-blocks=sizes=32,32 target=transpose" --foundry-tile-threads=sizes=4,4 --foundry-vectorize --foundry-to-nvvm --foundry-extract-ptx=output=%t.ptx -o /dev/null
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: foundry-opt %s --foundry-transpose-b "--foundry-tile-blocks=sizes=32,32 target=contraction" --foundry-tile-threads=sizes=4,4 "--foundry-tile-blocks=sizes=32,32 target=transpose" --foundry-tile-threads=sizes=4,4 | FileCheck %s --check-prefix=AFTER
// The copy of a KxN B (foundry-transpose-b) tiled as a kernel of its own
// in 32x32 blocks; the matmul after it stays at the kernel's top level.
// With 4x4 elements per thread, each thread reads 4 rows of 4 and writes
// 4 rows of 4, 16 bytes at a time on both sides.

// CHECK-LABEL: foundry.kernel @kxn_b
// CHECK: %[[COPY:.*]] = scf.forall (%{{.*}}, %{{.*}}) = (0, 0) to (128, 64) step (32, 32)
// CHECK:   linalg.transpose ins(%{{.*}} : tensor<32x32xf32>) outs(%{{.*}} : tensor<32x32xf32>) permutation = [1, 0]
// CHECK: } {mapping = [#gpu.block<y>, #gpu.block<x>]}
// CHECK: linalg.matmul {{.*}}ins(%{{.*}}, %[[COPY]] :

// VEC-LABEL: foundry.kernel @kxn_b
// VEC: scf.forall {{.*}} in (8, 8)
// VEC:   vector.transfer_read {{.*}} : tensor<4x4xf32>, vector<4x4xf32>
// VEC:   vector.transfer_write {{.*}} : vector<4x4xf32>, tensor<4x4xf32>
// VEC: } {mapping = [#gpu.thread<y>, #gpu.thread<x>]}

// The fill is a kernel of its own first (naive), then the copy.
// PTX-LABEL: .entry kxn_b_kernel_0(
// PTX-COUNT-4: ld.global.nc.v4.b32
// PTX-COUNT-4: st.global.v4.b32
// PTX-LABEL: .entry kxn_b_kernel_1(

// Tiled after the GEMM was distributed over threads, the copy's block tile
// is distributed too (the GEMM's, distributed before, is left as it is).
// AFTER-LABEL: foundry.kernel @kxn_b
// AFTER: scf.forall {{.*}} step (32, 32)
// AFTER:   scf.forall {{.*}} in (8, 8)
// AFTER:     linalg.transpose ins(%{{.*}} : tensor<4x4xf32>)
// AFTER: scf.forall {{.*}} step (32, 32)
// AFTER:   scf.forall {{.*}} in (8, 8)
// AFTER:     linalg.matmul

foundry.kernel @kxn_b(%a: tensor<32x64xf32>, %b: tensor<64x128xf32>) -> tensor<32x128xf32> attributes {precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32x128xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<32x128xf32>) -> tensor<32x128xf32>
  %r = linalg.matmul ins(%a, %b : tensor<32x64xf32>, tensor<64x128xf32>) outs(%c : tensor<32x128xf32>) -> tensor<32x128xf32>
  foundry.yield %r : tensor<32x128xf32>
}
