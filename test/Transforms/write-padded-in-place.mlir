// RUN: foundry-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(foundry-write-padded-in-place))' | FileCheck %s

// A 100x90 result computed at 128x96 and copied out: the padded buffer
// becomes a view of the output with its row stride (90), marked with the
// output's extent; the view cut from it is re-typed; no copy, no buffer.
// CHECK-LABEL: func.func @padded_matmul
// CHECK-SAME:    %[[OUT:[a-z0-9]+]]: memref<100x90xf32> {foundry.output = 0 : i64}
// CHECK-NOT:     memref.alloc
// CHECK:         %[[VIEW:.*]] = memref.reinterpret_cast %[[OUT]] to offset: [0], sizes: [128, 96], strides: [90, 1] {foundry.valid_sizes = array<i64: 100, 90>} : memref<100x90xf32> to memref<128x96xf32, strided<[90, 1]>>
// CHECK:         linalg.fill ins(%{{.*}} : f32) outs(%[[VIEW]] : memref<128x96xf32, strided<[90, 1]>>)
// CHECK:         scf.forall
// CHECK:           %[[TILE:.*]] = memref.subview %[[VIEW]][%{{.*}}, %{{.*}}] [64, 32] [1, 1] : memref<128x96xf32, strided<[90, 1]>> to memref<64x32xf32, strided<[90, 1], offset: ?>>
// CHECK:           linalg.matmul ins(%{{.*}}, %{{.*}} : memref<64x32xf32, strided<[32, 1], offset: ?>>, memref<32x32xf32, strided<[96, 1], offset: ?>>) outs(%[[TILE]] : memref<64x32xf32, strided<[90, 1], offset: ?>>)
// CHECK-NOT:     linalg.copy
// CHECK-NOT:     memref.dealloc
func.func @padded_matmul(%a: memref<128x32xf32>, %b: memref<32x96xf32>, %out: memref<100x90xf32> {foundry.output = 0 : i64}) {
  %zero = arith.constant 0.0 : f32
  %c = memref.alloc() : memref<128x96xf32>
  linalg.fill ins(%zero : f32) outs(%c : memref<128x96xf32>)
  scf.forall (%i, %j) = (0, 0) to (128, 96) step (64, 32) {
    %at = memref.subview %a[%i, 0] [64, 32] [1, 1] : memref<128x32xf32> to memref<64x32xf32, strided<[32, 1], offset: ?>>
    %bt = memref.subview %b[0, %j] [32, 32] [1, 1] : memref<32x96xf32> to memref<32x32xf32, strided<[96, 1], offset: ?>>
    %ct = memref.subview %c[%i, %j] [64, 32] [1, 1] : memref<128x96xf32> to memref<64x32xf32, strided<[96, 1], offset: ?>>
    linalg.matmul ins(%at, %bt : memref<64x32xf32, strided<[32, 1], offset: ?>>, memref<32x32xf32, strided<[96, 1], offset: ?>>) outs(%ct : memref<64x32xf32, strided<[96, 1], offset: ?>>)
  }
  %valid = memref.subview %c[0, 0] [100, 90] [1, 1] : memref<128x96xf32> to memref<100x90xf32, strided<[96, 1]>>
  linalg.copy ins(%valid : memref<100x90xf32, strided<[96, 1]>>) outs(%out : memref<100x90xf32>)
  memref.dealloc %c : memref<128x96xf32>
  return
}

// -----

// The buffer is read after the copy: it stays, and so does the copy.
// CHECK-LABEL: func.func @read_after_copy
// CHECK:         memref.alloc() : memref<8x8xf32>
// CHECK:         linalg.copy
// CHECK-NOT:     memref.reinterpret_cast
func.func @read_after_copy(%out: memref<6x6xf32> {foundry.output = 0 : i64}, %other: memref<8x8xf32> {foundry.output = 1 : i64}) {
  %zero = arith.constant 0.0 : f32
  %c = memref.alloc() : memref<8x8xf32>
  linalg.fill ins(%zero : f32) outs(%c : memref<8x8xf32>)
  %valid = memref.subview %c[0, 0] [6, 6] [1, 1] : memref<8x8xf32> to memref<6x6xf32, strided<[8, 1]>>
  linalg.copy ins(%valid : memref<6x6xf32, strided<[8, 1]>>) outs(%out : memref<6x6xf32>)
  linalg.copy ins(%c : memref<8x8xf32>) outs(%other : memref<8x8xf32>)
  return
}

// -----

// The output is also read: writing the padded result into it early would
// change what that read sees.
// CHECK-LABEL: func.func @output_read
// CHECK:         memref.alloc() : memref<8x8xf32>
// CHECK:         linalg.copy
// CHECK-NOT:     memref.reinterpret_cast
func.func @output_read(%out: memref<6x6xf32> {foundry.output = 0 : i64}) -> f32 {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %c = memref.alloc() : memref<8x8xf32>
  linalg.fill ins(%zero : f32) outs(%c : memref<8x8xf32>)
  %valid = memref.subview %c[0, 0] [6, 6] [1, 1] : memref<8x8xf32> to memref<6x6xf32, strided<[8, 1]>>
  linalg.copy ins(%valid : memref<6x6xf32, strided<[8, 1]>>) outs(%out : memref<6x6xf32>)
  %v = memref.load %out[%c0, %c0] : memref<6x6xf32>
  return %v : f32
}

// -----

// A copy out of an offset window (a crop, not a padded result) and a copy
// into an argument that is not an output both stay.
// CHECK-LABEL: func.func @not_padded
// CHECK-COUNT-2: linalg.copy
// CHECK-NOT:     memref.reinterpret_cast
func.func @not_padded(%out: memref<6x6xf32> {foundry.output = 0 : i64}, %in: memref<6x6xf32>) {
  %zero = arith.constant 0.0 : f32
  %c = memref.alloc() : memref<8x8xf32>
  linalg.fill ins(%zero : f32) outs(%c : memref<8x8xf32>)
  %crop = memref.subview %c[1, 1] [6, 6] [1, 1] : memref<8x8xf32> to memref<6x6xf32, strided<[8, 1], offset: 9>>
  linalg.copy ins(%crop : memref<6x6xf32, strided<[8, 1], offset: 9>>) outs(%out : memref<6x6xf32>)
  %d = memref.alloc() : memref<8x8xf32>
  linalg.fill ins(%zero : f32) outs(%d : memref<8x8xf32>)
  %valid = memref.subview %d[0, 0] [6, 6] [1, 1] : memref<8x8xf32> to memref<6x6xf32, strided<[8, 1]>>
  linalg.copy ins(%valid : memref<6x6xf32, strided<[8, 1]>>) outs(%in : memref<6x6xf32>)
  return
}

// -----

// A conv's output, 2x5x7x8x9, written as an im2col GEMM's 2x5x504 rows
// computed at 2x64x512: the view is of the 5-D output at the collapsed
// rank, with the collapsed rows' strides.
// CHECK-LABEL: func.func @collapsed_output
// CHECK-SAME:    %[[OUT:[a-z0-9]+]]: memref<2x5x7x8x9xf32> {foundry.output = 0 : i64}
// CHECK:         %[[VIEW:.*]] = memref.reinterpret_cast %[[OUT]] to offset: [0], sizes: [2, 64, 512], strides: [2520, 504, 1] {foundry.valid_sizes = array<i64: 2, 5, 504>} : memref<2x5x7x8x9xf32> to memref<2x64x512xf32, strided<[2520, 504, 1]>>
// CHECK:         linalg.fill ins(%{{.*}} : f32) outs(%[[VIEW]] : memref<2x64x512xf32, strided<[2520, 504, 1]>>)
// CHECK-NOT:     memref.collapse_shape
// CHECK-NOT:     linalg.copy
func.func @collapsed_output(%out: memref<2x5x7x8x9xf32> {foundry.output = 0 : i64}) {
  %zero = arith.constant 0.0 : f32
  %c = memref.alloc() : memref<2x64x512xf32>
  linalg.fill ins(%zero : f32) outs(%c : memref<2x64x512xf32>)
  %valid = memref.subview %c[0, 0, 0] [2, 5, 504] [1, 1, 1] : memref<2x64x512xf32> to memref<2x5x504xf32, strided<[32768, 512, 1]>>
  %rows = memref.collapse_shape %out [[0], [1], [2, 3, 4]] : memref<2x5x7x8x9xf32> into memref<2x5x504xf32>
  linalg.copy ins(%valid : memref<2x5x504xf32, strided<[32768, 512, 1]>>) outs(%rows : memref<2x5x504xf32>)
  return
}

// -----

// Rows of 7 floats (odd): no 8-byte access of the output would be aligned,
// so the copy stays.
// CHECK-LABEL: func.func @odd_rows
// CHECK:         memref.alloc() : memref<8x8xf32>
// CHECK:         linalg.copy
// CHECK-NOT:     memref.reinterpret_cast
func.func @odd_rows(%out: memref<6x7xf32> {foundry.output = 0 : i64}) {
  %zero = arith.constant 0.0 : f32
  %c = memref.alloc() : memref<8x8xf32>
  linalg.fill ins(%zero : f32) outs(%c : memref<8x8xf32>)
  %valid = memref.subview %c[0, 0] [6, 7] [1, 1] : memref<8x8xf32> to memref<6x7xf32, strided<[8, 1]>>
  linalg.copy ins(%valid : memref<6x7xf32, strided<[8, 1]>>) outs(%out : memref<6x7xf32>)
  return
}
