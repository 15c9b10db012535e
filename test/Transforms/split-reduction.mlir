// RUN: foundry-opt %s --split-input-file --foundry-split-reduction | FileCheck %s
// RUN: foundry-opt %s --split-input-file --foundry-split-reduction=parts=4 | FileCheck %s --check-prefix=PARTS
// RUN: foundry-opt %s --split-input-file --pass-pipeline='builtin.module(foundry-split-reduction,foundry-reduce-threads{threads=32},foundry-lower-kernels,foundry-to-nvvm{format=isa})' -o /dev/null
// RUN: foundry-opt %s --split-input-file --pass-pipeline='builtin.module(foundry-split-reduction,foundry-reduce-threads{threads=32},foundry-lower-kernels,foundry-to-nvvm{format=isa manifest=%t.json})' -o /dev/null
// RUN: FileCheck %s --check-prefix=LAUNCH < %t.json

// A mean squared error: the sum over both loops becomes one partial sum
// per row (a block each, initialized with addf's neutral 0), then one block
// adds the 64 rows into the original init and divides.
// CHECK-LABEL: foundry.kernel @mse
// CHECK-DAG:     %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:         %[[SPLIT:.*]] = scf.forall (%[[ROW:.*]]) in (64) shared_outs(%[[OUT:.*]] = %{{.*}}) -> (tensor<64xf32>)
// CHECK:           tensor.extract_slice %{{.*}}[%[[ROW]], 0] [1, 32] [1, 1]
// CHECK:           linalg.fill ins(%[[ZERO]] : f32) outs(%{{.*}} : tensor<1xf32>)
// CHECK:           linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]
// CHECK:             arith.subf
// CHECK:             arith.addf
// CHECK:         } {foundry.split_reduction, mapping = [#gpu.block<x>]}
// CHECK:         %[[FINAL:.*]] = scf.forall (%{{.*}}) in (1) shared_outs(%[[SCALAR:.*]] = %{{.*}}) -> (tensor<f32>)
// CHECK:           %[[SUM:.*]] = linalg.generic {{.*}} iterator_types = ["reduction"]} ins(%[[SPLIT]] : tensor<64xf32>)
// CHECK:             arith.addf
// CHECK:           %[[MEAN:.*]] = linalg.generic {{.*}} ins(%[[SUM]] : tensor<f32>) outs(%[[SCALAR]] : tensor<f32>)
// CHECK:             arith.divf
// CHECK:           tensor.parallel_insert_slice %[[MEAN]] into %[[SCALAR]][] [] []
// CHECK:         } {foundry.split_reduction, mapping = [#gpu.block<x>]}
// CHECK:         yield %[[FINAL]] : tensor<f32>

// With parts=4, each block takes 16 consecutive rows: the row loop is
// expanded to [4, 16].
// PARTS-LABEL: foundry.kernel @mse
// PARTS:         %[[P:.*]] = tensor.expand_shape %arg0 {{\[}}[0, 1], [2]] output_shape [4, 16, 32]
// PARTS:         scf.forall (%[[I:.*]]) in (4) {{.*}} -> (tensor<4xf32>)
// PARTS:           tensor.extract_slice %[[P]][%[[I]], 0, 0] [1, 16, 32] [1, 1, 1]
// PARTS:           linalg.generic {{.*}} iterator_types = ["parallel", "reduction", "reduction"]
// PARTS:         scf.forall (%{{.*}}) in (1)

// Two launches (the manifest is the last input's, @vector_max): 256
// blocks of one element, then one block whose 32 threads combine them.
// LAUNCH: "grid": [
// LAUNCH-NEXT: 256,
// LAUNCH: "block": [
// LAUNCH-NEXT: 32,
// LAUNCH: "grid": [
// LAUNCH-NEXT: 1,
#id = affine_map<(i, j) -> (i, j)>
#all = affine_map<(i, j) -> ()>
#s = affine_map<() -> ()>
foundry.kernel @mse(%p: tensor<64x32xf32>, %t: tensor<64x32xf32>) -> tensor<f32> {
  %zero = arith.constant 0.0 : f32
  %n = arith.constant 2048.0 : f32
  %e = tensor.empty() : tensor<f32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %sum = linalg.generic {indexing_maps = [#id, #id, #all], iterator_types = ["reduction", "reduction"]}
      ins(%p, %t : tensor<64x32xf32>, tensor<64x32xf32>) outs(%f : tensor<f32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %d = arith.subf %a, %b : f32
    %sq = arith.mulf %d, %d : f32
    %r = arith.addf %acc, %sq : f32
    linalg.yield %r : f32
  } -> tensor<f32>
  %me = tensor.empty() : tensor<f32>
  %mean = linalg.generic {indexing_maps = [#s, #s], iterator_types = []}
      ins(%sum : tensor<f32>) outs(%me : tensor<f32>) {
  ^bb0(%s: f32, %o: f32):
    %q = arith.divf %s, %n : f32
    linalg.yield %q : f32
  } -> tensor<f32>
  foundry.yield %mean : tensor<f32>
}

// -----

// The maximum of a vector: parts initialized with maximumf's neutral -inf;
// the final reduction keeps the combiner's operand order.
// CHECK-LABEL: foundry.kernel @vector_max
// CHECK:         arith.constant 0xFF800000 : f32
// CHECK:         scf.forall (%{{.*}}) in (256)
// CHECK:         scf.forall (%{{.*}}) in (1)
// CHECK:           ^bb0(%[[IN:[a-z0-9_]+]]: f32, %[[ACC:[a-z0-9_]+]]: f32):
// CHECK:             arith.maximumf %[[ACC]], %[[IN]] : f32

// PARTS-LABEL: foundry.kernel @vector_max
// PARTS:         tensor.expand_shape %arg0 {{\[}}[0, 1]] output_shape [4, 64]
// PARTS:         scf.forall (%{{.*}}) in (4) {{.*}} -> (tensor<4xf32>)
// PARTS:           tensor.extract_slice %{{.*}}[%{{.*}}, 0] [1, 64] [1, 1]
#v = affine_map<(i) -> (i)>
#vs = affine_map<(i) -> ()>
foundry.kernel @vector_max(%x: tensor<256xf32>) -> tensor<f32> {
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<f32>
  %f = linalg.fill ins(%ninf : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %m = linalg.generic {indexing_maps = [#v, #vs], iterator_types = ["reduction"]}
      ins(%x : tensor<256xf32>) outs(%f : tensor<f32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.maximumf %acc, %a : f32
    linalg.yield %r : f32
  } -> tensor<f32>
  foundry.yield %m : tensor<f32>
}

