// RUN: not foundry-opt %s --split-input-file --pass-pipeline="builtin.module(gpu.module(foundry-lower-warp-reductions))" 2>&1 | FileCheck %s

// foundry-reduce-threads makes scalar reductions over whole warps; others
// are refused at the op (upstream's vector patterns crash on some types).
gpu.module @vector {
  gpu.func @f(%a: vector<2xf16>) kernel {
    // CHECK: error: 'gpu.subgroup_reduce' op foundry-lower-warp-reductions: only scalar reductions over a whole warp are lowered, not vectors
    %r = gpu.subgroup_reduce add %a : (vector<2xf16>) -> vector<2xf16>
    gpu.return
  }
}

// -----

gpu.module @clustered {
  gpu.func @f(%a: f32) kernel {
    // CHECK: error: 'gpu.subgroup_reduce' op foundry-lower-warp-reductions: only scalar reductions over a whole warp are lowered, not clustered ones
    %r = gpu.subgroup_reduce add %a cluster(size = 4) : (f32) -> f32
    gpu.return
  }
}
