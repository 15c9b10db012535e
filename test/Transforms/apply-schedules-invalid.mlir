// RUN: not foundry-opt %s --split-input-file --foundry-apply-schedules 2>&1 | FileCheck %s

// A schedule that does not parse, one that is not flat, one with a pass
// that is not a schedule pass, and one that fails on its kernel are errors
// at the kernel.

// CHECK: [[@LINE+1]]:1: error: its schedule does not parse: {{.*}}'foundry-no-such-pass' does not refer to a registered pass or pass pipeline
foundry.kernel @unknown(%x: tensor<64xf32>) -> tensor<64xf32>
    attributes {schedule = #foundry.schedule<"foundry-no-such-pass">} {
  foundry.yield %x : tensor<64xf32>
}

// -----

// CHECK: [[@LINE+1]]:1: error: its schedule nests a pass pipeline; a schedule is a flat list of schedule passes (foundry-* schedule passes only, unwrapped)
foundry.kernel @nested(%x: tensor<64xf32>) -> tensor<64xf32>
    attributes {schedule = #foundry.schedule<"builtin.module(foundry-vectorize)">} {
  foundry.yield %x : tensor<64xf32>
}

// -----

// CHECK: [[@LINE+1]]:1: error: its schedule uses 'foundry-lower-kernels', which is not a schedule pass
foundry.kernel @tail(%x: tensor<64xf32>) -> tensor<64xf32>
    attributes {schedule = #foundry.schedule<"foundry-to-nvvm">} {
  foundry.yield %x : tensor<64xf32>
}

// -----

// CHECK: error: 'linalg.generic' op foundry-tile-blocks: got 3 tile sizes but the op has only 2 parallel loops
foundry.kernel @fails(%x: tensor<64x128xf32>) -> tensor<64x128xf32>
    attributes {schedule = #foundry.schedule<"foundry-tile-blocks{sizes=1,2,3}">} {
  %e = tensor.empty() : tensor<64x128xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<64x128xf32>) outs(%e : tensor<64x128xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<64x128xf32>
  foundry.yield %r : tensor<64x128xf32>
}
