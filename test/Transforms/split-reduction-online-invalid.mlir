// RUN: not foundry-opt %s "--foundry-split-reduction=outputs=16 parts=8 online=true" 2>&1 | FileCheck %s

// A sum of exp(x - m) whose m is not a row maximum (a minimum): nothing to
// pair.
// CHECK: error: 'foundry.kernel' op foundry-split-reduction: online=true needs a row maximum
#id2 = affine_map<(i, j) -> (i, j)>
#row2 = affine_map<(i, j) -> (i)>
foundry.kernel @min_shift(%x: tensor<16x1024xf32>) -> tensor<16xf32> {
  %zero = arith.constant 0.0 : f32
  %inf = arith.constant 0x7F800000 : f32
  %me = tensor.empty() : tensor<16xf32>
  %mi = linalg.fill ins(%inf : f32) outs(%me : tensor<16xf32>) -> tensor<16xf32>
  %min = linalg.generic {indexing_maps = [#id2, #row2], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<16x1024xf32>) outs(%mi : tensor<16xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %m = arith.minimumf %v, %acc : f32
    linalg.yield %m : f32
  } -> tensor<16xf32>
  %si = linalg.fill ins(%zero : f32) outs(%me : tensor<16xf32>) -> tensor<16xf32>
  %sum = linalg.generic {indexing_maps = [#id2, #row2, #row2], iterator_types = ["parallel", "reduction"]}
      ins(%x, %min : tensor<16x1024xf32>, tensor<16xf32>) outs(%si : tensor<16xf32>) {
  ^bb0(%v: f32, %m: f32, %acc: f32):
    %d = arith.subf %v, %m : f32
    %e = math.exp %d : f32
    %a = arith.addf %e, %acc : f32
    linalg.yield %a : f32
  } -> tensor<16xf32>
  foundry.yield %sum : tensor<16xf32>
}
