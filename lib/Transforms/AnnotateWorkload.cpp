//===- AnnotateWorkload.cpp - Count FLOPs and bytes of kernels -----------===//
//
// This file implements foundry-annotate-workload and computeWorkload: the
// FLOP and minimum-byte counts that the roofline and the diagnoses use.
//
//===----------------------------------------------------------------------===//

#include "foundry/Transforms/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Interfaces/CastInterfaces.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::foundry {
#define GEN_PASS_DEF_FOUNDRYANNOTATEWORKLOADPASS
#include "foundry/Transforms/Passes.h.inc"
} // namespace mlir::foundry

using namespace mlir;
using namespace mlir::foundry;

/// True for a scalar op that counts as one FLOP: any arith/math op except
/// constants and casts.
static bool isCountedScalarOp(Operation *op) {
  StringRef ns = op->getName().getDialectNamespace();
  if (ns != "arith" && ns != "math")
    return false;
  if (op->hasTrait<OpTrait::ConstantLike>() || isa<CastOpInterface>(op))
    return false;
  return true;
}

/// Multiplies `a` by `b`, reporting overflow at `op`.
static FailureOr<int64_t> checkedMul(Operation *op, int64_t a, int64_t b) {
  int64_t result;
  if (llvm::MulOverflow(a, b, result)) {
    op->emitError("workload overflows int64 (") << a << " * " << b << ")";
    return failure();
  }
  return result;
}

static FailureOr<int64_t> checkedAdd(Operation *op, int64_t a, int64_t b) {
  int64_t result;
  if (llvm::AddOverflow(a, b, result)) {
    op->emitError("workload overflows int64 (") << a << " + " << b << ")";
    return failure();
  }
  return result;
}

/// Number of elements of a statically shaped type, or failure.
static FailureOr<int64_t> staticNumElements(Operation *op, Type type) {
  auto shaped = dyn_cast<ShapedType>(type);
  if (!shaped)
    return int64_t(1);
  if (!shaped.hasStaticShape()) {
    op->emitError("cannot count the workload of a dynamically shaped value of "
                  "type ")
        << type;
    return failure();
  }
  int64_t count = 1;
  for (int64_t dim : shaped.getShape()) {
    FailureOr<int64_t> next = checkedMul(op, count, dim);
    if (failed(next))
      return failure();
    count = *next;
  }
  return count;
}

/// FLOPs of one op of the kernel body (not of ops nested in linalg bodies).
static FailureOr<int64_t> countFlops(Operation *op) {
  if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op)) {
    int64_t perIteration = 0;
    for (Operation &nested : *linalgOp.getBlock())
      nested.walk([&](Operation *inner) {
        if (isCountedScalarOp(inner))
          ++perIteration;
      });
    if (perIteration == 0)
      return int64_t(0);
    int64_t iterations = 1;
    for (int64_t range : linalgOp.getStaticLoopRanges()) {
      if (ShapedType::isDynamic(range)) {
        op->emitError("cannot count FLOPs: loop range is not static");
        return failure();
      }
      FailureOr<int64_t> next = checkedMul(op, iterations, range);
      if (failed(next))
        return failure();
      iterations = *next;
    }
    return checkedMul(op, iterations, perIteration);
  }
  if (auto softmax = dyn_cast<linalg::SoftmaxOp>(op)) {
    // max, subtract, exp, add, divide per element.
    FailureOr<int64_t> elements =
        staticNumElements(op, softmax.getInput().getType());
    if (failed(elements))
      return failure();
    return checkedMul(op, *elements, 5);
  }
  if (isCountedScalarOp(op) && op->getNumResults() == 1 &&
      isa<ShapedType>(op->getResult(0).getType()))
    return staticNumElements(op, op->getResult(0).getType());
  if (isCountedScalarOp(op))
    return int64_t(1);
  return int64_t(0);
}

/// Bytes of a statically shaped tensor; i1 elements count one byte each.
static FailureOr<int64_t> countBytes(Operation *op, Type type) {
  FailureOr<int64_t> elements = staticNumElements(op, type);
  if (failed(elements))
    return failure();
  unsigned bits = getElementTypeOrSelf(type).getIntOrFloatBitWidth();
  return checkedMul(op, *elements, std::max<int64_t>(1, (bits + 7) / 8));
}

FailureOr<WorkloadAttr> mlir::foundry::computeWorkload(KernelOp kernel) {
  int64_t flops = 0;
  for (Operation &op : kernel.getBody().front()) {
    FailureOr<int64_t> opFlops = countFlops(&op);
    if (failed(opFlops))
      return failure();
    FailureOr<int64_t> sum = checkedAdd(&op, flops, *opFlops);
    if (failed(sum))
      return failure();
    flops = *sum;
  }
  int64_t bytes = 0;
  SmallVector<Type> boundary(kernel.getArgumentTypes());
  llvm::append_range(boundary, kernel.getResultTypes());
  for (Type type : boundary) {
    FailureOr<int64_t> typeBytes = countBytes(kernel, type);
    if (failed(typeBytes))
      return failure();
    FailureOr<int64_t> sum = checkedAdd(kernel, bytes, *typeBytes);
    if (failed(sum))
      return failure();
    bytes = *sum;
  }
  return WorkloadAttr::get(kernel.getContext(), flops, bytes);
}

namespace mlir::foundry {
namespace {
struct FoundryAnnotateWorkloadPass final
    : impl::FoundryAnnotateWorkloadPassBase<FoundryAnnotateWorkloadPass> {
  using Base::Base;

  void runOnOperation() override {
    KernelOp kernel = getOperation();
    FailureOr<WorkloadAttr> workload = computeWorkload(kernel);
    if (failed(workload)) {
      kernel.emitError("foundry-annotate-workload could not count the "
                       "workload of @")
          << kernel.getSymName();
      return signalPassFailure();
    }
    kernel.setWorkloadAttr(*workload);
  }
};
} // namespace
} // namespace mlir::foundry
