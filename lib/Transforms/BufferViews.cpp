//===- BufferViews.cpp - Views cut from buffers ---------------------------===//
//
// This file implements the view queries of BufferViews.h.
//
//===----------------------------------------------------------------------===//

#include "BufferViews.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

using namespace mlir;
using namespace mlir::foundry;

SmallVector<Value> foundry::viewChain(Value v) {
  SmallVector<Value> chain = {v};
  while (auto view = chain.back().getDefiningOp<ViewLikeOpInterface>())
    chain.push_back(view.getViewSource());
  return chain;
}

bool foundry::touchesBuffer(Operation *op, Value root) {
  return op
      ->walk([&](Operation *nested) {
        if (isa<ViewLikeOpInterface>(nested))
          return WalkResult::advance();
        for (Value operand : nested->getOperands())
          if (isa<MemRefType>(operand.getType()) &&
              viewChain(operand).back() == root)
            return WalkResult::interrupt();
        return WalkResult::advance();
      })
      .wasInterrupted();
}
