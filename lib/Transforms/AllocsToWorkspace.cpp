//===- AllocsToWorkspace.cpp - Host allocations to workspace arguments ---===//
//
// This file implements foundry-allocs-to-workspace: the lowered kernel owns
// no memory; every buffer it needs is an argument the runner allocates.
//
//===----------------------------------------------------------------------===//

#include "foundry/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"

namespace mlir::foundry {
#define GEN_PASS_DEF_FOUNDRYALLOCSTOWORKSPACEPASS
#include "foundry/Transforms/Passes.h.inc"
} // namespace mlir::foundry

using namespace mlir;
using namespace mlir::foundry;

LogicalResult mlir::foundry::allocsToWorkspace(func::FuncOp func) {
  if (func.isDeclaration())
    return success();
  SmallVector<memref::AllocOp> allocs(
      func.getBody().front().getOps<memref::AllocOp>());
  Builder builder(func.getContext());
  int64_t index = 0;
  for (memref::AllocOp alloc : allocs) {
    MemRefType type = alloc.getType();
    if (!type.hasStaticShape() || !type.getLayout().isIdentity())
      return alloc.emitOpError("cannot become a workspace argument: only "
                               "statically shaped, identity-layout buffers "
                               "can, got ")
             << type;
    unsigned argIndex = func.getNumArguments();
    NamedAttribute attr(builder.getStringAttr("foundry.workspace"),
                        builder.getI64IntegerAttr(index++));
    if (failed(func.insertArgument(
            argIndex, type, builder.getDictionaryAttr(attr), alloc.getLoc())))
      return alloc.emitOpError("could not add a workspace argument");
    Value arg = func.getArgument(argIndex);
    for (Operation *user : llvm::make_early_inc_range(alloc->getUsers()))
      if (isa<memref::DeallocOp>(user))
        user->erase();
    alloc.replaceAllUsesWith(arg);
    alloc.erase();
  }
  return success();
}

namespace mlir::foundry {
namespace {
struct FoundryAllocsToWorkspacePass final
    : impl::FoundryAllocsToWorkspacePassBase<FoundryAllocsToWorkspacePass> {
  using Base::Base;

  void runOnOperation() override {
    if (failed(allocsToWorkspace(getOperation())))
      signalPassFailure();
  }
};
} // namespace
} // namespace mlir::foundry
