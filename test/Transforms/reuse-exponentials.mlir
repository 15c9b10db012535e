// RUN: foundry-opt %s --pass-pipeline='builtin.module(gpu.module(foundry-reuse-exponentials))' | FileCheck %s

// The statistics pass of a softmax computes exp(x - b) over a thread's
// lanes (b its block's maximum); the output pass exp(x - a) (a the row's
// maximum) of the same loads: it becomes exp(x - b) * exp(b - a).
// CHECK-LABEL: gpu.func @softmax_lanes
// CHECK: %[[X0:.*]] = vector.load %{{.*}} : memref<64xf32>, vector<4xf32>
// CHECK: %[[X1:.*]] = vector.load
// CHECK: %[[E:.*]] = math.exp %{{.*}} fastmath<afn> : vector<2x4xf32>
// CHECK: gpu.barrier
// CHECK: %[[D:.*]] = arith.subf %[[B:.*]], %[[A:.*]] : f32
// CHECK: %[[S:.*]] = math.exp %[[D]] fastmath<afn> : f32
// CHECK: %[[L0:.*]] = vector.extract %[[E]][1, 0] : f32 from vector<2x4xf32>
// CHECK: %[[L3:.*]] = vector.extract %[[E]][1, 3] : f32 from vector<2x4xf32>
// CHECK: %[[R:.*]] = vector.from_elements %[[L0]], %{{.*}}, %{{.*}}, %[[L3]] : vector<1x4xf32>
// CHECK: %[[SPLAT:.*]] = vector.broadcast %[[S]] : f32 to vector<1x4xf32>
// CHECK: %[[P:.*]] = arith.mulf %[[R]], %[[SPLAT]] : vector<1x4xf32>
// CHECK: vector.shape_cast %[[P]]
// CHECK-NOT: math.exp
// CHECK: gpu.return
gpu.module @kernels {
  gpu.func @softmax_lanes(%in: memref<64xf32>, %out: memref<64xf32>, %b: f32, %a: f32) kernel {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %x0 = vector.load %in[%c0] : memref<64xf32>, vector<4xf32>
    %x1 = vector.load %in[%c4] : memref<64xf32>, vector<4xf32>
    %l0:4 = vector.to_elements %x0 : vector<4xf32>
    %l1:4 = vector.to_elements %x1 : vector<4xf32>
    %x = vector.from_elements %l0#0, %l0#1, %l0#2, %l0#3, %l1#0, %l1#1, %l1#2, %l1#3 : vector<2x4xf32>
    %bb = vector.broadcast %b : f32 to vector<2x4xf32>
    %xb = arith.subf %x, %bb : vector<2x4xf32>
    %e = math.exp %xb fastmath<afn> : vector<2x4xf32>
    %ef = vector.shape_cast %e : vector<2x4xf32> to vector<8xf32>
    vector.store %ef, %out[%c0] : memref<64xf32>, vector<8xf32>
    gpu.barrier
    // Output pass: lanes of the second load.
    %y = vector.broadcast %x1 : vector<4xf32> to vector<1x4xf32>
    %ab = vector.broadcast %a : f32 to vector<1x4xf32>
    %ya = arith.subf %y, %ab : vector<1x4xf32>
    %f = math.exp %ya fastmath<afn> : vector<1x4xf32>
    %ff = vector.shape_cast %f : vector<1x4xf32> to vector<4xf32>
    vector.store %ff, %out[%c4] : memref<64xf32>, vector<4xf32>
    gpu.return
  }

  // Exact exps (no afn) stay; so do exps of other lanes, and one that the
  // other does not dominate.
  // CHECK-LABEL: gpu.func @left_alone
  // CHECK-COUNT-5: math.exp
  // CHECK-NOT: arith.mulf
  gpu.func @left_alone(%in: memref<64xf32>, %out: memref<64xf32>, %b: f32, %a: f32, %p: i1) kernel {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %x0 = vector.load %in[%c0] : memref<64xf32>, vector<4xf32>
    %x1 = vector.load %in[%c4] : memref<64xf32>, vector<4xf32>
    %bb = vector.broadcast %b : f32 to vector<4xf32>
    %ab = vector.broadcast %a : f32 to vector<4xf32>
    // Exact: not reused.
    %s0 = arith.subf %x0, %bb : vector<4xf32>
    %e0 = math.exp %s0 : vector<4xf32>
    %t0 = arith.subf %x0, %ab : vector<4xf32>
    %f0 = math.exp %t0 : vector<4xf32>
    // Other lanes: %x1 was never exponentiated before.
    %t1 = arith.subf %x1, %ab : vector<4xf32>
    %f1 = math.exp %t1 fastmath<afn> : vector<4xf32>
    // In a branch: does not dominate what follows it.
    scf.if %p {
      %s2 = arith.subf %x0, %bb : vector<4xf32>
      %e2 = math.exp %s2 fastmath<afn> : vector<4xf32>
      vector.store %e2, %out[%c0] : memref<64xf32>, vector<4xf32>
    }
    %t3 = arith.subf %x0, %ab : vector<4xf32>
    %f3 = math.exp %t3 fastmath<afn> : vector<4xf32>
    vector.store %f3, %out[%c0] : memref<64xf32>, vector<4xf32>
    vector.store %e0, %out[%c0] : memref<64xf32>, vector<4xf32>
    vector.store %f0, %out[%c4] : memref<64xf32>, vector<4xf32>
    vector.store %f1, %out[%c4] : memref<64xf32>, vector<4xf32>
    gpu.return
  }
}
