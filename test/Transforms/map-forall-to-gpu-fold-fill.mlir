// RUN: foundry-opt %s --split-input-file --foundry-map-forall-to-gpu | FileCheck %s

// A warp tile filled with a constant, read whole and then overwritten
// whole: the reads become the constant and the fill goes (no store of the
// tile and no load of it back; 0 + 1 folds to the 1.0 stored).
// CHECK-LABEL: func.func @folded
// CHECK-NOT:     gpu.lane_id
// CHECK-NOT:     memref.store
// CHECK-NOT:     vector.load
// CHECK:         %[[ONE:.*]] = arith.constant dense<1.000000e+00> : vector<8xf32>
// CHECK:         gpu.launch
// CHECK-NOT:     vector.load
// CHECK:         vector.store %[[ONE]]
// CHECK-NOT:     vector.load
// CHECK:         gpu.terminator
func.func @folded(%out: memref<64x64xf32> {foundry.output = 0 : i64}) {
  %cst = arith.constant 0.000000e+00 : f32
  %one = arith.constant 1.000000e+00 : f32
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  scf.forall (%i) in (2) {
    %o = affine.apply affine_map<(d0) -> (d0 * 32)>(%i)
    %block = memref.subview %out[%o, 0] [32, 64] [1, 1] : memref<64x64xf32> to memref<32x64xf32, strided<[64, 1], offset: ?>>
    scf.forall (%w) in (4) {
      %c = affine.apply affine_map<(d0) -> (d0 * 16)>(%w)
      %tile = memref.subview %block[0, %c] [32, 16] [1, 1] : memref<32x64xf32, strided<[64, 1], offset: ?>> to memref<32x16xf32, strided<[64, 1], offset: ?>>
      linalg.fill ins(%cst : f32) outs(%tile : memref<32x16xf32, strided<[64, 1], offset: ?>>)
      %a = vector.transfer_read %tile[%c0, %c0], %cst {in_bounds = [true, true]} : memref<32x16xf32, strided<[64, 1], offset: ?>>, vector<32x8xf32>
      %b = vector.transfer_read %tile[%c0, %c8], %cst {in_bounds = [true, true]} : memref<32x16xf32, strided<[64, 1], offset: ?>>, vector<32x8xf32>
      %s = vector.broadcast %one : f32 to vector<32x8xf32>
      %a1 = arith.addf %a, %s : vector<32x8xf32>
      %b1 = arith.addf %b, %s : vector<32x8xf32>
      vector.transfer_write %a1, %tile[%c0, %c0] {in_bounds = [true, true]} : vector<32x8xf32>, memref<32x16xf32, strided<[64, 1], offset: ?>>
      vector.transfer_write %b1, %tile[%c0, %c8] {in_bounds = [true, true]} : vector<32x8xf32>, memref<32x16xf32, strided<[64, 1], offset: ?>>
    } {mapping = [#gpu.warp<x>]}
  } {mapping = [#gpu.block<x>]}
  return
}

// -----

// Only the first half of the tile is overwritten: the reads still become
// the constant, but the fill stays (split over the lanes), since its second
// half is the result.
// CHECK-LABEL: func.func @half_overwritten
// CHECK:         gpu.launch
// CHECK:           gpu.lane_id
// CHECK:           memref.store
// CHECK:           nvvm.bar.warp.sync
// CHECK-NOT:       vector.load
// CHECK:           gpu.terminator
func.func @half_overwritten(%out: memref<64x64xf32> {foundry.output = 0 : i64}) {
  %cst = arith.constant 0.000000e+00 : f32
  %one = arith.constant 1.000000e+00 : f32
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  scf.forall (%i) in (2) {
    %o = affine.apply affine_map<(d0) -> (d0 * 32)>(%i)
    %block = memref.subview %out[%o, 0] [32, 64] [1, 1] : memref<64x64xf32> to memref<32x64xf32, strided<[64, 1], offset: ?>>
    scf.forall (%w) in (4) {
      %c = affine.apply affine_map<(d0) -> (d0 * 16)>(%w)
      %tile = memref.subview %block[0, %c] [32, 16] [1, 1] : memref<32x64xf32, strided<[64, 1], offset: ?>> to memref<32x16xf32, strided<[64, 1], offset: ?>>
      linalg.fill ins(%cst : f32) outs(%tile : memref<32x16xf32, strided<[64, 1], offset: ?>>)
      %a = vector.transfer_read %tile[%c0, %c0], %cst {in_bounds = [true, true]} : memref<32x16xf32, strided<[64, 1], offset: ?>>, vector<32x8xf32>
      %b = vector.transfer_read %tile[%c0, %c8], %cst {in_bounds = [true, true]} : memref<32x16xf32, strided<[64, 1], offset: ?>>, vector<32x8xf32>
      %s = vector.broadcast %one : f32 to vector<32x8xf32>
      %a1 = arith.addf %a, %s : vector<32x8xf32>
      %b1 = arith.addf %b, %s : vector<32x8xf32>
      vector.transfer_write %a1, %tile[%c0, %c0] {in_bounds = [true, true]} : vector<32x8xf32>, memref<32x16xf32, strided<[64, 1], offset: ?>>
    } {mapping = [#gpu.warp<x>]}
  } {mapping = [#gpu.block<x>]}
  return
}

// -----

// A store into the output between the fill and the reads (it might alias
// the tile): nothing is folded, the tile is filled and read back.
// CHECK-LABEL: func.func @store_between
// CHECK:         gpu.launch
// CHECK:           gpu.lane_id
// CHECK:           memref.store
// CHECK:           vector.load
// CHECK:           gpu.terminator
func.func @store_between(%out: memref<64x64xf32> {foundry.output = 0 : i64}) {
  %cst = arith.constant 0.000000e+00 : f32
  %one = arith.constant 1.000000e+00 : f32
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  scf.forall (%i) in (2) {
    %o = affine.apply affine_map<(d0) -> (d0 * 32)>(%i)
    %block = memref.subview %out[%o, 0] [32, 64] [1, 1] : memref<64x64xf32> to memref<32x64xf32, strided<[64, 1], offset: ?>>
    scf.forall (%w) in (4) {
      %c = affine.apply affine_map<(d0) -> (d0 * 16)>(%w)
      %tile = memref.subview %block[0, %c] [32, 16] [1, 1] : memref<32x64xf32, strided<[64, 1], offset: ?>> to memref<32x16xf32, strided<[64, 1], offset: ?>>
      linalg.fill ins(%cst : f32) outs(%tile : memref<32x16xf32, strided<[64, 1], offset: ?>>)
      memref.store %one, %out[%c0, %c0] : memref<64x64xf32>
      %a = vector.transfer_read %tile[%c0, %c0], %cst {in_bounds = [true, true]} : memref<32x16xf32, strided<[64, 1], offset: ?>>, vector<32x8xf32>
      %b = vector.transfer_read %tile[%c0, %c8], %cst {in_bounds = [true, true]} : memref<32x16xf32, strided<[64, 1], offset: ?>>, vector<32x8xf32>
      %s = vector.broadcast %one : f32 to vector<32x8xf32>
      %a1 = arith.addf %a, %s : vector<32x8xf32>
      %b1 = arith.addf %b, %s : vector<32x8xf32>
      vector.transfer_write %a1, %tile[%c0, %c0] {in_bounds = [true, true]} : vector<32x8xf32>, memref<32x16xf32, strided<[64, 1], offset: ?>>
      vector.transfer_write %b1, %tile[%c0, %c8] {in_bounds = [true, true]} : vector<32x8xf32>, memref<32x16xf32, strided<[64, 1], offset: ?>>
    } {mapping = [#gpu.warp<x>]}
  } {mapping = [#gpu.block<x>]}
  return
}
