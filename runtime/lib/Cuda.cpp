//===- Cuda.cpp - The CUDA driver API, loaded at run time -----------------===//
//
// This file implements Cuda, DeviceBuffer and Module over dlopen'ed
// libcuda.so.1.
//
//===----------------------------------------------------------------------===//

#include "foundry/Runtime/Cuda.h"

#include <dlfcn.h>

#include <utility>

using namespace foundry::runtime;

// cuda.h maps some names to versioned symbols (cuMemAlloc -> cuMemAlloc_v2);
// stringizing after expansion looks up the symbol the header means.
#define FOUNDRY_STRINGIZE_EXPANDED(name) FOUNDRY_STRINGIZE(name)
#define FOUNDRY_STRINGIZE(name) #name

std::unique_ptr<Cuda> Cuda::open(int ordinal, std::string &error) {
  std::unique_ptr<Cuda> cuda(new Cuda());
  cuda->library_ = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!cuda->library_) {
    const char *why = dlerror();
    error = std::string("no CUDA driver: cannot load libcuda.so.1 (") +
            (why ? why : "unknown reason") +
            "); foundry-run needs an NVIDIA GPU and its driver";
    return nullptr;
  }
  CudaApi &api = cuda->api_;
  bool missing = false;
  auto resolve = [&](auto &slot, const char *symbol) {
    void *address = dlsym(cuda->library_, symbol);
    if (!address && !missing) {
      error =
          std::string("the CUDA driver lacks ") + symbol + " (driver too old?)";
      missing = true;
    }
    slot = reinterpret_cast<std::remove_reference_t<decltype(slot)>>(address);
  };
#define FOUNDRY_RESOLVE(name)                                                  \
  resolve(api.name, FOUNDRY_STRINGIZE_EXPANDED(name))
  FOUNDRY_RESOLVE(cuInit);
  FOUNDRY_RESOLVE(cuDeviceGet);
  FOUNDRY_RESOLVE(cuDeviceGetName);
  FOUNDRY_RESOLVE(cuDeviceGetAttribute);
  FOUNDRY_RESOLVE(cuDevicePrimaryCtxRetain);
  FOUNDRY_RESOLVE(cuDevicePrimaryCtxRelease);
  FOUNDRY_RESOLVE(cuCtxSetCurrent);
  FOUNDRY_RESOLVE(cuCtxSynchronize);
  FOUNDRY_RESOLVE(cuCtxSetLimit);
  FOUNDRY_RESOLVE(cuCtxResetPersistingL2Cache);
  FOUNDRY_RESOLVE(cuModuleLoadData);
  FOUNDRY_RESOLVE(cuModuleUnload);
  FOUNDRY_RESOLVE(cuModuleGetFunction);
  FOUNDRY_RESOLVE(cuFuncSetAttribute);
  FOUNDRY_RESOLVE(cuMemAlloc);
  FOUNDRY_RESOLVE(cuMemFree);
  FOUNDRY_RESOLVE(cuMemcpyHtoD);
  FOUNDRY_RESOLVE(cuMemcpyDtoH);
  FOUNDRY_RESOLVE(cuMemcpyDtoD);
  FOUNDRY_RESOLVE(cuMemsetD8);
  FOUNDRY_RESOLVE(cuMemsetD16);
  FOUNDRY_RESOLVE(cuMemsetD32);
  FOUNDRY_RESOLVE(cuLaunchKernel);
  FOUNDRY_RESOLVE(cuEventCreate);
  FOUNDRY_RESOLVE(cuEventDestroy);
  FOUNDRY_RESOLVE(cuEventRecord);
  FOUNDRY_RESOLVE(cuEventSynchronize);
  FOUNDRY_RESOLVE(cuEventElapsedTime);
  FOUNDRY_RESOLVE(cuGetErrorName);
  FOUNDRY_RESOLVE(cuGetErrorString);
#undef FOUNDRY_RESOLVE
  api.cuTensorMapEncodeTiled =
      reinterpret_cast<decltype(api.cuTensorMapEncodeTiled)>(
          dlsym(cuda->library_, "cuTensorMapEncodeTiled"));
  if (missing)
    return nullptr;
  if (!cuda->check(api.cuInit(0), "cuInit", error) ||
      !cuda->check(api.cuDeviceGet(&cuda->device_, ordinal), "cuDeviceGet",
                   error) ||
      !cuda->check(api.cuDevicePrimaryCtxRetain(&cuda->context_, cuda->device_),
                   "cuDevicePrimaryCtxRetain", error) ||
      !cuda->check(api.cuCtxSetCurrent(cuda->context_), "cuCtxSetCurrent",
                   error))
    return nullptr;
  char name[256] = {};
  if (api.cuDeviceGetName(name, sizeof(name) - 1, cuda->device_) ==
      CUDA_SUCCESS)
    cuda->name_ = name;
  return cuda;
}

Cuda::~Cuda() {
  if (context_)
    api_.cuDevicePrimaryCtxRelease(device_);
  if (library_)
    dlclose(library_);
}

int Cuda::attribute(CUdevice_attribute attribute) const {
  int value = -1;
  if (api_.cuDeviceGetAttribute(&value, attribute, device_) != CUDA_SUCCESS)
    return -1;
  return value;
}

bool Cuda::check(CUresult result, const char *call, std::string &error) const {
  if (result == CUDA_SUCCESS)
    return true;
  const char *name = nullptr, *text = nullptr;
  if (api_.cuGetErrorName)
    api_.cuGetErrorName(result, &name);
  if (api_.cuGetErrorString)
    api_.cuGetErrorString(result, &text);
  error = std::string(call) + ": " +
          (name ? name : ("CUresult " + std::to_string(result)).c_str()) +
          (text ? std::string(": ") + text : std::string());
  return false;
}

DeviceBuffer &DeviceBuffer::operator=(DeviceBuffer &&other) noexcept {
  if (this != &other) {
    this->~DeviceBuffer();
    cuda_ = std::exchange(other.cuda_, nullptr);
    pointer_ = std::exchange(other.pointer_, 0);
    bytes_ = std::exchange(other.bytes_, 0);
  }
  return *this;
}

DeviceBuffer::~DeviceBuffer() {
  if (cuda_ && pointer_)
    cuda_->api().cuMemFree(pointer_);
  cuda_ = nullptr;
  pointer_ = 0;
}

bool DeviceBuffer::allocate(const Cuda &cuda, size_t bytes,
                            DeviceBuffer &buffer, std::string &error) {
  CUdeviceptr pointer = 0;
  if (!cuda.check(cuda.api().cuMemAlloc(&pointer, bytes ? bytes : 1),
                  "cuMemAlloc", error)) {
    error += " (" + std::to_string(bytes) + " bytes)";
    return false;
  }
  buffer = DeviceBuffer(&cuda, pointer, bytes);
  return true;
}

Module &Module::operator=(Module &&other) noexcept {
  if (this != &other) {
    this->~Module();
    cuda_ = std::exchange(other.cuda_, nullptr);
    module_ = std::exchange(other.module_, nullptr);
  }
  return *this;
}

Module::~Module() {
  if (cuda_ && module_)
    cuda_->api().cuModuleUnload(module_);
  cuda_ = nullptr;
  module_ = nullptr;
}

bool Module::load(const Cuda &cuda, const std::string &image, Module &module,
                  std::string &error) {
  CUmodule handle = nullptr;
  // std::string keeps a terminating NUL, which a PTX image needs.
  if (!cuda.check(cuda.api().cuModuleLoadData(&handle, image.c_str()),
                  "cuModuleLoadData", error))
    return false;
  module = Module();
  module.cuda_ = &cuda;
  module.module_ = handle;
  return true;
}

bool Module::function(const std::string &name, CUfunction &function,
                      std::string &error) const {
  if (!cuda_->check(
          cuda_->api().cuModuleGetFunction(&function, module_, name.c_str()),
          "cuModuleGetFunction", error)) {
    error += " (kernel '" + name + "')";
    return false;
  }
  return true;
}
