//===- ElementAt.h - one element of a tensor, computed in place -*- C++ -*-===//
//
// Builds the scalar at given indices of a tensor computed by pure,
// elementwise structured ops, where it is needed (in the body of another
// linalg.generic), instead of reading it from the whole tensor: the rewrites
// that turn a data movement into reads at computed indices (a concatenation,
// a one-hot pick) use it so the movement's producers go with it.
//
//===----------------------------------------------------------------------===//

#ifndef FOUNDRY_LIB_TRANSFORMS_ELEMENTAT_H
#define FOUNDRY_LIB_TRANSFORMS_ELEMENTAT_H

#include "mlir/IR/Builders.h"

namespace mlir::foundry {

/// Builds, at `builder`'s insertion point, the element of the statically
/// shaped tensor `tensor` at `indices` (one index per dimension, in range).
/// Looks through `tensor.extract_slice` (unit or static strides, static
/// offsets, rank-reducing or not) and through linalg ops whose loops are all
/// parallel, with one result through an identity map that the body does
/// not read, projected-permutation input maps and a body of pure ops
/// without regions (elementwise generics, linalg.broadcast,
/// linalg.transpose, named elementwise ops): their bodies are cloned at
/// the element. Anything else is read with `tensor.extract`, and so is
/// what lies beyond 64 producers deep or 256 cloned ops (each value at each
/// indices is built once: a producer read twice at every level of a chain
/// is not cloned twice per level).
Value buildElementAt(OpBuilder &builder, Location loc, Value tensor,
                     ValueRange indices);

} // namespace mlir::foundry

#endif // FOUNDRY_LIB_TRANSFORMS_ELEMENTAT_H
