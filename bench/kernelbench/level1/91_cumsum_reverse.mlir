// KernelBench level 1 problem 91: cumsum_reverse.
// y = torch.cumsum(x.flip(1), dim=1).flip(1), i.e. y[i, j] = sum of x[i, k] for k >= j, x and y 32768x32768 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

// A two-level scan: each row of 32768 is split into 1024 blocks of 32 (j = b * 32 + t).
// 1. Scan inside each block from the block's end: local[i, b, t] = sum of x[i, b, s] for s >= t,
//    a masked reduction over s (select on the linalg.index comparison), 32768x32 terms per row.
// 2. The block totals are local[i, b, 0], read in place by step 3 (a constant in its indexing map).
// 3. Block offsets: offset[i, b] = sum of total[i, c] for c > b, masked, 1024x1024 terms per row.
// 4. y = local + offset, broadcast over t.
// The cost per row is 32768*32 + 1024*1024 masked terms instead of 32768*32768 for a one-level masked scan.
#x_map = affine_map<(i, b, t, s) -> (i, b, s)>
#local_map = affine_map<(i, b, t, s) -> (i, b, t)>
#total_map = affine_map<(i, b, c) -> (i, c, 0)>
#offset_map = affine_map<(i, b, c) -> (i, b)>
#identity3 = affine_map<(i, b, t) -> (i, b, t)>
#block = affine_map<(i, b, t) -> (i, b)>

func.func @cumsum_reverse(%x: tensor<32768x32768xf32>) -> tensor<32768x32768xf32> {
  %zero = arith.constant 0.0 : f32
  %xe = tensor.expand_shape %x [[0], [1, 2]] output_shape [32768, 1024, 32] : tensor<32768x32768xf32> into tensor<32768x1024x32xf32>
  // 1. Scan inside each block.
  %local_empty = tensor.empty() : tensor<32768x1024x32xf32>
  %local_init = linalg.fill ins(%zero : f32) outs(%local_empty : tensor<32768x1024x32xf32>) -> tensor<32768x1024x32xf32>
  %local = linalg.generic {indexing_maps = [#x_map, #local_map],
                           iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%xe : tensor<32768x1024x32xf32>) outs(%local_init : tensor<32768x1024x32xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %t = linalg.index 2 : index
    %s = linalg.index 3 : index
    %in_prefix = arith.cmpi uge, %s, %t : index
    %term = arith.select %in_prefix, %in, %zero : f32
    %sum = arith.addf %acc, %term : f32
    linalg.yield %sum : f32
  } -> tensor<32768x1024x32xf32>
  // 2 and 3. Block offsets: masked sum of the totals of the blocks after b.
  %offset_empty = tensor.empty() : tensor<32768x1024xf32>
  %offset_init = linalg.fill ins(%zero : f32) outs(%offset_empty : tensor<32768x1024xf32>) -> tensor<32768x1024xf32>
  %offset = linalg.generic {indexing_maps = [#total_map, #offset_map],
                            iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%local : tensor<32768x1024x32xf32>) outs(%offset_init : tensor<32768x1024xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %b = linalg.index 1 : index
    %c = linalg.index 2 : index
    %in_prefix = arith.cmpi ugt, %c, %b : index
    %term = arith.select %in_prefix, %in, %zero : f32
    %sum = arith.addf %acc, %term : f32
    linalg.yield %sum : f32
  } -> tensor<32768x1024xf32>
  // 4. y = local + offset.
  %y_empty = tensor.empty() : tensor<32768x1024x32xf32>
  %ye = linalg.generic {indexing_maps = [#identity3, #block, #identity3],
                        iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%local, %offset : tensor<32768x1024x32xf32>, tensor<32768x1024xf32>) outs(%y_empty : tensor<32768x1024x32xf32>) {
  ^bb0(%l: f32, %off: f32, %out: f32):
    %sum = arith.addf %l, %off : f32
    linalg.yield %sum : f32
  } -> tensor<32768x1024x32xf32>
  %y = tensor.collapse_shape %ye [[0], [1, 2]] : tensor<32768x1024x32xf32> into tensor<32768x32768xf32>
  return %y : tensor<32768x32768xf32>
}
