// KernelBench level 1 problem 51: Argmax_over_a_dimension.
// y = torch.argmax(x, dim=1), x 128x4096x4095, y 128x4095: the index along dim 1 of
// the first maximum of each column.
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.
// PyTorch returns int64 indices; here the index is an f32 value (exact: indices
// below 2^24), as L1 95's class targets are, so that every tool of the suite
// reads it as it reads the other problems. One generic reduces the value and
// its index together (a strictly greater value replaces both, so the first
// extreme wins, as in PyTorch); the kernel returns the index.

// Loop order (b, j, k): the reduced dim k (dim 1 of x) is the innermost (reduction) loop.
#x_map = affine_map<(b, j, k) -> (b, k, j)>
#reduced_map = affine_map<(b, j, k) -> (b, j)>

func.func @argmax(%x: tensor<128x4096x4095xf32>) -> tensor<128x4095xf32> {
  %extreme = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<128x4095xf32>
  %value_init = linalg.fill ins(%extreme : f32) outs(%empty : tensor<128x4095xf32>) -> tensor<128x4095xf32>
  %index_init = linalg.fill ins(%zero : f32) outs(%empty : tensor<128x4095xf32>) -> tensor<128x4095xf32>
  %red:2 = linalg.generic {indexing_maps = [#x_map, #reduced_map, #reduced_map],
                           iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x : tensor<128x4096x4095xf32>) outs(%value_init, %index_init : tensor<128x4095xf32>, tensor<128x4095xf32>) {
  ^bb0(%in: f32, %value: f32, %index: f32):
    %k = linalg.index 2 : index
    %k_i64 = arith.index_cast %k : index to i64
    %k_f32 = arith.sitofp %k_i64 : i64 to f32
    %better = arith.cmpf ogt, %in, %value : f32
    %new_value = arith.select %better, %in, %value : f32
    %new_index = arith.select %better, %k_f32, %index : f32
    linalg.yield %new_value, %new_index : f32, f32
  } -> (tensor<128x4095xf32>, tensor<128x4095xf32>)
  return %red#1 : tensor<128x4095xf32>
}
