// RUN: foundry-opt %s --foundry-sink-into-launches | FileCheck %s

// The launch writes the interior of a padded buffer through a subview: the
// subview is cloned into the launch, so that the outlined kernel takes the
// buffer itself (a bare pointer the runner has) and the constant with it.
// CHECK-LABEL: func.func @pad_interior
// CHECK-SAME:    (%[[IN:.*]]: memref<4xf32>, %[[PADDED:.*]]: memref<8xf32>)
// CHECK:         gpu.launch
// CHECK:           %[[VIEW:.*]] = memref.subview %[[PADDED]][2] [4] [1]
// CHECK:           %[[V:.*]] = memref.load %[[IN]]
// CHECK:           memref.store %[[V]], %[[VIEW]]
func.func @pad_interior(%in: memref<4xf32>, %padded: memref<8xf32>) {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %view = memref.subview %padded[2] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 2>>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
    %v = memref.load %in[%tx] : memref<4xf32>
    memref.store %v, %view[%tx] : memref<4xf32, strided<[1], offset: 2>>
    gpu.terminator
  }
  return
}

// A vectorized tile's padding value (ub.poison, constant-like) that CSE
// hoisted out of the launch is sunk back in: a kernel parameter must be a
// host buffer. (L2 6's 3-D convolution tiles failed at the launch manifest.)
// CHECK-LABEL: func.func @poison_padding
// CHECK:         gpu.launch
// CHECK-DAG:       %[[PAD:.*]] = ub.poison : vector<4xf32>
// CHECK-DAG:       %[[V:.*]] = vector.transfer_read
// CHECK:           vector.shuffle %[[V]], %[[PAD]]
func.func @poison_padding(%in: memref<4xf32>, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %pv = ub.poison : vector<4xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %v = vector.transfer_read %in[%c0], %zero : memref<4xf32>, vector<4xf32>
    %s = vector.shuffle %v, %pv [0, 1, 2, 3] : vector<4xf32>, vector<4xf32>
    vector.transfer_write %s, %out[%c0] : vector<4xf32>, memref<4xf32>
    gpu.terminator
  }
  return
}
