//===- TensorMap.cpp - TMA tensor maps of manifest arguments --------------===//
//
// This file implements encodeTensorMap over the driver's
// cuTensorMapEncodeTiled.
//
//===----------------------------------------------------------------------===//

#include "foundry/Runtime/TensorMap.h"

#include <vector>

using namespace foundry::runtime;

bool foundry::runtime::encodeTensorMap(const Cuda &cuda,
                                       const ManifestArgument &map,
                                       const ManifestArgument &mapped,
                                       CUdeviceptr base, CUtensorMap &encoded,
                                       std::string &error) {
  const CudaApi &api = cuda.api();
  if (!api.cuTensorMapEncodeTiled) {
    error = "the CUDA driver lacks cuTensorMapEncodeTiled (TMA needs a "
            "CUDA 12 driver or later)";
    return false;
  }
  CUtensorMapDataType type;
  if (mapped.elementType == "f32")
    type = CU_TENSOR_MAP_DATA_TYPE_FLOAT32;
  else if (mapped.elementType == "f16")
    type = CU_TENSOR_MAP_DATA_TYPE_FLOAT16;
  else if (mapped.elementType == "bf16")
    type = CU_TENSOR_MAP_DATA_TYPE_BFLOAT16;
  else {
    error = "a tensor map over " + mapped.elementType +
            " elements (foundry maps f32, f16 and bf16)";
    return false;
  }
  size_t rank = mapped.shape.size();
  std::vector<cuuint64_t> dims(rank), strides(rank);
  std::vector<cuuint32_t> box(rank), elementStrides(rank, 1);
  uint64_t stride = uint64_t(mapped.elementBytes());
  for (size_t d = 0; d < rank; ++d) {
    dims[d] = cuuint64_t(mapped.shape[rank - 1 - d]);
    box[d] = cuuint32_t(map.tensorMap.box[d]);
    strides[d] = stride;
    stride *= dims[d];
  }
  CUtensorMapSwizzle swizzle = CU_TENSOR_MAP_SWIZZLE_NONE;
  switch (map.tensorMap.swizzle) {
  case 32:
    swizzle = CU_TENSOR_MAP_SWIZZLE_32B;
    break;
  case 64:
    swizzle = CU_TENSOR_MAP_SWIZZLE_64B;
    break;
  case 128:
    swizzle = CU_TENSOR_MAP_SWIZZLE_128B;
    break;
  }
  static_assert(sizeof(CUtensorMap) == 128, "a CUtensorMap is 128 bytes");
  // globalStrides lists the strides of dimensions 1 to rank - 1.
  return cuda.check(
      api.cuTensorMapEncodeTiled(
          &encoded, type, cuuint32_t(rank), reinterpret_cast<void *>(base),
          dims.data(), strides.data() + 1, box.data(), elementStrides.data(),
          CU_TENSOR_MAP_INTERLEAVE_NONE, swizzle,
          CU_TENSOR_MAP_L2_PROMOTION_L2_256B, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE),
      "cuTensorMapEncodeTiled", error);
}
