//===- Promote.cpp - Operand tiles in shared memory ----------------------===//
//
// foundry-promote: inside a block-level k-loop, operands of the linalg ops
// are copied into workgroup (shared) memory tensors, which the warp or
// thread tiles then read. The copies are linalg.copy ops that
// foundry-tile-warps / foundry-tile-threads distribute over the whole block,
// foundry-vectorize turns into wide accesses, and the GPU tail makes
// asynchronous (cp.async) with the barriers the mapping inserts.
//
//===----------------------------------------------------------------------===//

#include "foundry/Transforms/Passes.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::foundry {
#define GEN_PASS_DEF_FOUNDRYDROPSHAREDMEMORYPASS
#define GEN_PASS_DEF_FOUNDRYPROMOTEPASS
#include "foundry/Transforms/Passes.h.inc"
} // namespace mlir::foundry

using namespace mlir;
using namespace mlir::foundry;

/// The block-level k-loop around `op`: an scf.for between `op` and its
/// block-level forall, with no warp or thread forall in between.
static scf::ForOp blockLevelLoop(Operation *op) {
  scf::ForOp loop;
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp()) {
    if (auto forall = dyn_cast<scf::ForallOp>(parent))
      return isBlockLevelForall(forall) ? loop : scf::ForOp();
    if (auto forOp = dyn_cast<scf::ForOp>(parent))
      loop = forOp;
  }
  return {};
}

bool mlir::foundry::isEmptyTensorSlice(Value value) {
  while (auto slice = value.getDefiningOp<tensor::ExtractSliceOp>())
    value = slice.getSource();
  return value.getDefiningOp<tensor::EmptyOp>() != nullptr;
}

bool mlir::foundry::isWorkgroupMemorySpace(Attribute memorySpace) {
  auto space = dyn_cast_or_null<gpu::AddressSpaceAttr>(memorySpace);
  return space && space.getValue() == gpu::AddressSpace::Workgroup;
}

Value mlir::foundry::createSharedMemoryTensor(OpBuilder &builder, Location loc,
                                              RankedTensorType type) {
  auto alloc =
      bufferization::AllocTensorOp::create(builder, loc, type, ValueRange());
  alloc.setMemorySpaceAttr(gpu::AddressSpaceAttr::get(
      builder.getContext(), gpu::AddressSpace::Workgroup));
  return alloc.getResult();
}

bool mlir::foundry::isSharedMemoryCopy(Operation *op) {
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  if (!linalgOp || linalgOp.getNumDpsInits() != 1 ||
      linalgOp.getNumReductionLoops() != 0)
    return false;
  Value init = linalgOp.getDpsInitOperand(0)->get();
  // A padded tile: the copy fills a slice of the wider buffer.
  if (auto slice = init.getDefiningOp<tensor::ExtractSliceOp>())
    init = slice.getSource();
  auto alloc = init.getDefiningOp<bufferization::AllocTensorOp>();
  return alloc && isWorkgroupMemorySpace(alloc.getMemorySpaceAttr());
}

linalg::LinalgOp mlir::foundry::soleParallelProducer(OpOperand &input) {
  Operation *consumer = input.getOwner();
  auto producer = input.get().getDefiningOp<linalg::LinalgOp>();
  if (!producer || producer->getBlock() != consumer->getBlock() ||
      !producer.hasPureTensorSemantics() ||
      producer.getNumReductionLoops() != 0 || isSharedMemoryCopy(producer) ||
      !llvm::all_of(producer->getUsers(), [&](Operation *user) {
        // Extents of dynamic tiles read the producer's shape.
        return user == consumer || isa<tensor::DimOp>(user);
      }))
    return {};
  return producer;
}

namespace mlir::foundry {
namespace {
struct FoundryDropSharedMemoryPass final
    : impl::FoundryDropSharedMemoryPassBase<FoundryDropSharedMemoryPass> {
  using Base::Base;

  void runOnOperation() override {
    getOperation()->walk([](bufferization::AllocTensorOp alloc) {
      alloc.setMemorySpaceAttr(nullptr);
    });
    // Threads run one after another on the CPU: there is no warp to reduce
    // across.
    // One diagnostic, at the first.
    WalkResult warpReduction =
        getOperation()->walk([&](gpu::SubgroupReduceOp op) {
          op.emitOpError("has no CPU meaning (the warp shuffles of "
                         "foundry-reduce-threads{shuffle=true}); compile "
                         "this schedule for the GPU only");
          return WalkResult::interrupt();
        });
    if (warpReduction.wasInterrupted())
      return signalPassFailure();
    // foundry-mma's f16 contractions accumulate in f32 (mma.sync m16n8k16
    // takes them so); the CPU's contraction lowering takes one element
    // type.
    widenContractionOperands(getOperation());
  }
};

struct FoundryPromotePass final
    : impl::FoundryPromotePassBase<FoundryPromotePass> {
  using Base::Base;

  void runOnOperation() override {
    if (operands.empty()) {
      getOperation().emitError("foundry-promote: no operands to promote "
                               "(operands=0,1 promotes the two inputs of a "
                               "matmul)");
      return signalPassFailure();
    }
    SmallVector<linalg::LinalgOp> targets;
    getOperation()->walk([&](KernelOp kernel) {
      kernel.walk([&](linalg::LinalgOp op) {
        if (op.hasPureTensorSemantics() && op.getNumReductionLoops() > 0 &&
            !isSharedMemoryCopy(op) && blockLevelLoop(op))
          targets.push_back(op);
      });
    });
    if (targets.empty()) {
      getOperation()->walk([&](KernelOp kernel) {
        kernel.emitOpError("foundry-promote: no op inside a block-level "
                           "k-loop; run foundry-tile-blocks then "
                           "foundry-tile-reduction first");
      });
      return signalPassFailure();
    }

    IRRewriter rewriter(&getContext());
    llvm::DenseMap<Operation *, int64_t> bytesPerBlock;
    if (tma && stages < 3) {
      getOperation().emitError("foundry-promote: tma=true needs stages=3 or "
                               "4 (the GPU tail loads the tiles of "
                               "pipelined wgmma k-loops with TMA), got "
                               "stages=")
          << static_cast<int64_t>(stages);
      return signalPassFailure();
    }
    if (warpSpecialize && !tma) {
      getOperation().emitError("foundry-promote: warp-specialize=true needs "
                               "tma=true (the producer warpgroup issues TMA "
                               "loads)");
      return signalPassFailure();
    }
    if (stages < 1 || stages > 4) {
      getOperation().emitError("foundry-promote: stages must be 1 to 4, got ")
          << static_cast<int64_t>(stages);
      return signalPassFailure();
    }
    if (padding < 0 || padding > 1024) {
      getOperation().emitError("foundry-promote: padding must be in [0, "
                               "1024] elements, got ")
          << static_cast<int64_t>(padding);
      return signalPassFailure();
    }
    for (linalg::LinalgOp op : targets) {
      for (int64_t index : operands) {
        if (index < 0 || index >= op.getNumDpsInputs()) {
          op.emitOpError("foundry-promote: operand #")
              << index << " does not exist; the op has " << op.getNumDpsInputs()
              << " inputs";
          return signalPassFailure();
        }
        OpOperand *operand = op.getDpsInputOperand(index);
        auto type = dyn_cast<RankedTensorType>(operand->get().getType());
        if (!type || !type.hasStaticShape()) {
          op.emitOpError("foundry-promote: operand #")
              << index
              << " has a dynamic shape; choose block and k tiles that divide "
                 "the op";
          return signalPassFailure();
        }
        int64_t elementBytes = type.getElementTypeBitWidth() / 8;
        if (padding > 0 &&
            (type.getRank() == 0 || (padding * elementBytes) % 16 != 0)) {
          op.emitOpError("foundry-promote: padding ")
              << static_cast<int64_t>(padding) << " x " << elementBytes
              << " bytes does not keep the rows of operand #" << index
              << " 16-byte aligned";
          return signalPassFailure();
        }
        SmallVector<int64_t> paddedShape(type.getShape());
        if (padding > 0)
          paddedShape.back() += padding;
        auto paddedType = type.clone(paddedShape);
        int64_t bytes = paddedType.getNumElements() * elementBytes;
        Operation *block = op->getParentOfType<scf::ForallOp>();
        int64_t &total = bytesPerBlock[block];
        total += bytes;
        if (total > kMaxSharedBytesPerBlock) {
          op.emitOpError("foundry-promote: the promoted tiles need ")
              << total << " bytes of shared memory per block, over sm_90's "
              << kMaxSharedBytesPerBlock << "-byte limit";
          return signalPassFailure();
        }
        // An operand computed in the k-loop for this op alone (an im2col
        // gather fused by foundry-tile-reduction) is computed straight
        // into the shared tile instead of into a temporary copied there.
        linalg::LinalgOp producer = soleParallelProducer(*operand);
        bool inPlace = producer && producer.getNumDpsInits() == 1 &&
                       isEmptyTensorSlice(producer.getDpsInitOperand(0)->get());
        if (inPlace)
          rewriter.setInsertionPoint(producer);
        else
          rewriter.setInsertionPoint(op);
        Value tile =
            createSharedMemoryTensor(rewriter, op.getLoc(), paddedType);
        if (padding > 0) {
          SmallVector<OpFoldResult> offsets(type.getRank(),
                                            rewriter.getIndexAttr(0)),
              strides(type.getRank(), rewriter.getIndexAttr(1)), sizes;
          for (int64_t size : type.getShape())
            sizes.push_back(rewriter.getIndexAttr(size));
          tile = tensor::ExtractSliceOp::create(rewriter, op.getLoc(), type,
                                                tile, offsets, sizes, strides);
        }
        if (inPlace) {
          rewriter.modifyOpInPlace(
              producer, [&] { producer.getDpsInitOperand(0)->set(tile); });
          continue;
        }
        Value copy =
            linalg::CopyOp::create(rewriter, op.getLoc(), operand->get(), tile)
                .getResult(0);
        operand->set(copy);
      }
      if (stages > 1)
        blockLevelLoop(op)->setAttr(kPipelineStagesAttr,
                                    rewriter.getI64IntegerAttr(stages));
      if (tma)
        blockLevelLoop(op)->setAttr(kTmaLoadsAttr, rewriter.getUnitAttr());
      if (warpSpecialize)
        blockLevelLoop(op)->setAttr(kWarpSpecializedAttr,
                                    rewriter.getUnitAttr());
    }
  }
};
} // namespace
} // namespace mlir::foundry
