//===- CpAsyncPipeline.h - Multi-stage cp.async k-loops ---------*- C++ -*-===//
//
// The GPU tail's shared-memory pipelines (foundry-map-forall-to-gpu) for
// tiles that foundry-promote stages with cp.async: copy groups merged, and
// k-loops multi-buffered by foundry-promote's stages.
//
//===----------------------------------------------------------------------===//

#ifndef FOUNDRY_LIB_TRANSFORMS_CPASYNCPIPELINE_H
#define FOUNDRY_LIB_TRANSFORMS_CPASYNCPIPELINE_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::foundry {

/// In `launch`, after nvgpu's cp.async groups are made: the waits between
/// the copies of one k-step's operands merge into one, and with `stages` > 1
/// each block-level k-loop that issues cp.async copies (other than the
/// wgmma lowering's, which pipelines its own) is pipelined over `stages`
/// sets of its tiles, where its form allows (see pipelineStagedLoop in
/// CpAsyncPipeline.cpp); other loops keep one stage.
void pipelineCpAsyncCopies(RewriterBase &rewriter, gpu::LaunchOp launch,
                           int64_t stages);

} // namespace mlir::foundry

#endif // FOUNDRY_LIB_TRANSFORMS_CPASYNCPIPELINE_H
