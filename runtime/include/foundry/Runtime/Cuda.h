//===- Cuda.h - The CUDA driver API, loaded at run time ---------*- C++ -*-===//
//
// A thin owner of the CUDA driver API: libcuda.so.1 is opened with dlopen,
// so foundry builds (with cuda.h only) and starts on machines without a GPU
// driver, and says so clearly when one is needed. Everything here reports
// errors as strings naming the failed call and the driver's error name; no
// call aborts.
//
//===----------------------------------------------------------------------===//

#ifndef FOUNDRY_RUNTIME_CUDA_H
#define FOUNDRY_RUNTIME_CUDA_H

#include <cuda.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace foundry::runtime {

/// The driver entry points foundry uses, resolved from libcuda.so.1.
struct CudaApi {
  CUresult (*cuInit)(unsigned);
  CUresult (*cuDeviceGet)(CUdevice *, int);
  CUresult (*cuDeviceGetName)(char *, int, CUdevice);
  CUresult (*cuDeviceGetAttribute)(int *, CUdevice_attribute, CUdevice);
  CUresult (*cuDevicePrimaryCtxRetain)(CUcontext *, CUdevice);
  CUresult (*cuDevicePrimaryCtxRelease)(CUdevice);
  CUresult (*cuCtxSetCurrent)(CUcontext);
  CUresult (*cuCtxSynchronize)();
  CUresult (*cuCtxSetLimit)(CUlimit, size_t);
  CUresult (*cuCtxResetPersistingL2Cache)();
  CUresult (*cuModuleLoadData)(CUmodule *, const void *);
  CUresult (*cuModuleUnload)(CUmodule);
  CUresult (*cuModuleGetFunction)(CUfunction *, CUmodule, const char *);
  CUresult (*cuFuncSetAttribute)(CUfunction, CUfunction_attribute, int);
  CUresult (*cuMemAlloc)(CUdeviceptr *, size_t);
  CUresult (*cuMemFree)(CUdeviceptr);
  CUresult (*cuMemcpyHtoD)(CUdeviceptr, const void *, size_t);
  CUresult (*cuMemcpyDtoH)(void *, CUdeviceptr, size_t);
  CUresult (*cuMemcpyDtoD)(CUdeviceptr, CUdeviceptr, size_t);
  CUresult (*cuMemsetD8)(CUdeviceptr, unsigned char, size_t);
  CUresult (*cuMemsetD16)(CUdeviceptr, unsigned short, size_t);
  CUresult (*cuMemsetD32)(CUdeviceptr, unsigned, size_t);
  CUresult (*cuLaunchKernel)(CUfunction, unsigned, unsigned, unsigned, unsigned,
                             unsigned, unsigned, unsigned, CUstream, void **,
                             void **);
  CUresult (*cuEventCreate)(CUevent *, unsigned);
  CUresult (*cuEventDestroy)(CUevent);
  CUresult (*cuEventRecord)(CUevent, CUstream);
  CUresult (*cuEventSynchronize)(CUevent);
  CUresult (*cuEventElapsedTime)(float *, CUevent, CUevent);
  CUresult (*cuGetErrorName)(CUresult, const char **);
  CUresult (*cuGetErrorString)(CUresult, const char **);
  /// Null where the driver predates TMA (CUDA 12): only kernels with tensor
  /// map arguments need it.
  CUresult (*cuTensorMapEncodeTiled)(CUtensorMap *, CUtensorMapDataType,
                                     cuuint32_t, void *, const cuuint64_t *,
                                     const cuuint64_t *, const cuuint32_t *,
                                     const cuuint32_t *, CUtensorMapInterleave,
                                     CUtensorMapSwizzle, CUtensorMapL2promotion,
                                     CUtensorMapFloatOOBfill);
};

/// An open driver with a current context on one device (the primary
/// context of device `ordinal`). Create with Cuda::open; every other call
/// returns false and sets `error` ("cuModuleLoadData: CUDA_ERROR_...: text")
/// on failure.
class Cuda {
public:
  /// Opens libcuda.so.1, initializes the driver and makes device `ordinal`'s
  /// primary context current. Returns null with `error` set when there is
  /// no driver or no such device.
  static std::unique_ptr<Cuda> open(int ordinal, std::string &error);
  ~Cuda();
  Cuda(const Cuda &) = delete;
  Cuda &operator=(const Cuda &) = delete;

  const CudaApi &api() const { return api_; }
  /// The device's name, e.g. "NVIDIA H200".
  const std::string &deviceName() const { return name_; }
  /// A device attribute, or -1 if the driver cannot say.
  int attribute(CUdevice_attribute attribute) const;

  /// True if `result` is CUDA_SUCCESS; otherwise sets `error` to
  /// "<call>: <error name>: <error text>".
  bool check(CUresult result, const char *call, std::string &error) const;

private:
  Cuda() = default;
  void *library_ = nullptr;
  CudaApi api_{};
  CUdevice device_ = 0;
  CUcontext context_ = nullptr;
  std::string name_;
};

/// A device allocation, freed on destruction.
class DeviceBuffer {
public:
  DeviceBuffer() = default;
  DeviceBuffer(const Cuda *cuda, CUdeviceptr pointer, size_t bytes)
      : cuda_(cuda), pointer_(pointer), bytes_(bytes) {}
  DeviceBuffer(DeviceBuffer &&other) noexcept { *this = std::move(other); }
  DeviceBuffer &operator=(DeviceBuffer &&other) noexcept;
  ~DeviceBuffer();
  /// Allocates `bytes` (at least 1) bytes of device memory.
  static bool allocate(const Cuda &cuda, size_t bytes, DeviceBuffer &buffer,
                       std::string &error);
  CUdeviceptr pointer() const { return pointer_; }
  size_t bytes() const { return bytes_; }

private:
  const Cuda *cuda_ = nullptr;
  CUdeviceptr pointer_ = 0;
  size_t bytes_ = 0;
};

/// A loaded module (cubin or PTX image), unloaded on destruction.
class Module {
public:
  Module() = default;
  Module(Module &&other) noexcept { *this = std::move(other); }
  Module &operator=(Module &&other) noexcept;
  ~Module();
  /// Loads `image` (a cubin, or NUL-terminated PTX for the driver JIT).
  static bool load(const Cuda &cuda, const std::string &image, Module &module,
                   std::string &error);
  /// The kernel named `name`.
  bool function(const std::string &name, CUfunction &function,
                std::string &error) const;

private:
  const Cuda *cuda_ = nullptr;
  CUmodule module_ = nullptr;
};

} // namespace foundry::runtime

#endif // FOUNDRY_RUNTIME_CUDA_H
