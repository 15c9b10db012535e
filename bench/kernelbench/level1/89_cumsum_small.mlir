// KernelBench level 1 problem 89: cumsum.
// y = torch.cumsum(x, dim=1), i.e. y[i, j] = sum of x[i, k] for k <= j, x and y 13x60 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

// A three-level blocked scan. Each row of 60 is split into 5 groups of 4 blocks of 3
// (j = (g * 4 + u) * 3 + t).
// 1. Block totals: block[i, g, u] = sum of x[i, g, u, t] over t; group totals: group[i, g] = sum of block[i, g, u] over u.
// 2. Group offsets: goff[i, g] = sum of group[i, h] for h < g, a masked reduction (select on the linalg.index comparison).
// 3. Block offsets: boff[i, g, u] = goff[i, g] + sum of block[i, g, v] for v < u, masked, starting from goff broadcast.
// 4. y[i, g, u, t] = boff[i, g, u] + sum of x[i, g, u, s] for s <= t, masked, starting from boff broadcast.
// Per row: 60*3 + 20*4 + 5*5 masked terms (plus 60 + 20 for the totals) instead of 60*60 for a
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

func.func @cumsum(%x: tensor<13x60xf32>) -> tensor<13x60xf32> {
  %zero = arith.constant 0.0 : f32
  %xe = tensor.expand_shape %x [[0], [1, 2, 3]] output_shape [13, 5, 4, 3] : tensor<13x60xf32> into tensor<13x5x4x3xf32>
  // 1. Block and group totals.
  %block_empty = tensor.empty() : tensor<13x5x4xf32>
  %block_init = linalg.fill ins(%zero : f32) outs(%block_empty : tensor<13x5x4xf32>) -> tensor<13x5x4xf32>
  %block = linalg.generic {indexing_maps = [#x_map, #to_block],
                           iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%xe : tensor<13x5x4x3xf32>) outs(%block_init : tensor<13x5x4xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %sum = arith.addf %acc, %in : f32
    linalg.yield %sum : f32
  } -> tensor<13x5x4xf32>
  %group_empty = tensor.empty() : tensor<13x5xf32>
  %group_init = linalg.fill ins(%zero : f32) outs(%group_empty : tensor<13x5xf32>) -> tensor<13x5xf32>
  %group = linalg.generic {indexing_maps = [#block3, #to_group3],
                           iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%block : tensor<13x5x4xf32>) outs(%group_init : tensor<13x5xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %sum = arith.addf %acc, %in : f32
    linalg.yield %sum : f32
  } -> tensor<13x5xf32>
  // 2. Group offsets: the totals of the groups before g.
  %goff = linalg.generic {indexing_maps = [#group_in, #group_out],
                          iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%group : tensor<13x5xf32>) outs(%group_init : tensor<13x5xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %g = linalg.index 1 : index
    %h = linalg.index 2 : index
    %take = arith.cmpi ult, %h, %g : index
    %term = arith.select %take, %in, %zero : f32
    %sum = arith.addf %acc, %term : f32
    linalg.yield %sum : f32
  } -> tensor<13x5xf32>
  // 3. Block offsets: goff plus the totals of the blocks before u in the group.
  %boff_init = linalg.generic {indexing_maps = [#to_group3, #block3],
                               iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%goff : tensor<13x5xf32>) outs(%block_empty : tensor<13x5x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<13x5x4xf32>
  %boff = linalg.generic {indexing_maps = [#block_in, #block_out],
                          iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%block : tensor<13x5x4xf32>) outs(%boff_init : tensor<13x5x4xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %u = linalg.index 2 : index
    %v = linalg.index 3 : index
    %take = arith.cmpi ult, %v, %u : index
    %term = arith.select %take, %in, %zero : f32
    %sum = arith.addf %acc, %term : f32
    linalg.yield %sum : f32
  } -> tensor<13x5x4xf32>
  // 4. y = boff plus the scan inside the block.
  %y_empty = tensor.empty() : tensor<13x5x4x3xf32>
  %y_init = linalg.generic {indexing_maps = [#to_block, #x_map],
                            iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%boff : tensor<13x5x4xf32>) outs(%y_empty : tensor<13x5x4x3xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<13x5x4x3xf32>
  %ye = linalg.generic {indexing_maps = [#scan_in, #scan_out],
                        iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%xe : tensor<13x5x4x3xf32>) outs(%y_init : tensor<13x5x4x3xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %t = linalg.index 3 : index
    %s = linalg.index 4 : index
    %take = arith.cmpi ule, %s, %t : index
    %term = arith.select %take, %in, %zero : f32
    %sum = arith.addf %acc, %term : f32
    linalg.yield %sum : f32
  } -> tensor<13x5x4x3xf32>
  %y = tensor.collapse_shape %ye [[0], [1, 2, 3]] : tensor<13x5x4x3xf32> into tensor<13x60xf32>
  return %y : tensor<13x60xf32>
}
