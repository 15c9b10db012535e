//===- FusedEpilogue.h - Elementwise epilogues on mma fragments -*- C++ -*-===//
//
// The GPU tail's fused GEMM epilogues (foundry-map-forall-to-gpu): an
// elementwise chain that a block tile runs after its tensor-core matmul,
// computed on each thread's accumulator fragments instead of on the whole
// tile, which no thread holds.
//
//===----------------------------------------------------------------------===//

#ifndef FOUNDRY_LIB_TRANSFORMS_FUSEDEPILOGUE_H
#define FOUNDRY_LIB_TRANSFORMS_FUSEDEPILOGUE_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::foundry {

/// Before the GPU mapping: every elementwise chain that reads a private
/// accumulator buffer at the top of `block` (a warp- or warpgroup-tiled
/// matmul's) and ends in the block's output tile becomes one generic on
/// that tile, marked for lowerFusedEpilogues (see fuseWarpEpilogue in
/// FusedEpilogue.cpp). Chains that do not match stay as they are.
void fuseWarpEpilogues(RewriterBase &rewriter, scf::ForallOp block);

/// True if `op` is a generic that fuseWarpEpilogues marked.
bool isFusedEpilogue(Operation *op);

/// After the mma ops of `launch` are converted: each marked epilogue of
/// `epilogues` is computed where the fragments are stored (warp tiles) or
/// on the fragment values (warpgroup tiles), else split over the threads,
/// each reading back what it stored, and lowered to loops. Fails with a
/// diagnostic at the epilogue where none of these applies.
LogicalResult lowerFusedEpilogues(RewriterBase &rewriter, gpu::LaunchOp launch,
                                  ArrayRef<linalg::GenericOp> epilogues);

} // namespace mlir::foundry

#endif // FOUNDRY_LIB_TRANSFORMS_FUSEDEPILOGUE_H
