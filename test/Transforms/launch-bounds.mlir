// RUN: foundry-opt %s "--foundry-launch-bounds=min-blocks=2 max-registers=40" | FileCheck %s
// RUN: foundry-opt %s "--foundry-launch-bounds=min-blocks=2 max-registers=40" "--foundry-launch-bounds=max-registers=64" | FileCheck %s --check-prefix=REPLACE
// RUN: foundry-opt %s "--foundry-launch-bounds=min-blocks=2 max-registers=40" --foundry-tile-blocks=sizes=4,64 --foundry-tile-threads=sizes=1,1 --foundry-to-nvvm --foundry-extract-ptx=output=%t.ptx -o /dev/null
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: foundry-cpu-run %s --reference=f64 --schedule='foundry-launch-bounds{min-blocks=2 max-registers=40},foundry-tile-blocks{sizes=4,64},foundry-tile-threads{sizes=1,1}' | FileCheck %s --check-prefix=CPU

// The bounds go on the kernel, and nothing else changes.
// CHECK: foundry.kernel @relu
// CHECK-SAME: foundry.max_registers = 40 : i32
// CHECK-SAME: foundry.min_blocks_per_sm = 2 : i32
// CHECK-NEXT: arith.constant
// CHECK-NEXT: tensor.empty
// CHECK-NEXT: linalg.generic

// A second foundry-launch-bounds replaces the bounds it sets.
// REPLACE: foundry.kernel @relu
// REPLACE-SAME: foundry.max_registers = 64 : i32
// REPLACE-SAME: foundry.min_blocks_per_sm = 2 : i32

// The GPU tail declares them on the kernel's entry, with its threads.
// PTX: .entry relu_kernel(
// PTX-DAG: .maxntid 64, 4, 1
// PTX-DAG: .minnctapersm 2
// PTX-DAG: .maxnreg 40
// PTX: ret;

// No meaning on the cpu target: the same values as the reference.
// CPU: @relu output #0: schedule vs f64 {{.*}} mismatches=0/16384 PASS
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
