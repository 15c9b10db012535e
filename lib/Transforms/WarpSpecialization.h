//===- WarpSpecialization.h - A producer warpgroup beside the matmul's -*-===//
//
// The GPU tail's warp specialization (foundry-promote{warp-specialize=true}):
// the block of a launch gains one warpgroup, the producer, along y; the
// launch's body becomes the consumers' branch, and the producer's branch
// (the TMA loads of a pipelined wgmma k-loop, Wgmma.cpp) runs beside it.
//
//===----------------------------------------------------------------------===//

#ifndef FOUNDRY_LIB_TRANSFORMS_WARPSPECIALIZATION_H
#define FOUNDRY_LIB_TRANSFORMS_WARPSPECIALIZATION_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::foundry {

/// The warpgroups along y of `launch`'s block, if it is 128 threads across
/// x, one warpgroup per y and one z (the layout foundry-tile-warpgroups
/// maps to) and leaves room for one more warpgroup (at most 1024 threads),
/// else std::nullopt.
std::optional<int64_t> consumerWarpgroups(gpu::LaunchOp launch);

/// Fails, with a diagnostic at `user`, unless each of `values` is computed
/// in `launch` from its block and thread ids, values from above it and
/// `loop`'s induction variable by pure ops without regions: what
/// rematerializeInProducer can clone into the producer's branch.
LogicalResult checkProducerInputs(gpu::LaunchOp launch, scf::ForOp loop,
                                  ArrayRef<Value> values, Operation *user);

/// Splits the body of `launch` (with `consumerWarpgroups` W) at the
/// rewriter's insertion point, a point of its top-level block: what
/// follows moves into the else branch of an scf.if on thread_id.y == W,
/// the consumers', and the then branch, the producer's, is empty. The
/// block gains the producer warpgroup only at finishWarpSpecialization;
/// until then the launch and the branch are marked with the consumers'
/// thread count. Returns the scf.if.
scf::IfOp splitProducer(RewriterBase &rewriter, gpu::LaunchOp launch,
                        int64_t consumerWarpgroups);

/// Clones into the start of the producer branch of `branch` (splitProducer)
/// the ops of its consumer branch whose values the producer branch reads:
/// index arithmetic and views, pure and without regions. Fails, with a
/// diagnostic at `user`, where such a value is not pure.
LogicalResult rematerializeInProducer(RewriterBase &rewriter, scf::IfOp branch,
                                      Operation *user);

/// The block of `launch` that holds its kernel's body: the consumer branch
/// of a split launch, else the top-level block.
Block &consumerBlock(gpu::LaunchOp launch);

/// At the end of the GPU tail's lowering of `launch`: the consumers'
/// barriers become named barriers of their threads (barrier 1; barrier 0
/// would wait for the producer), and the block gains the producer
/// warpgroup along y. Nothing for a launch splitProducer did not split;
/// fails with a diagnostic at a marked launch whose split is gone (its
/// consumers would wait forever for a producer that never runs).
LogicalResult finishWarpSpecialization(RewriterBase &rewriter,
                                       gpu::LaunchOp launch);

} // namespace mlir::foundry

#endif // FOUNDRY_LIB_TRANSFORMS_WARPSPECIALIZATION_H
