// RUN: not foundry-opt %s --split-input-file --foundry-tile-blocks=sizes=64,64 --foundry-tile-warps=sizes=32,32 --foundry-tile-reduction=sizes=16 --foundry-mma 2>&1 | FileCheck %s
// RUN: not foundry-opt %s --split-input-file --foundry-tile-blocks=sizes=64,64 --foundry-tile-warps=sizes=32,32 --foundry-tile-reduction=sizes=8 --foundry-mma 2>&1 | FileCheck %s --check-prefix=K8

// An f16 accumulator: not the form taken here.
// CHECK: error: 'linalg.matmul' op foundry-mma: f16 and bf16 operands go on the tensor cores as a linalg.matmul (B stored KxN, or NxK through its indexing_maps) into an f32 accumulator (mma.sync m16n8k16 f32.f16.f16.f32, f32.bf16.bf16.f32); this contraction is not one: keep it in SIMT (foundry-tile-threads)
// A k-step of 8 is half an m16n8k16.
// K8: error: 'linalg.matmul' op foundry-mma: the warp tile is 32x32x8; m16n8k16 needs multiples of 16, 8 and 16
foundry.kernel @f16_accumulator(%a: tensor<64x64xf16>, %b: tensor<64x64xf16>) -> tensor<64x64xf16> attributes {precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f16
  %e = tensor.empty() : tensor<64x64xf16>
  %f = linalg.fill ins(%zero : f16) outs(%e : tensor<64x64xf16>) -> tensor<64x64xf16>
  %m = linalg.matmul ins(%a, %b : tensor<64x64xf16>, tensor<64x64xf16>) outs(%f : tensor<64x64xf16>) -> tensor<64x64xf16>
  foundry.yield %m : tensor<64x64xf16>
}

// -----

// f16 operands too need a precision that allows tensor cores: their
// products are exact, but the tensor cores add them without IEEE rounding.
// CHECK: error: 'foundry.kernel' op foundry-mma: this kernel's precision is ieee; tensor cores need #foundry.precision<3xtf32> or looser
foundry.kernel @ieee_f16(%a: tensor<64x64xf16>, %b: tensor<64x64xf16>) -> tensor<64x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %m = linalg.matmul ins(%a, %b : tensor<64x64xf16>, tensor<64x64xf16>) outs(%f : tensor<64x64xf32>) -> tensor<64x64xf32>
  foundry.yield %m : tensor<64x64xf32>
}

// -----

// f16 times bf16: no mma.sync takes two 16-bit types.
// CHECK: error: 'linalg.matmul' op foundry-mma: tensor cores here take f32 operands (tf32 mma.sync) or f16 or bf16 operands with an f32 accumulator (m16n8k16), not 'tensor<32x16xf16>'
foundry.kernel @mixed(%a: tensor<64x64xf16>, %b: tensor<64x64xbf16>) -> tensor<64x64xf32> attributes {precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %m = linalg.matmul ins(%a, %b : tensor<64x64xf16>, tensor<64x64xbf16>) outs(%f : tensor<64x64xf32>) -> tensor<64x64xf32>
  foundry.yield %m : tensor<64x64xf32>
}

// -----

// A generic whose result is stored transposed (n, m): read as the matmul
// of B^T and A^T, its row operand is K-major.
// CHECK: error: 'linalg.generic' op foundry-mma: operand A is not stored MxK
#a = affine_map<(m, n, k) -> (m, k)>
#b = affine_map<(m, n, k) -> (k, n)>
#c = affine_map<(m, n, k) -> (n, m)>
foundry.kernel @transposed_result(%x: tensor<64x64xf16>, %w: tensor<64x64xf16>) -> tensor<64x64xf32> attributes {precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x64xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %r = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %w : tensor<64x64xf16>, tensor<64x64xf16>) outs(%c : tensor<64x64xf32>) {
  ^bb0(%p: f16, %q: f16, %acc: f32):
    %pe = arith.extf %p : f16 to f32
    %qe = arith.extf %q : f16 to f32
    %m = arith.mulf %pe, %qe : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<64x64xf32>
  foundry.yield %r : tensor<64x64xf32>
}

// -----

// Upstream's contraction matcher takes a body with an op on an operand
// (acc + exp(a) * b); the tensor cores compute acc + a * b: refused
// (it was named linalg.matmul, the exp dropped, until 2026-12-06).
// CHECK: error: 'linalg.generic' op foundry-mma: the contraction computes more than acc + a * b per step (ops on its operands or its sum); keep it in SIMT (foundry-tile-threads)
#a = affine_map<(m, n, k) -> (m, k)>
#b = affine_map<(m, n, k) -> (k, n)>
#c = affine_map<(m, n, k) -> (m, n)>
foundry.kernel @exp_f16(%x: tensor<64x64xf16>, %w: tensor<64x64xf16>) -> tensor<64x64xf32> attributes {precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x64xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %r = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %w : tensor<64x64xf16>, tensor<64x64xf16>) outs(%c : tensor<64x64xf32>) {
  ^bb0(%p: f16, %q: f16, %acc: f32):
    %pe = arith.extf %p : f16 to f32
    %pexp = math.exp %pe : f32
    %qe = arith.extf %q : f16 to f32
    %m = arith.mulf %pexp, %qe : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<64x64xf32>
  foundry.yield %r : tensor<64x64xf32>
}

// -----

// The same on f32 operands.
// CHECK: error: 'linalg.generic' op foundry-mma: the contraction computes more than acc + a * b per step
#a = affine_map<(m, n, k) -> (m, k)>
#b = affine_map<(m, n, k) -> (k, n)>
#c = affine_map<(m, n, k) -> (m, n)>
foundry.kernel @exp_f32(%x: tensor<64x64xf32>, %w: tensor<64x64xf32>) -> tensor<64x64xf32> attributes {precision = #foundry.precision<3xtf32>} {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x64xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %r = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %w : tensor<64x64xf32>, tensor<64x64xf32>) outs(%c : tensor<64x64xf32>) {
  ^bb0(%p: f32, %q: f32, %acc: f32):
    %pexp = math.exp %p : f32
    %m = arith.mulf %pexp, %q : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<64x64xf32>
  foundry.yield %r : tensor<64x64xf32>
}
