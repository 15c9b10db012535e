//===- wgmma-facts.cu - What foundry's wgmma lowering assumes, measured ---===//
//
// A standalone probe (CUDA, inline PTX, sm_90a) of the hardware facts the
// warpgroup-tile lowering of foundry-mma relies on:
//   1. the meaning of the two byte offsets of a wgmma matrix descriptor for
//      K-major tf32 operands without swizzling (core matrices of 8 rows x
//      16 bytes), in the layout foundry stages tiles in:
//      element (r, k) of an R-row tile at ((k / 4) * R + r) * 4 + k % 4;
//   2. the accumulator fragment layout of m64nNk8 (which thread holds which
//      element of D);
//   3. whether an fp32 value read as a tf32 operand is truncated or
//      rounded (3xtf32 takes hi = x & 0xffffe000 as the value the tensor
//      core sees when it reads x itself);
//   4. how wgmma rounds when it adds to a non-zero accumulator;
//   5. the tf32 wgmma rate from shared memory, chained, and as 3xtf32 into
//      a fresh accumulator added to a running sum every 32 k.
// Build: nvcc -std=c++17 -O3 -gencode=arch=compute_90a,code=sm_90a
//        wgmma-facts.cu -o wgmma-facts
//
//===----------------------------------------------------------------------===//

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#include <cuda_runtime.h>

#define CHECK(x)                                                               \
  do {                                                                         \
    cudaError_t e = (x);                                                       \
    if (e != cudaSuccess) {                                                    \
      std::printf("CUDA error %s at %s:%d\n", cudaGetErrorString(e), __FILE__, \
                  __LINE__);                                                   \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

__device__ uint64_t makeDesc(const void *smem, uint32_t lbo, uint32_t sbo) {
  uint32_t addr = static_cast<uint32_t>(__cvta_generic_to_shared(smem));
  uint64_t d = (addr >> 4) & 0x3FFF;
  d |= static_cast<uint64_t>((lbo >> 4) & 0x3FFF) << 16;
  d |= static_cast<uint64_t>((sbo >> 4) & 0x3FFF) << 32;
  return d;
}

__device__ void fence() { asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory"); }
__device__ void commit() { asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory"); }
__device__ void waitAll() { asm volatile("wgmma.wait_group.sync.aligned 0;\n" ::: "memory"); }
__device__ void proxyFence() { asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory"); }

__device__ void wgmma16(float d[8], uint64_t a, uint64_t b, int scaleD) {
  asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %10, 0;\n"
               "wgmma.mma_async.sync.aligned.m64n16k8.f32.tf32.tf32 "
               "{%0,%1,%2,%3,%4,%5,%6,%7}, %8, %9, p, 1, 1;\n}\n"
               : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]),
                 "+f"(d[5]), "+f"(d[6]), "+f"(d[7])
               : "l"(a), "l"(b), "r"(scaleD));
}

// A: 64x8 (row-major, K contiguous), B: 16x8 (n, k), D = A * B^T: 64x16.
// lboA/sboA etc. in bytes. Writes D through the assumed fragment layout.
__global__ void layoutKernel(const float *A, const float *B, float *D,
                             uint32_t lboA, uint32_t sboA, uint32_t lboB,
                             uint32_t sboB, int twoSteps) {
  __shared__ alignas(128) float sa[64 * 8];
  __shared__ alignas(128) float sb[16 * 8];
  int tid = threadIdx.x;
  for (int i = tid; i < 64 * 8; i += 128) {
    int r = i / 8, k = i % 8;
    sa[((k / 4) * 64 + r) * 4 + k % 4] = A[i];
  }
  for (int i = tid; i < 16 * 8; i += 128) {
    int n = i / 8, k = i % 8;
    sb[((k / 4) * 16 + n) * 4 + k % 4] = B[i];
  }
  proxyFence();
  __syncthreads();
  float d[8] = {0, 0, 0, 0, 0, 0, 0, 0};
  fence();
  wgmma16(d, makeDesc(sa, lboA, sboA), makeDesc(sb, lboB, sboB), 0);
  if (twoSteps) // the same product again, accumulated (test 4 uses it)
    wgmma16(d, makeDesc(sa, lboA, sboA), makeDesc(sb, lboB, sboB), 1);
  commit();
  waitAll();
  int w = tid / 32, l = tid % 32, g = l / 4, t = l % 4;
  for (int j = 0; j < 2; ++j)
    for (int h = 0; h < 2; ++h)
      for (int c = 0; c < 2; ++c)
        D[(16 * w + g + 8 * h) * 16 + 8 * j + 2 * t + c] = d[4 * j + 2 * h + c];
}

__device__ void wgmma128(float d[64], uint64_t a, uint64_t b, int scaleD) {
  asm volatile(
      "{\n.reg .pred p;\nsetp.ne.b32 p, %66, 0;\n"
      "wgmma.mma_async.sync.aligned.m64n128k8.f32.tf32.tf32 "
      "{%0,%1,%2,%3,%4,%5,%6,%7,%8,%9,%10,%11,%12,%13,%14,%15,"
      "%16,%17,%18,%19,%20,%21,%22,%23,%24,%25,%26,%27,%28,%29,%30,%31,"
      "%32,%33,%34,%35,%36,%37,%38,%39,%40,%41,%42,%43,%44,%45,%46,%47,"
      "%48,%49,%50,%51,%52,%53,%54,%55,%56,%57,%58,%59,%60,%61,%62,%63}, "
      "%64, %65, p, 1, 1;\n}\n"
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]),
        "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]),
        "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]),
        "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]),
        "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]),
        "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]),
        "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]),
        "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]),
        "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]),
        "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), "+f"(d[48]), "+f"(d[49]),
        "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]),
        "+f"(d[55]), "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]),
        "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63])
      : "l"(a), "l"(b), "r"(scaleD));
}

// Rate: each warpgroup runs `iters` k-steps of 32 over a 64x128 tile from
// shared memory (2 warpgroups per block: a 128x128 block tile). mode 0: 4
// chained tf32 wgmma per step; mode 1: 12 (3xtf32) into a fresh
// accumulator, then added to the running sum.
__global__ void rateKernel(float *out, int iters, int mode) {
  extern __shared__ __align__(128) float smem[];
  float *sa = smem;             // 2 x (128 x 32) A hi/lo
  float *sb = smem + 2 * 4096;  // 2 x (128 x 32) B hi/lo
  for (int i = threadIdx.x; i < 4 * 4096; i += blockDim.x)
    smem[i] = 1.0f / (1 + (i % 7));
  proxyFence();
  __syncthreads();
  int wg = threadIdx.x / 128;
  float acc[64], fresh[64];
  for (int i = 0; i < 64; ++i)
    acc[i] = 0;
  // K-major tiles of 128 rows: LBO (k) = 128 * 16 bytes, SBO (rows) = 128.
  const uint32_t lbo = 128 * 16, sbo = 128;
  for (int it = 0; it < iters; ++it) {
    fence();
    if (mode == 0) {
      for (int k = 0; k < 4; ++k)
        wgmma128(acc, makeDesc(sa + wg * 64 * 4 + k * 2 * 128 * 4, lbo, sbo),
                 makeDesc(sb + k * 2 * 128 * 4, lbo, sbo), 1);
      commit();
      waitAll();
    } else {
      for (int k = 0; k < 4; ++k) {
        const float *a = sa + wg * 64 * 4 + k * 2 * 128 * 4;
        const float *b = sb + k * 2 * 128 * 4;
        wgmma128(fresh, makeDesc(a + 4096, lbo, sbo), makeDesc(b, lbo, sbo),
                 k != 0);
        wgmma128(fresh, makeDesc(a, lbo, sbo), makeDesc(b + 4096, lbo, sbo), 1);
        wgmma128(fresh, makeDesc(a, lbo, sbo), makeDesc(b, lbo, sbo), 1);
      }
      commit();
      waitAll();
      for (int i = 0; i < 64; ++i)
        acc[i] += fresh[i];
    }
  }
  float s = 0;
  for (int i = 0; i < 64; ++i)
    s += acc[i];
  out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

static float bitsToFloat(uint32_t b) {
  float f;
  std::memcpy(&f, &b, 4);
  return f;
}

int main() {
  // 1 + 2: layouts, with small integers (exact in tf32).
  std::vector<float> A(64 * 8), B(16 * 8), ref(64 * 16), D(64 * 16);
  srand(1);
  for (float &v : A) v = static_cast<float>(rand() % 7 - 3);
  for (float &v : B) v = static_cast<float>(rand() % 7 - 3);
  for (int m = 0; m < 64; ++m)
    for (int n = 0; n < 16; ++n) {
      float s = 0;
      for (int k = 0; k < 8; ++k) s += A[m * 8 + k] * B[n * 8 + k];
      ref[m * 16 + n] = s;
    }
  float *dA, *dB, *dD;
  CHECK(cudaMalloc(&dA, A.size() * 4));
  CHECK(cudaMalloc(&dB, B.size() * 4));
  CHECK(cudaMalloc(&dD, D.size() * 4));
  auto run = [&](uint32_t lboA, uint32_t sboA, uint32_t lboB, uint32_t sboB,
                 int twoSteps) {
    CHECK(cudaMemcpy(dA, A.data(), A.size() * 4, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(dB, B.data(), B.size() * 4, cudaMemcpyHostToDevice));
    CHECK(cudaMemset(dD, 0xFF, D.size() * 4));
    layoutKernel<<<1, 128>>>(dA, dB, dD, lboA, sboA, lboB, sboB, twoSteps);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaMemcpy(D.data(), dD, D.size() * 4, cudaMemcpyDeviceToHost));
  };
  // LBO = offset between core matrices along K, SBO = along M/N. A: along
  // K 64 rows x 16 B = 1024, along M 128. B (16 rows): 256, 128. (The two
  // swapped reads past the tiles: an illegal address on the H200.)
  const char *names[1] = {"LBO=K-step SBO=row-group"};
  uint32_t params[1][4] = {{1024, 128, 256, 128}};
  for (int h = 0; h < 1; ++h) {
    run(params[h][0], params[h][1], params[h][2], params[h][3], 0);
    int bad = 0;
    for (size_t i = 0; i < D.size(); ++i) bad += D[i] != ref[i];
    std::printf("layout %s: %d of %zu elements differ\n", names[h], bad,
                D.size());
  }
  // 3: tf32 operand read of 1 + 2^-11 + 2^-12 times 1.
  std::fill(A.begin(), A.end(), 0.0f);
  std::fill(B.begin(), B.end(), 0.0f);
  A[0] = bitsToFloat(0x3F800000u | (1u << 12) | (1u << 11));
  B[0] = 1.0f;
  run(1024, 128, 256, 128, 0);
  std::printf("tf32 read of 1+2^-11+2^-12: %.10f (%s)\n", D[0],
              D[0] == 1.0f ? "truncated"
              : D[0] == bitsToFloat(0x3F800000u | (1u << 13)) ? "rounded"
                                                              : "other");
  // 4: accumulation. Row 0: k0 gives 1*1, k1 gives 2^-12 * (x * 2^-12);
  // the sum of one instruction is then added to itself by the second.
  for (int x : {3, 5, 6, 7}) {
    std::fill(A.begin(), A.end(), 0.0f);
    std::fill(B.begin(), B.end(), 0.0f);
    A[0] = 1.0f;
    A[1] = std::ldexp(1.0f, -12);
    B[0] = 1.0f;
    B[1] = x * std::ldexp(1.0f, -12);
    run(1024, 128, 256, 128, 0);
    float one = D[0];
    run(1024, 128, 256, 128, 1);
    double exact = 1.0 + x * std::ldexp(1.0, -24);
    std::printf("sum 1 + %d*2^-24: one wgmma %.10f (ulps over 1: %.2f; exact "
                "%.2f), twice accumulated %.10f (exact %.10f)\n",
                x, one, (one - 1.0) / std::ldexp(1.0, -23),
                (exact - 1.0) / std::ldexp(1.0, -23), D[0], 2 * exact);
  }
  // 5: rate.
  float *out;
  int blocks = 132, threads = 256, iters = 20000;
  CHECK(cudaMalloc(&out, blocks * threads * 4));
  CHECK(cudaFuncSetAttribute(rateKernel,
                             cudaFuncAttributeMaxDynamicSharedMemorySize,
                             4 * 4096 * 4));
  cudaEvent_t start, stop;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&stop));
  for (int mode = 0; mode < 2; ++mode) {
    rateKernel<<<blocks, threads, 4 * 4096 * 4>>>(out, 100, mode);
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaEventRecord(start));
    rateKernel<<<blocks, threads, 4 * 4096 * 4>>>(out, iters, mode);
    CHECK(cudaEventRecord(stop));
    CHECK(cudaEventSynchronize(stop));
    float ms;
    CHECK(cudaEventElapsedTime(&ms, start, stop));
    double perStep = 2.0 * 128 * 128 * 32 * (mode == 0 ? 1 : 3);
    double tflops = perStep * iters * blocks / (ms * 1e-3) / 1e12;
    std::printf("rate mode %d (%s): %.3f ms, %.1f TFLOP/s of tf32 products"
                "%s\n",
                mode, mode == 0 ? "tf32 chained" : "3xtf32 fresh + add", ms,
                tflops,
                mode == 1 ? " (a third of it useful fp32 work)" : "");
  }
  return 0;
}
