// RUN: foundry-opt %s --foundry-to-nvvm | FileCheck %s --check-prefix=MLIR
// RUN: foundry-opt %s --foundry-to-nvvm --foundry-extract-ptx=output=%t.ptx -o /dev/null
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: grep -c ".visible .entry softmax_kernel" %t.ptx | FileCheck %s --check-prefix=ENTRIES
// RUN: foundry-opt %s --foundry-to-nvvm="block-size=64" --foundry-extract-ptx -o /dev/null | FileCheck %s --check-prefix=BLOCK64
// RUN: not foundry-opt %s --foundry-extract-ptx -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOPTX

// The naive schedule of a softmax: one launch per linalg op, one thread per
// output element, reductions as loops inside the thread, temporaries in
// runner-owned workspace buffers (no host allocation).
// MLIR:       gpu.binary @softmax_kernel
// MLIR-SAME:    #nvvm.target<O = 3, chip = "sm_90", features = "+ptx80">
// MLIR-NOT:   malloc

// PTX:        .version 8.0
// PTX:        .target sm_90
// PTX:        .visible .entry softmax_kernel
// PTX:        .maxntid 256, 1, 1
// PTX-DAG:    ld.global.b32
// PTX-DAG:    st.global.b32
// PTX-DAG:    ex2.approx
// PTX-DAG:    div.rn.f32
// PTX-NOT:    .local

// ENTRIES:    6

// BLOCK64:    .maxntid 64, 1, 1

// NOPTX: error: foundry-extract-ptx: no PTX found: the module has no gpu.binary in PTX form (no kernel, or --foundry-to-nvvm did not run with format=isa)

foundry.kernel @softmax(%x: tensor<13x257xf32>) -> tensor<13x257xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %rows = tensor.empty() : tensor<13xf32>
  %maxInit = linalg.fill ins(%ninf : f32) outs(%rows : tensor<13xf32>) -> tensor<13xf32>
  %max = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
      iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<13x257xf32>) outs(%maxInit : tensor<13xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %m = arith.maximumf %in, %acc : f32
    linalg.yield %m : f32
  } -> tensor<13xf32>
  %init = tensor.empty() : tensor<13x257xf32>
  %exp = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%x, %max : tensor<13x257xf32>, tensor<13xf32>) outs(%init : tensor<13x257xf32>) {
  ^bb0(%in: f32, %m: f32, %o: f32):
    %s = arith.subf %in, %m : f32
    %e = math.exp %s : f32
    linalg.yield %e : f32
  } -> tensor<13x257xf32>
  %sumInit = linalg.fill ins(%zero : f32) outs(%rows : tensor<13xf32>) -> tensor<13xf32>
  %sum = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
      iterator_types = ["parallel", "reduction"]}
      ins(%exp : tensor<13x257xf32>) outs(%sumInit : tensor<13xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %a = arith.addf %in, %acc : f32
    linalg.yield %a : f32
  } -> tensor<13xf32>
  %r = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%exp, %sum : tensor<13x257xf32>, tensor<13xf32>) outs(%init : tensor<13x257xf32>) {
  ^bb0(%in: f32, %s: f32, %o: f32):
    %d = arith.divf %in, %s : f32
    linalg.yield %d : f32
  } -> tensor<13x257xf32>
  foundry.yield %r : tensor<13x257xf32>
}
