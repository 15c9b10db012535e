//===- DeviceKernels.h - The runtime's own PTX kernels ----------*- C++ -*-===//
//
// Hand-written PTX kernels the runtime loads through the driver JIT:
// foundry_fill_<type> writes seeded pseudo-random values on the device
// (counter-based: element i gets hash(seed, i), so a trial's inputs need no
// host-to-device copy and every timed run can start from fresh inputs), and
// foundry_compare_<type> applies the tolerance rule of compareBuffers to a
// whole output on the device (so a 1.6 G-element output is checked in
// milliseconds, with nothing copied to the host), foundry_fma_peak
// measures FP32 FMA throughput and foundry_wgmma_{f16,tf32}_peak the tensor
// cores' for the roofline (speed-of-light check, diagnoses).
//
// The hash is Chris Wellons' "lowbias32" integer hash (public domain,
// https://nullprogram.com/blog/2018/07/31/), applied twice; normal values
// come from the Box-Muller transform.
//
//===----------------------------------------------------------------------===//

#ifndef FOUNDRY_RUNTIME_DEVICEKERNELS_H
#define FOUNDRY_RUNTIME_DEVICEKERNELS_H

#include <string>

namespace foundry::runtime {

/// PTX (sm_90, PTX 8.0) for foundry_fill_{f32,f64,f16,bf16}(ptr, n, seed,
/// normal, scale, shift, zero_mask), foundry_compare_{f32,f64,f16,bf16,i64,i32,i16,i8}(out, ref, n,
/// atol, rtol, poison, stats) and foundry_fma_peak(out, iterations).
std::string deviceKernelsPtx();

/// PTX (sm_90a, PTX 8.0) for foundry_wgmma_{f16,tf32}_peak(out, iterations):
/// dense tensor-core throughput through wgmma m64n256k16 (f16) and
/// m64n256k8 (tf32) into f32, one warpgroup per block, 4 wgmma per
/// iteration; `out` takes one float per thread.
std::string tensorPeakKernelsPtx();

} // namespace foundry::runtime

#endif // FOUNDRY_RUNTIME_DEVICEKERNELS_H
