//===- TmaLoads.h - TMA loads of staged wgmma tiles -------------*- C++ -*-===//
//
// The GPU tail's TMA loads (foundry-promote{tma=true}): a pipelined wgmma
// k-loop (Wgmma.cpp) loads each k-step's operand tiles with
// cp.async.bulk.tensor instead of cp.async, one mbarrier per stage
// counting their bytes. The tensor maps are arguments the host function
// gains (kTensorMapAttr), which the runner encodes.
//
//===----------------------------------------------------------------------===//

#ifndef FOUNDRY_LIB_TRANSFORMS_TMALOADS_H
#define FOUNDRY_LIB_TRANSFORMS_TMALOADS_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::foundry {

/// How one staged tile of R rows x C columns (C contiguous, C x element
/// bytes a multiple of 128) is loaded from a 2-D host buffer: boxes of
/// `boxRows` rows x 128 bytes through the tensor map `map` (a host function
/// argument), each landing in R x 128 contiguous bytes of the tile's set
/// (the 128-byte swizzled atoms of Wgmma.cpp), columns [a x atom, (a + 1) x
/// atom) in atom a.
struct TmaTile {
  BlockArgument map;
  /// The subviews from the global tile (a value of the k-loop's body) to
  /// the host buffer, outermost last.
  SmallVector<Operation *> views;
  int64_t rows = 0, columns = 0, elementBytes = 0, boxRows = 0;

  /// Elements of a 128-byte atom row; bytes of one set.
  int64_t atomElements() const { return 128 / elementBytes; }
  int64_t setBytes() const { return rows * columns * elementBytes; }
};

/// Plans the TMA loads of the global tile `global` (R x C, a view in the
/// body of `launch`'s k-loop of a 2-D host buffer) into a staged tile of
/// `elementBytes` elements: finds the host buffer and adds (or reuses) its
/// tensor map argument to the host function. Fails with a diagnostic at
/// `user` naming operand `name` when the tile is not such a view.
FailureOr<TmaTile> planTmaTile(gpu::LaunchOp launch, Value global,
                               int64_t elementBytes, Operation *user,
                               StringRef name);

/// The i64 address of the memref `buffer`'s first element (its aligned
/// pointer), shared or global.
Value bufferAddress(RewriterBase &rewriter, Location loc, Value buffer);

/// The mbarriers of a TMA pipeline: per entry of `arrivals`, a workgroup
/// buffer of `stages` i64 mbarriers expecting that many arrivals each (1
/// for those a k-step's loads complete), initialized by thread 0 at the
/// rewriter's insertion point, followed by the init fence and a block
/// barrier. (The runner writes the tensor maps before the launch, which
/// orders them before the kernel's TMA reads; fence.proxy.tensormap, for
/// maps the device writes, would also need PTX ISA 8.3.) Returns the
/// buffers.
SmallVector<Value> emitTmaBarriers(RewriterBase &rewriter,
                                   gpu::LaunchOp launch, Location loc,
                                   int64_t stages, ArrayRef<int64_t> arrivals,
                                   Value threadZero);

/// The shared-memory address (!llvm.ptr<3>) of mbarrier `stage` (index)
/// of `barriers`.
Value tmaBarrier(RewriterBase &rewriter, Location loc, Value barriers,
                 Value stage);

/// Thread 0's issue of one k-step: the mbarrier `barrier` expects the bytes
/// of all `tiles`, then each tile's boxes are loaded, the global tile being
/// the one the k-loop body's views give with `mapping` (the induction
/// variable to the k-step's k) from the set at shared address `sets[i]`
/// (i64) on. Emitted at the rewriter's insertion point, in an scf.if on
/// `issue`.
void emitTmaIssue(RewriterBase &rewriter, Location loc, Block *body,
                  IRMapping &mapping, ArrayRef<TmaTile> tiles,
                  ArrayRef<Value> sets, Value barrier, Value issue);

/// This thread's arrival on `barrier` (release semantics: its earlier
/// accesses, and the wgmma it waited for, are done before the phase
/// completes).
void emitTmaArrive(RewriterBase &rewriter, Location loc, Value barrier);

/// Every thread's wait for phase `parity` (i32, 0 or 1) of `barrier`; a
/// thread still waiting 2 s after its first failed try traps.
void emitTmaWait(RewriterBase &rewriter, Location loc, Value barrier,
                 Value parity);

} // namespace mlir::foundry

#endif // FOUNDRY_LIB_TRANSFORMS_TMALOADS_H
