// RUN: foundry-opt %s --foundry-apply-schedules | FileCheck %s
// RUN: foundry-opt %s --foundry-apply-schedules --foundry-apply-schedules | FileCheck %s

// Each kernel's own schedule runs on it alone and the attribute goes: a
// second run has nothing left to apply (the second RUN line).
// CHECK-LABEL: foundry.kernel @tiled
// CHECK-NOT:   schedule
// CHECK:       scf.forall {{.*}} step (16, 32)
// CHECK:       {mapping = [#gpu.block<y>, #gpu.block<x>]}
foundry.kernel @tiled(%x: tensor<64x128xf32>) -> tensor<64x128xf32>
    attributes {schedule = #foundry.schedule<"foundry-tile-blocks{sizes=16,32}">} {
  %e = tensor.empty() : tensor<64x128xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<64x128xf32>) outs(%e : tensor<64x128xf32>) {
  ^bb0(%in: f32, %out: f32):
    %z = arith.constant 0.0 : f32
    %m = arith.maximumf %in, %z : f32
    linalg.yield %m : f32
  } -> tensor<64x128xf32>
  foundry.yield %r : tensor<64x128xf32>
}

// Another schedule for the next kernel: each kernel gets its own.
// CHECK-LABEL: foundry.kernel @other
// CHECK:       scf.forall {{.*}} step (8, 128)
foundry.kernel @other(%x: tensor<64x128xf32>) -> tensor<64x128xf32>
    attributes {schedule = #foundry.schedule<"foundry-tile-blocks{sizes=8,128}">} {
  %e = tensor.empty() : tensor<64x128xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<64x128xf32>) outs(%e : tensor<64x128xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<64x128xf32>
  foundry.yield %r : tensor<64x128xf32>
}

// "foundry-naive" is the empty schedule (what foundry-evolve writes when
// the naive schedule won), and a kernel without a schedule stays as it is.
// CHECK-LABEL: foundry.kernel @naive
// CHECK-NOT:   schedule
// CHECK-NOT:   scf.forall
// CHECK:       linalg.generic
// CHECK-LABEL: foundry.kernel @unscheduled
// CHECK-NOT:   scf.forall
// CHECK:       linalg.generic
foundry.kernel @naive(%x: tensor<64xf32>) -> tensor<64xf32>
    attributes {schedule = #foundry.schedule<"foundry-naive">} {
  %e = tensor.empty() : tensor<64xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x : tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<64xf32>
  foundry.yield %r : tensor<64xf32>
}

foundry.kernel @unscheduled(%x: tensor<64xf32>) -> tensor<64xf32> {
  %e = tensor.empty() : tensor<64xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x : tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<64xf32>
  foundry.yield %r : tensor<64xf32>
}
