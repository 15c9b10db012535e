// A part of KernelBench level 1 problem 89 (cumsum), for timing it apart:
// step 4 of its three-level scan alone, y = boff + the scan inside each block of 8,
// the block offsets boff an input (x and y 32768x32768, boff 32768x256x16, fp32).
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

func.func @cumsum_last_level(%x: tensor<32768x32768xf32>, %boff: tensor<32768x256x16xf32>) -> tensor<32768x32768xf32> {
  %zero = arith.constant 0.0 : f32
  %xe = tensor.expand_shape %x [[0], [1, 2, 3]] output_shape [32768, 256, 16, 8] : tensor<32768x32768xf32> into tensor<32768x256x16x8xf32>
  %block_empty = tensor.empty() : tensor<32768x256x16xf32>
  // 4. y = boff plus the scan inside the block.
  %y_empty = tensor.empty() : tensor<32768x256x16x8xf32>
  %y_init = linalg.generic {indexing_maps = [#to_block, #x_map],
                            iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%boff : tensor<32768x256x16xf32>) outs(%y_empty : tensor<32768x256x16x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<32768x256x16x8xf32>
  %ye = linalg.generic {indexing_maps = [#scan_in, #scan_out],
                        iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%xe : tensor<32768x256x16x8xf32>) outs(%y_init : tensor<32768x256x16x8xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %t = linalg.index 3 : index
    %s = linalg.index 4 : index
    %take = arith.cmpi ule, %s, %t : index
    %term = arith.select %take, %in, %zero : f32
    %sum = arith.addf %acc, %term : f32
    linalg.yield %sum : f32
  } -> tensor<32768x256x16x8xf32>
  %y = tensor.collapse_shape %ye [[0], [1, 2, 3]] : tensor<32768x256x16x8xf32> into tensor<32768x32768xf32>
  return %y : tensor<32768x32768xf32>
}
