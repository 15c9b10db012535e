//===- LowerKernels.cpp - foundry.kernel to destination-passing func -----===//
//
// This file implements foundry-lower-kernels, the first step of every lowering
// tail: results become caller-owned output buffers, so nothing is allocated on
// the host for them.
//
//===----------------------------------------------------------------------===//

#include "foundry/Transforms/Passes.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::foundry {
#define GEN_PASS_DEF_FOUNDRYLOWERKERNELSPASS
#include "foundry/Transforms/Passes.h.inc"
} // namespace mlir::foundry

using namespace mlir;
using namespace mlir::foundry;

/// The identity-layout memref holding a value of ranked tensor type `type`.
static MemRefType toMemRef(Type type) {
  auto tensorType = cast<RankedTensorType>(type);
  return MemRefType::get(tensorType.getShape(), tensorType.getElementType());
}

/// A result computed in another shape and reshaped at the end (a 4-D
/// einsum's GEMM over 1M collapsed rows, expanded back to 4-D): returns the
/// value before the reshapes and `buffer` viewed in its shape (the inverse
/// reshapes, on the identity-layout output buffer: always contiguous), so
/// that the result is computed in the output buffer itself instead of in a
/// workspace that a copy kernel then moves. Static shapes only.
static std::pair<Value, Value> peelResultReshapes(OpBuilder &builder,
                                                  Value value, Value buffer) {
  while (true) {
    if (auto expand = value.getDefiningOp<tensor::ExpandShapeOp>();
        expand && expand.getSrcType().hasStaticShape()) {
      buffer = memref::CollapseShapeOp::create(
          builder, expand.getLoc(), buffer,
          expand.getReassociationIndices());
      value = expand.getSrc();
      continue;
    }
    if (auto collapse = value.getDefiningOp<tensor::CollapseShapeOp>();
        collapse && collapse.getSrcType().hasStaticShape()) {
      buffer = memref::ExpandShapeOp::create(
          builder, collapse.getLoc(), collapse.getSrcType().getShape(),
          buffer, collapse.getReassociationIndices());
      value = collapse.getSrc();
      continue;
    }
    return {value, buffer};
  }
}

/// Rewrites `kernel` into a func.func of the same name; see the pass docs.
static void lowerKernel(KernelOp kernel) {
  MLIRContext *ctx = kernel.getContext();
  OpBuilder builder(kernel);
  Location loc = kernel.getLoc();

  ArrayRef<Type> inputs = kernel.getArgumentTypes();
  ArrayRef<Type> results = kernel.getResultTypes();
  SmallVector<Type> argTypes;
  for (Type type : llvm::concat<const Type>(inputs, results))
    argTypes.push_back(toMemRef(type));

  auto func = func::FuncOp::create(builder, loc, kernel.getSymName(),
                                   builder.getFunctionType(argTypes, {}));
  // The inputs' distributions, for the launch manifest.
  for (size_t i = 0; i < inputs.size(); ++i)
    if (Attribute init = kernel.getArgAttr(i, InputInit::kAttrName))
      func.setArgAttr(i, InputInit::kAttrName, init);
  auto outputAttr = StringAttr::get(ctx, "foundry.output");
  for (size_t i = 0; i < results.size(); ++i)
    func.setArgAttr(inputs.size() + i, outputAttr,
                    builder.getI64IntegerAttr(i));
  for (NamedAttribute attr :
       {NamedAttribute(StringAttr::get(ctx, "tolerance"),
                       kernel.getEffectiveTolerance()),
        NamedAttribute(
            StringAttr::get(ctx, "precision"),
            PrecisionAttr::get(ctx, kernel.getEffectivePrecision()))})
    func->setAttr(("foundry." + attr.getName().strref()).str(),
                  attr.getValue());
  if (WorkloadAttr workload = kernel.getWorkloadAttr())
    func->setAttr("foundry.workload", workload);
  // foundry-launch-bounds' bounds, for the GPU tail's gpu.func ops.
  for (StringRef name : {kMinBlocksPerSmAttr, kMaxRegistersAttr})
    if (Attribute bound = kernel->getAttr(name))
      func->setAttr(name, bound);

  Block *entry = func.addEntryBlock();
  builder.setInsertionPointToStart(entry);
  Block &body = kernel.getBody().front();
  for (auto [index, arg] : llvm::enumerate(body.getArguments())) {
    auto toTensor = bufferization::ToTensorOp::create(
        builder, arg.getLoc(), TypeRange{arg.getType()},
        ValueRange{entry->getArgument(index)});
    toTensor.setRestrict(true);
    arg.replaceAllUsesWith(toTensor.getResult());
  }

  auto yield = cast<YieldOp>(body.getTerminator());
  entry->getOperations().splice(entry->end(), body.getOperations(),
                                body.begin(), Block::iterator(yield));
  builder.setInsertionPointToEnd(entry);
  for (auto [index, value] : llvm::enumerate(yield.getOperands())) {
    auto [source, destination] = peelResultReshapes(
        builder, value, entry->getArgument(inputs.size() + index));
    auto materialize = bufferization::MaterializeInDestinationOp::create(
        builder, yield.getLoc(), TypeRange{}, ValueRange{source, destination});
    materialize.setRestrict(true);
    materialize.setWritable(true);
  }
  func::ReturnOp::create(builder, yield.getLoc());
  // foundry-approx-math's functions, on the ops that passes after it made.
  if (auto approx = kernel->getAttrOfType<ArrayAttr>(kApproxMathAttr)) {
    SmallVector<StringRef> functions;
    for (auto name : approx.getAsRange<StringAttr>())
      functions.push_back(name.getValue());
    approximateMath(func, functions);
  }
  kernel.erase();
}

namespace mlir::foundry {
namespace {
struct FoundryLowerKernelsPass final
    : impl::FoundryLowerKernelsPassBase<FoundryLowerKernelsPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<KernelOp> kernels(getOperation().getOps<KernelOp>());
    // Plain functions on tensors are kernels not yet outlined: lowering
    // them as they are would leave half-converted IR behind.
    if (kernels.empty()) {
      for (auto func : getOperation().getOps<func::FuncOp>()) {
        if (llvm::any_of(func.getArgumentTypes(),
                         llvm::IsaPred<RankedTensorType>) ||
            llvm::any_of(func.getResultTypes(),
                         llvm::IsaPred<RankedTensorType>)) {
          func.emitOpError("foundry-lower-kernels: @")
              << func.getSymName()
              << " works on tensors but is not a foundry.kernel; run "
                 "--foundry-outline-kernels first";
          return signalPassFailure();
        }
      }
    }
    for (KernelOp kernel : kernels)
      if (failed(decomposeAggregateOps(kernel.getBody())))
        return signalPassFailure();
    for (KernelOp kernel : kernels)
      lowerKernel(kernel);
  }
};
} // namespace
} // namespace mlir::foundry
