// A two-level blocked scan of each row of x (4 rows of 24 = 6 blocks of 4):
// block totals, the offsets of the blocks before (a masked reduction over
// the whole row), then y = offset + the scan inside the block. The input of
// foundry-tile-phases' tests.
#x3 = affine_map<(i, g, t) -> (i, g, t)>
#to_block = affine_map<(i, g, t) -> (i, g)>
#off_in = affine_map<(i, g, h) -> (i, h)>
#off_out = affine_map<(i, g, h) -> (i, g)>
#scan_in = affine_map<(i, g, t, s) -> (i, g, s)>
#scan_out = affine_map<(i, g, t, s) -> (i, g, t)>

func.func @scan(%x: tensor<4x24xf32>) -> tensor<4x24xf32> {
  %zero = arith.constant 0.0 : f32
  %xe = tensor.expand_shape %x [[0], [1, 2]] output_shape [4, 6, 4] : tensor<4x24xf32> into tensor<4x6x4xf32>
  %tot_empty = tensor.empty() : tensor<4x6xf32>
  %zeros = linalg.fill ins(%zero : f32) outs(%tot_empty : tensor<4x6xf32>) -> tensor<4x6xf32>
  %tot = linalg.generic {indexing_maps = [#x3, #to_block], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%xe : tensor<4x6x4xf32>) outs(%zeros : tensor<4x6xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %sum = arith.addf %acc, %in : f32
    linalg.yield %sum : f32
  } -> tensor<4x6xf32>
  %off = linalg.generic {indexing_maps = [#off_in, #off_out], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%tot : tensor<4x6xf32>) outs(%zeros : tensor<4x6xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %g = linalg.index 1 : index
    %h = linalg.index 2 : index
    %take = arith.cmpi ult, %h, %g : index
    %term = arith.select %take, %in, %zero : f32
    %sum = arith.addf %acc, %term : f32
    linalg.yield %sum : f32
  } -> tensor<4x6xf32>
  %y_empty = tensor.empty() : tensor<4x6x4xf32>
  %y_init = linalg.generic {indexing_maps = [#to_block, #x3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%off : tensor<4x6xf32>) outs(%y_empty : tensor<4x6x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<4x6x4xf32>
  %ye = linalg.generic {indexing_maps = [#scan_in, #scan_out], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%xe : tensor<4x6x4xf32>) outs(%y_init : tensor<4x6x4xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %t = linalg.index 2 : index
    %s = linalg.index 3 : index
    %take = arith.cmpi ule, %s, %t : index
    %term = arith.select %take, %in, %zero : f32
    %sum = arith.addf %acc, %term : f32
    linalg.yield %sum : f32
  } -> tensor<4x6x4xf32>
  %y = tensor.collapse_shape %ye [[0], [1, 2]] : tensor<4x6x4xf32> into tensor<4x24xf32>
  return %y : tensor<4x24xf32>
}
