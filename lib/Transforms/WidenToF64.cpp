//===- WidenToF64.cpp - f32 kernels computed in f64 ----------------------===//
//
// foundry-widen-to-f64: every f32 of a kernel (arguments, results, body
// values, constants) becomes f64, so that the CPU reference executor can
// compute an fp32 kernel's reference at double precision.
//
//===----------------------------------------------------------------------===//

#include "foundry/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

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

/// An elementwise linalg.generic converting tensor `value` to `elementType`
/// with `extf` or `truncf`.
static Value convertTensor(OpBuilder &builder, Location loc, Value value,
                           Type elementType) {
  auto type = cast<RankedTensorType>(value.getType());
  Value empty = tensor::EmptyOp::create(builder, loc, type.getShape(),
                                        elementType);
  AffineMap identity =
      builder.getMultiDimIdentityMap(static_cast<unsigned>(type.getRank()));
  SmallVector<utils::IteratorType> iterators(type.getRank(),
                                             utils::IteratorType::parallel);
  auto generic = linalg::GenericOp::create(
      builder, loc, TypeRange{empty.getType()}, ValueRange{value},
      ValueRange{empty}, ArrayRef<AffineMap>{identity, identity}, iterators,
      [&](OpBuilder &b, Location bodyLoc, ValueRange args) {
        Value converted =
            elementType.isF64()
                ? arith::ExtFOp::create(b, bodyLoc, elementType, args[0])
                      .getResult()
                : arith::TruncFOp::create(b, bodyLoc, elementType, args[0])
                      .getResult();
        linalg::YieldOp::create(b, bodyLoc, converted);
      });
  return generic.getResult(0);
}

/// Gives the widened `kernel` back its original signature `type`: f32 tensor
/// arguments extended on entry, results truncated before the yield. The
/// extensions are then fused into the ops that read them (upstream
/// elementwise fusion), so that no f64 copy of an input is materialized.
static void restoreInterface(KernelOp kernel, FunctionType type) {
  llvm::SmallPtrSet<Operation *, 4> extensions;
  kernel.setFunctionTypeAttr(TypeAttr::get(type));
  Block &body = kernel.getBody().front();
  OpBuilder builder = OpBuilder::atBlockBegin(&body);
  for (auto [arg, original] : llvm::zip(body.getArguments(), type.getInputs())) {
    if (arg.getType() == original)
      continue;
    Type wideType = arg.getType();
    arg.setType(original);
    Value wide =
        isa<RankedTensorType>(original)
            ? convertTensor(builder, kernel.getLoc(), arg,
                            getElementTypeOrSelf(wideType))
            : arith::ExtFOp::create(builder, kernel.getLoc(), wideType, arg)
                  .getResult();
    arg.replaceAllUsesExcept(wide, wide.getDefiningOp());
    extensions.insert(wide.getDefiningOp());
  }
  Operation *terminator = body.getTerminator();
  builder.setInsertionPoint(terminator);
  for (auto [operand, original] :
       llvm::zip(terminator->getOpOperands(), type.getResults())) {
    if (operand.get().getType() == original)
      continue;
    operand.set(
        isa<RankedTensorType>(original)
            ? convertTensor(builder, kernel.getLoc(), operand.get(),
                            getElementTypeOrSelf(original))
            : arith::TruncFOp::create(builder, kernel.getLoc(), original,
                                      operand.get())
                  .getResult());
  }
  RewritePatternSet fusion(kernel.getContext());
  linalg::populateElementwiseOpsFusionPatterns(
      fusion, [&](OpOperand *use) {
        return extensions.contains(use->get().getDefiningOp());
      });
  (void)applyPatternsGreedily(kernel, std::move(fusion));
}

LogicalResult mlir::foundry::widenKernelToF64(KernelOp kernel,
                                              bool keepInterface) {
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
  // Conversions between f32 and f64 (an f64 accumulator of f32 values)
  // are now from f64 to f64: no-ops, which the verifier refuses.
  SmallVector<Operation *> sameTypeCasts;
  kernel.getBody().walk([&](Operation *op) {
    if (isa<arith::ExtFOp, arith::TruncFOp>(op) &&
        op->getOperand(0).getType() == op->getResult(0).getType())
      sameTypeCasts.push_back(op);
  });
  for (Operation *op : sameTypeCasts) {
    op->getResult(0).replaceAllUsesWith(op->getOperand(0));
    op->erase();
  }
  if (keepInterface)
    restoreInterface(kernel, type);
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
    if (failed(widenKernelToF64(getOperation(), keepInterface)))
      signalPassFailure();
  }
};
} // namespace
} // namespace mlir::foundry
