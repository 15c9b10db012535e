// RUN: foundry-opt %s -split-input-file --pass-pipeline="builtin.module(gpu.module(foundry-reuse-read-only-loads))" | FileCheck %s

// A thread's piece of a row, loaded before and after barriers: the second
// load (through another chain of views, with its offset computed apart)
// reads the same 4 floats of the read-only %x, so it takes the first's value.
// CHECK-LABEL: gpu.func @reloaded_after_barriers
// CHECK:         %[[FIRST:.*]] = vector.load
// CHECK:         gpu.barrier
// CHECK:         nvvm.cluster.arrive
// CHECK-NOT:     vector.load
// CHECK:         arith.mulf %[[FIRST]], %[[FIRST]]
gpu.module @k {
  gpu.func @reloaded_after_barriers(%x: memref<64x1024xf32> {llvm.noalias}, %y: memref<64x1024xf32> {llvm.noalias}) kernel {
    %c0 = arith.constant 0 : index
    %row = gpu.block_id x
    %t = gpu.thread_id x
    %e = memref.expand_shape %x [[0], [1, 2]] output_shape [64, 256, 4] : memref<64x1024xf32> into memref<64x256x4xf32>
    %v = vector.load %e[%row, %t, %c0] : memref<64x256x4xf32>, vector<4xf32>
    gpu.barrier
    nvvm.cluster.arrive
    nvvm.cluster.wait
    %col = affine.apply affine_map<()[s0] -> (s0 * 4)>()[%t]
    %s = memref.subview %x[%row, %col] [1, 4] [1, 1] : memref<64x1024xf32> to memref<1x4xf32, strided<[1024, 1], offset: ?>>
    %w = vector.load %s[%c0, %c0] : memref<1x4xf32, strided<[1024, 1], offset: ?>>, vector<4xf32>
    %p = arith.mulf %v, %w : vector<4xf32>
    %o = memref.subview %y[%row, %col] [1, 4] [1, 1] : memref<64x1024xf32> to memref<1x4xf32, strided<[1024, 1], offset: ?>>
    vector.store %p, %o[%c0, %c0] : memref<1x4xf32, strided<[1024, 1], offset: ?>>, vector<4xf32>
    gpu.return
  }
}

// -----

// A buffer the kernel writes (through a view) may change between the loads:
// both stay.
// CHECK-LABEL: gpu.func @written_buffer
// CHECK-COUNT-2: memref.load
gpu.module @k {
  gpu.func @written_buffer(%x: memref<64xf32> {llvm.noalias}) kernel {
    %t = gpu.thread_id x
    %a = memref.load %x[%t] : memref<64xf32>
    gpu.barrier
    %s = memref.subview %x[0] [32] [1] : memref<64xf32> to memref<32xf32, strided<[1]>>
    %c0 = arith.constant 0 : index
    memref.store %a, %s[%c0] : memref<32xf32, strided<[1]>>
    gpu.barrier
    %b = memref.load %x[%t] : memref<64xf32>
    %sum = arith.addf %a, %b : f32
    memref.store %sum, %x[%t] : memref<64xf32>
    gpu.return
  }
}

// -----

// Without llvm.noalias another argument may alias the buffer; other
// elements (t + 1), and loads that do not dominate each other (the two
// branches of an scf.if), are different loads.
// CHECK-LABEL: gpu.func @not_the_same
// CHECK-COUNT-2: memref.load %{{.*}}[%{{.*}}] : memref<64xf32>
// CHECK:         scf.if
// CHECK:         memref.load
// CHECK:         else
// CHECK:         memref.load
// CHECK-LABEL: gpu.func @may_alias
// CHECK-COUNT-2: memref.load
gpu.module @k {
  gpu.func @not_the_same(%x: memref<64xf32> {llvm.noalias}, %y: memref<64xf32> {llvm.noalias}, %c: i1) kernel {
    %t = gpu.thread_id x
    %c1 = arith.constant 1 : index
    %t1 = arith.addi %t, %c1 : index
    %a = memref.load %x[%t] : memref<64xf32>
    %b = memref.load %x[%t1] : memref<64xf32>
    %r = scf.if %c -> f32 {
      %u = memref.load %x[%c1] : memref<64xf32>
      scf.yield %u : f32
    } else {
      %v = memref.load %x[%c1] : memref<64xf32>
      scf.yield %v : f32
    }
    %s = arith.addf %a, %b : f32
    %s2 = arith.addf %s, %r : f32
    memref.store %s2, %y[%t] : memref<64xf32>
    gpu.return
  }
  gpu.func @may_alias(%x: memref<64xf32>, %y: memref<64xf32> {llvm.noalias}) kernel {
    %t = gpu.thread_id x
    %a = memref.load %x[%t] : memref<64xf32>
    gpu.barrier
    %b = memref.load %x[%t] : memref<64xf32>
    %s = arith.addf %a, %b : f32
    memref.store %s, %y[%t] : memref<64xf32>
    gpu.return
  }
}
