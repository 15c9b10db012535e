// RUN: foundry-opt %s --foundry-tile-blocks=sizes=64,64 --foundry-tile-reduction=sizes=32 --foundry-promote=operands=0,1 --foundry-tile-warps=sizes=32,32 --foundry-tile-reduction=sizes=16 --foundry-mma | FileCheck %s
// RUN: foundry-opt %s --foundry-tile-blocks=sizes=64,64 --foundry-tile-reduction=sizes=32 --foundry-promote=operands=0,1 --foundry-tile-warps=sizes=32,32 --foundry-tile-reduction=sizes=16 --foundry-mma --foundry-to-nvvm --foundry-extract-ptx=output=%t.ptx -o /dev/null
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: foundry-cpu-run %s --reference=f64 --schedule='foundry-tile-blocks{sizes=64,64},foundry-tile-reduction{sizes=32},foundry-promote{operands=0,1},foundry-tile-warps{sizes=32,32},foundry-tile-reduction{sizes=16},foundry-mma' | FileCheck %s --check-prefix=CPU

// A GEMM on f16 operands with an f32 accumulator (the usual mixed
// precision): each 32x32 warp tile becomes m16n8k16 contractions on the f16
// operands themselves (the vectorizer's extensions folded in), 2x4
// accumulator fragments, A in 16x16 pieces and B (KxN) in 16x8 pieces.
// CHECK-LABEL: foundry.kernel @gemm_f16
// CHECK-COUNT-8: vector.contract {{.*}} : vector<16x16xf16>, vector<16x8xf16> into vector<16x8xf32>
// CHECK-NOT: vector.contract
// B stored NxK (nn.Linear's weight, a linalg.matmul through indexing_maps):
// B in 8x16 pieces.
// CHECK-LABEL: foundry.kernel @linear_f16
// CHECK-COUNT-8: vector.contract {{.*}} : vector<16x16xf16>, vector<8x16xf16> into vector<16x8xf32>
// CHECK-NOT: vector.contract
// The same as a generic that extends its operands: named linalg.matmul
// with its maps (upstream's specialization alone would drop them).
// CHECK-LABEL: foundry.kernel @linear_generic_f16
// CHECK-COUNT-8: vector.contract {{.*}} : vector<16x16xf16>, vector<8x16xf16> into vector<16x8xf32>
// CHECK-NOT: vector.contract

// On the GPU: mma.sync m16n8k16 with f16 operands and f32 accumulators, A
// and B from shared memory through ldmatrix (B transposed: stored KxN).
// PTX-LABEL: .entry gemm_f16_kernel
// PTX: ldmatrix.sync.aligned
// PTX: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// PTX-NOT: mma.sync.aligned.m16n8k8
// PTX-LABEL: .entry linear_f16_kernel
// PTX: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// PTX-NOT: mma.sync.aligned.m16n8k8
// PTX-LABEL: .entry linear_generic_f16_kernel
// PTX: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// PTX-NOT: mma.sync.aligned.m16n8k8

// On the CPU the same contractions (their operands extended to f32 there)
// match the f64 reference.
// CPU: @gemm_f16 output #0: schedule vs f64 {{.*}} mismatches=0/16384 PASS
// CPU: @linear_f16 output #0: schedule vs f64 {{.*}} mismatches=0/16384 PASS
// CPU: @linear_generic_f16 output #0: schedule vs f64 {{.*}} mismatches=0/16384 PASS
foundry.kernel @gemm_f16(%a: tensor<128x64xf16>, %b: tensor<64x128xf16>) -> tensor<128x128xf32> attributes {precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<128x128xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<128x128xf32>) -> tensor<128x128xf32>
  %m = linalg.matmul ins(%a, %b : tensor<128x64xf16>, tensor<64x128xf16>) outs(%f : tensor<128x128xf32>) -> tensor<128x128xf32>
  foundry.yield %m : tensor<128x128xf32>
}

#a = affine_map<(m, n, k) -> (m, k)>
#b = affine_map<(m, n, k) -> (n, k)>
#c = affine_map<(m, n, k) -> (m, n)>
foundry.kernel @linear_f16(%x: tensor<128x64xf16>, %w: tensor<128x64xf16>) -> tensor<128x128xf32> attributes {precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<128x128xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<128x128xf32>) -> tensor<128x128xf32>
  %m = linalg.matmul indexing_maps = [#a, #b, #c] ins(%x, %w : tensor<128x64xf16>, tensor<128x64xf16>) outs(%f : tensor<128x128xf32>) -> tensor<128x128xf32>
  foundry.yield %m : tensor<128x128xf32>
}

foundry.kernel @linear_generic_f16(%x: tensor<128x64xf16>, %w: tensor<128x64xf16>) -> tensor<128x128xf32> attributes {precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<128x128xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<128x128xf32>) -> tensor<128x128xf32>
  %r = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %w : tensor<128x64xf16>, tensor<128x64xf16>) outs(%c : tensor<128x128xf32>) {
  ^bb0(%p: f16, %q: f16, %acc: f32):
    %pe = arith.extf %p : f16 to f32
    %qe = arith.extf %q : f16 to f32
    %m = arith.mulf %pe, %qe : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<128x128xf32>
  foundry.yield %r : tensor<128x128xf32>
}
