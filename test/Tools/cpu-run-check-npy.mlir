// foundry-cpu-run --check-npy: a GPU result (foundry-run --dump-npy) is
// checked against the kernel computed on the CPU in f64. The .npy files are
// written here with Python's struct module, as foundry-run writes them.
// RUN: rm -rf %t && mkdir -p %t/good %t/bad %t/shape
// RUN: %python %S/Inputs/write_npy.py %t/good/input0.npy '<f4' 2,3 -1 2 -3 4 -5 6
// RUN: %python %S/Inputs/write_npy.py %t/good/output0.npy '<f4' 2,3 0 2 0 4 0 6
// RUN: foundry-cpu-run %s --check-npy=%t/good --reference=f64 | FileCheck %s --check-prefix=GOOD
// GOOD: @relu output #0: npy vs f64 max_abs_err=0 max_rel_err=0 mismatches=0/6 PASS

// RUN: cp %t/good/input0.npy %t/bad/
// RUN: %python %S/Inputs/write_npy.py %t/bad/output0.npy '<f4' 2,3 0 2 0 4.1 0 6
// RUN: not foundry-cpu-run %s --check-npy=%t/bad --reference=f64 | FileCheck %s --check-prefix=BAD
// BAD: @relu output #0: npy vs f64 {{.*}} mismatches=1/6 FAIL
// BAD-NEXT: first mismatch at element 3: got 4.1{{[0-9]*}}e+00, want 4.000000e+00

// RUN: %python %S/Inputs/write_npy.py %t/shape/input0.npy '<f4' 3,2 -1 2 -3 4 -5 6
// RUN: not foundry-cpu-run %s --check-npy=%t/shape 2>&1 | FileCheck %s --check-prefix=SHAPE
// SHAPE: error: 'foundry.kernel' op foundry-cpu-run: {{.*}}input0.npy: expected dtype '<f4' and shape (2,3), C order; the header says {'descr': '<f4', 'fortran_order': False, 'shape': (3,2), }

// --time: the CPU target's timing (the figures vary; their form does not).
// RUN: foundry-cpu-run %s --time=5 --schedule='foundry-tile-blocks{sizes=1,3}' | FileCheck %s --check-prefix=TIME
// TIME: @relu schedule on the CPU: median={{[0-9.]+}} ms mean={{[0-9.]+}} min={{[0-9.]+}} stddev={{[0-9.]+}} (5 runs; block loops on all cores)
// TIME: @relu output #0: schedule vs naive {{.*}} PASS

// RUN: not foundry-cpu-run %s --check-npy=%t/missing 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: error: 'foundry.kernel' op foundry-cpu-run: {{.*}}missing/input0.npy: No such file or directory
#id = affine_map<(i, j) -> (i, j)>
foundry.kernel @relu(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x3xf32>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) {
  ^bb0(%v: f32, %o: f32):
    %m = arith.maximumf %v, %zero : f32
    linalg.yield %m : f32
  } -> tensor<2x3xf32>
  foundry.yield %y : tensor<2x3xf32>
}
