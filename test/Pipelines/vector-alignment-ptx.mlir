// RUN: foundry-opt %s --foundry-tile-blocks=sizes=1,256 --foundry-tile-threads=sizes=1,8 --foundry-vectorize --foundry-to-nvvm --foundry-extract-ptx=output=%t.ptx -o /dev/null
// RUN: FileCheck %s < %t.ptx

// A thread's 8 consecutive floats (32 bytes at a multiple of 8 elements
// from the start of a row of 256): the vector accesses are proved aligned
// to 16 bytes and become two 16-byte loads and stores each, not eight
// scalar ones.
// CHECK-COUNT-2: ld.global.nc.v4.b32
// CHECK-NOT:     ld.global.nc.b32
// CHECK-COUNT-2: st.global.v4.b32
// CHECK-NOT:     st.global.b32
#id = affine_map<(i, j) -> (i, j)>
foundry.kernel @scale(%x: tensor<16x256xf32>) -> tensor<16x256xf32> {
  %two = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<16x256xf32>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<16x256xf32>) outs(%e : tensor<16x256xf32>) {
  ^bb0(%in: f32, %o: f32):
    %m = arith.mulf %in, %two : f32
    linalg.yield %m : f32
  } -> tensor<16x256xf32>
  foundry.yield %y : tensor<16x256xf32>
}
