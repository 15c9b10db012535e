//===- WidenToF64.cpp - f32 kernels computed in f64 ----------------------===//
//
// foundry-widen-to-f64: every f32 of a kernel (arguments, results, body
// values, constants) becomes f64, so that the CPU reference executor can
// compute an fp32 kernel's reference at double precision.
//
//===----------------------------------------------------------------------===//

#include "foundry/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Verifier.h"

namespace mlir::foundry {
#define GEN_PASS_DEF_FOUNDRYWIDENTOF64PASS
#include "foundry/Transforms/Passes.h.inc"
} // namespace mlir::foundry

using namespace mlir;
using namespace mlir::foundry;

/// `type` with f32 replaced by f64 (scalars, tensors, vectors).
static Type widen(Type type) {
  Builder b(type.getContext());
  if (type.isF32())
    return b.getF64Type();
  if (auto shaped = dyn_cast<ShapedType>(type))
    if (shaped.getElementType().isF32())
      return shaped.clone(b.getF64Type());
  return type;
}

/// `attr` (an f32 constant or splat/dense f32 elements) in f64.
static Attribute widen(Attribute attr) {
  if (auto f = dyn_cast<FloatAttr>(attr); f && f.getType().isF32()) {
    bool losesInfo = false;
    APFloat value = f.getValue();
    value.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven,
                  &losesInfo);
    return FloatAttr::get(Float64Type::get(attr.getContext()), value);
  }
  if (auto dense = dyn_cast<DenseFPElementsAttr>(attr);
      dense && dense.getElementType().isF32())
    return dense.mapValues(
        Float64Type::get(attr.getContext()), [](const APFloat &v) {
          bool losesInfo = false;
          APFloat wide = v;
          wide.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven,
                       &losesInfo);
          return wide.bitcastToAPInt();
        });
  return attr;
}

LogicalResult mlir::foundry::widenKernelToF64(KernelOp kernel) {
  // Bit-level views of f32 have no f64 meaning.
  WalkResult bitcasts = kernel.walk([](arith::BitcastOp op) {
    op.emitOpError("foundry-widen-to-f64: a bitcast cannot be widened");
    return WalkResult::interrupt();
  });
  if (bitcasts.wasInterrupted())
    return failure();

  auto type = kernel.getFunctionType();
  SmallVector<Type> inputs =
      llvm::map_to_vector(type.getInputs(), [](Type t) { return widen(t); });
  SmallVector<Type> results =
      llvm::map_to_vector(type.getResults(), [](Type t) { return widen(t); });
  kernel.setFunctionTypeAttr(
      TypeAttr::get(FunctionType::get(kernel.getContext(), inputs, results)));
  kernel.getBody().walk([](Block *block) {
    for (BlockArgument arg : block->getArguments())
      arg.setType(widen(arg.getType()));
  });
  kernel.getBody().walk([](Operation *op) {
    for (OpResult result : op->getResults())
      result.setType(widen(result.getType()));
    if (auto constant = dyn_cast<arith::ConstantOp>(op))
      constant.setValueAttr(cast<TypedAttr>(widen(constant.getValue())));
  });
  if (failed(verify(kernel)))
    return kernel.emitOpError("foundry-widen-to-f64: the widened kernel does "
                              "not verify");
  return success();
}

namespace mlir::foundry {
namespace {
struct FoundryWidenToF64Pass final
    : impl::FoundryWidenToF64PassBase<FoundryWidenToF64Pass> {
  using Base::Base;

  void runOnOperation() override {
    if (failed(widenKernelToF64(getOperation())))
      signalPassFailure();
  }
};
} // namespace
} // namespace mlir::foundry
