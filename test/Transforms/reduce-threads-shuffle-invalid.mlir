// RUN: not foundry-opt %s --foundry-tile-blocks=sizes=1 "--foundry-reduce-threads=threads=32 shuffle=true" 2>&1 | FileCheck %s

// Shuffles move 32 bits: a sum of i64 is refused at the op.
// CHECK: error: 'linalg.generic' op foundry-reduce-threads: shuffle takes at most 32 partial results of at most 32 bits per thread, got 'tensor<1xi64>'
#in = affine_map<(i, j) -> (i, j)>
#out = affine_map<(i, j) -> (i)>
foundry.kernel @row_sum_i64(%x: tensor<8x1000xi64>) -> tensor<8xi64> {
  %zero = arith.constant 0 : i64
  %e = tensor.empty() : tensor<8xi64>
  %f = linalg.fill ins(%zero : i64) outs(%e : tensor<8xi64>) -> tensor<8xi64>
  %r = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x1000xi64>) outs(%f : tensor<8xi64>) {
  ^bb0(%v: i64, %acc: i64):
    %s = arith.addi %v, %acc : i64
    linalg.yield %s : i64
  } -> tensor<8xi64>
  foundry.yield %r : tensor<8xi64>
}
