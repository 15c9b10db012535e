// RUN: foundry-opt %s --foundry-gather-one-hot-reductions | FileCheck %s
// RUN: foundry-opt %s --foundry-gather-one-hot-reductions --foundry-to-llvm -o /dev/null

// An NLL loss's pick as torch-mlir lowers it: the sum over the classes of
// select(class == target, logp, 0), logp an elementwise log-softmax only
// the pick reads. It becomes one parallel generic over the rows that reads
// the target's logit (tensor.extract at the target, clamped to the row,
// the term 0 where the target is outside it), computes logp there, and
// takes the row maximum and sum as inputs; the log-softmax over every
// class goes away.
// CHECK-LABEL: foundry.kernel @nll
// CHECK:         %[[MAX:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]
// CHECK:         %[[SUM:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]
// CHECK-NOT:     tensor<8x100xf32>) -> tensor<8x100xf32>
// CHECK:         %[[PICK:.*]] = linalg.generic {{.*}} iterator_types = ["parallel"]
// CHECK-SAME:      ins(%[[MAX]], %[[SUM]], %{{.*}} : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>)
// CHECK:           %[[T:.*]] = arith.index_cast
// CHECK-DAG:       %[[LOW:.*]] = arith.cmpi sge, %[[T]]
// CHECK-DAG:       %[[HIGH:.*]] = arith.cmpi slt, %[[T]]
// CHECK:           %[[IN:.*]] = arith.andi
// CHECK:           %[[AT:.*]] = arith.select %[[IN]], %[[T]]
// CHECK:           %[[ROW:.*]] = linalg.index 0 : index
// CHECK:           %[[X:.*]] = tensor.extract %{{.*}}[%[[ROW]], %[[AT]]] : tensor<8x100xf32>
// CHECK:           arith.subf %[[X]]
// CHECK:           math.log
// CHECK:           %[[TERM:.*]] = arith.select %[[IN]]
// CHECK:           arith.addf %{{.*}}, %[[TERM]]
// CHECK:         linalg.generic {{.*}} ins(%[[PICK]]

// A sum of one-hot integers (a class count for one class per row, the
// comparison's operands swapped, addi): the same rewrite, no producer.
// CHECK-LABEL: foundry.kernel @one_hot_count
// CHECK:         linalg.generic {{.*}} iterator_types = ["parallel"]
// CHECK:           tensor.extract %{{.*}} : tensor<4x16xi32>
// CHECK:           arith.addi

#id2 = affine_map<(n, v) -> (n, v)>
#row = affine_map<(n, v) -> (n)>
#vec = affine_map<(n) -> (n)>
#to_scalar = affine_map<(n) -> ()>
foundry.kernel @nll(%x: tensor<8x100xf32>, %targets: tensor<8xf32>) -> tensor<f32> {
  %zero = arith.constant 0.0 : f32
  %neg_inf = arith.constant 0xFF800000 : f32
  %max_e = tensor.empty() : tensor<8xf32>
  %max_i = linalg.fill ins(%neg_inf : f32) outs(%max_e : tensor<8xf32>) -> tensor<8xf32>
  %max = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x100xf32>) outs(%max_i : tensor<8xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %m = arith.maximumf %in, %acc : f32
    linalg.yield %m : f32
  } -> tensor<8xf32>
  %sum_i = linalg.fill ins(%zero : f32) outs(%max_e : tensor<8xf32>) -> tensor<8xf32>
  %sum = linalg.generic {indexing_maps = [#id2, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x, %max : tensor<8x100xf32>, tensor<8xf32>) outs(%sum_i : tensor<8xf32>) {
  ^bb0(%in: f32, %m: f32, %acc: f32):
    %d = arith.subf %in, %m : f32
    %e = math.exp %d : f32
    %s = arith.addf %acc, %e : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %lp_e = tensor.empty() : tensor<8x100xf32>
  %logp = linalg.generic {indexing_maps = [#id2, #row, #row, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x, %max, %sum : tensor<8x100xf32>, tensor<8xf32>, tensor<8xf32>) outs(%lp_e : tensor<8x100xf32>) {
  ^bb0(%in: f32, %m: f32, %s: f32, %out: f32):
    %d = arith.subf %in, %m : f32
    %l = math.log %s : f32
    %lp = arith.subf %d, %l : f32
    linalg.yield %lp : f32
  } -> tensor<8x100xf32>
  %pick_i = linalg.fill ins(%zero : f32) outs(%max_e : tensor<8xf32>) -> tensor<8xf32>
  %picked = linalg.generic {indexing_maps = [#id2, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%logp, %targets : tensor<8x100xf32>, tensor<8xf32>) outs(%pick_i : tensor<8xf32>) {
  ^bb0(%lp: f32, %t: f32, %acc: f32):
    %v = linalg.index 1 : index
    %t_i64 = arith.fptosi %t : f32 to i64
    %target = arith.index_cast %t_i64 : i64 to index
    %hit = arith.cmpi eq, %v, %target : index
    %term = arith.select %hit, %lp, %zero : f32
    %s = arith.addf %acc, %term : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %total_e = tensor.empty() : tensor<f32>
  %total_i = linalg.fill ins(%zero : f32) outs(%total_e : tensor<f32>) -> tensor<f32>
  %total = linalg.generic {indexing_maps = [#vec, #to_scalar], iterator_types = ["reduction"]}
      ins(%picked : tensor<8xf32>) outs(%total_i : tensor<f32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %acc, %in : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  foundry.yield %total : tensor<f32>
}

foundry.kernel @one_hot_count(%x: tensor<4x16xi32>, %classes: tensor<4xi32>) -> tensor<4xi32> {
  %zero = arith.constant 0 : i32
  %e = tensor.empty() : tensor<4xi32>
  %f = linalg.fill ins(%zero : i32) outs(%e : tensor<4xi32>) -> tensor<4xi32>
  %r = linalg.generic {indexing_maps = [#id2, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x, %classes : tensor<4x16xi32>, tensor<4xi32>) outs(%f : tensor<4xi32>) {
  ^bb0(%in: i32, %c: i32, %acc: i32):
    %v = linalg.index 1 : index
    %v_i32 = arith.index_cast %v : index to i32
    %hit = arith.cmpi eq, %c, %v_i32 : i32
    %term = arith.select %hit, %in, %zero : i32
    %s = arith.addi %term, %acc : i32
    linalg.yield %s : i32
  } -> tensor<4xi32>
  foundry.yield %r : tensor<4xi32>
}
