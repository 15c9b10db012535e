// REQUIRES: ptxas
// RUN: foundry-opt %s "--foundry-tile-blocks=sizes=2,256" --foundry-tile-threads=sizes=1,1 --foundry-vectorize --foundry-to-nvvm --foundry-extract-ptx=output=%t.ptx -o /dev/null
// RUN: FileCheck %s < %t.ptx

// A max over the middle dimension, the reduction being the kernel's root:
// each thread accumulates into its element of the output. Kernel buffers
// are noalias (foundry-merge-gpu-modules), so the accumulator stays in a
// register through the k-loop (no store per iteration) and the input is
// read through the read-only cache.
// CHECK: .entry colmax_kernel(
// CHECK: $L__BB0_[[LOOP:[0-9]+]]:
// CHECK-NOT: st.global
// CHECK: ld.global.nc.b32
// CHECK: max.NaN.f32
// CHECK-NOT: st.global
// CHECK: bra {{.*}}$L__BB0_[[LOOP]];
// CHECK: st.global.b32
#x_map = affine_map<(b, j, k) -> (b, k, j)>
#y_map = affine_map<(b, j, k) -> (b, j)>
foundry.kernel @colmax(%x: tensor<2x8192x512xf32>) -> tensor<2x512xf32> {
  %neg_inf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<2x512xf32>
  %f = linalg.fill ins(%neg_inf : f32) outs(%e : tensor<2x512xf32>) -> tensor<2x512xf32>
  %m = linalg.generic {indexing_maps = [#x_map, #y_map], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x : tensor<2x8192x512xf32>) outs(%f : tensor<2x512xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %r = arith.maximumf %in, %acc : f32
    linalg.yield %r : f32
  } -> tensor<2x512xf32>
  foundry.yield %m : tensor<2x512xf32>
}
