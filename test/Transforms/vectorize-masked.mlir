// RUN: foundry-opt %s --foundry-fold-pad --foundry-tile-blocks='sizes=1,8,16 target=result' --foundry-tile-threads=sizes=1,4,1 --foundry-vectorize | FileCheck %s
// RUN: foundry-opt %s --foundry-fold-pad --foundry-tile-blocks='sizes=1,8,16 target=result' --foundry-tile-threads=sizes=1,4,1 --foundry-vectorize --foundry-to-nvvm --foundry-extract-ptx=output=%t.ptx -o /dev/null
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: foundry-opt %s --foundry-fold-pad --foundry-tile-blocks='sizes=1,8,8 target=result' --foundry-tile-threads=sizes=1,4,1 --foundry-vectorize | FileCheck %s --check-prefix=STATIC

// A max-pool whose 24 outputs per row do not divide into 16-wide block
// tiles: each thread's tile is 1x4x(0 or 1). Vectorized with masks (the
// extent bounded by 1), the fill of the accumulator is forwarded into the
// reduction instead of going through the output, and the window's loads
// are one masked gather.
// CHECK-LABEL: foundry.kernel @max_pool1d
// CHECK:         scf.forall {{.*}} in (1, 2, 16)
// CHECK:           %[[SIZE:.*]] = affine.max
// CHECK:           %[[TILE:.*]] = tensor.extract_slice {{.*}} [1, 4, %[[SIZE]]] [1, 1, 1] : tensor<1x8x?xf32> to tensor<1x4x?xf32>
// CHECK:           %[[MASK:.*]] = vector.create_mask %{{.*}}, %{{.*}}, %[[SIZE]] : vector<1x4x1xi1>
// CHECK-NOT:       vector.transfer_read
// CHECK:           vector.create_mask %{{.*}}, %{{.*}}, %[[SIZE]], %{{.*}} : vector<1x4x1x8xi1>
// CHECK:           vector.gather {{.*}} : tensor<2x8x37xf32>, vector<1x4x1x8xindex>, vector<1x4x1x8xi1>, vector<1x4x1x8xf32> into vector<1x4x1x8xf32>
// CHECK-NOT:       vector.transfer_write
// CHECK:           vector.transfer_write {{.*}}, %[[TILE]][{{.*}}], %[[MASK]] {in_bounds = [true, true, true]} : vector<1x4x1xf32>, tensor<1x4x?xf32>
// CHECK-NOT:       vector.transfer_write
// CHECK:           scf.forall.in_parallel
// CHECK-NOT:     linalg.fill
// CHECK-NOT:     linalg.generic

// Four stores of the result per thread, none of the fill.
// PTX-LABEL: .entry
// PTX-COUNT-4: st.global.b32
// PTX-NOT:     st.global

// Tiles that divide: no masks, the same forwarding.
// STATIC:     scf.forall {{.*}} in (1, 2, 8)
// STATIC-NOT: vector.create_mask
// STATIC:     vector.gather {{.*}} : tensor<2x8x37xf32>
// STATIC:     vector.transfer_write {{.*}} : vector<1x4x1xf32>, tensor<1x4x1xf32>
// STATIC-NOT: linalg.generic
foundry.kernel @max_pool1d(%x: tensor<2x8x37xf32>) -> tensor<2x8x24xf32> {
  %neg_inf = arith.constant 0xFF800000 : f32
  %padded = tensor.pad %x low[0, 0, 4] high[0, 0, 4] {
  ^bb0(%i: index, %j: index, %l: index):
    tensor.yield %neg_inf : f32
  } : tensor<2x8x37xf32> to tensor<2x8x45xf32>
  %window = tensor.empty() : tensor<8xf32>
  %y_empty = tensor.empty() : tensor<2x8x24xf32>
  %y_init = linalg.fill ins(%neg_inf : f32) outs(%y_empty : tensor<2x8x24xf32>) -> tensor<2x8x24xf32>
  %y = linalg.pooling_ncw_max {dilations = dense<3> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>}
      ins(%padded, %window : tensor<2x8x45xf32>, tensor<8xf32>) outs(%y_init : tensor<2x8x24xf32>) -> tensor<2x8x24xf32>
  foundry.yield %y : tensor<2x8x24xf32>
}
