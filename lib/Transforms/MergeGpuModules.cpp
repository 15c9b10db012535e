//===- MergeGpuModules.cpp - One gpu.module per kernel module ------------===//
//
// This file implements foundry-merge-gpu-modules: all outlined GPU kernels of
// a kernel go into one gpu.module, hence one PTX module and one cubin.
//
//===----------------------------------------------------------------------===//

#include "foundry/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Utils/GPUUtils.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"

namespace mlir::foundry {
#define GEN_PASS_DEF_FOUNDRYMERGEGPUMODULESPASS
#define GEN_PASS_DEF_FOUNDRYSINKINTOLAUNCHESPASS
#include "foundry/Transforms/Passes.h.inc"
} // namespace mlir::foundry

using namespace mlir;
using namespace mlir::foundry;

/// Bytes every shared-memory buffer is aligned to.
static constexpr int64_t kSharedMemoryAlignment = 16;

LogicalResult mlir::foundry::mergeGpuModules(ModuleOp module) {
  SmallVector<gpu::GPUModuleOp> gpuModules(module.getOps<gpu::GPUModuleOp>());
  if (gpuModules.size() < 2)
    return success();
  gpu::GPUModuleOp target = gpuModules.front();
  SymbolTable targetSymbols(target);
  MLIRContext *ctx = module.getContext();

  // Old (module, kernel) reference -> new reference.
  DenseMap<SymbolRefAttr, SymbolRefAttr> renamed;
  for (gpu::GPUModuleOp source : llvm::drop_begin(gpuModules)) {
    if (source.getTargetsAttr() != target.getTargetsAttr())
      return source.emitOpError("cannot be merged into @")
             << target.getName() << ": its targets differ";
    Block &body = source.getBodyRegion().front();
    for (Operation &op : llvm::make_early_inc_range(body)) {
      auto symbol = dyn_cast<SymbolOpInterface>(&op);
      if (!symbol)
        continue;
      StringAttr oldName = symbol.getNameAttr();
      StringAttr newName = oldName;
      if (isa<gpu::GPUFuncOp>(op)) {
        // The kernel takes the source module's (unique) name.
        newName = source.getNameAttr();
      } else if (targetSymbols.lookup(oldName)) {
        return op.emitOpError("cannot be merged into @")
               << target.getName() << ": symbol @" << oldName.getValue()
               << " is already defined there";
      }
      op.moveBefore(&target.getBodyRegion().front(),
                    target.getBodyRegion().front().end());
      if (newName != oldName)
        SymbolTable::setSymbolName(&op, newName);
      if (targetSymbols.lookup(newName) != &op) {
        if (targetSymbols.lookup(newName))
          return op.emitOpError("cannot be merged into @")
                 << target.getName() << ": symbol @" << newName.getValue()
                 << " is already defined there";
        targetSymbols.insert(&op);
      }
      renamed[SymbolRefAttr::get(source.getNameAttr(),
                                 {FlatSymbolRefAttr::get(oldName)})] =
          SymbolRefAttr::get(target.getNameAttr(),
                             {FlatSymbolRefAttr::get(ctx, newName)});
    }
  }

  WalkResult walk = module.walk([&](gpu::LaunchFuncOp launch) {
    auto it = renamed.find(launch.getKernelAttr());
    if (it != renamed.end())
      launch.setKernelAttr(it->second);
    return WalkResult::advance();
  });
  (void)walk;
  for (gpu::GPUModuleOp source : llvm::drop_begin(gpuModules))
    source.erase();
  return success();
}

namespace mlir::foundry {
namespace {
struct FoundryMergeGpuModulesPass final
    : impl::FoundryMergeGpuModulesPassBase<FoundryMergeGpuModulesPass> {
  using Base::Base;

  void runOnOperation() override {
    if (failed(mergeGpuModules(getOperation())))
      return signalPassFailure();
    // Every buffer parameter of a kernel is a distinct host buffer (views
    // are sunk into the launch before outlining, foundry-sink-into-launches;
    // the runner allocates each argument on its own): no two alias, which
    // lets LLVM keep a reduction's accumulator in a register instead of
    // storing it to the output every iteration.
    // A kernel some launch passes the same buffer twice is left as it is.
    llvm::DenseSet<StringAttr> sharedBuffers;
    getOperation().walk([&](gpu::LaunchFuncOp launch) {
      llvm::SmallPtrSet<Value, 8> seen;
      for (Value operand : launch.getKernelOperands())
        if (isa<MemRefType>(operand.getType()) &&
            !seen.insert(operand).second)
          sharedBuffers.insert(launch.getKernelName());
    });
    // A kernel launched in thread-block clusters declares their shape
    // (nvvm.cluster_dim: `.reqnctapercluster` in PTX), so that a plain
    // cuLaunchKernel launches it in clusters, which its cluster barriers
    // need.
    llvm::DenseMap<StringAttr, SmallVector<int32_t>> clusterShape;
    WalkResult clusters = getOperation().walk([&](gpu::LaunchFuncOp launch) {
      if (!launch.hasClusterSize())
        return WalkResult::advance();
      gpu::KernelDim3 sizes = launch.getClusterSizeOperandValues();
      SmallVector<int32_t> shape;
      for (Value size : {sizes.x, sizes.y, sizes.z}) {
        std::optional<int64_t> value = getConstantIntValue(size);
        if (!value) {
          launch.emitOpError("foundry-merge-gpu-modules: the cluster size "
                             "must be a constant");
          return WalkResult::interrupt();
        }
        shape.push_back(static_cast<int32_t>(*value));
      }
      clusterShape[launch.getKernelName()] = shape;
      return WalkResult::advance();
    });
    if (clusters.wasInterrupted())
      return signalPassFailure();
    if (failed(declareLaunchBounds()))
      return signalPassFailure();
    UnitAttr unit = UnitAttr::get(&getContext());
    // Shared-memory buffers are aligned to 16 bytes (the upstream lowering
    // otherwise declares them .align 4): the 16-byte vector accesses that
    // foundry-map-forall-to-gpu proves aligned relative to a buffer's start,
    // and cp.async's 16-byte copies, need the start aligned too.
    IntegerAttr align16 = IntegerAttr::get(IntegerType::get(&getContext(), 64),
                                           kSharedMemoryAlignment);
    getOperation().walk([&](gpu::GPUFuncOp func) {
      for (unsigned i = 0, e = func.getNumWorkgroupAttributions(); i < e; ++i)
        func.setWorkgroupAttributionAttr(i, "llvm.align", align16);
      if (auto it = clusterShape.find(func.getNameAttr());
          it != clusterShape.end())
        func->setAttr(NVVM::NVVMDialect::getClusterDimAttrName(),
                      DenseI32ArrayAttr::get(&getContext(), it->second));
      if (!func.isKernel() || sharedBuffers.contains(func.getNameAttr()))
        return;
      // The parameters only: the entry block's arguments also hold the
      // workgroup and private attributions.
      for (auto [index, type] : llvm::enumerate(func.getArgumentTypes()))
        if (isa<MemRefType>(type))
          func.setArgAttr(index, "llvm.noalias", unit);
    });
  }

  /// The launch bounds of foundry-launch-bounds on a host function
  /// (kMinBlocksPerSmAttr, kMaxRegistersAttr) declared on every gpu.func it
  /// launches: nvvm.minctasm (`.minnctapersm`) and nvvm.maxnreg
  /// (`.maxnreg`). Fails, at the host function, where the blocks per SM of
  /// a launch's threads (its known_block_size) exceed the 2048 threads of an
  /// sm_90 SM.
  LogicalResult declareLaunchBounds() {
    SymbolTableCollection symbols;
    WalkResult walk = getOperation().walk([&](gpu::LaunchFuncOp launch) {
      auto host = launch->getParentOfType<FunctionOpInterface>();
      if (!host)
        return WalkResult::advance();
      auto minBlocks = host->getAttrOfType<IntegerAttr>(kMinBlocksPerSmAttr);
      auto maxRegisters = host->getAttrOfType<IntegerAttr>(kMaxRegistersAttr);
      if (!minBlocks && !maxRegisters)
        return WalkResult::advance();
      auto func = symbols.lookupNearestSymbolFrom<gpu::GPUFuncOp>(
          launch, launch.getKernelAttr());
      if (!func)
        return WalkResult::advance();
      if (minBlocks) {
        int64_t threads = 1;
        if (std::optional<ArrayRef<int32_t>> block = func.getKnownBlockSize())
          for (int32_t size : *block)
            threads *= size;
        if (minBlocks.getInt() * threads > kMaxThreadsPerSm) {
          host->emitError("foundry-launch-bounds: min-blocks=")
              << minBlocks.getInt() << " blocks of " << threads
              << " threads (launch of @" << func.getName() << ") need "
              << minBlocks.getInt() * threads
              << " threads per SM; an sm_90 SM holds " << kMaxThreadsPerSm;
          return WalkResult::interrupt();
        }
        func->setAttr(NVVM::NVVMDialect::getMinctasmAttrName(), minBlocks);
      }
      if (maxRegisters)
        func->setAttr(NVVM::NVVMDialect::getMaxnregAttrName(), maxRegisters);
      return WalkResult::advance();
    });
    return failure(walk.wasInterrupted());
  }
};
} // namespace
} // namespace mlir::foundry

namespace mlir::foundry {
namespace {
struct FoundrySinkIntoLaunchesPass final
    : impl::FoundrySinkIntoLaunchesPassBase<FoundrySinkIntoLaunchesPass> {
  using Base::Base;

  void runOnOperation() override {
    // Constants and index math, as upstream's index-computation sinking.
    // Any constant-like op (a vectorized tile's ub.poison padding value,
    // too): a kernel parameter must be a host buffer (the runner provides
    // nothing else).
    auto beneficial = [](Operation *op) {
      return op->hasTrait<OpTrait::ConstantLike>() ||
             isa<arith::SelectOp, arith::CmpIOp, memref::DimOp>(op);
    };
    auto isView = [](Operation *op) {
      return isa_and_nonnull<memref::SubViewOp, memref::ExpandShapeOp,
                             memref::CollapseShapeOp, memref::CastOp,
                             memref::ReinterpretCastOp>(op);
    };
    WalkResult walk = getOperation()->walk([&](gpu::LaunchOp launch) {
      // Views of buffers: cloned at the top of the body, the chain down to
      // the buffer itself (upstream sinking only sinks what does not add a
      // parameter, and a view's source would be one).
      Region &body = launch.getBody();
      for (bool changed = true; changed;) {
        changed = false;
        llvm::SetVector<Value> above;
        getUsedValuesDefinedAbove(body, above);
        for (Value value : above) {
          Operation *view = value.getDefiningOp();
          if (!isView(view))
            continue;
          OpBuilder builder(&body.front(), body.front().begin());
          Operation *clone = builder.clone(*view);
          replaceAllUsesInRegionWith(value, clone->getResult(0), body);
          changed = true;
        }
      }
      return failed(sinkOperationsIntoLaunchOp(launch, beneficial))
                 ? WalkResult::interrupt()
                 : WalkResult::advance();
    });
    if (walk.wasInterrupted())
      signalPassFailure();
  }
};
} // namespace
} // namespace mlir::foundry
