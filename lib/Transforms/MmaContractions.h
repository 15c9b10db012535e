//===- MmaContractions.h - Warp contractions to mma.sync ---------*- C++
//-*-===//
//
// The GPU tail's mma.sync lowering (foundry-map-forall-to-gpu): the warp
// contractions foundry-mma makes become mma.sync through upstream's
// vector-to-nvgpu conversion, with bf16 and 3xtf32 added where upstream
// has neither.
//
//===----------------------------------------------------------------------===//

#ifndef FOUNDRY_LIB_TRANSFORMS_MMACONTRACTIONS_H
#define FOUNDRY_LIB_TRANSFORMS_MMACONTRACTIONS_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::foundry {

/// The m16n8k8 contractions of foundry-mma become nvgpu.mma.sync with
/// per-lane operand loads (upstream), split into 3xtf32 when the function's
/// precision is 3xtf32.
/// (bf16 ones built as bf16 mma.sync by this file, upstream having none).
/// Fails with a diagnostic at the launch or the contraction it cannot
/// convert.
LogicalResult lowerMmaContractions(RewriterBase &rewriter,
                                   gpu::LaunchOp launch);

} // namespace mlir::foundry

#endif // FOUNDRY_LIB_TRANSFORMS_MMACONTRACTIONS_H
