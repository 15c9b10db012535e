// REQUIRES: ptxas
// RUN: foundry-opt %S/schedule-ptx.mlir --foundry-tile-blocks=sizes=64,64 --foundry-tile-threads=sizes=8,8 --foundry-tile-reduction=sizes=8 --foundry-vectorize --foundry-to-nvvm --foundry-extract-ptx=output=%t.free.ptx -o /dev/null
// RUN: %ptxas -arch=sm_90 -v %t.free.ptx -o %t.free.cubin 2>&1 | FileCheck %s --check-prefix=FREE
// RUN: foundry-opt %S/schedule-ptx.mlir --foundry-tile-blocks=sizes=64,64 --foundry-tile-threads=sizes=8,8 --foundry-tile-reduction=sizes=8 --foundry-vectorize --foundry-launch-bounds=max-registers=64 --foundry-to-nvvm --foundry-extract-ptx=output=%t.capped.ptx -o /dev/null
// RUN: FileCheck %s --check-prefix=CAPPED-PTX < %t.capped.ptx
// RUN: %ptxas -arch=sm_90 -v %t.capped.ptx -o %t.capped.cubin 2>&1 | FileCheck %s --check-prefix=CAPPED
// RUN: foundry-opt %S/schedule-ptx.mlir --foundry-tile-blocks=sizes=64,64 --foundry-tile-threads=sizes=8,8 --foundry-tile-reduction=sizes=8 --foundry-vectorize --foundry-launch-bounds=min-blocks=16 --foundry-to-nvvm --foundry-extract-ptx=output=%t.blocks.ptx -o /dev/null
// RUN: %ptxas -arch=sm_90 -v %t.blocks.ptx -o %t.blocks.cubin 2>&1 | FileCheck %s --check-prefix=BLOCKS

// An 8x8 register tile per thread of a 64x64 block tile (64 threads): ptxas
// alone takes more than 64 registers per thread.
// FREE: Used {{(6[5-9]|[7-9][0-9]|[1-2][0-9][0-9])}} registers

// max-registers=64: .maxnreg 64, and ptxas keeps to it.
// CAPPED-PTX: .maxnreg 64
// CAPPED: Used {{([1-5][0-9]|6[0-4])}} registers

// min-blocks=16 blocks of 64 threads (1024 threads per SM): at most 64
// registers per thread, so that 16 blocks fit in the SM's 65536.
// BLOCKS: Used {{([1-5][0-9]|6[0-4])}} registers
