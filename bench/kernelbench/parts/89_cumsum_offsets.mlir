// A part of KernelBench level 1 problem 89 (cumsum), for timing it apart:
// steps 1 to 3 of its three-level scan, up to the block offsets boff[i, g, u]
// (x 32768x32768, boff 32768x256x16, fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

// A three-level blocked scan. Each row of 32768 is split into 256 groups of 16 blocks of 8
// (j = (g * 16 + u) * 8 + t).
// 1. Block totals: block[i, g, u] = sum of x[i, g, u, t] over t; group totals: group[i, g] = sum of block[i, g, u] over u.
// 2. Group offsets: goff[i, g] = sum of group[i, h] for h < g, a masked reduction (select on the linalg.index comparison).
// 3. Block offsets: boff[i, g, u] = goff[i, g] + sum of block[i, g, v] for v < u, masked, starting from goff broadcast.
// 4. y[i, g, u, t] = boff[i, g, u] + sum of x[i, g, u, s] for s <= t, masked, starting from boff broadcast.
// Per row: 32768*8 + 4096*16 + 256*256 masked terms (plus 32768 + 4096 for the totals) instead of 32768*32768 for a
// one-level masked scan; x is read twice, y written once.
#x_map = affine_map<(i, g, u, t) -> (i, g, u, t)>
#to_block = affine_map<(i, g, u, t) -> (i, g, u)>
#block3 = affine_map<(i, g, u) -> (i, g, u)>
#to_group3 = affine_map<(i, g, u) -> (i, g)>
#group_in = affine_map<(i, g, h) -> (i, h)>
#group_out = affine_map<(i, g, h) -> (i, g)>
#block_in = affine_map<(i, g, u, v) -> (i, g, v)>
#block_out = affine_map<(i, g, u, v) -> (i, g, u)>
#scan_in = affine_map<(i, g, u, t, s) -> (i, g, u, s)>
#scan_out = affine_map<(i, g, u, t, s) -> (i, g, u, t)>

func.func @cumsum_offsets(%x: tensor<32768x32768xf32>) -> tensor<32768x256x16xf32> {
  %zero = arith.constant 0.0 : f32
  %xe = tensor.expand_shape %x [[0], [1, 2, 3]] output_shape [32768, 256, 16, 8] : tensor<32768x32768xf32> into tensor<32768x256x16x8xf32>
  // 1. Block and group totals.
  %block_empty = tensor.empty() : tensor<32768x256x16xf32>
  %block_init = linalg.fill ins(%zero : f32) outs(%block_empty : tensor<32768x256x16xf32>) -> tensor<32768x256x16xf32>
  %block = linalg.generic {indexing_maps = [#x_map, #to_block],
                           iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%xe : tensor<32768x256x16x8xf32>) outs(%block_init : tensor<32768x256x16xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %sum = arith.addf %acc, %in : f32
    linalg.yield %sum : f32
  } -> tensor<32768x256x16xf32>
  %group_empty = tensor.empty() : tensor<32768x256xf32>
  %group_init = linalg.fill ins(%zero : f32) outs(%group_empty : tensor<32768x256xf32>) -> tensor<32768x256xf32>
  %group = linalg.generic {indexing_maps = [#block3, #to_group3],
                           iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%block : tensor<32768x256x16xf32>) outs(%group_init : tensor<32768x256xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %sum = arith.addf %acc, %in : f32
    linalg.yield %sum : f32
  } -> tensor<32768x256xf32>
  // 2. Group offsets: the totals of the groups before g.
  %goff = linalg.generic {indexing_maps = [#group_in, #group_out],
                          iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%group : tensor<32768x256xf32>) outs(%group_init : tensor<32768x256xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %g = linalg.index 1 : index
    %h = linalg.index 2 : index
    %take = arith.cmpi ult, %h, %g : index
    %term = arith.select %take, %in, %zero : f32
    %sum = arith.addf %acc, %term : f32
    linalg.yield %sum : f32
  } -> tensor<32768x256xf32>
  // 3. Block offsets: goff plus the totals of the blocks before u in the group.
  %boff_init = linalg.generic {indexing_maps = [#to_group3, #block3],
                               iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%goff : tensor<32768x256xf32>) outs(%block_empty : tensor<32768x256x16xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<32768x256x16xf32>
  %boff = linalg.generic {indexing_maps = [#block_in, #block_out],
                          iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%block : tensor<32768x256x16xf32>) outs(%boff_init : tensor<32768x256x16xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %u = linalg.index 2 : index
    %v = linalg.index 3 : index
    %take = arith.cmpi ult, %v, %u : index
    %term = arith.select %take, %in, %zero : f32
    %sum = arith.addf %acc, %term : f32
    linalg.yield %sum : f32
  } -> tensor<32768x256x16xf32>
  return %boff : tensor<32768x256x16xf32>
}
