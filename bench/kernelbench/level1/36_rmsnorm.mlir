// KernelBench level 1 problem 36: RMSNorm.
// y = x / sqrt(mean(x^2, dim=1) + 1e-5) over the features dim 1, x and y 112x64x512x512 (batch, features, d1, d2) (fp32).
// Plain upstream MLIR (linalg, tensor, arith, math) for --foundry-outline-kernels.

// Loop order (b, h, w, f): the features dim f is the innermost (reduction) loop.
#x_map = affine_map<(b, h, w, f) -> (b, f, h, w)>
#reduced_map = affine_map<(b, h, w, f) -> (b, h, w)>
#identity3 = affine_map<(b, h, w) -> (b, h, w)>
#identity4 = affine_map<(b, f, h, w) -> (b, f, h, w)>
#broadcast = affine_map<(b, f, h, w) -> (b, h, w)>

func.func @rmsnorm(%x: tensor<112x64x512x512xf32>) -> tensor<112x64x512x512xf32> {
  %zero = arith.constant 0.0 : f32
  %num_features = arith.constant 64.0 : f32
  %eps = arith.constant 1.0e-05 : f32
  // Sum of squares over the features: 112x64x512x512 -> 112x512x512.
  %sum_empty = tensor.empty() : tensor<112x512x512xf32>
  %sum_init = linalg.fill ins(%zero : f32) outs(%sum_empty : tensor<112x512x512xf32>) -> tensor<112x512x512xf32>
  %sum_sq = linalg.generic {indexing_maps = [#x_map, #reduced_map],
                            iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%x : tensor<112x64x512x512xf32>) outs(%sum_init : tensor<112x512x512xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %sq = arith.mulf %in, %in : f32
    %sum = arith.addf %acc, %sq : f32
    linalg.yield %sum : f32
  } -> tensor<112x512x512xf32>
  // rms = sqrt(sum / features + eps), on the reduced tensor.
  %rms_empty = tensor.empty() : tensor<112x512x512xf32>
  %rms = linalg.generic {indexing_maps = [#identity3, #identity3],
                         iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%sum_sq : tensor<112x512x512xf32>) outs(%rms_empty : tensor<112x512x512xf32>) {
  ^bb0(%s: f32, %out: f32):
    %mean = arith.divf %s, %num_features : f32
    %shifted = arith.addf %mean, %eps : f32
    %root = math.sqrt %shifted : f32
    linalg.yield %root : f32
  } -> tensor<112x512x512xf32>
  // y = x / rms, broadcast over the features.
  %y_empty = tensor.empty() : tensor<112x64x512x512xf32>
  %y = linalg.generic {indexing_maps = [#identity4, #broadcast, #identity4],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x, %rms : tensor<112x64x512x512xf32>, tensor<112x512x512xf32>) outs(%y_empty : tensor<112x64x512x512xf32>) {
  ^bb0(%in: f32, %r: f32, %out: f32):
    %normalized = arith.divf %in, %r : f32
    linalg.yield %normalized : f32
  } -> tensor<112x64x512x512xf32>
  return %y : tensor<112x64x512x512xf32>
}
