//===- SplitK.cpp - Split-K for contractions with few outputs -------------===//
//
// foundry-split-k: upstream linalg::splitReduction on the contractions of
// kernels.
//
//===----------------------------------------------------------------------===//

#include "foundry/Transforms/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::foundry {
#define GEN_PASS_DEF_FOUNDRYSPLITKPASS
#include "foundry/Transforms/Passes.h.inc"
} // namespace mlir::foundry

using namespace mlir;
using namespace mlir::foundry;

namespace mlir::foundry {
namespace {
constexpr StringLiteral kPass = "foundry-split-k";
constexpr int64_t kMaxParts = 4096;

struct FoundrySplitKPass final
    : impl::FoundrySplitKPassBase<FoundrySplitKPass> {
  using Base::Base;

  LogicalResult split(linalg::LinalgOp op) {
    FailureOr<linalg::ContractionDimensions> dims =
        linalg::inferContractionDims(op);
    if (failed(dims) || dims->k.size() != 1)
      return op.emitOpError() << kPass
                              << ": only contractions with one reduction "
                                 "loop are split";
    int64_t extent = op.getStaticLoopRanges()[dims->k.front()];
    if (ShapedType::isDynamic(extent) || extent % int64_t(parts) != 0)
      return op.emitOpError()
             << kPass << ": parts=" << static_cast<int64_t>(parts)
             << " must divide the reduction loop's extent "
             << (ShapedType::isDynamic(extent) ? std::string("(dynamic)")
                                               : std::to_string(extent))
             << " (foundry-pad{k=...} first pads it)";
    IRRewriter rewriter(op.getContext());
    rewriter.setInsertionPoint(op);
    int64_t ratio = parts;
    FailureOr<linalg::SplitReductionResult> result = linalg::splitReduction(
        rewriter, op, [ratio](linalg::LinalgOp) {
          linalg::SplitReductionOptions options;
          options.ratio = ratio;
          options.index = 0;
          options.innerParallel = false;
          return options;
        });
    if (failed(result))
      return op.emitOpError() << kPass << ": the upstream split failed";
    return success();
  }

  void runOnOperation() override {
    if (parts < 2 || parts > kMaxParts) {
      getOperation().emitError() << kPass << ": parts must be 2 to "
                                 << kMaxParts << ", got "
                                 << static_cast<int64_t>(parts);
      return signalPassFailure();
    }
    SmallVector<Operation *> contractions =
        kernelLevelContractions(getOperation(), 2);
    if (contractions.empty()) {
      getOperation().emitError()
          << kPass << ": no contraction (with two parallel loops or more) "
                      "outside a block tile";
      return signalPassFailure();
    }
    bool failedAny = false;
    for (Operation *op : contractions)
      failedAny |= failed(split(cast<linalg::LinalgOp>(op)));
    if (failedAny)
      signalPassFailure();
  }
};
} // namespace
} // namespace mlir::foundry
