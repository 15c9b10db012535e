//===- BufferViews.h - Views cut from buffers --------------------*- C++
//-*-===//
//
// Small queries of the GPU tail on memref views: the chain of views a value
// was cut from, and whether an op touches a buffer through any of them.
//
//===----------------------------------------------------------------------===//

#ifndef FOUNDRY_LIB_TRANSFORMS_BUFFERVIEWS_H
#define FOUNDRY_LIB_TRANSFORMS_BUFFERVIEWS_H

#include "mlir/IR/Operation.h"

namespace mlir::foundry {

/// `v` and the values it was cut from through view ops (subviews), up to
/// the root allocation or argument, last.
SmallVector<Value> viewChain(Value v);

/// True if `op` or an op nested in it has an operand that is `root` or a
/// view cut from it (the view ops themselves aside).
bool touchesBuffer(Operation *op, Value root);

} // namespace mlir::foundry

#endif // FOUNDRY_LIB_TRANSFORMS_BUFFERVIEWS_H
