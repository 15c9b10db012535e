// RUN: foundry-opt %s --foundry-tile-blocks=sizes=64,64 --foundry-tile-reduction=sizes=32 --foundry-promote=operands=0,1 --foundry-tile-warps=sizes=32,32 --foundry-tile-reduction=sizes=16 --foundry-mma | FileCheck %s
// RUN: foundry-opt %s --foundry-tile-blocks=sizes=64,64 --foundry-tile-reduction=sizes=32 --foundry-promote=operands=0,1 --foundry-tile-warps=sizes=32,32 --foundry-tile-reduction=sizes=16 --foundry-mma --foundry-to-nvvm --foundry-extract-ptx=output=%t.ptx -o /dev/null
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: foundry-opt %s --foundry-tile-blocks=sizes=64,64 --foundry-tile-warps=sizes=32,32 --foundry-tile-reduction=sizes=16 --foundry-mma --foundry-to-nvvm --foundry-extract-ptx=output=%t.global.ptx -o /dev/null
// RUN: FileCheck %s --check-prefix=GLOBAL < %t.global.ptx
// RUN: foundry-cpu-run %s --reference=f64 --schedule='foundry-tile-blocks{sizes=64,64},foundry-tile-reduction{sizes=32},foundry-promote{operands=0,1},foundry-tile-warps{sizes=32,32},foundry-tile-reduction{sizes=16},foundry-mma' | FileCheck %s --check-prefix=CPU

// bf16 operands with an f32 accumulator take the f16 path's tiles (A in
// 16x16 pieces, B in 16x8 or, stored NxK, 8x16).
// CHECK-LABEL: foundry.kernel @gemm_bf16
// CHECK-COUNT-8: vector.contract {{.*}} : vector<16x16xbf16>, vector<16x8xbf16> into vector<16x8xf32>
// CHECK-NOT: vector.contract
// CHECK-LABEL: foundry.kernel @linear_bf16
// CHECK-COUNT-8: vector.contract {{.*}} : vector<16x16xbf16>, vector<8x16xbf16> into vector<16x8xf32>
// CHECK-NOT: vector.contract

// On the GPU: mma.sync m16n8k16 on bf16 (upstream's conversion knows only
// f16 fragments; foundry moves the same bits as f16 and builds the mma
// itself), from shared memory through ldmatrix, and no f16 mma.
// PTX-LABEL: .entry gemm_bf16_kernel
// PTX: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// PTX: ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16
// PTX: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
// PTX-NOT: .f16.f16
// PTX-LABEL: .entry linear_bf16_kernel
// PTX: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
// PTX-NOT: .f16.f16

// Without shared memory, per-lane loads from global memory feed them.
// GLOBAL-LABEL: .entry gemm_bf16_kernel
// GLOBAL: ld.global.nc.b16
// GLOBAL: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
// GLOBAL-NOT: ldmatrix

// On the CPU the same contractions match the f64 reference.
// CPU: @gemm_bf16 output #0: schedule vs f64 {{.*}} mismatches=0/16384 PASS
// CPU: @linear_bf16 output #0: schedule vs f64 {{.*}} mismatches=0/16384 PASS
foundry.kernel @gemm_bf16(%a: tensor<128x64xbf16>, %b: tensor<64x128xbf16>) -> tensor<128x128xf32> attributes {precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<128x128xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<128x128xf32>) -> tensor<128x128xf32>
  %m = linalg.matmul ins(%a, %b : tensor<128x64xbf16>, tensor<64x128xbf16>) outs(%f : tensor<128x128xf32>) -> tensor<128x128xf32>
  foundry.yield %m : tensor<128x128xf32>
}

#a = affine_map<(m, n, k) -> (m, k)>
#b = affine_map<(m, n, k) -> (n, k)>
#c = affine_map<(m, n, k) -> (m, n)>
foundry.kernel @linear_bf16(%x: tensor<128x64xbf16>, %w: tensor<128x64xbf16>) -> tensor<128x128xf32> attributes {precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<128x128xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<128x128xf32>) -> tensor<128x128xf32>
  %m = linalg.matmul indexing_maps = [#a, #b, #c] ins(%x, %w : tensor<128x64xbf16>, tensor<128x64xbf16>) outs(%f : tensor<128x128xf32>) -> tensor<128x128xf32>
  foundry.yield %m : tensor<128x128xf32>
}
