//===- WarpSpecialization.cpp - A producer warpgroup beside the matmul's -===//
//
// This file implements the launch split of WarpSpecialization.h. The
// producer's threads run none of the kernel's body: its loads, stores and
// barriers stay in the consumers' branch, and the producer branch gets its
// own copies of the addresses it needs. The consumers' barriers are named
// barriers of their threads only (PTX ISA, "bar, barrier": barrier ids 1
// to 15 take a thread count), so a producer still issuing loads, or done,
// never holds them up.
//
//===----------------------------------------------------------------------===//

#include "WarpSpecialization.h"

#include "foundry/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace mlir;
using namespace mlir::foundry;

/// On the scf.if of a split launch: the consumers' thread count.
static constexpr llvm::StringLiteral kConsumerThreadsAttr =
    "foundry.consumer_threads";

/// The named barrier the consumers synchronize on.
static constexpr int64_t kConsumerBarrier = 1;

std::optional<int64_t> foundry::consumerWarpgroups(gpu::LaunchOp launch) {
  std::optional<int64_t> x = getConstantIntValue(launch.getBlockSizeX()),
                         y = getConstantIntValue(launch.getBlockSizeY()),
                         z = getConstantIntValue(launch.getBlockSizeZ());
  if (x != kWarpgroupSize || !y || *y < 1 || z != 1 ||
      (*y + 1) * kWarpgroupSize > kMaxThreadsPerBlock)
    return std::nullopt;
  return *y;
}

LogicalResult foundry::checkProducerInputs(gpu::LaunchOp launch,
                                           scf::ForOp loop,
                                           ArrayRef<Value> values,
                                           Operation *user) {
  SmallVector<Value> worklist(values);
  llvm::SmallPtrSet<Value, 16> seen;
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    if (!seen.insert(value).second ||
        !launch.getBody().isAncestor(value.getParentRegion()) ||
        value == loop.getInductionVar())
      continue;
    if (auto argument = dyn_cast<BlockArgument>(value)) {
      if (argument.getOwner() == &launch.getBody().front())
        continue;
      return user->emitOpError("foundry-map-forall-to-gpu: the producer "
                               "warpgroup's loads need a block argument "
                               "inside the kernel: ")
             << value;
    }
    Operation *def = value.getDefiningOp();
    if (!isPure(def) || def->getNumRegions() != 0)
      return user->emitOpError("foundry-map-forall-to-gpu: the producer "
                               "warpgroup's loads need a value of the kernel "
                               "that is not index arithmetic or a view: ")
             << value;
    llvm::append_range(worklist, def->getOperands());
  }
  return success();
}

scf::IfOp foundry::splitProducer(RewriterBase &rewriter, gpu::LaunchOp launch,
                                 int64_t consumerWarpgroups) {
  Location loc = launch.getLoc();
  Value producer = arith::CmpIOp::create(
      rewriter, loc, arith::CmpIPredicate::eq, launch.getThreadIds().y,
      arith::ConstantIndexOp::create(rewriter, loc, consumerWarpgroups));
  auto branch = scf::IfOp::create(rewriter, loc, producer,
                                  /*withElseRegion=*/true);
  IntegerAttr threads =
      rewriter.getI64IntegerAttr(consumerWarpgroups * kWarpgroupSize);
  branch->setAttr(kConsumerThreadsAttr, threads);
  rewriter.modifyOpInPlace(
      launch, [&] { launch->setAttr(kConsumerThreadsAttr, threads); });
  Block &top = launch.getBody().front();
  Operation *end = branch.getElseRegion().front().getTerminator();
  SmallVector<Operation *> moved;
  for (Operation &op : llvm::make_range(std::next(branch->getIterator()),
                                        top.getTerminator()->getIterator()))
    moved.push_back(&op);
  for (Operation *op : moved)
    rewriter.moveOpBefore(op, end);
  return branch;
}

LogicalResult foundry::rematerializeInProducer(RewriterBase &rewriter,
                                               scf::IfOp branch,
                                               Operation *user) {
  Region &consumers = branch.getElseRegion();
  Block &producer = branch.getThenRegion().front();
  SmallVector<OpOperand *> uses;
  producer.walk([&](Operation *op) {
    for (OpOperand &use : op->getOpOperands())
      if (consumers.isAncestor(use.get().getParentRegion()))
        uses.push_back(&use);
  });
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointToStart(&producer);
  IRMapping mapping;
  std::function<FailureOr<Value>(Value)> clone =
      [&](Value value) -> FailureOr<Value> {
    if (Value mapped = mapping.lookupOrNull(value))
      return mapped;
    if (!consumers.isAncestor(value.getParentRegion()))
      return value;
    Operation *def = value.getDefiningOp();
    if (!def || !isPure(def) || def->getNumRegions() != 0)
      return failure();
    for (Value operand : def->getOperands())
      if (failed(clone(operand)))
        return failure();
    Operation *copy = rewriter.clone(*def, mapping);
    return copy->getResult(cast<OpResult>(value).getResultNumber());
  };
  for (OpOperand *use : uses) {
    FailureOr<Value> value = clone(use->get());
    if (failed(value))
      return user->emitOpError("foundry-map-forall-to-gpu: the producer "
                               "warpgroup's loads need a value of the kernel "
                               "that is not index arithmetic or a view: ")
             << use->get();
    use->set(*value);
  }
  return success();
}

/// The top-level scf.if of `launch` that splitProducer made, or null.
static scf::IfOp splitOf(gpu::LaunchOp launch) {
  for (auto branch : launch.getBody().front().getOps<scf::IfOp>())
    if (branch->hasAttr(kConsumerThreadsAttr))
      return branch;
  return scf::IfOp();
}

Block &foundry::consumerBlock(gpu::LaunchOp launch) {
  if (scf::IfOp branch = splitOf(launch))
    return branch.getElseRegion().front();
  return launch.getBody().front();
}

LogicalResult foundry::finishWarpSpecialization(RewriterBase &rewriter,
                                                gpu::LaunchOp launch) {
  if (!launch->hasAttr(kConsumerThreadsAttr))
    return success();
  scf::IfOp branch = splitOf(launch);
  if (!branch)
    return launch.emitOpError("foundry-map-forall-to-gpu: the producer "
                              "branch of a warp-specialized launch was lost "
                              "in its lowering");
  int64_t threads =
      branch->getAttrOfType<IntegerAttr>(kConsumerThreadsAttr).getInt();
  SmallVector<gpu::BarrierOp> barriers;
  branch.getElseRegion().walk(
      [&](gpu::BarrierOp barrier) { barriers.push_back(barrier); });
  for (gpu::BarrierOp barrier : barriers) {
    rewriter.setInsertionPoint(barrier);
    Location loc = barrier.getLoc();
    auto i32 = [&](int64_t v) -> Value {
      return arith::ConstantOp::create(rewriter, loc, rewriter.getI32Type(),
                                       rewriter.getI32IntegerAttr(v));
    };
    NVVM::BarrierOp::create(rewriter, loc, TypeRange{}, i32(kConsumerBarrier),
                            i32(threads), NVVM::BarrierReductionAttr(),
                            Value());
    rewriter.eraseOp(barrier);
  }
  rewriter.modifyOpInPlace(branch,
                           [&] { branch->removeAttr(kConsumerThreadsAttr); });
  // The producer warpgroup along y.
  rewriter.setInsertionPoint(launch);
  Value y = arith::ConstantIndexOp::create(rewriter, launch.getLoc(),
                                           threads / kWarpgroupSize + 1);
  rewriter.modifyOpInPlace(launch, [&] {
    launch.getBlockSizeYMutable().assign(y);
    launch->removeAttr(kConsumerThreadsAttr);
  });
  return success();
}
