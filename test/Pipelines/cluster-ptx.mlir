// REQUIRES: ptxas
// RUN: foundry-opt %S/../Transforms/split-reduction-cluster.mlir "--foundry-split-reduction=outputs=16 parts=8 cluster=true" "--foundry-tile-blocks=fuse=all sizes=1,128 target=result" "--foundry-reduce-threads=threads=32 interleave=2" "--foundry-tile-threads=sizes=0,4 interleave=4" --foundry-vectorize "--foundry-to-nvvm=manifest=%t.json" --foundry-extract-ptx=output=%t.ptx -o /dev/null
// RUN: FileCheck %s < %t.ptx
// RUN: FileCheck %s --check-prefix=MANIFEST < %t.json
// RUN: %ptxas -arch=sm_90 -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: foundry-opt %S/../Transforms/split-reduction-cluster.mlir "--foundry-split-reduction=outputs=16 parts=8 cluster=true online=true" "--foundry-tile-blocks=fuse=all sizes=1,128 target=result" "--foundry-reduce-threads=threads=32 interleave=2" "--foundry-tile-threads=sizes=0,4 interleave=4" --foundry-vectorize --foundry-to-nvvm --foundry-extract-ptx=output=%t.online.ptx -o /dev/null
// RUN: FileCheck %s --check-prefix=ONLINE < %t.online.ptx
// RUN: foundry-opt %foundry_src_root/bench/kernelbench/level1/23_softmax.mlir --foundry-outline-kernels "--foundry-split-reduction=outputs=4096 parts=8 cluster=true online=true" "--foundry-tile-blocks=fuse=all sizes=1,49152 target=result" "--foundry-reduce-threads=threads=1024 interleave=4 shuffle=true" "--foundry-tile-threads=sizes=0,48 interleave=4" --foundry-vectorize --foundry-unroll=factor=12 --foundry-to-nvvm --foundry-extract-ptx=output=%t.reuse.ptx -o /dev/null
// RUN: FileCheck %s --check-prefix=REUSE < %t.reuse.ptx
// RUN: foundry-opt %foundry_src_root/bench/kernelbench/level1/23_softmax.mlir --foundry-outline-kernels --foundry-approx-math "--foundry-split-reduction=outputs=4096 parts=8 cluster=true online=true" "--foundry-tile-blocks=fuse=all sizes=1,49152 target=result" "--foundry-reduce-threads=threads=1024 interleave=4 shuffle=true" "--foundry-tile-threads=sizes=0,48 interleave=4" --foundry-vectorize --foundry-unroll=factor=12 --foundry-to-nvvm --foundry-extract-ptx=output=%t.exp.ptx -o /dev/null
// RUN: grep -c ex2.approx %t.exp.ptx | FileCheck %s --check-prefix=EXPS

// foundry-split-reduction{cluster=true} on a softmax over 16 rows of 1024:
// one kernel that declares clusters of 8 blocks (so that a plain
// cuLaunchKernel launches it in clusters), the row's partial maxima, then
// its partial sums, then its output, a cluster barrier between each.
// CHECK: .entry softmax_kernel(
// CHECK: .explicitcluster
// CHECK: .reqnctapercluster 8, 1, 1
// CHECK: barrier.cluster.arrive;
// CHECK-NEXT: barrier.cluster.wait;
// CHECK: barrier.cluster.arrive;
// CHECK-NEXT: barrier.cluster.wait;
// CHECK-NOT: .entry
// CHECK-NOT: barrier.cluster
// CHECK: ret;

// With online=true each block computes its part's maximum and its sum of
// exp relative to it before the cluster shares them: one cluster barrier.
// ONLINE: .entry softmax_kernel(
// ONLINE: .reqnctapercluster 8, 1, 1
// ONLINE: barrier.cluster.arrive;
// ONLINE-NEXT: barrier.cluster.wait;
// ONLINE-NOT: barrier.cluster

// L1 23 (rows of 393216) in 8-block clusters of 1024 threads, 48 floats a
// thread: the statistics pass and the unrolled output pass read the same 12
// pieces of 4 floats, and the output pass takes them from the first pass's
// registers (foundry-reuse-read-only-loads; LLVM alone reloaded 11 of them):
// the row is read from global memory once.
// REUSE: .entry softmax_kernel(
// REUSE-COUNT-12: ld.global.nc.v4.b32
// REUSE-NOT: ld.global.nc
// REUSE: barrier.cluster.arrive;
// REUSE-NOT: ld.global.nc
// REUSE: ret;
// ONLINE: ret;

// MANIFEST: "launches"
// MANIFEST-NOT: "kernel"
// MANIFEST: "cluster": [
// MANIFEST-NEXT: 8,
// MANIFEST-NEXT: 1,
// MANIFEST-NEXT: 1
// MANIFEST: "grid": [
// MANIFEST-NEXT: 8,
// MANIFEST-NEXT: 16,
// MANIFEST-NEXT: 1
// MANIFEST: "kernel": "softmax_kernel"
// MANIFEST-NOT: "kernel"
// PTXAS: 0 bytes spill stores, 0 bytes spill loads

// With approximate exps, the output pass scales the statistics pass's
// exp(x - block max) by one exp(block max - row max) (foundry-reuse-
// exponentials): 48 exps a thread for its 48 elements, one for the scale,
// one in the cluster merge; 97 without the pass (the SASS count of
// 2026-12-05).
// EXPS: {{^}}50{{$}}
