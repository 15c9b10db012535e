// A kernel named like a libm function is still itself: the CPU JIT must not
// bind the f64 math.tanh of its body (a libm call) to the kernel (endless
// recursion, found with KernelBench's Tanh).
// RUN: foundry-cpu-run %s --reference=f64 | FileCheck %s
// CHECK: @tanh output #0: naive vs f64 {{.*}} PASS
foundry.kernel @tanh(%x: tensor<5x7xf32>) -> tensor<5x7xf32> {
  %e = tensor.empty() : tensor<5x7xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<5x7xf32>) outs(%e : tensor<5x7xf32>) {
  ^bb0(%v: f32, %o: f32):
    %t = math.tanh %v : f32
    linalg.yield %t : f32
  } -> tensor<5x7xf32>
  foundry.yield %y : tensor<5x7xf32>
}
