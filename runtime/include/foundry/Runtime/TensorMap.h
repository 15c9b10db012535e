//===- TensorMap.h - TMA tensor maps of manifest arguments ------*- C++ -*-===//
//
// The runner's half of foundry-promote{tma=true}: a kernel argument of role
// tensor_map holds a CUtensorMap over another argument, encoded here for
// that argument's device address.
//
//===----------------------------------------------------------------------===//

#ifndef FOUNDRY_RUNTIME_TENSORMAP_H
#define FOUNDRY_RUNTIME_TENSORMAP_H

#include "foundry/Runtime/Cuda.h"
#include "foundry/Runtime/Manifest.h"

#include <string>

namespace foundry::runtime {

/// Encodes into `encoded` the tensor map of `map` (a TensorMap argument)
/// over `mapped`, bound at `base`: dense and row-major, dimensions and box
/// innermost first, no interleave, zeros out of bounds
/// (cuTensorMapEncodeTiled). Returns false with `error` set otherwise.
bool encodeTensorMap(const Cuda &cuda, const ManifestArgument &map,
                     const ManifestArgument &mapped, CUdeviceptr base,
                     CUtensorMap &encoded, std::string &error);

} // namespace foundry::runtime

#endif // FOUNDRY_RUNTIME_TENSORMAP_H
