// RUN: not foundry-opt %s --foundry-tile-blocks=sizes=1 --foundry-reduce-threads=threads=32 2>&1 | FileCheck %s

// acc - x is a reduction by one op, but subtraction has no identity to start
// each thread's partial result from: a diagnostic, not upstream's bare one.
// CHECK: error: 'linalg.generic' op foundry-reduce-threads: result #0 is combined by 'arith.subf', which has no identity value to start each thread's partial result from
#in = affine_map<(i, j) -> (i, j)>
#out = affine_map<(i, j) -> (i)>
foundry.kernel @row_difference(%x: tensor<8x1000xf32>) -> tensor<8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %r = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x1000xf32>) outs(%f : tensor<8xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %d = arith.subf %acc, %v : f32
    linalg.yield %d : f32
  } -> tensor<8xf32>
  foundry.yield %r : tensor<8xf32>
}

// With fuse=elementwise the softmax's reductions stay outside the row's
// block tile: the diagnostic says so rather than asking for a tiling.
// RUN: foundry-opt %foundry_src_root/test/Examples/Inputs/softmax_constant.mlir --foundry-outline-kernels | not foundry-opt "--foundry-tile-blocks=sizes=1 fuse=elementwise" --foundry-reduce-threads=threads=32 2>&1 | FileCheck %s --check-prefix=OUTSIDE
// OUTSIDE: error: 'foundry.kernel' op foundry-reduce-threads: no reduction in a block tile; the reductions stayed outside the block tiles (with fuse=elementwise, or where the kernel also returns their results)
