// KernelBench level 1 problem 12: Matmul with diagonal matrices.
// C = torch.diag(A) @ B with A 4096 (the diagonal), B 4096x4096, C 4096x4096 (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.
// diag(A) @ B is computed as the row scaling C[i, j] = A[i] * B[i, j], without the dense
// N x N diagonal matrix (same values: every other product is an exact 0).

#row = affine_map<(i, j) -> (i)>
#identity = affine_map<(i, j) -> (i, j)>

func.func @diag_matmul(%A: tensor<4096xf32>, %B: tensor<4096x4096xf32>) -> tensor<4096x4096xf32> {
  %C_empty = tensor.empty() : tensor<4096x4096xf32>
  %C = linalg.generic {indexing_maps = [#row, #identity, #identity],
                       iterator_types = ["parallel", "parallel"]}
      ins(%A, %B : tensor<4096xf32>, tensor<4096x4096xf32>) outs(%C_empty : tensor<4096x4096xf32>) {
  ^bb0(%d: f32, %b: f32, %out: f32):
    %scaled = arith.mulf %d, %b : f32
    linalg.yield %scaled : f32
  } -> tensor<4096x4096xf32>
  return %C : tensor<4096x4096xf32>
}
