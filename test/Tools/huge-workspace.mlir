// Arguments of a few bytes, but an intermediate of 2^62 x 4 f32 elements,
// which bufferization turns into a workspace buffer. Its size in bytes
// overflows int64_t: the CPU runner used to crash on it, and foundry-compile
// wrote a manifest saying "bytes": 0 and succeeded. Both now refuse it:
// the CPU runner at the kernel with the buffer's type, foundry-compile
// already in the naive mapping, whose grid cannot hold 2^64 iterations.
//
// RUN: not foundry-cpu-run %s 2>&1 | FileCheck %s --check-prefix=CPU
// RUN: not foundry-compile %s --no-ptxas 2>/dev/null | FileCheck %s --check-prefix=COMPILE

// CPU: huge-workspace.mlir:[[@LINE+2]]:1: error: 'func.func' op foundry cpu runner: argument #2 of type 'memref<4611686018427387904x4xf32>' is too large (its size in bytes overflows a 64-bit integer)
// COMPILE: "diagnostics": "{{.*}}huge-workspace.mlir:[[@LINE+3]]:10: error: 'scf.parallel' op foundry-map-parallel-loops: the nest's iterations overflow 64 bits, over grid x's limit of 2147483647 blocks
func.func @workspace(%x: tensor<4xf32>) -> tensor<4xf32> {
  %init = tensor.empty() : tensor<4611686018427387904x4xf32>
  %big = linalg.generic {indexing_maps = [affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4xf32>) outs(%init : tensor<4611686018427387904x4xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.addf %a, %a : f32
    linalg.yield %s : f32
  } -> tensor<4611686018427387904x4xf32>
  %init2 = tensor.empty() : tensor<4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>], iterator_types = ["reduction", "parallel"]} ins(%big : tensor<4611686018427387904x4xf32>) outs(%init2 : tensor<4xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.addf %a, %o : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}
// COMPILE: "succeeded": false
