// RUN: foundry-opt %s --pass-pipeline='builtin.module(foundry-tile-blocks{target=contraction sizes=32,64},foundry-tile-blocks{sizes=1,0})' | FileCheck %s
// RUN: foundry-opt %s --pass-pipeline='builtin.module(foundry-tile-blocks{target=contraction sizes=32,64},foundry-tile-threads{sizes=4,4},foundry-tile-blocks{sizes=1,0},foundry-reduce-threads{threads=32},foundry-tile-threads{sizes=0,4})' | FileCheck %s --check-prefix=THREADS
// RUN: foundry-opt %s --pass-pipeline='builtin.module(foundry-tile-blocks{target=contraction sizes=32,64},foundry-tile-threads{sizes=4,4},foundry-tile-blocks{sizes=1,0},foundry-reduce-threads{threads=32},foundry-tile-threads{sizes=0,4},foundry-lower-kernels,foundry-to-nvvm{format=isa})' -o /dev/null
// RUN: foundry-cpu-run %s --schedule='foundry-tile-blocks{target=contraction sizes=32,64},foundry-tile-threads{sizes=4,4},foundry-tile-reduction{sizes=4},foundry-tile-blocks{sizes=1,0},foundry-reduce-threads{threads=32},foundry-tile-threads{sizes=0,4},foundry-vectorize' | FileCheck %s --check-prefix=CPU
// RUN: not foundry-opt %s --pass-pipeline='builtin.module(foundry-tile-blocks{target=contraction sizes=32,64},foundry-tile-blocks{target=contraction sizes=32,64})' 2>&1 | FileCheck %s --check-prefix=TWICE
// RUN: not foundry-opt %s --pass-pipeline='builtin.module(foundry-tile-blocks{target=gemm sizes=32,64})' 2>&1 | FileCheck %s --check-prefix=TARGET

// A GEMM followed by a row softmax, split in two kernels: the contraction
// tiled alone (its consumers are not fused: a 32x64 tile has no whole row),
// then the softmax one row per block. The second tiling does not pull the
// first block tile in (it is a kernel of its own).
// CHECK-LABEL: foundry.kernel @gemm_softmax
// CHECK:         %[[GEMM:.*]] = scf.forall ({{.*}}) = (0, 0) to (64, 256) step (32, 64)
// CHECK:           linalg.fill
// CHECK:           linalg.matmul
// CHECK-NOT:       linalg.generic
// CHECK:         mapping = [#gpu.block<y>, #gpu.block<x>]
// CHECK:         scf.forall ({{.*}}) in (64)
// CHECK-NOT:       linalg.matmul
// CHECK:           linalg.generic
// CHECK:         mapping = [#gpu.block<x>]

// Distributing threads afterwards leaves the GEMM's threads as they are and
// distributes the softmax block.
// THREADS:      mapping = [#gpu.thread<y>, #gpu.thread<x>]
// THREADS-NEXT: scf.forall.in_parallel
// THREADS:      mapping = [#gpu.block<y>, #gpu.block<x>]
// THREADS:      mapping = [#gpu.thread<linear_dim_0>]
// THREADS:      mapping = [#gpu.thread<x>]
// THREADS:      mapping = [#gpu.block<x>]

// The split schedule computes what the naive one does (CPU JIT).
// CPU: schedule vs naive {{.*}} mismatches=0/16384 PASS

// TWICE: error: 'foundry.kernel' op foundry-tile-blocks: target=contraction, but the kernel has no contraction or convolution outside a block tile
// TARGET: error: 'foundry.kernel' op foundry-tile-blocks: target must be result, contraction, reduction or transpose, got 'gemm'
#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
#red = affine_map<(i, j) -> (i, j)>
foundry.kernel @gemm_softmax(%a: tensor<64x16xf32>, %b: tensor<16x256xf32>) -> tensor<64x256xf32> {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<64x256xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<64x256xf32>) -> tensor<64x256xf32>
  %m = linalg.matmul ins(%a, %b : tensor<64x16xf32>, tensor<16x256xf32>) outs(%f : tensor<64x256xf32>) -> tensor<64x256xf32>
  %re = tensor.empty() : tensor<64xf32>
  %mf = linalg.fill ins(%ninf : f32) outs(%re : tensor<64xf32>) -> tensor<64xf32>
  %max = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%m : tensor<64x256xf32>) outs(%mf : tensor<64xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %y = arith.maximumf %x, %acc : f32
    linalg.yield %y : f32
  } -> tensor<64xf32>
  %sf = linalg.fill ins(%zero : f32) outs(%re : tensor<64xf32>) -> tensor<64xf32>
  %sum = linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%m, %max : tensor<64x256xf32>, tensor<64xf32>) outs(%sf : tensor<64xf32>) {
  ^bb0(%x: f32, %mx: f32, %acc: f32):
    %d = arith.subf %x, %mx : f32
    %ex = math.exp %d : f32
    %y = arith.addf %ex, %acc : f32
    linalg.yield %y : f32
  } -> tensor<64xf32>
  %r = linalg.generic {indexing_maps = [#id, #row, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%m, %max, %sum : tensor<64x256xf32>, tensor<64xf32>, tensor<64xf32>) outs(%e : tensor<64x256xf32>) {
  ^bb0(%x: f32, %mx: f32, %s: f32, %o: f32):
    %d = arith.subf %x, %mx : f32
    %ex = math.exp %d : f32
    %y = arith.divf %ex, %s : f32
    linalg.yield %y : f32
  } -> tensor<64x256xf32>
  foundry.yield %r : tensor<64x256xf32>
}
