//===- Im2Col.cpp - Convolutions as GEMMs over an im2col tensor -----------===//
//
// foundry-im2col: upstream linalg::rewriteInIm2Col on the 2-D convolutions
// of kernels.
//
//===----------------------------------------------------------------------===//

#include "foundry/Transforms/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::foundry {
#define GEN_PASS_DEF_FOUNDRYIM2COLPASS
#include "foundry/Transforms/Passes.h.inc"
} // namespace mlir::foundry

using namespace mlir;
using namespace mlir::foundry;

namespace mlir::foundry {
namespace {
constexpr StringLiteral kPass = "foundry-im2col";

struct FoundryIm2ColPass final
    : impl::FoundryIm2ColPassBase<FoundryIm2ColPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<Operation *> convs;
    getOperation()->walk([&](KernelOp kernel) {
      kernel.walk([&](Operation *op) {
        if (isa<linalg::Conv2DNchwFchwOp, linalg::Conv2DNhwcHwcfOp,
                linalg::Conv2DNhwcFhwcOp>(op) &&
            !op->getParentOfType<scf::ForallOp>())
          convs.push_back(op);
      });
    });
    IRRewriter rewriter(&getContext());
    bool failedAny = false;
    for (Operation *op : convs) {
      rewriter.setInsertionPoint(op);
      FailureOr<std::pair<Operation *, Operation *>> rewritten =
          TypeSwitch<Operation *,
                     FailureOr<std::pair<Operation *, Operation *>>>(op)
              .Case<linalg::Conv2DNchwFchwOp, linalg::Conv2DNhwcHwcfOp,
                    linalg::Conv2DNhwcFhwcOp>([&](auto conv) {
                return linalg::rewriteInIm2Col(rewriter, conv);
              })
              .Default([](Operation *) { return failure(); });
      if (failed(rewritten)) {
        op->emitOpError()
            << kPass
            << ": the upstream im2col rewrite does not apply (it needs "
               "static shapes and tensor semantics)";
        failedAny = true;
      }
    }
    if (failedAny)
      signalPassFailure();
  }
};
} // namespace
} // namespace mlir::foundry
