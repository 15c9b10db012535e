// RUN: foundry-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(foundry-map-parallel-loops{block-size=128}))' | FileCheck %s
// RUN: foundry-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(foundry-map-parallel-loops{block-size=128},convert-parallel-loops-to-gpu,canonicalize))' | FileCheck %s --check-prefix=LAUNCH
// RUN: not foundry-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(foundry-map-parallel-loops{block-size=2048}))' 2>&1 | FileCheck %s --check-prefix=RANGE

// RANGE: error: foundry-map-parallel-loops: block-size must be in [1, 1024], got 2048

// The innermost dimension goes to threadIdx.x and blockIdx.x, the next one to
// blockIdx.y: 1024 columns are 8 blocks of 128 threads.
// CHECK-LABEL: func.func @rows_cols
// CHECK:         scf.parallel
// CHECK:           scf.parallel
// CHECK:           mapping = [#gpu.loop_dim_map<processor = sequential, {{.*}}>, #gpu.loop_dim_map<processor = thread_x, {{.*}}>]
// CHECK:         mapping = [#gpu.loop_dim_map<processor = block_y, {{.*}}>, #gpu.loop_dim_map<processor = block_x, {{.*}}>]
// LAUNCH-LABEL: func.func @rows_cols
// LAUNCH:         gpu.launch blocks({{.*}}) in ({{.*}} = %c8{{.*}}, {{.*}} = %c64{{.*}}, {{.*}} = %c1{{.*}}) threads({{.*}}) in ({{.*}} = %c128{{.*}}, {{.*}} = %c1{{.*}}, {{.*}} = %c1{{.*}})
func.func @rows_cols(%m: memref<64x1024xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c1024 = arith.constant 1024 : index
  %f = arith.constant 1.0 : f32
  scf.parallel (%i, %j) = (%c0, %c0) to (%c64, %c1024) step (%c1, %c1) {
    memref.store %f, %m[%i, %j] : memref<64x1024xf32>
  }
  return
}

// -----

// Rows of 1000 would leave 24 of the 128 threads of every eighth block idle,
// rows of 16 would leave 112 of each block's 128 idle: such nests are
// linearized (64000 iterations: 500 full blocks; 4096: 32).
// CHECK-LABEL: func.func @ragged_rows
// CHECK:         mapping = [#gpu.loop_dim_map<processor = block_x, {{.*}}>]
// CHECK-NOT:     processor = sequential
// CHECK-LABEL: func.func @narrow_rows
// CHECK:         mapping = [#gpu.loop_dim_map<processor = block_x, {{.*}}>]
// CHECK-NOT:     processor = sequential
// LAUNCH-LABEL: func.func @ragged_rows
// LAUNCH:         gpu.launch blocks({{.*}}) in ({{.*}} = %c500{{.*}}, {{.*}} = %c1{{.*}}, {{.*}} = %c1{{.*}}) threads({{.*}}) in ({{.*}} = %c128{{.*}}, {{.*}} = %c1{{.*}}, {{.*}} = %c1{{.*}})
// LAUNCH-LABEL: func.func @narrow_rows
// LAUNCH:         gpu.launch blocks({{.*}}) in ({{.*}} = %c32{{.*}}, {{.*}} = %c1{{.*}}, {{.*}} = %c1{{.*}}) threads({{.*}}) in ({{.*}} = %c128{{.*}}, {{.*}} = %c1{{.*}}, {{.*}} = %c1{{.*}})
func.func @ragged_rows(%m: memref<64x1000xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c1000 = arith.constant 1000 : index
  %f = arith.constant 1.0 : f32
  scf.parallel (%i, %j) = (%c0, %c0) to (%c64, %c1000) step (%c1, %c1) {
    memref.store %f, %m[%i, %j] : memref<64x1000xf32>
  }
  return
}
func.func @narrow_rows(%m: memref<256x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %f = arith.constant 1.0 : f32
  scf.parallel (%i, %j) = (%c0, %c0) to (%c256, %c16) step (%c1, %c1) {
    memref.store %f, %m[%i, %j] : memref<256x16xf32>
  }
  return
}

// -----

// One dimension of 1000: 8 blocks, the tail of the last masked.
// CHECK-LABEL: func.func @tail
// CHECK:         scf.parallel
// CHECK:           scf.parallel
// CHECK:             scf.if
// CHECK:           mapping = [#gpu.loop_dim_map<processor = thread_x, {{.*}}>]
// CHECK:         mapping = [#gpu.loop_dim_map<processor = block_x, {{.*}}>]
// LAUNCH-LABEL: func.func @tail
// LAUNCH:         gpu.launch blocks({{.*}}) in ({{.*}} = %c8{{.*}}, {{.*}} = %c1{{.*}}, {{.*}} = %c1{{.*}}) threads({{.*}}) in ({{.*}} = %c128{{.*}}, {{.*}} = %c1{{.*}}, {{.*}} = %c1{{.*}})
func.func @tail(%m: memref<1000xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c1000 = arith.constant 1000 : index
  %f = arith.constant 1.0 : f32
  scf.parallel (%i) = (%c0) to (%c1000) step (%c1) {
    memref.store %f, %m[%i] : memref<1000xf32>
  }
  return
}

// -----

// Rank 4: the grid has three dimensions, so the nest is linearized into one
// loop of 2*3*4*5 = 120 iterations, innermost fastest, one thread each.
// CHECK-LABEL: func.func @rank4
// CHECK:         scf.parallel (%[[B:.*]]) =
// CHECK:           scf.parallel (%[[T:.*]]) =
// CHECK:             %[[LIN:.*]] = arith.addi %[[T]], %[[B]]
// CHECK:             scf.if
// CHECK:               %[[D:.*]] = arith.remsi %[[LIN]], %[[C5:.*]] :
// CHECK:               %[[R1:.*]] = arith.divsi %[[LIN]], %[[C5]] :
// CHECK:               %[[C:.*]] = arith.remsi %[[R1]], %[[C4:.*]] :
// CHECK:               %[[R2:.*]] = arith.divsi %[[R1]], %[[C4]] :
// CHECK:               %[[BB:.*]] = arith.remsi %[[R2]], %[[C3:.*]] :
// CHECK:               %[[A:.*]] = arith.divsi %[[R2]], %[[C3]] :
// CHECK:               memref.store %{{.*}}, %{{.*}}[%[[A]], %[[BB]], %[[C]], %[[D]]]
// CHECK:           mapping = [#gpu.loop_dim_map<processor = thread_x, {{.*}}>]
// CHECK:         mapping = [#gpu.loop_dim_map<processor = block_x, {{.*}}>]
// LAUNCH-LABEL: func.func @rank4
// LAUNCH:         gpu.launch blocks({{.*}}) in ({{.*}} = %c1{{.*}}, {{.*}} = %c1{{.*}}, {{.*}} = %c1{{.*}}) threads({{.*}}) in ({{.*}} = %c128{{.*}}, {{.*}} = %c1{{.*}}, {{.*}} = %c1{{.*}})
func.func @rank4(%m: memref<2x3x4x5xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %f = arith.constant 1.0 : f32
  scf.parallel (%a, %b, %c, %d) = (%c0, %c0, %c0, %c0) to (%c2, %c3, %c4, %c5) step (%c1, %c1, %c1, %c1) {
    memref.store %f, %m[%a, %b, %c, %d] : memref<2x3x4x5xf32>
  }
  return
}

// -----

// Grid y is limited to 65535 blocks: a longer dimension is linearized with
// the innermost one (400000 iterations: 3125 blocks of 128 threads).
// CHECK-LABEL: func.func @tall
// CHECK:         mapping = [#gpu.loop_dim_map<processor = block_x, {{.*}}>]
// CHECK-NOT:     processor = sequential
// LAUNCH-LABEL: func.func @tall
// LAUNCH:         gpu.launch blocks({{.*}}) in ({{.*}} = %c3125{{.*}}, {{.*}} = %c1{{.*}}, {{.*}} = %c1{{.*}}) threads({{.*}}) in ({{.*}} = %c128{{.*}}, {{.*}} = %c1{{.*}}, {{.*}} = %c1{{.*}})
func.func @tall(%m: memref<100000x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %cbig = arith.constant 100000 : index
  %f = arith.constant 1.0 : f32
  scf.parallel (%i, %j) = (%c0, %c0) to (%cbig, %c4) step (%c1, %c1) {
    memref.store %f, %m[%i, %j] : memref<100000x4xf32>
  }
  return
}

// -----

// Nothing to map: a function without parallel loops is unchanged.
// CHECK-LABEL: func.func @no_loops
// CHECK-NOT:     scf.parallel
func.func @no_loops() {
  return
}

// -----

// A loop from -3 with step 3 is normalized (linearized) before it is tiled:
// the tail guard of upstream tiling assumes a start at 0 and step 1.
// CHECK-LABEL: func.func @offset_step
// CHECK:         mapping = [#gpu.loop_dim_map<processor = block_x, {{.*}}>]
// CHECK-NOT:     processor = sequential
// LAUNCH-LABEL: func.func @offset_step
// LAUNCH:         gpu.launch blocks({{.*}}) in ({{.*}} = %c3{{.*}}, {{.*}} = %c1{{.*}}, {{.*}} = %c1{{.*}}) threads({{.*}}) in ({{.*}} = %c128{{.*}}, {{.*}} = %c1{{.*}}, {{.*}} = %c1{{.*}})
func.func @offset_step(%m: memref<1000xf32>) {
  %cm3 = arith.constant -3 : index
  %c3 = arith.constant 3 : index
  %c997 = arith.constant 997 : index
  %f = arith.constant 1.0 : f32
  scf.parallel (%i) = (%cm3) to (%c997) step (%c3) {
    %j = arith.addi %i, %c3 : index
    memref.store %f, %m[%j] : memref<1000xf32>
  }
  return
}
