// RUN: foundry-opt %s -split-input-file -verify-diagnostics --pass-pipeline='builtin.module(func.func(foundry-map-parallel-loops{block-size=1}))'

// A parallel loop with a reduction has no thread-per-iteration mapping.
func.func @sum(%m: memref<64xf32>, %out: memref<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  // expected-error @+1 {{foundry-map-parallel-loops: a parallel loop with reductions (scf.reduce) cannot be mapped one thread per iteration}}
  %s = scf.parallel (%i) = (%c0) to (%c64) step (%c1) init (%zero) -> f32 {
    %v = memref.load %m[%i] : memref<64xf32>
    scf.reduce(%v : f32) {
    ^bb0(%a: f32, %b: f32):
      %r = arith.addf %a, %b : f32
      scf.reduce.return %r : f32
    }
  }
  memref.store %s, %out[] : memref<f32>
  return
}

// -----

// 3e9 iterations, one thread per block: over grid x's 2^31-1 blocks.
func.func @too_long(%m: memref<3000000000xi8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 3000000000 : index
  %v = arith.constant 1 : i8
  // expected-error @+1 {{3000000000 blocks of 1 threads along grid x exceed its limit of 2147483647}}
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    memref.store %v, %m[%i] : memref<3000000000xi8>
  }
  return
}

// -----

// 70000 x 70000 x 3 iterations linearized: over grid x too.
func.func @too_many(%m: memref<70000x70000x3xi8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %n = arith.constant 70000 : index
  %v = arith.constant 1 : i8
  // expected-error @+1 {{the nest's 14700000000 iterations need 14700000000 blocks of 1 threads, over grid x's limit of 2147483647 blocks}}
  scf.parallel (%i, %j, %k) = (%c0, %c0, %c0) to (%n, %n, %c3) step (%c1, %c1, %c1) {
    memref.store %v, %m[%i, %j, %k] : memref<70000x70000x3xi8>
  }
  return
}
