//===- ApproxMath.cpp - Approximate fp32 exponentials and logarithms ------===//
//
// foundry-approx-math: the afn fast-math flag on a kernel's f32 math.exp and
// math.log, which the NVVM lowering turns into __nv_fast_expf and
// __nv_fast_logf (ex2.approx.f32, lg2.approx.f32) instead of libdevice's
// accurate subroutines.
//
//===----------------------------------------------------------------------===//

#include "foundry/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringSet.h"

namespace mlir::foundry {
#define GEN_PASS_DEF_FOUNDRYAPPROXMATHPASS
#include "foundry/Transforms/Passes.h.inc"
} // namespace mlir::foundry

using namespace mlir;
using namespace mlir::foundry;

/// The names foundry-approx-math accepts, in the order its docs give them.
static constexpr llvm::StringLiteral kFunctions[] = {"exp", "log"};

/// True if `op` computes `function` on f32 (scalars or vectors of them).
static bool computes(Operation *op, StringRef function) {
  bool matches = (function == "exp" && isa<math::ExpOp>(op)) ||
                 (function == "log" && isa<math::LogOp>(op));
  return matches && getElementTypeOrSelf(op->getResult(0).getType()).isF32();
}

void mlir::foundry::approximateMath(Operation *root,
                                    ArrayRef<StringRef> functions) {
  root->walk([&](arith::ArithFastMathInterface op) {
    Operation *operation = op.getOperation();
    if (!llvm::any_of(functions, [&](StringRef function) {
          return computes(operation, function);
        }))
      return;
    arith::FastMathFlags flags = op.getFastMathFlagsAttr().getValue();
    operation->setAttr(
        op.getFastMathAttrName(),
        arith::FastMathFlagsAttr::get(operation->getContext(),
                                      flags | arith::FastMathFlags::afn));
  });
}

SmallVector<StringRef> mlir::foundry::approximableMath(Operation *root) {
  SmallVector<StringRef> found;
  for (StringRef function : kFunctions) {
    WalkResult walk = root->walk([&](arith::ArithFastMathInterface op) {
      if (computes(op, function) &&
          !arith::bitEnumContainsAll(op.getFastMathFlagsAttr().getValue(),
                                     arith::FastMathFlags::afn))
        return WalkResult::interrupt();
      return WalkResult::advance();
    });
    if (walk.wasInterrupted())
      found.push_back(function);
  }
  return found;
}

namespace mlir::foundry {
namespace {
struct FoundryApproxMathPass final
    : impl::FoundryApproxMathPassBase<FoundryApproxMathPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<StringRef> names;
    if (functions.empty())
      names.push_back("exp");
    for (const std::string &function : functions) {
      if (!llvm::is_contained(kFunctions, function)) {
        getOperation().emitError() << "foundry-approx-math: unknown function '"
                                   << function << "' (expected exp or log)";
        return signalPassFailure();
      }
      if (!llvm::is_contained(names, function))
        names.push_back(function);
    }
    MLIRContext *ctx = &getContext();
    getOperation().walk([&](KernelOp kernel) {
      // The union with an earlier foundry-approx-math's choice, in the
      // order of kFunctions.
      llvm::StringSet<> chosen;
      chosen.insert_range(names);
      if (auto earlier = kernel->getAttrOfType<ArrayAttr>(kApproxMathAttr))
        for (auto name : earlier.getAsRange<StringAttr>())
          chosen.insert(name.getValue());
      SmallVector<Attribute> attrs;
      SmallVector<StringRef> all;
      for (StringRef function : kFunctions)
        if (chosen.contains(function)) {
          attrs.push_back(StringAttr::get(ctx, function));
          all.push_back(function);
        }
      kernel->setAttr(kApproxMathAttr, ArrayAttr::get(ctx, attrs));
      approximateMath(kernel, all);
    });
  }
};
} // namespace
} // namespace mlir::foundry
