// RUN: foundry-cpu-run %s --reference=f64 --schedule='foundry-tile-blocks{sizes=64,64},foundry-tile-threads{sizes=4,4},foundry-tile-reduction{sizes=8}' | FileCheck %s
// RUN: foundry-cpu-run %s --kernel=relu16 --fill=ones --print-stats | FileCheck %s --check-prefix=STATS

// f16 and bf16 arguments are filled (rounded to nearest even from the same
// random doubles as f32 ones) and bf16 results are read back: a GEMM on
// f16 operands with f32 accumulation, and a bf16 ReLU.
// CHECK: @mm16 output #0: schedule vs f64 {{.*}} mismatches=0/4096 PASS
// CHECK: @relu16 output #0: schedule vs f64 max_abs_err=0 {{.*}} PASS
// STATS: @relu16 naive output #0: elements=1024 min=1 max=1 mean=1 nan=0
foundry.kernel @mm16(%a: tensor<64x32xf16>, %b: tensor<32x64xf16>) -> tensor<64x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x64xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %r = linalg.matmul ins(%a, %b : tensor<64x32xf16>, tensor<32x64xf16>) outs(%c : tensor<64x64xf32>) -> tensor<64x64xf32>
  foundry.yield %r : tensor<64x64xf32>
}

#id = affine_map<(i, j) -> (i, j)>
foundry.kernel @relu16(%x: tensor<16x64xbf16>) -> tensor<16x64xbf16> {
  %zero = arith.constant 0.0 : bf16
  %e = tensor.empty() : tensor<16x64xbf16>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<16x64xbf16>) outs(%e : tensor<16x64xbf16>) {
  ^bb0(%v: bf16, %o: bf16):
    %m = arith.maximumf %v, %zero : bf16
    linalg.yield %m : bf16
  } -> tensor<16x64xbf16>
  foundry.yield %r : tensor<16x64xbf16>
}
