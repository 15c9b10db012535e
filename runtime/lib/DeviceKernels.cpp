//===- DeviceKernels.cpp - The runtime's own PTX kernels ------------------===//
//
// This file builds the PTX text of the fill, comparison and peak kernels.
//
//===----------------------------------------------------------------------===//

#include "foundry/Runtime/DeviceKernels.h"

using namespace foundry::runtime;

/// lowbias32 on register `x`, with `t` as scratch.
static std::string hash(const std::string &x, const std::string &t) {
  return "  shr.b32 " + t + ", " + x + ", 16;\n  xor.b32 " + x + ", " + x +
         ", " + t + ";\n  mul.lo.u32 " + x + ", " + x +
         ", 2146121005;\n  shr.b32 " + t + ", " + x + ", 15;\n  xor.b32 " + x +
         ", " + x + ", " + t + ";\n  mul.lo.u32 " + x + ", " + x +
         ", 2221713035;\n  shr.b32 " + t + ", " + x + ", 16;\n  xor.b32 " + x +
         ", " + x + ", " + t + ";\n";
}

/// foundry_fill_<suffix>: element i of the buffer gets a value from
/// hash(hash(hi(i) ^ seed) ^ lo(i)), uniform in (0, 1) (the midpoints of
/// 2^23 equal steps: never exactly 0, so log(x) and 1/x stay finite, as
/// they do on KernelBench's softmax-like inputs) or, with normal != 0,
/// standard normal, then scaled: shift + scale * value (p_scale, p_shift; 1
/// and 0 keep the unit draw exactly). Where the low bits of the hash under
/// p_zero_mask are all 0 and the mask is not, the element is exactly 0
/// (mask 15: one in 16, the wide draw's zeros that work skipped on zeros
/// must face). `store` converts %f1 and stores it at %rd8.
static std::string fillKernel(const std::string &suffix, int elementBytes,
                              const std::string &store) {
  std::string ptx = ".visible .entry foundry_fill_" + suffix +
                    "(.param .u64 p_ptr, .param .u64 p_n, .param .u32 "
                    "p_seed, .param .u32 p_normal, .param .f32 p_scale, .param .f32 "
                    "p_shift, .param .u32 p_zero_mask)\n{\n"
                    "  .reg .pred %p<4>;\n  .reg .b16 %h<2>;\n"
                    "  .reg .b32 %r<24>;\n  .reg .b64 %rd<12>;\n"
                    "  .reg .f32 %f<16>;\n  .reg .f64 %fd<2>;\n"
                    "  ld.param.u64 %rd1, [p_ptr];\n"
                    "  ld.param.u64 %rd2, [p_n];\n"
                    "  ld.param.u32 %r1, [p_seed];\n"
                    "  ld.param.u32 %r2, [p_normal];\n"
                    "  ld.param.f32 %f14, [p_scale];\n"
                    "  ld.param.f32 %f15, [p_shift];\n"
                    "  ld.param.u32 %r13, [p_zero_mask];\n"
                    "  setp.ne.u32 %p3, %r13, 0;\n"
                    "  mov.u32 %r3, %ctaid.x;\n  mov.u32 %r4, %ntid.x;\n"
                    "  mov.u32 %r5, %tid.x;\n"
                    "  mul.wide.u32 %rd3, %r3, %r4;\n"
                    "  cvt.u64.u32 %rd4, %r5;\n"
                    "  add.u64 %rd3, %rd3, %rd4;\n"
                    "  mov.u32 %r6, %nctaid.x;\n"
                    "  mul.wide.u32 %rd5, %r6, %r4;\n"
                    "$L_loop:\n"
                    "  setp.ge.u64 %p1, %rd3, %rd2;\n"
                    "  @%p1 bra $L_done;\n"
                    "  shr.u64 %rd6, %rd3, 32;\n"
                    "  cvt.u32.u64 %r7, %rd6;\n"
                    "  xor.b32 %r7, %r7, %r1;\n";
  ptx += hash("%r7", "%r8");
  ptx += "  cvt.u32.u64 %r9, %rd3;\n  xor.b32 %r7, %r7, %r9;\n";
  ptx += hash("%r7", "%r8");
  ptx += "  shr.u32 %r10, %r7, 9;\n"
         "  shl.b32 %r10, %r10, 1;\n"
         "  add.u32 %r10, %r10, 1;\n"
         "  cvt.rn.f32.u32 %f1, %r10;\n"
         "  mul.rn.f32 %f1, %f1, 0f33800000;\n"
         "  setp.eq.u32 %p2, %r2, 0;\n"
         "  @%p2 bra $L_store;\n"
         // u1 in (0, 1], u2 in [0, 1) from a second hash.
         "  add.u32 %r11, %r10, 1;\n"
         "  cvt.rn.f32.u32 %f2, %r11;\n"
         "  mul.rn.f32 %f2, %f2, 0f33800000;\n"
         "  xor.b32 %r12, %r7, 2654435769;\n";
  ptx += hash("%r12", "%r8");
  ptx += "  shr.u32 %r12, %r12, 8;\n"
         "  cvt.rn.f32.u32 %f3, %r12;\n"
         "  mul.rn.f32 %f3, %f3, 0f33800000;\n"
         // sqrt(-2 ln u1) * cos(2 pi u2); ln x = log2(x) * ln 2.
         "  lg2.approx.f32 %f4, %f2;\n"
         "  mul.rn.f32 %f4, %f4, 0fBFB17218;\n"
         "  max.f32 %f4, %f4, 0f00000000;\n"
         "  sqrt.rn.f32 %f5, %f4;\n"
         "  mul.rn.f32 %f6, %f3, 0f40C90FDB;\n"
         "  cos.approx.f32 %f7, %f6;\n"
         "  mul.rn.f32 %f1, %f5, %f7;\n"
         "$L_store:\n"
         "  fma.rn.f32 %f1, %f1, %f14, %f15;\n"
         "  and.b32 %r14, %r7, %r13;\n"
         "  setp.eq.and.u32 %p2, %r14, 0, %p3;\n"
         "  selp.f32 %f1, 0f00000000, %f1, %p2;\n"
         "  mul.lo.u64 %rd7, %rd3, " +
         std::to_string(elementBytes) +
         ";\n"
         "  add.u64 %rd8, %rd1, %rd7;\n" +
         store +
         "  add.u64 %rd3, %rd3, %rd5;\n"
         "  bra.uni $L_loop;\n"
         "$L_done:\n"
         "  ret;\n}\n";
  return ptx;
}

/// foundry_compare_<suffix>(out, ref, n, atol, rtol, poison, stats): the
/// tolerance rule of compareBuffers (isClose in Compare.h) on the device, in
/// f64.
/// `load` reads the element at %rd9 into %fd20 (its value) and %rd20 (its
/// bits, zero-extended). Each thread accumulates over a grid-stride loop,
/// then folds into stats[8] (u64) with atomics: 0 mismatches, 1 unwritten
/// (bits == poison), 2 non-finite references, 3 first failing index (min),
/// 4 max |out - ref| and 5 max |out - ref| / |ref| (f64 bits; non-negative
/// doubles order as integers), 6 and 7 the min and max reference value as
/// order-preserving keys (see decodeOrderedKey in Evaluate.cpp).
static std::string compareKernel(const std::string &suffix, int elementBytes,
                                 const std::string &load) {
  std::string ptx =
      ".visible .entry foundry_compare_" + suffix +
      "(.param .u64 p_out, .param .u64 p_ref, .param .u64 p_n, .param .f64 "
      "p_atol, .param .f64 p_rtol, .param .u64 p_poison, .param .u64 "
      "p_stats)\n{\n"
      "  .reg .pred %p<12>;\n  .reg .b16 %h<2>;\n  .reg .b32 %r<16>;\n"
      "  .reg .b64 %rd<32>;\n  .reg .f32 %f<2>;\n  .reg .f64 %fd<24>;\n"
      "  ld.param.u64 %rd1, [p_out];\n  ld.param.u64 %rd2, [p_ref];\n"
      "  ld.param.u64 %rd3, [p_n];\n  ld.param.f64 %fd1, [p_atol];\n"
      "  ld.param.f64 %fd2, [p_rtol];\n  ld.param.u64 %rd4, [p_poison];\n"
      "  ld.param.u64 %rd5, [p_stats];\n"
      "  mov.u32 %r1, %ctaid.x;\n  mov.u32 %r2, %ntid.x;\n"
      "  mov.u32 %r3, %tid.x;\n  mul.wide.u32 %rd6, %r1, %r2;\n"
      "  cvt.u64.u32 %rd7, %r3;\n  add.u64 %rd6, %rd6, %rd7;\n"
      "  mov.u32 %r4, %nctaid.x;\n  mul.wide.u32 %rd7, %r4, %r2;\n"
      "  mov.u64 %rd10, 0;\n  mov.u64 %rd11, 0;\n  mov.u64 %rd12, 0;\n"
      "  mov.u64 %rd13, 0xFFFFFFFFFFFFFFFF;\n"
      "  mov.f64 %fd10, 0d0000000000000000;\n"
      "  mov.f64 %fd11, 0d0000000000000000;\n"
      "  mov.u64 %rd14, 0xFFFFFFFFFFFFFFFF;\n  mov.u64 %rd15, 0;\n"
      "$L_loop:\n"
      "  setp.ge.u64 %p1, %rd6, %rd3;\n  @%p1 bra $L_done;\n"
      "  mul.lo.u64 %rd8, %rd6, " +
      std::to_string(elementBytes) +
      ";\n"
      "  add.u64 %rd9, %rd2, %rd8;\n" +
      load +
      "  mov.f64 %fd4, %fd20;\n"
      "  add.u64 %rd9, %rd1, %rd8;\n" +
      load +
      "  mov.f64 %fd3, %fd20;\n"
      // Unwritten: the output still holds the poison bits.
      "  setp.eq.u64 %p2, %rd20, %rd4;\n"
      "  selp.u64 %rd18, 1, 0, %p2;\n  add.u64 %rd11, %rd11, %rd18;\n"
      // The reference's range over its finite values.
      "  testp.finite.f64 %p3, %fd4;\n"
      "  selp.u64 %rd18, 0, 1, %p3;\n  add.u64 %rd12, %rd12, %rd18;\n"
      "  mov.b64 %rd19, %fd4;\n  setp.lt.s64 %p4, %rd19, 0;\n"
      "  not.b64 %rd21, %rd19;\n"
      "  or.b64 %rd22, %rd19, 0x8000000000000000;\n"
      "  selp.b64 %rd23, %rd21, %rd22, %p4;\n"
      "  @%p3 min.u64 %rd14, %rd14, %rd23;\n"
      "  @%p3 max.u64 %rd15, %rd15, %rd23;\n"
      // |out - ref| against atol + rtol * |ref|, both finite.
      "  sub.rn.f64 %fd5, %fd3, %fd4;\n  abs.f64 %fd5, %fd5;\n"
      "  abs.f64 %fd6, %fd4;\n  testp.finite.f64 %p5, %fd3;\n"
      "  and.pred %p5, %p5, %p3;\n"
      "  @%p5 max.f64 %fd10, %fd10, %fd5;\n"
      "  setp.ne.f64 %p6, %fd4, 0d0000000000000000;\n"
      "  and.pred %p6, %p6, %p5;\n"
      "  @%p6 div.rn.f64 %fd7, %fd5, %fd6;\n"
      "  @%p6 max.f64 %fd11, %fd11, %fd7;\n"
      "  mul.rn.f64 %fd8, %fd2, %fd6;\n  add.rn.f64 %fd8, %fd1, %fd8;\n"
      "  setp.le.f64 %p7, %fd5, %fd8;\n  and.pred %p7, %p7, %p5;\n"
      // isClose (Compare.h): equal values (the same infinity) and two NaNs
      // match too.
      "  setp.eq.f64 %p8, %fd3, %fd4;\n  or.pred %p7, %p7, %p8;\n"
      "  testp.notanumber.f64 %p9, %fd3;\n"
      "  testp.notanumber.f64 %p10, %fd4;\n"
      "  and.pred %p9, %p9, %p10;\n  or.pred %p7, %p7, %p9;\n"
      "  @!%p7 add.u64 %rd10, %rd10, 1;\n"
      "  @!%p7 min.u64 %rd13, %rd13, %rd6;\n"
      "  add.u64 %rd6, %rd6, %rd7;\n  bra.uni $L_loop;\n"
      "$L_done:\n"
      "  red.global.add.u64 [%rd5], %rd10;\n"
      "  red.global.add.u64 [%rd5+8], %rd11;\n"
      "  red.global.add.u64 [%rd5+16], %rd12;\n"
      "  red.global.min.u64 [%rd5+24], %rd13;\n"
      "  mov.b64 %rd24, %fd10;\n  red.global.max.u64 [%rd5+32], %rd24;\n"
      "  mov.b64 %rd24, %fd11;\n  red.global.max.u64 [%rd5+40], %rd24;\n"
      "  red.global.min.u64 [%rd5+48], %rd14;\n"
      "  red.global.max.u64 [%rd5+56], %rd15;\n"
      "  ret;\n}\n";
  return ptx;
}

/// foundry_wgmma_<suffix>_peak(out, iterations): one warpgroup per block
/// issues `iterations` x 4 wgmma.mma_async of shape m64n256k<k> (`types`,
/// e.g. "f32.f16.f16") into one f32 accumulator of 128 registers per
/// thread, the operands read through 128-byte-swizzle K-major descriptors
/// (the layout foundry's own wgmma tiles use, Wgmma.cpp) from a 32 KiB
/// shared tile the block first fills with values in [1, 2) (`one` is the
/// bit pattern of 1.0 in one 32-bit word of the element type, `mantissa`
/// the mask of the low mantissa bits varied), so the tensor cores multiply
/// ordinary numbers. `trailer` ends the instruction (f16 has transpose
/// immediates, tf32 none). One thread stores the sum of its accumulators to
/// out[global thread index], which keeps the work alive.
static std::string wgmmaPeakKernel(const std::string &suffix, int k,
                                   const std::string &types,
                                   const std::string &one,
                                   const std::string &mantissa,
                                   const std::string &trailer) {
  std::string accumulators;
  for (int i = 0; i < 128; ++i)
    accumulators += (i ? ", %f" : "{%f") + std::to_string(i);
  accumulators += "}";
  std::string ptx =
      ".visible .entry foundry_wgmma_" + suffix +
      "_peak(.param .u64 p_out, .param .u32 p_iters)\n{\n"
      "  .reg .pred %p<3>;\n  .reg .b32 %r<12>;\n  .reg .b64 %rd<8>;\n"
      "  .reg .f32 %f<130>;\n"
      "  .shared .align 1024 .b8 tile[32768];\n"
      "  ld.param.u64 %rd1, [p_out];\n  ld.param.u32 %r1, [p_iters];\n"
      "  mov.u32 %r2, %tid.x;\n"
      // Fill the tile: thread t writes words t, t + 128, ... (8192 words).
      "  mov.u32 %r3, tile;\n  mov.u32 %r4, %r2;\n"
      "$L_fill:\n"
      "  and.b32 %r5, %r4, " +
      mantissa + ";\n  or.b32 %r5, %r5, " + one +
      ";\n"
      "  shl.b32 %r6, %r4, 2;\n  add.u32 %r6, %r6, %r3;\n"
      "  st.shared.b32 [%r6], %r5;\n"
      "  add.u32 %r4, %r4, 128;\n  setp.lt.u32 %p1, %r4, 8192;\n"
      "  @%p1 bra $L_fill;\n"
      "  fence.proxy.async.shared::cta;\n  bar.sync 0;\n"
      // Descriptor: start address >> 4 (bits 0-13), leading byte offset
      // 16 >> 4 (bits 16-29), stride byte offset 1024 >> 4 (bits 32-45),
      // 128-byte swizzle (bits 62-63 = 1). PTX ISA, "Matrix Descriptor
      // Format".
      "  shr.u32 %r7, %r3, 4;\n  and.b32 %r7, %r7, 16383;\n"
      "  cvt.u64.u32 %rd2, %r7;\n"
      "  or.b64 %rd2, %rd2, 4611686293305360384;\n"
      "  setp.ne.u32 %p2, %r1, 0;\n";
  for (int i = 0; i < 128; ++i)
    ptx += "  mov.f32 %f" + std::to_string(i) + ", 0f00000000;\n";
  ptx += "  mov.u32 %r8, 0;\n$L_mma:\n  wgmma.fence.sync.aligned;\n";
  for (int repeat = 0; repeat < 4; ++repeat)
    ptx += "  wgmma.mma_async.sync.aligned.m64n256k" + std::to_string(k) +
           "." + types + " " + accumulators + ", %rd2, %rd2, %p2, 1, 1" +
           trailer + ";\n";
  ptx += "  wgmma.commit_group.sync.aligned;\n"
         "  wgmma.wait_group.sync.aligned 1;\n"
         "  add.u32 %r8, %r8, 1;\n  setp.lt.u32 %p1, %r8, %r1;\n"
         "  @%p1 bra $L_mma;\n"
         "  wgmma.wait_group.sync.aligned 0;\n"
         "  mov.f32 %f128, 0f00000000;\n";
  for (int i = 0; i < 128; ++i)
    ptx += "  add.f32 %f128, %f128, %f" + std::to_string(i) + ";\n";
  ptx += "  mov.u32 %r9, %ctaid.x;\n  mov.u32 %r10, %ntid.x;\n"
         "  mad.lo.u32 %r11, %r9, %r10, %r2;\n"
         "  mul.wide.u32 %rd3, %r11, 4;\n  add.u64 %rd4, %rd1, %rd3;\n"
         "  st.global.f32 [%rd4], %f128;\n  ret;\n}\n";
  return ptx;
}

std::string foundry::runtime::deviceKernelsPtx() {
  std::string ptx = ".version 8.0\n.target sm_90\n.address_size 64\n\n";
  ptx += fillKernel("f32", 4, "  st.global.f32 [%rd8], %f1;\n");
  ptx += fillKernel(
      "f64", 8, "  cvt.f64.f32 %fd1, %f1;\n  st.global.f64 [%rd8], %fd1;\n");
  ptx += fillKernel(
      "f16", 2, "  cvt.rn.f16.f32 %h1, %f1;\n  st.global.b16 [%rd8], %h1;\n");
  ptx += fillKernel(
      "bf16", 2, "  cvt.rn.bf16.f32 %h1, %f1;\n  st.global.b16 [%rd8], %h1;\n");
  ptx += compareKernel("f32", 4,
                       "  ld.global.b32 %r10, [%rd9];\n"
                       "  cvt.u64.u32 %rd20, %r10;\n  mov.b32 %f1, %r10;\n"
                       "  cvt.f64.f32 %fd20, %f1;\n");
  ptx += compareKernel("f64", 8,
                       "  ld.global.b64 %rd20, [%rd9];\n"
                       "  mov.b64 %fd20, %rd20;\n");
  ptx += compareKernel("f16", 2,
                       "  ld.global.u16 %r10, [%rd9];\n"
                       "  cvt.u64.u32 %rd20, %r10;\n  cvt.u16.u32 %h1, %r10;\n"
                       "  cvt.f32.f16 %f1, %h1;\n  cvt.f64.f32 %fd20, %f1;\n");
  ptx += compareKernel("bf16", 2,
                       "  ld.global.u16 %r10, [%rd9];\n"
                       "  cvt.u64.u32 %rd20, %r10;\n  shl.b32 %r11, %r10, 16;\n"
                       "  mov.b32 %f1, %r11;\n  cvt.f64.f32 %fd20, %f1;\n");
  ptx += compareKernel("i64", 8,
                       "  ld.global.b64 %rd20, [%rd9];\n"
                       "  cvt.rn.f64.s64 %fd20, %rd20;\n");
  ptx += compareKernel("i32", 4,
                       "  ld.global.b32 %r10, [%rd9];\n"
                       "  cvt.u64.u32 %rd20, %r10;\n"
                       "  cvt.rn.f64.s32 %fd20, %r10;\n");
  ptx += compareKernel("i16", 2,
                       "  ld.global.s16 %r10, [%rd9];\n"
                       "  and.b32 %r11, %r10, 65535;\n"
                       "  cvt.u64.u32 %rd20, %r11;\n"
                       "  cvt.rn.f64.s32 %fd20, %r10;\n");
  ptx += compareKernel("i8", 1,
                       "  ld.global.s8 %r10, [%rd9];\n"
                       "  and.b32 %r11, %r10, 255;\n"
                       "  cvt.u64.u32 %rd20, %r11;\n"
                       "  cvt.rn.f64.s32 %fd20, %r10;\n");
  // 8 independent FMA chains per thread, 32 FMAs per iteration.
  ptx += ".visible .entry foundry_fma_peak(.param .u64 p_out, .param .u32 "
         "p_iters)\n{\n"
         "  .reg .pred %p<2>;\n  .reg .b32 %r<8>;\n  .reg .b64 %rd<6>;\n"
         "  .reg .f32 %f<24>;\n"
         "  ld.param.u64 %rd1, [p_out];\n  ld.param.u32 %r1, [p_iters];\n"
         "  mov.u32 %r2, %tid.x;\n  cvt.rn.f32.u32 %f20, %r2;\n"
         "  mov.f32 %f9, 0f3F7FFFFF;\n  mov.f32 %f10, 0f33800000;\n";
  for (int i = 1; i <= 8; ++i)
    ptx += "  add.f32 %f" + std::to_string(i) + ", %f20, 0f3F8" +
           std::to_string(i) + "0000;\n";
  ptx += "  mov.u32 %r3, 0;\n$L_fma:\n";
  for (int repeat = 0; repeat < 4; ++repeat)
    for (int i = 1; i <= 8; ++i)
      ptx += "  fma.rn.f32 %f" + std::to_string(i) + ", %f" +
             std::to_string(i) + ", %f9, %f10;\n";
  ptx += "  add.u32 %r3, %r3, 1;\n  setp.lt.u32 %p1, %r3, %r1;\n"
         "  @%p1 bra $L_fma;\n";
  for (int i = 2; i <= 8; ++i)
    ptx += "  add.f32 %f1, %f1, %f" + std::to_string(i) + ";\n";
  ptx += "  mov.u32 %r4, %ctaid.x;\n  mov.u32 %r5, %ntid.x;\n"
         "  mad.lo.u32 %r6, %r4, %r5, %r2;\n"
         "  mul.wide.u32 %rd2, %r6, 4;\n  add.u64 %rd3, %rd1, %rd2;\n"
         "  st.global.f32 [%rd3], %f1;\n  ret;\n}\n";
  return ptx;
}

std::string foundry::runtime::tensorPeakKernelsPtx() {
  // sm_90a for wgmma; a module of its own, so that the driver JIT compiles
  // it only when the ceilings are measured.
  std::string ptx = ".version 8.0\n.target sm_90a\n.address_size 64\n\n";
  // f16 (bf16 runs at the same rate on sm_90) and tf32, dense. The words
  // 0x3C003C00 | (i & 0x03FF03FF) and 0x3F800000 | (i & 0x007FFFFF).
  ptx += wgmmaPeakKernel("f16", 16, "f32.f16.f16", "1006648320", "67044351",
                         ", 0, 0");
  ptx += wgmmaPeakKernel("tf32", 8, "f32.tf32.tf32", "1065353216", "8388607",
                         "");
  return ptx;
}
