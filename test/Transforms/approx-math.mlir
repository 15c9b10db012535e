// RUN: foundry-opt %s --foundry-approx-math | FileCheck %s
// RUN: foundry-opt %s "--foundry-approx-math=functions=log" --foundry-approx-math | FileCheck %s --check-prefix=BOTH
// RUN: foundry-opt %s --foundry-approx-math --foundry-tile-blocks=sizes=1 "--foundry-reduce-threads=threads=32 online=true" --foundry-lower-kernels | FileCheck %s --check-prefix=LOWERED
// RUN: foundry-opt %s --foundry-tile-blocks=sizes=1 "--foundry-reduce-threads=threads=32 online=true" --foundry-lower-kernels | FileCheck %s --check-prefix=EXACT
// RUN: foundry-opt %s --foundry-approx-math --foundry-tile-blocks=sizes=1 --foundry-reduce-threads=threads=32 --foundry-to-nvvm --foundry-extract-ptx=output=%t.ptx -o /dev/null
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: foundry-cpu-run %s --reference=f64 --schedule='foundry-approx-math{functions=exp,log},foundry-tile-blocks{sizes=1},foundry-reduce-threads{threads=32 online=true}' | FileCheck %s --check-prefix=CPU

// A log-softmax: its row sum of exps, and the log of that sum. By default
// only the f32 exps get afn; the log keeps its flags.
// CHECK: foundry.kernel @logsoftmax
// CHECK-SAME: foundry.approx_math = ["exp"]
// CHECK: math.exp %{{.*}} fastmath<afn> : f32
// CHECK: math.log %{{[^ ]*}} : f32

// A second foundry-approx-math adds to the first's functions.
// BOTH: foundry.kernel @logsoftmax
// BOTH-SAME: foundry.approx_math = ["exp", "log"]
// BOTH: math.exp %{{.*}} fastmath<afn> : f32
// BOTH: math.log %{{.*}} fastmath<afn> : f32

// The online softmax that foundry-reduce-threads makes after the pass has
// exps of its own (the rescaling of the running sum); foundry-lower-kernels
// approximates them too: no f32 exp is left without afn.
// LOWERED: func.func @logsoftmax
// LOWERED-NOT: math.exp %{{[^ ]*}} : f32
// LOWERED: math.exp %{{.*}} fastmath<afn> : f32
// LOWERED-NOT: math.exp %{{[^ ]*}} : f32
// Without the pass, no exp is approximate.
// EXACT: func.func @logsoftmax
// EXACT-NOT: fastmath<afn>
// EXACT: math.exp %{{[^ ]*}} : f32
// EXACT-NOT: fastmath<afn>

// On the GPU: ex2.approx of x * log2(e), and none of libdevice's __nv_expf
// (whose range reduction rounds toward minus infinity, fma.rm) in the f32
// kernel's launches.
// PTX-LABEL: .entry logsoftmax_kernel
// PTX-NOT: fma.rm.f32
// PTX: mul.{{(rn.)?}}f32 {{.*}}0f3FB8AA3B
// PTX-NEXT: ex2.approx.f32
// PTX-NOT: fma.rm.f32
// PTX: ret;

// Within the tolerance of the f64 reference on the CPU.
// CPU: @logsoftmax output #0: schedule vs f64 {{.*}} PASS
#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
foundry.kernel @logsoftmax(%x: tensor<4x256xf32>) -> tensor<4x256xf32> {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %se = tensor.empty() : tensor<4xf32>
  %m0 = linalg.fill ins(%ninf : f32) outs(%se : tensor<4xf32>) -> tensor<4xf32>
  %max = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4x256xf32>) outs(%m0 : tensor<4xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %a = arith.maximumf %v, %acc : f32
    linalg.yield %a : f32
  } -> tensor<4xf32>
  %s0 = linalg.fill ins(%zero : f32) outs(%se : tensor<4xf32>) -> tensor<4xf32>
  %sum = linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x, %max : tensor<4x256xf32>, tensor<4xf32>) outs(%s0 : tensor<4xf32>) {
  ^bb0(%v: f32, %m: f32, %acc: f32):
    %d = arith.subf %v, %m : f32
    %e = math.exp %d : f32
    %a = arith.addf %e, %acc : f32
    linalg.yield %a : f32
  } -> tensor<4xf32>
  %ye = tensor.empty() : tensor<4x256xf32>
  %y = linalg.generic {indexing_maps = [#id, #row, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %max, %sum : tensor<4x256xf32>, tensor<4xf32>, tensor<4xf32>) outs(%ye : tensor<4x256xf32>) {
  ^bb0(%v: f32, %m: f32, %s: f32, %o: f32):
    %l = math.log %s : f32
    %d = arith.subf %v, %m : f32
    %r = arith.subf %d, %l : f32
    linalg.yield %r : f32
  } -> tensor<4x256xf32>
  foundry.yield %y : tensor<4x256xf32>
}
