// NaN and infinities in the reference: a candidate matches them with the
// same value, as numpy.isclose(equal_nan=True) does (the rule of
// foundry-run's comparison too, runtime/include/foundry/Runtime/Compare.h).
// log of negative inputs is NaN everywhere, log of 0 is -inf everywhere;
// both used to be "mismatches=256/256 FAIL ... got nan, want nan".
//
// RUN: foundry-cpu-run %s --kernel=log --fill=negative --schedule='foundry-tile-blocks{sizes=4,8}' | FileCheck %s --check-prefix=NAN
// RUN: foundry-cpu-run %s --kernel=log --fill=0 --schedule='foundry-tile-blocks{sizes=4,8}' | FileCheck %s --check-prefix=INF
// NAN: @log output #0: schedule vs naive max_abs_err=0 max_rel_err=0 mismatches=0/256 PASS
// NAN-NEXT: the reference output has 256 NaN and 0 infinite values of 256
// INF: @log output #0: schedule vs naive max_abs_err=0 max_rel_err=0 mismatches=0/256 PASS
// INF-NEXT: the reference output has 0 NaN and 256 infinite values of 256
//
// The search says that the reference itself is not finite, instead of
// only failing every candidate as "differs from the naive schedule"
// (its inputs are in [0, 1): log(-x) is NaN, or -inf at 0).
// RUN: rm -rf %t && foundry-evolve %s --target cpu --library none --budget-evals 2 --islands 1 --population 2 -o %t 2>&1 | FileCheck %s --check-prefix=SEARCH
// SEARCH-LABEL: == @log{{$}}
// SEARCH-NOT: note: naive
// SEARCH-LABEL: == @log_neg
// SEARCH: note: naive: reference output #0 has {{[0-9]+}} NaN and {{[0-9]+}} infinite values of 256; a candidate matches them only with the same value
// SEARCH: [1/2] island 0 gen 0 naive: {{[0-9.]+}} ms  naive
// SEARCH: [2/2] island 0 gen 0 {{.*}}: {{[0-9.]+}} ms
func.func @log(%x: tensor<8x32xf32>) -> tensor<8x32xf32> {
  %e = tensor.empty() : tensor<8x32xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<8x32xf32>) outs(%e : tensor<8x32xf32>) {
  ^bb0(%in: f32, %out: f32):
    %l = math.log %in : f32
    linalg.yield %l : f32
  } -> tensor<8x32xf32>
  return %r : tensor<8x32xf32>
}

func.func @log_neg(%x: tensor<8x32xf32>) -> tensor<8x32xf32> {
  %e = tensor.empty() : tensor<8x32xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<8x32xf32>) outs(%e : tensor<8x32xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    %l = math.log %n : f32
    linalg.yield %l : f32
  } -> tensor<8x32xf32>
  return %r : tensor<8x32xf32>
}
