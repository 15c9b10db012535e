//===- CopiesToLinalg.cpp - memref.copy to linalg.copy -------------------===//
//
// foundry-copies-to-linalg: the copies bufferization inserts become
// linalg.copy ops, which both tails lower to loops (a memref.copy would
// become a call to the host runtime's memrefCopy).
//
//===----------------------------------------------------------------------===//

#include "foundry/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::foundry {
#define GEN_PASS_DEF_FOUNDRYCOPIESTOLINALGPASS
#include "foundry/Transforms/Passes.h.inc"
} // namespace mlir::foundry

using namespace mlir;
using namespace mlir::foundry;

namespace mlir::foundry {
namespace {
struct FoundryCopiesToLinalgPass final
    : impl::FoundryCopiesToLinalgPassBase<FoundryCopiesToLinalgPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<memref::CopyOp> copies;
    getOperation().walk([&](memref::CopyOp copy) { copies.push_back(copy); });
    IRRewriter rewriter(&getContext());
    for (memref::CopyOp copy : copies) {
      rewriter.setInsertionPoint(copy);
      rewriter.replaceOpWithNewOp<linalg::CopyOp>(copy, copy.getSource(),
                                                  copy.getTarget());
    }
  }
};
} // namespace
} // namespace mlir::foundry
